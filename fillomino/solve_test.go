package fillomino

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"polyviz/solver"
)

// expectedRow is a line of testdata/reference/expected.tsv.
type expectedRow struct {
	file                      string
	solutions, nodes, updates int64
	solvable                  bool
	rejected                  bool // FILLOMINO-DLX's exit status was not 0
}

func readExpected(t *testing.T) []expectedRow {
	t.Helper()
	var rows []expectedRow
	sc := bufio.NewScanner(bytes.NewReader(readRef(t, "testdata/reference/expected.tsv")))
	sc.Scan() // the header
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 {
			t.Fatalf("expected.tsv: bad line %q", sc.Text())
		}
		r := expectedRow{file: f[0], solvable: f[2] != "-", rejected: f[1] != "0"}
		if r.solvable {
			r.solutions, _ = strconv.ParseInt(f[2], 10, 64)
			r.nodes, _ = strconv.ParseInt(f[3], 10, 64)
			r.updates, _ = strconv.ParseInt(f[4], 10, 64)
		}
		rows = append(rows, r)
	}
	if len(rows) != 42 {
		t.Fatalf("expected.tsv has %d rows, want 42", len(rows))
	}
	return rows
}

// TestReferenceCounts checks solutions, nodes and updates against DLX1's on
// every reference input it solved (those above 2 million updates only
// without -short).
func TestReferenceCounts(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	for _, r := range readExpected(t) {
		t.Run(r.file, func(t *testing.T) {
			g, err := Parse(r.file, readRef(t, filepath.Join("testdata/reference", r.file)))
			if err != nil || r.rejected {
				// bad-05 and bad-07 are read by our extensions (CRLF, no
				// final newline); TestBadInputs checks them.
				if r.solvable {
					t.Fatal(err)
				}
				return
			}
			if r.updates > 2_000_000 && testing.Short() {
				t.Skip("about", r.updates, "updates; run without -short")
			}
			b, err := g.Build(context.Background(), BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			st, err := b.Solve(context.Background(), solver.Options{}, nil)
			if !r.solvable {
				// the empty board: DLX1 says "No items!"
				if !errors.Is(err, solver.ErrNoPrimary) {
					t.Fatalf("solve: %v, want ErrNoPrimary", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != r.solutions || st.Nodes != r.nodes || st.Updates != r.updates {
				t.Errorf("%d solutions, %d nodes, %d updates; DLX1: %d, %d, %d", st.Solutions, st.Nodes, st.Updates, r.solutions, r.nodes, r.updates)
			}
		})
	}
}

// TestReferenceSolutions compares the first 50 solutions, in DLX1's order,
// with the reference grids.
func TestReferenceSolutions(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	sols, _ := filepath.Glob("testdata/reference/*.sol")
	if len(sols) < 33 {
		t.Fatalf("found %d .sol files, want 33", len(sols))
	}
	for _, name := range sols {
		base := strings.TrimSuffix(name, ".sol")
		t.Run(filepath.Base(base), func(t *testing.T) {
			g, err := Parse(base+".txt", readRef(t, base+".txt"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := g.Solutions(context.Background(), 0, 50)
			if err != nil {
				t.Fatal(err)
			}
			want := string(readRef(t, name))
			if text := FormatSolutions(g.Rows, g.Cols, got); text != want {
				t.Errorf("solutions differ from DLX1's at byte %d:\n%s\nwant\n%s", firstDiff([]byte(text), []byte(want)), text[:min(len(text), 300)], want[:min(len(want), 300)])
			}
		})
	}
}
