package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"polyviz/puzzle"
	"polyviz/solver"
)

func runPiecesArgs(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = runPieces(context.Background(), IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, args)
	return out.String(), errb.String(), code
}

// TestPiecesSpecSolves writes every polyform of a size as a spec with a
// box, reads it back (the format known from the text alone) and solves it:
// the counts are the library's and the literature's.
func TestPiecesSpecSolves(t *testing.T) {
	pureComputation(t)
	tests := []struct {
		name          string
		args          []string
		pieces        int
		distinct, raw int64
		slow          bool
	}{
		// Golomb's classic: 2339 up to the rectangle's symmetries
		{"pentominoes 6x10", []string{"-L", "squares", "-n", "5", "--box", "10x6"}, 12, 2339, 9356, true},
		{"pentominoes 3x20", []string{"-L", "squares", "-n", "5", "--box", "20x3"}, 12, 2, 8, false},
		// one set of the five tetrominoes fills no rectangle (chessboard colouring)
		{"tetrominoes 5x4", []string{"-L", "squares", "-n", "4", "--box", "5x4"}, 5, 0, 0, false},
		// the eight tetracubes, both screws: the library's tetracube-2x4x4
		{"tetracubes 2x4x4", []string{"-L", "cubes", "-n", "4", "--one-sided", "--box", "2x4x4"}, 8, 695, 11120, false},
		// Knuth's hexiamond-6x6: 624 by DLX1, 156 by Polyform Puzzler
		{"hexiamonds 6x6", []string{"-L", "triangles", "-n", "6", "--box", "6x6"}, 12, 156, 624, true},
		// 184 by DLX1 on a DLX file written by hand
		{"one-sided pentominoes 3x30", []string{"-L", "squares", "-n", "5", "--one-sided", "--box", "30x3"}, 18, 46, 184, true},
		{"one-sided tetrahexes 10x4", []string{"-L", "hexagons", "-n", "4", "--one-sided", "--box", "10x4"}, 10, 123, 246, false},
		{"fixed trominoes 6x3", []string{"-L", "squares", "-n", "3", "--fixed", "--box", "6x3"}, 6, 24, 24, false},
		// Polyform Puzzler's Tetrahexes4x7
		{"tetrahexes 7x4", []string{"-L", "hexagons", "-n", "4", "--box", "7x4"}, 7, 9, 18, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.slow && (testing.Short() || raceEnabled) {
				t.Skip("pure computation: skipped with -short or -race; the plain pass runs it")
			}
			out, errs, code := runPiecesArgs(append(tc.args, "--spec")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			l, err := puzzle.Load("pieces.txt", []byte(out), puzzle.FormatAuto)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if got := len(l.Puzzle.Pieces); got != tc.pieces {
				t.Fatalf("%d pieces, want %d", got, tc.pieces)
			}
			st, err := l.Puzzle.SolveDistinct(context.Background(), puzzle.DistinctAll, solver.Options{}, func(puzzle.DistinctSolution) bool { return true })
			if err != nil {
				t.Fatal(err)
			}
			if st.Distinct != tc.distinct || st.Raw != tc.raw {
				t.Errorf("%d distinct, %d raw; want %d and %d", st.Distinct, st.Raw, tc.distinct, tc.raw)
			}
		})
	}
}

func TestPieces(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		contains []string // in stdout, or in stderr when the exit is not 0
	}{
		{"pentominoes", []string{"-L", "squares", "-n", "5"}, 0, []string{"12 free polyominoes of 5 cells", "pentomino-6x10", "X     1             -       01 10 11 12 21"}},
		{"one-sided tetrominoes", []string{"--lattice", "polyomino", "--size", "4", "--one-sided", "--count"}, 0, []string{"7\n"}},
		{"fixed tetrominoes", []string{"-L", "squares", "-n", "4", "--fixed", "--count"}, 0, []string{"19\n"}},
		{"pentacubes", []string{"-L", "cubes", "-n", "5", "--count"}, 0, []string{"23\n"}},
		{"one-sided pentacubes", []string{"-L", "polycubes", "-n", "5", "--one-sided", "--count"}, 0, []string{"29\n"}},
		{"free tetracubes", []string{"-L", "cubes", "-n", "4"}, 0, []string{"7 free polycubes", "A     24            yes"}},
		{"hexiamonds", []string{"-L", "triangles", "-n", "6"}, 0, []string{"12 free polyiamonds", "names as in the library's hexiamonds\n", "A     6             yes     00 00' 01 01' 02 02'"}},
		{"fixed moniamonds", []string{"-L", "triangles", "-n", "1", "--fixed"}, 0, []string{"1-1   1             -       00\n", "1-2   1             -       00'\n"}},
		{"pentahexes", []string{"-L", "hexagons", "-n", "5", "--count"}, 0, []string{"22\n"}},
		{"no box", []string{"-L", "squares", "-n", "3", "--spec"}, 0, []string{"| no box yet", "\nI3 00 01 02\nV3 00 01 10\n", "names as in the library's polyomino-123-square\n"}},
		{"cubes box", []string{"-L", "cubes", "-n", "3", "--spec", "--box", "1x2x3"}, 0, []string{"\n[0-0][0-1][0-2]\n"}},
		{"draw pentominoes", []string{"-L", "squares", "-n", "5", "--draw"}, 0, []string{"F: 8 orientations, chiral\n.#.\n###\n#..\n", "X: 1 orientation\n.#.\n###\n.#.\n"}},
		{"draw tetracubes", []string{"-L", "cubes", "-n", "4", "--draw"}, 0, []string{"P: 8 orientations\n#.  ..\n##  #.\n"}},
		{"draw hexiamonds", []string{"-L", "triangles", "-n", "6", "--draw"}, 0, []string{"A: 6 orientations, chiral\n  ^v\n ^v\n^v\n"}},
		{"draw tetrahexes", []string{"-L", "hexagons", "-n", "4", "--draw"}, 0, []string{"O4: 3 orientations\n O O\nO O\n"}},
		{"piece set", []string{"tetrahexes"}, 0, []string{"I4 00 10 20 30"}},
		{"one-sided spec in the plane", []string{"-L", "squares", "-n", "4", "--one-sided", "--spec"}, 0, []string{"\nS 00 10 11 21\n", "names as in the library's tetromino-onesided-5x6\n", "\n| one-sided\n"}},
		{"fixed spec", []string{"-L", "cubes", "-n", "2", "--fixed", "--spec"}, 0, []string{"\n2-3 000 100\n", "\n| fixed\n"}},
		{"one-sided polycubes need no line", []string{"-L", "cubes", "-n", "4", "--one-sided", "--spec"}, 0, []string{"\nB 000 001 010 101\n"}},
		{"one-sided and fixed", []string{"-L", "cubes", "-n", "3", "--fixed", "--one-sided"}, 2, []string{"exclude each other"}},
		{"no lattice", []string{"-n", "3"}, 2, []string{"say --lattice"}},
		{"monosticks", []string{"-L", "sticks", "-n", "1", "--count"}, 0, []string{"1\n"}},
		{"disticks", []string{"-L", "sticks", "-n", "2", "--count"}, 0, []string{"2\n"}},
		{"tristicks", []string{"-L", "sticks", "-n", "3"}, 0, []string{"5 free polysticks of 3 sticks", "3-4   2             -       H00 H10 H20\n", "3-1   8             yes     H00 V00 H10\n"}},
		{"tetrasticks", []string{"-L", "polysticks", "-n", "4", "--count"}, 0, []string{"16\n"}},
		{"pentasticks", []string{"-L", "sticks", "-n", "5", "--count"}, 0, []string{"55\n"}},
		{"hexasticks", []string{"-L", "sticks", "-n", "6", "--count"}, 0, []string{"222\n"}},
		{"one-sided tetrasticks", []string{"-L", "sticks", "-n", "4", "--one-sided", "--count"}, 0, []string{"25\n"}},
		{"fixed tristicks", []string{"-L", "sticks", "-n", "3", "--fixed", "--count"}, 0, []string{"22\n"}},
		{"sticks spec", []string{"-L", "sticks", "-n", "2", "--spec", "--box", "2x1"}, 0, []string{"| polysticks\n", "\nboard 2x1\n", "\n2-2 H00 H10\n"}},
		{"sticks drawn", []string{"-L", "sticks", "-n", "3", "--draw"}, 2, []string{"polysticks are listed as"}},
		{"sticks bad box", []string{"-L", "sticks", "-n", "3", "--spec", "--box", "2x2x2"}, 2, []string{"want AxB unit squares"}},
		{"no size", []string{"-L", "squares"}, 2, []string{"--size must be"}},
		{"box without spec", []string{"-L", "squares", "-n", "5", "--box", "10x6"}, 2, []string{"--box goes with --spec"}},
		{"bad box", []string{"-L", "squares", "-n", "5", "--spec", "--box", "10x6x2"}, 2, []string{"want 2 extents"}},
		{"spec of big pieces", []string{"-L", "squares", "-n", "63", "--spec"}, 2, []string{"at most 62 cells"}},
		{"box too big", []string{"-L", "squares", "-n", "5", "--spec", "--box", "63x1"}, 2, []string{"from 1 to 62"}},
		{"limit", []string{"-L", "squares", "-n", "7", "--max-pieces", "100"}, 1, []string{"more than 100 pieces of 7 cells", "--max-pieces"}},
		{"limit foreseen", []string{"-L", "squares", "-n", "99"}, 1, []string{"pieces of 99 cells, by the growth of the smaller sizes", "--max-pieces 1000000"}},
		{"two outputs", []string{"-L", "squares", "-n", "5", "--spec", "--count"}, 2, []string{"--spec and --count exclude each other"}},
		{"set and size", []string{"hexiamonds", "-n", "6"}, 2, []string{"give either a piece set's name"}},
		{"set as JSON", []string{"tetrahexes", "--json"}, 0, []string{`"name": "tetrahexes"`}},
		{"unknown set", []string{"pentominoes7"}, 2, []string{"no piece set named"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := runPiecesArgs(tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tc.code, errs)
			}
			text := out
			if code != 0 {
				text = errs
			}
			for _, s := range tc.contains {
				if !strings.Contains(text, s) {
					t.Errorf("output lacks %q:\n%s", s, text)
				}
			}
		})
	}
}

// TestPiecesNames checks that the free pentominoes take their letters from
// the library, in its order, and keep them in the spec.
func TestPiecesNames(t *testing.T) {
	out, errs, code := runPiecesArgs("-L", "squares", "-n", "5", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Count  int
		Pieces []struct {
			Name, Cells  string
			Orientations int
			Chiral       bool
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	var names []string
	orientations := 0
	for _, p := range got.Pieces {
		names = append(names, p.Name)
		orientations += p.Orientations
	}
	if strings.Join(names, " ") != "F I L N P T U V W X Y Z" || got.Count != 12 || orientations != 63 {
		t.Errorf("names %v, count %d, %d orientations; want F ... Z, 12, 63", names, got.Count, orientations)
	}
}

// TestPiecesCheckedWrite checks that a failed write is an error.
func TestPiecesCheckedWrite(t *testing.T) {
	var errb bytes.Buffer
	code := runPieces(context.Background(), IO{Stdout: piecesFullDisk{}, Stderr: &errb}, []string{"-L", "squares", "-n", "5", "--spec"})
	if code != 1 || !strings.Contains(errb.String(), "write") {
		t.Errorf("exit %d, stderr %q; want 1 and a write error", code, errb.String())
	}
	// a library piece set, shared with list, names the command that ran
	for _, args := range [][]string{{"pieces", "moniamond"}, {"list", "--pieces", "moniamond"}} {
		errb.Reset()
		code := Main(context.Background(), args, IO{Stdout: piecesFullDisk{}, Stderr: &errb}, nil)
		if want := "polyviz " + args[0] + ": write: "; code != 1 || !strings.HasPrefix(errb.String(), want) {
			t.Errorf("%v: exit %d, stderr %q; want 1 and %q", args, code, errb.String(), want)
		}
	}
}

// piecesFullDisk is a writer on a full disk.
type piecesFullDisk struct{}

func (piecesFullDisk) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }
