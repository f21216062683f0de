package puzzle

import (
	"context"

	"bytes"
	"errors"
	"path/filepath"
	"polyviz/solver"
	"strings"
	"testing"

	"polyviz/geometry"
)

// TestPolyiamondReference checks every spec in testdata/polyiamond against
// what Knuth's POLYIAMOND-DLX wrote for it: standard output byte for byte,
// his summary line (cells, pieces, base placements, nodes), and rejection
// with a position wherever his program exits non-zero.
func TestPolyiamondReference(t *testing.T) {
	ref := filepath.Join("testdata", "polyiamond")
	type pair struct{ spec, out, err, rc string }
	var pairs []pair
	classic, _ := filepath.Glob(filepath.Join(ref, "classic", "*.txt"))
	random, _ := filepath.Glob(filepath.Join(ref, "random", "*.txt"))
	for _, s := range classic {
		b := strings.TrimSuffix(s, ".txt")
		pairs = append(pairs, pair{s, b + ".dlx", b + ".err", b + ".rc"})
	}
	for _, s := range random {
		b := strings.TrimSuffix(s, ".txt")
		pairs = append(pairs, pair{s, b + ".out", b + ".err", b + ".rc"})
	}
	if len(pairs) != 64 {
		t.Fatalf("%d reference specs found, want 64", len(pairs))
	}
	accepted, rejected := 0, 0
	for _, p := range pairs {
		t.Run(filepath.Base(p.spec), func(t *testing.T) {
			rc := strings.TrimSpace(string(mustRead(t, p.rc)))
			pz, err := ParseSpecOn(filepath.Base(p.spec), mustRead(t, p.spec), geometry.Triangles())
			if rc != "0" {
				rejected++
				var pe *ParseError
				if err == nil {
					t.Fatalf("accepted; POLYIAMOND-DLX rejected it (exit %s): %s", rc, mustRead(t, p.err))
				} else if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
					t.Errorf("error without a position: %v", err)
				}
				return
			}
			accepted++
			if err != nil {
				t.Fatalf("rejected: %v", err)
			}
			var out bytes.Buffer
			if err := pz.WriteDLX(&out); err != nil {
				t.Fatal(err)
			}
			want := mustRead(t, p.out)
			if at := firstDiff(out.Bytes(), want); !bytes.Equal(out.Bytes(), want) {
				t.Errorf("DLX output differs at byte %d:\n got: %q\nwant: %q", at, excerpt(out.Bytes(), at), excerpt(want, at))
			}
			errLines := strings.Split(strings.TrimSpace(string(mustRead(t, p.err))), "\n")
			if got, want := pz.Summary(), errLines[len(errLines)-1]; got != want {
				t.Errorf("summary %q, want %q", got, want)
			}
		})
	}
	t.Logf("%d specs byte-identical, %d rejected as Knuth's program rejects them", accepted, rejected)
}

// TestPolyiamondErrors: the rules of POLYIAMOND-DLX that differ from
// POLYOMINO-DLX's, each with its position.
func TestPolyiamondErrors(t *testing.T) {
	tests := []struct {
		name, spec string
		err        error
		line, col  int
	}{
		{"implied suffix too long", "00 00abcdef\n", ErrImpliedSuffixTooLong, 1, 6},
		// a piece line of 33 characters or more overwrites mult[0] before
		// his program checks it (reference spec random/056)
		{"long line overwrites its own multiplicity", "[0-3]0 [0-3]0'\nA 00 00' 10 10' 20 20' 30 30' 20 20'\n",
			ErrInconsistentMultiplicity, 2, 1},
		{"long line overwrites an earlier multiplicity", "[0-3]0 [0-3]0'\nA 00\nBBBBBBBB 00 00' 10 10' 20 20' 30 31\nA 10\n",
			ErrInconsistentMultiplicity, 4, 1},
		{"decreasing range", "[3-1]0\n", ErrDecreasingRange, 1, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseSpecOn("t.txt", []byte(tc.spec), geometry.Triangles())
			var pe *ParseError
			if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Line != tc.line || pe.Col != tc.col {
				t.Fatalf("got %v, want %v at %d:%d", err, tc.err, tc.line, tc.col)
			}
		})
	}
}

// TestPolyiamondSolve: the hexiamonds in the 6x6 rhombus, with DLX1's figures
// on Knuth's DLX file (624 solutions, 267,695 nodes, 137,110,139 updates)
// and the 156 distinct ones of the literature (the rhombus has 4
// symmetries, 2 of them rotations); the two engines agree.
func TestPolyiamondSolve(t *testing.T) {
	if raceEnabled {
		t.Skip("two minutes under the race detector; plain computation, run by go test without -race")
	}
	data := mustRead(t, filepath.Join("testdata", "polyiamond", "classic", "hexiamond-6x6.txt"))
	l, err := Load("hexiamond-6x6.txt", data, FormatPolyiamond)
	if err != nil {
		t.Fatal(err)
	}
	if g := l.Puzzle.Symmetry().Facts; g.BoxSymmetries != 4 || g.BoxRotations != 2 {
		t.Errorf("rhombus symmetries %+v, want 4 with 2 rotations", g)
	}
	for _, engine := range []solver.Engine{solver.EngineDLX, solver.EngineBits} {
		st, err := solver.Solve(context.Background(), l.Problem, solver.Options{Engine: engine}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions != 624 {
			t.Errorf("engine %v: %d solutions, want 624", engine, st.Solutions)
		}
		if engine == solver.EngineDLX && (st.Nodes != 267695 || st.Updates != 137110139) {
			t.Errorf("DLX: %d nodes, %d updates; DLX1 has 267,695 and 137,110,139", st.Nodes, st.Updates)
		}
	}
	for _, tc := range []struct {
		mode Distinct
		want int64
	}{{DistinctRotations, 312}, {DistinctAll, 156}} {
		st, err := l.Puzzle.SolveDistinct(context.Background(), tc.mode, solver.Options{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if st.Distinct != tc.want || st.Raw != 624 {
			t.Errorf("%v: %d distinct, %d raw; want %d, 624", tc.mode, st.Distinct, st.Raw, tc.want)
		}
	}
}

// TestLatticeDetection: a triangle spec is also a valid POLYOMINO-DLX spec,
// so the lattice is never guessed from the cells: a comment line names it,
// or a primed box cell without one is refused with its position.
func TestLatticeDetection(t *testing.T) {
	tests := []struct {
		name, spec string
		want       Format
		err        error
		line, col  int
	}{
		{"comment names triangles", "| polyiamond: a diamond\n00 00'\nA 00 00'\n", FormatPolyiamond, nil, 0, 0},
		{"comment names hexagons", "| Polyhex, a domino\n00 10\nA 00 10\n", FormatPolyhex, nil, 0, 0},
		{"primed cell refused", "| a diamond\n00 00'\nA 00 00'\n", FormatAuto, ErrWhichLattice, 2, 4},
		{"plain squares", "00 10\nA 00 10\n", FormatPolyomino, nil, 0, 0},
		{"suffix that is not a prime", "00 00x\nA 00 00x\n", FormatPolyomino, nil, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Load("t.txt", []byte(tc.spec), FormatAuto)
			if tc.err != nil {
				var pe *ParseError
				if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Line != tc.line || pe.Col != tc.col {
					t.Fatalf("got %v, want %v at %d:%d", err, tc.err, tc.line, tc.col)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if l.Format != tc.want {
				t.Errorf("format %v, want %v", l.Format, tc.want)
			}
		})
	}
}
