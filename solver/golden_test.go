package solver

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ that polyviz made (never DLX1's)")

// listSolutions solves p in the sequential order (with two workers and
// Options.Ordered) and prints every spacing-th solution as Knuth's DLX1
// prints it with its option m<spacing>: "k:" and then one line per level.
func listSolutions(t *testing.T, p *Problem, spacing int64) ([]byte, Stats) {
	t.Helper()
	var out bytes.Buffer
	n := int64(0)
	st, err := Solve(context.Background(), p, Options{Workers: 2, Ordered: true}, func(s Solution) bool {
		if n++; n%spacing == 0 {
			fmt.Fprintf(&out, "%d:\n", n)
			for _, c := range s.Choices {
				fmt.Fprintln(&out, p.FormatChoice(c))
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes(), st
}

var (
	dlx1Read  = regexp.MustCompile(`^\((\d+) options, (\d+)\+(\d+) items, (\d+) entries successfully read\)\n`)
	dlx1Total = regexp.MustCompile(`Altogether (\d+) solutions?, \d+\+\d+ mems, (\d+) updates, \d+ bytes, (\d+) nodes\.\n$`)
)

// TestDLX1Listings compares our listings of the solutions with the output
// of Knuth's DLX1 itself (testdata/dlx1, made as its README says): the
// same solutions, in the same order, each level printed from the same
// item with the same "(k of d)"; and the figures DLX1 printed on standard
// error (options, items, entries; solutions, updates, nodes).
func TestDLX1Listings(t *testing.T) {
	for _, tt := range []struct {
		name, dlx string
		spacing   int64
		slow      bool
	}{
		{"knuth-example", "dlx1/knuth-example.dlx", 1, false},
		{"pentomino-3x20", "dlx/pentomino-3x20.dlx", 1, false},
		{"soma-3x3x3", "dlx/soma-3x3x3.dlx", 100, false},
		{"pentacube-2x3x10", "dlx/pentacube-2x3x10.dlx", 1, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.slow && (raceEnabled || testing.Short()) {
				t.Skip("a second of search: not with -short or -race")
			}
			if raceEnabled && tt.name != "knuth-example" {
				t.Skip("too slow under the race detector")
			}
			p := loadTestdata(t, tt.dlx)
			base := filepath.Join("testdata", "dlx1", fmt.Sprintf("%s.m%d", tt.name, tt.spacing))
			wantOut, err := os.ReadFile(base + ".out")
			if err != nil {
				t.Fatal(err)
			}
			wantErr, err := os.ReadFile(base + ".err")
			if err != nil {
				t.Fatal(err)
			}
			read, total := dlx1Read.FindSubmatch(wantErr), dlx1Total.FindSubmatch(wantErr)
			if read == nil || total == nil {
				t.Fatalf("%s.err is not DLX1's summary:\n%s", base, wantErr)
			}
			num := func(b []byte) int64 { v, _ := strconv.ParseInt(string(b), 10, 64); return v }
			// DLX1's "entries" are its nodes after the headers: one per
			// item of an option, plus the spacer after each option
			if int64(p.NumOptions()) != num(read[1]) || int64(p.NumPrimary()) != num(read[2]) ||
				int64(p.NumItems()-p.NumPrimary()) != num(read[3]) || int64(p.NumEntries()+p.NumOptions()) != num(read[4]) {
				t.Errorf("read %d options, %d+%d items, %d entries and spacers; DLX1: %s", p.NumOptions(), p.NumPrimary(),
					p.NumItems()-p.NumPrimary(), p.NumEntries()+p.NumOptions(), bytes.TrimSpace(read[0]))
			}
			got, st := listSolutions(t, p, tt.spacing)
			if st.Solutions != num(total[1]) || st.Updates != num(total[2]) || st.Nodes != num(total[3]) {
				t.Errorf("%d solutions, %d updates, %d nodes; DLX1: %s", st.Solutions, st.Updates, st.Nodes, bytes.TrimSpace(total[0]))
			}
			if !bytes.Equal(got, wantOut) {
				os.MkdirAll(filepath.Join("testdata", "failed"), 0o755)
				failed := filepath.Join("testdata", "failed", filepath.Base(base)+".out")
				os.WriteFile(failed, got, 0o644)
				t.Errorf("listing differs from DLX1's %s.out (ours in %s)", base, failed)
			}
		})
	}
}

// loadTestdata reads a DLX file under testdata/.
func loadTestdata(t testing.TB, name string) *Problem {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := ParseDLX(f, filepath.Base(name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestGoldenSolutions lists the solutions of DLX3's example (colours and
// multiplicities, which DLX1 cannot read) as DLX1 would print them. This
// golden was made by polyviz (-update rewrites it); its one solution is
// the one DLX3's documentation gives.
func TestGoldenSolutions(t *testing.T) {
	p := mustParse(t, "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
	out, st := listSolutions(t, p, 1)
	out = fmt.Appendf(out, "Altogether %d solutions, %d updates, %d nodes.\n", st.Solutions, st.Updates, st.Nodes)
	golden := filepath.Join("testdata", "dlx3-example.solutions")
	if *update {
		if err := os.WriteFile(golden, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(out, want) {
		t.Errorf("solutions differ from %s:\n%s", golden, out)
	}
}
