package puzzle

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"polyviz/geometry"
	"polyviz/polyform"
	"polyviz/solver"
)

// TestPolyformsLine solves specs whose pieces are "| polyforms" lines: the
// counts are those of the same puzzles with their pieces written out.
func TestPolyformsLine(t *testing.T) {
	tests := []struct {
		name, spec    string
		pieces        int
		first, last   string
		distinct, raw int64
		slow          bool
	}{
		{"pentominoes 3x20", "[0-j][0-2]\n| polyforms 5\n", 12, "5-1", "5-12", 2, 8, false},
		{"pentominoes 6x10", "| the 12 pentominoes\n[0-9][0-5]\n| polyforms 5 free\n", 12, "5-1", "5-12", 2339, 9356, true},
		{"tetracubes 2x4x4", "[0-1][0-3][0-3]\n| polyforms 4 one-sided\n", 8, "4-1", "4-8", 695, 11120, false},
		{"tetrahexes 7x4", "| polyhex\n[0-6][0-3]\n| polyforms 4\n", 7, "4-1", "4-7", 9, 18, false},
		{"trominoes and a domino", "[0-3][0-1]\n| polyforms 3\nD 00 01\n", 3, "3-1", "D", 1, 4, false},
		// 184 by DLX1 on a DLX file written by hand
		{"one-sided pentominoes 3x30", "[0-t][0-2]\n| polyforms 5 one-sided\n", 18, "5-1", "5-18", 46, 184, true},
		{"before the box, a comment", "| polyforms 5\n[0-4]0\nI 00 10 20 30 40\n", 1, "I", "I", 1, 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.slow && (testing.Short() || raceEnabled) {
				t.Skip("pure computation: skipped with -short or -race; the plain pass runs it")
			}
			l, err := Load("polyforms.txt", []byte(tc.spec), FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			pcs := l.Puzzle.Pieces
			if len(pcs) != tc.pieces || pcs[0].Name != tc.first || pcs[len(pcs)-1].Name != tc.last {
				t.Fatalf("%d pieces %s ... %s, want %d, %s ... %s", len(pcs), pcs[0].Name, pcs[len(pcs)-1].Name, tc.pieces, tc.first, tc.last)
			}
			st, err := l.Puzzle.SolveDistinct(context.Background(), DistinctAll, solver.Options{}, func(DistinctSolution) bool { return true })
			if err != nil {
				t.Fatal(err)
			}
			if st.Distinct != tc.distinct || st.Raw != tc.raw {
				t.Errorf("%d distinct, %d raw; want %d and %d", st.Distinct, st.Raw, tc.distinct, tc.raw)
			}
		})
	}
}

func TestPolyformsLineErrors(t *testing.T) {
	tests := []struct {
		name, spec string
		format     Format
		line, col  int
	}{
		{"no size", "[0-9][0-5]\n| polyforms\n", FormatPolyomino, 2, 3},
		{"size not a number", "[0-9][0-5]\n|  polyforms five\n", FormatPolyomino, 2, 14},
		{"size 0", "[0-9][0-5]\n| polyforms 0\n", FormatPolyomino, 2, 13},
		{"unknown kind", "[0-9][0-5]\n| polyforms 5 mirrored\n", FormatPolyomino, 2, 15},
		{"a fourth word", "[0-2][0-2][0-2]\n| polyforms 3 free please\n", FormatPolycube, 2, 20},
		{"too many", "[0-9][0-5]\n| polyforms 12\n", FormatPolyomino, 2, 13},
		{"hendecominoes", "[0-9][0-5]\n| polyforms 11\n", FormatPolyomino, 2, 13},
		{"two lines past the bound", "[0-9][0-9]\n| polyforms 10\n| polyforms 9\n", FormatPolyomino, 3, 13},
		{"octacubes", "[0-2][0-2][0-2]\n| polyforms 8\n", FormatPolycube, 2, 13},
		{"name taken", "[0-9][0-5]\n5-1 00 01 02 03 04\n| polyforms 5\n", FormatPolyomino, 3, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load("bad.txt", []byte(tc.spec), tc.format)
			var pe *ParseError
			if !errors.Is(err, ErrBadPolyformsLine) || !errors.As(err, &pe) {
				t.Fatalf("%v, want a ParseError for ErrBadPolyformsLine", err)
			}
			if pe.Line != tc.line || pe.Col != tc.col {
				t.Errorf("%v: at %d:%d, want %d:%d", err, pe.Line, pe.Col, tc.line, tc.col)
			}
		})
	}
}

// Example_polyformsLine asks a spec for every pentomino.
func Example_polyformsLine() {
	spec := "[0-j][0-2]\n| polyforms 5\n"
	l, err := Load("pentominoes-3x20.txt", []byte(spec), FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := l.Puzzle.SolveDistinct(context.Background(), DistinctAll, solver.Options{}, func(DistinctSolution) bool { return true })
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(l.Puzzle.Pieces), "pieces,", st.Distinct, "distinct packings,", st.Raw, "in all")
	// Output: 12 pieces, 2 distinct packings, 8 in all
}

// TestPolyformsLineFits reads the largest sets a line may ask for.
func TestPolyformsLineFits(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates thousands of pieces: skipped with -short")
	}
	tests := []struct {
		spec   string
		format Format
		pieces int
	}{
		{"[0-9][0-9]\n| polyforms 10\n", FormatPolyomino, 4655},
		{"[0-9][0-9][0-9]\n| polyforms 7 one-sided\n", FormatPolycube, 1023},
		{"| polyiamond\n[0-9][0-9] [0-9][0-9]'\n| polyforms 11\n", FormatPolyiamond, 1186},
		{"[0-9][0-9]\n| polyforms 8\n", FormatPolyhex, 1448},
	}
	for _, tc := range tests {
		pz, err := ParseSpecOn("fits.txt", []byte(tc.spec), tc.format.lattice())
		if err != nil {
			t.Errorf("%q: %v", tc.spec, err)
			continue
		}
		if len(pz.Pieces) != tc.pieces {
			t.Errorf("%q: %d pieces, want %d", tc.spec, len(pz.Pieces), tc.pieces)
		}
	}
}

// TestPolyformsLineMotions checks one-sided and fixed sets on the plane
// against the same pieces written out with "| one-sided" and "| fixed"
// lines, which restrict their placements by another path.
func TestPolyformsLineMotions(t *testing.T) {
	tests := []struct {
		name, box string
		format    Format
		n         int
		e         polyform.Equivalence
		raw       int64 // the figure both must give
	}{
		{"one-sided tetrahexes 10x4", "[0-9][0-3]", FormatPolyhex, 4, polyform.OneSided, 246},
		{"one-sided pentiamonds 5x3", "[0-4][0-2] [0-4][0-2]'", FormatPolyiamond, 5, polyform.OneSided, 2},
		{"fixed trominoes 6x3", "[0-5][0-2]", FormatPolyomino, 3, polyform.Fixed, 24},
		{"fixed dominoes in an L", "00 10 20 21", FormatPolyomino, 2, polyform.Fixed, 1},
		{"fixed diamonds", "00 00' 10' 20 20' 21", FormatPolyiamond, 2, polyform.Fixed, 1},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.format.lattice()
			pieces, err := polyform.Enumerate(ctx, l, tc.n, polyform.Options{Equivalence: tc.e})
			if err != nil {
				t.Fatal(err)
			}
			var written strings.Builder
			written.WriteString(tc.box + "\n")
			for _, p := range pieces {
				written.WriteString(p.Name)
				for _, c := range p.Cells {
					written.WriteString(" " + string([]byte{geometry.EncodeDigit(c.X), geometry.EncodeDigit(c.Y)}))
					if l.Kind(c) == 1 {
						written.WriteString("'")
					}
				}
				written.WriteString("\n")
			}
			written.WriteString("| " + tc.e.String() + "\n")
			counts := [2]DistinctStats{}
			for i, spec := range []string{tc.box + "\n| polyforms " + fmt.Sprint(tc.n) + " " + tc.e.String() + "\n", written.String()} {
				ld, err := Load("motions.txt", []byte(spec), tc.format)
				if err != nil {
					t.Fatalf("%v\n%s", err, spec)
				}
				if counts[i], err = ld.Puzzle.SolveDistinct(ctx, DistinctAll, solver.Options{}, func(DistinctSolution) bool { return true }); err != nil {
					t.Fatal(err)
				}
			}
			if counts[0].Raw != tc.raw || counts[0].Raw != counts[1].Raw || counts[0].Distinct != counts[1].Distinct {
				t.Errorf("by the polyforms line %d raw, %d distinct; written out %d, %d; want %d raw", counts[0].Raw, counts[0].Distinct, counts[1].Raw, counts[1].Distinct, tc.raw)
			}
			t.Logf("%d pieces: %d raw, %d distinct", len(pieces), counts[0].Raw, counts[0].Distinct)
		})
	}
}
