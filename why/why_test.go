package why

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"polyviz/assets"
	"polyviz/formats"
	"polyviz/puzzle"
)

// TestReasons has one row per reason, each made so that it is the first
// that applies, and the classic cases.
func TestReasons(t *testing.T) {
	for _, tt := range []struct {
		name, spec string
		kind       Kind
		found      bool
		says       string // a part of the text
	}{
		{"uncovered cell", "[0-5]0 70\nI 00 10 20\n2|J 00 10\n", Uncovered, true, "(7,0)"},
		{"piece fits nowhere", "[0-2][0-1]\nI 00 10 20 30\nD 00 10\n", NoFit, true, "piece I fits nowhere"},
		{"cell count", "[0-4][0-2]\nS 00 10 11 21\nL 00 01 02 10\nV 00 01 02 10 20\nP 00 01 10 11 20\n", CellCount, true, "18 cells, but the box has only 15"},
		{"mutilated chessboard", "[1-7]0 [0-7][1-6] [0-6]7\n31|D 00 01\n", Coloring, true, "(x+y) mod 2, a checkerboard: the box has 30 cells of colour 0 and 32 of colour 1"},
		{"stripes", "[0-3][0-1]\nS 00 10 11 21\nL 00 01 02 10\n", Coloring, true, "(x) mod 2"},
		{"region cut off", "[0-1][0-2] [4-5][0-2]\n2|P 00 01 10 11 20\nD 00 01\n", Region, true, "cut off"},
		{"small core", "[0-3][0-3] [4-7]0 [4-7]3\nI 00 01 02 03\n2|O 00 01 10 11\n2|L 00 01 02 10\nS 00 10 11 21\n", Core, true, "(7,0) (7,3)"},
		{"solvable", "[0-3][0-1]\n2|O 00 01 10 11\n", Solvable, false, "has a solution"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l, err := puzzle.Load(tt.name, []byte(tt.spec), puzzle.FormatPolyomino)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Explain(context.Background(), l.Puzzle, l.Problem, testOptions())
			if err != nil {
				t.Fatal(err)
			}
			if r.Kind != tt.kind || r.Found != tt.found || !strings.Contains(r.Text, tt.says) {
				t.Errorf("got %s (found %v): %s\nwant %s saying %q", r.Kind, r.Found, r.Text, tt.kind, tt.says)
			}
		})
	}
}

// TestPentomino3x20Swapped replaces the F pentomino of the 3x20 rectangle
// (2 packings) by a second L: there is then no packing, and no short
// reason either (every test passes, the colourings included); why says so,
// with the exhaustive search that proves it, and does not claim a reason.
func TestPentomino3x20Swapped(t *testing.T) {
	e, _ := assets.Lookup("pentomino-3x20")
	var lines []string
	for _, line := range strings.Split(string(e.Data()), "\n") {
		if strings.HasPrefix(line, "F ") {
			line = "F 00 01 02 03 13" // the L's cells
		}
		lines = append(lines, line)
	}
	l, err := puzzle.Load("swapped", []byte(strings.Join(lines, "\n")), puzzle.FormatPolyomino)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Explain(context.Background(), l.Puzzle, l.Problem, testOptions())
	if err != nil {
		t.Fatal(err)
	}
	if r.Found || r.Kind != None || !strings.Contains(r.Text, "exhaustive search") {
		t.Errorf("got %s (found %v): %s", r.Kind, r.Found, r.Text)
	}
}

// TestOtherLattices runs why on triangles, hexagons and one of BurrTools'
// grids: the kind colouring of triangles (Δ and ∇) where it is the first
// reason, a region joined only along a hexagon's diagonal neighbour (not
// cut off: a square lattice's neighbours would wrongly split it), the
// hexiamonds in 3x12 (no short reason, an exhaustive search), and a
// solvable sphere puzzle; none may panic.
func TestOtherLattices(t *testing.T) {
	hex := func(name string) *puzzle.Loaded {
		e, _ := assets.Lookup(name)
		l, err := formats.Load(e.File, e.Data(), "", puzzle.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	explain := func(l *puzzle.Loaded) Reason {
		t.Helper()
		r, err := Explain(context.Background(), l.Puzzle, l.Problem, testOptions())
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// a triangle of side 2 (3 Δ, 1 ∇) and two diamonds (each 1 Δ + 1 ∇)
	l, err := puzzle.Load("tri", []byte("00 10 01 00'\n2|D 00 00'\n"), puzzle.FormatPolyiamond)
	if err != nil {
		t.Fatal(err)
	}
	if r := explain(l); r.Kind != Coloring || !strings.Contains(r.Text, "Δ") {
		t.Errorf("triangle of side 2: %s: %s", r.Kind, r.Text)
	}
	// two hexagons joined only through the axial neighbour (1,-1), and a
	// domino: one region of 2 cells, filled
	l, err = puzzle.Load("hex", []byte("01 10\nD 00 10\n"), puzzle.FormatPolyhex)
	if err != nil {
		t.Fatal(err)
	}
	if r := explain(l); r.Kind != Solvable {
		t.Errorf("two diagonal hexagons and a domino: %s: %s", r.Kind, r.Text)
	}
	data, err := os.ReadFile("testdata/hexiamond-3x12.txt")
	if err != nil {
		t.Fatal(err)
	}
	if l, err = puzzle.Load("hexiamond-3x12", data, puzzle.FormatPolyiamond); err != nil {
		t.Fatal(err)
	}
	if r := explain(l); r.Found || !strings.Contains(r.Text, "exhaustive search") {
		t.Errorf("hexiamonds in 3x12: %s (found %v): %s", r.Kind, r.Found, r.Text)
	}
	if r := explain(hex("tetrahex-coin")); r.Kind != Solvable {
		t.Errorf("tetrahex coin: %s: %s", r.Kind, r.Text)
	}
	const grid = "../burrtools/testdata/grids/HexSticks.xmpuzzle"
	if data, err = os.ReadFile(grid); err != nil {
		t.Fatal(err)
	}
	if l, err = formats.Load(grid, data, "", puzzle.LoadOptions{}); err != nil {
		t.Fatal(err)
	}
	if r := explain(l); r.Kind != Solvable {
		t.Errorf("HexSticks: %s: %s", r.Kind, r.Text)
	}
}

// testBudget bounds each Explain of these tests. It is a bound, not an
// expectation: every case ends well within it on an idle machine (HexSticks,
// the slowest, in about 2 s), and the answers must not depend on the
// machine's speed (under the race detector on a loaded machine, 4 s was too
// short for HexSticks' search to find its solution).
const testBudget = time.Minute

// testOptions are the tests' options: testBudget, and under the race
// detector fewer nodes for the small impossible sets (their checks would
// take minutes there, and no case needs more).
func testOptions() Options {
	o := Options{Budget: testBudget}
	if raceEnabled {
		o.coreNodes = 50_000
	}
	return o
}

// TestCoreSameEverywhere: the search for a small impossible set is bounded
// by nodes, so the reason is the same on every run, whatever the machine's
// load; with a timeout, checks cut short at different moments named 31 to
// 34 cells of the three hexagons. A short budget cuts many checks short.
func TestCoreSameEverywhere(t *testing.T) {
	e, ok := assets.Lookup("hexiamond-3-hexagons")
	if !ok {
		t.Fatal("hexiamond-3-hexagons is not in the library")
	}
	l, err := formats.Load(e.Name+".txt", e.Data(), "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		t.Skip("seconds of search")
	}
	var first Reason
	for i := range 2 {
		r, err := Explain(context.Background(), l.Puzzle, l.Problem, Options{Budget: 2 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = r
			if r.Kind != Core || !r.Found {
				t.Fatalf("%s (found %v): %s", r.Kind, r.Found, r.Text)
			}
			// the same cells on every machine: pinned
			want := "the 33 cells (0,3) (1,1) (1,3) (2,0) (2,2) (2,3) (3,0) (3,1) (3,2) (4,2) (4,3) (5,1) (5,2) (5,3) (6,0) (6,1) (6,2) (6,3) (7,0) (7,1) (7,2) (8,2) (8,3) (9,1) (9,2) (9,3) (10,0) (10,1) (10,2) (10,3) (11,0) (11,1) (11,2) cannot"
			if !strings.Contains(r.Text, want) {
				t.Errorf("%s\nwant %q", r.Text, want)
			}
		} else if r.Text != first.Text {
			t.Errorf("run %d: %s\nrun 1: %s", i+1, r.Text, first.Text)
		}
	}
}
