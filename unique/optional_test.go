package unique

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// optionalPuzzle is a library spec with its box replaced and the cells
// given made optional, as a BurrTools file's variable voxels are.
func optionalPuzzle(t *testing.T, name, box string, optional ...geometry.Cell) (*puzzle.Puzzle, *solver.Problem) {
	t.Helper()
	e, ok := assets.Lookup(name)
	if !ok {
		t.Fatalf("no library puzzle %s", name)
	}
	var lines []string
	boxSeen := false
	for _, l := range strings.Split(string(e.Data()), "\n") {
		if !boxSeen && l != "" && !strings.HasPrefix(l, "|") {
			l, boxSeen = box, true
		}
		lines = append(lines, l)
	}
	pz, err := puzzle.ParseSpec(name, []byte(strings.Join(lines, "\n")), true)
	if err != nil {
		t.Fatal(err)
	}
	pz.Optional = geometry.NewShape(optional...)
	prob, err := pz.Problem()
	if err != nil {
		t.Fatal(err)
	}
	return pz, prob
}

// recount proves every proposal again by Apply and a count, and checks
// that WriteSpec refuses a cell's change (a spec has no optional cells).
func recount(t *testing.T, pz *puzzle.Puzzle, prob *solver.Problem, res *Result) {
	t.Helper()
	for _, p := range res.Proposals {
		r, err := Apply(prob, p.Changes)
		if err != nil {
			t.Fatal(err)
		}
		if n := count(t, r); n != 1 || p.Proved != 1 {
			t.Errorf("%v leaves %d solutions (proved %d), want 1", p.Changes, n, p.Proved)
		}
		cells := slices.ContainsFunc(p.Changes, func(c Change) bool { return c.Kind != FixPiece })
		if err := WriteSpec(&bytes.Buffer{}, pz, p); cells != errors.Is(err, ErrNotSpec) {
			t.Errorf("%v: WriteSpec gave %v", p.Changes, err)
		}
	}
}

// An L tromino in a 2x2 square of optional cells: 4 solutions, one for
// each corner left empty. Removing a cell leaves one, as fixing the L
// does; making a cell required leaves three. Both kinds are proposed, in
// turn.
func TestOptionalCellsL(t *testing.T) {
	pz, _ := load(t, "[01][01]\nL 00 10 01\n", true)
	pz.Optional = geometry.NewShape(pz.Box...)
	prob, err := pz.Problem()
	if err != nil {
		t.Fatal(err)
	}
	res, err := Find(context.Background(), prob, Options{Optional: OptionalCells(pz)})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != 4 || res.Changes != 1 || res.Cells != 4 || res.Fixable != 1 || len(res.Proposals) != 8 {
		t.Fatalf("got %+v; want 4 solutions, 1 change, 4 cells, 8 proposals", res)
	}
	for i, p := range res.Proposals {
		want := FixPiece
		if i%2 == 1 {
			want = EmptyCell
		}
		if p.Changes[0].Kind != want {
			t.Errorf("proposal %d is %v, want kind %d", i+1, p.Changes, want)
		}
	}
	if n, err := CountChanges(context.Background(), prob, []Change{{Kind: FillCell, Cell: "00"}}, 0); n != 3 || err != nil {
		t.Errorf("00 required: %d solutions (%v), want 3", n, err)
	}
	recount(t, pz, prob, res)
}

// The twelve pentominoes on a 3x21 board whose end columns are optional:
// 60 cells of 63 are covered, the 57 of the middle and three of the ends,
// in 152 ways. One piece fixed is the fewest change; no three changes of
// the ends alone leave one (each leaves at least the 3x20 box's 8).
func TestOptionalCellsPentominoes(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("about 3 s of pure computation; runs in the plain pass without -short")
	}
	var ends []geometry.Cell
	for y := range 3 {
		ends = append(ends, geometry.Cell{X: 0, Y: y}, geometry.Cell{X: 20, Y: y})
	}
	pz, prob := optionalPuzzle(t, "pentomino-3x20", "[0-k][0-2]", ends...)
	res, err := Find(context.Background(), prob, Options{Optional: OptionalCells(pz), MaxProposals: 4})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != 152 || res.Changes != 1 || res.Cells != 6 || res.CellChanges != 0 || len(res.Proposals) != 4 {
		t.Fatalf("got %+v; want 152 solutions, 1 change, 6 cells, no change of cells alone, 4 proposals", res)
	}
	recount(t, pz, prob, res)
	// the three cells of the left end required: the box is 3x20 from x=0
	left := []Change{{Kind: FillCell, Cell: "00"}, {Kind: FillCell, Cell: "01"}, {Kind: FillCell, Cell: "02"}}
	if n, err := CountChanges(context.Background(), prob, left, 0); n != 8 || err != nil {
		t.Errorf("the left end required: %d solutions (%v), want the 3x20 box's 8", n, err)
	}
}

// A name that is not an optional cell is refused.
func TestOptionalCellsRefused(t *testing.T) {
	_, prob := load(t, "[01][01]\nL 00 10 01\nM 00\n", true)
	if _, err := Find(context.Background(), prob, Options{Optional: []string{"00"}}); err == nil {
		t.Error("a required cell taken as optional")
	}
}
