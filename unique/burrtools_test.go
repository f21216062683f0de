package unique

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"polyviz/assets"
	"polyviz/burrtools"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// xmProblem reads problem 0 of a BurrTools file.
func xmProblem(t *testing.T, name string, data []byte) (*burrtools.File, *puzzle.Puzzle, *solver.Problem) {
	t.Helper()
	x, err := burrtools.Read(name, data)
	if err != nil {
		t.Fatal(err)
	}
	pz, err := x.Puzzle(name, 0)
	if err != nil {
		t.Fatal(err)
	}
	prob, err := pz.Problem()
	if err != nil {
		t.Fatal(err)
	}
	return x, pz, prob
}

// checkXM writes each proposal with WriteXM, reads the file back and
// counts its solutions: exactly one each.
func checkXM(t *testing.T, x *burrtools.File, pz *puzzle.Puzzle, res *Result) {
	t.Helper()
	if len(res.Proposals) == 0 {
		t.Fatalf("%s: no proposal", pz.Name)
	}
	for _, p := range res.Proposals {
		var buf bytes.Buffer
		if err := WriteXM(&buf, x, 0, pz, p); err != nil {
			t.Fatalf("%s: %v: %v", pz.Name, p.Changes, err)
		}
		_, _, prob := xmProblem(t, "changed.xmpuzzle", buf.Bytes())
		if n := count(t, prob); n != 1 {
			t.Errorf("%s: %v written as colours: %d solutions, want 1", pz.Name, p.Changes, n)
		}
	}
}

// BurrTools' rhombic-cube-wedges (rhombic tetrahedra; three copies of
// one wedge, 8 raw solutions): two copies fixed, written as two parts of
// a coloured shape each and the wedge of one copy, read back with one
// solution.
func TestWriteXMCopies(t *testing.T) {
	e, ok := assets.Lookup("rhombic-cube-wedges")
	if !ok {
		t.Fatal("no rhombic-cube-wedges in the library")
	}
	x, pz, prob := xmProblem(t, "rhombic-cube-wedges.xmpuzzle", e.Data())
	res, err := Find(context.Background(), prob, Options{MaxProposals: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != 8 || res.Changes != 2 {
		t.Fatalf("got %d solutions, %d changes; want 8 and 2", res.Solutions, res.Changes)
	}
	checkXM(t, x, pz, res)
}

// The pentominoes in 3x20 as a BurrTools file (a board one voxel thick):
// one piece fixed by colours leaves one solution; a problem with colours
// of its own is refused.
func TestWriteXMPieces(t *testing.T) {
	if raceEnabled {
		t.Skip("pure computation; runs in the plain pass")
	}
	spec, _ := load(t, "pentomino-3x20", true)
	x, err := burrtools.FromPuzzle(spec)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := x.Write(&buf); err != nil {
		t.Fatal(err)
	}
	x, pz, prob := xmProblem(t, "pentomino-3x20.xmpuzzle", buf.Bytes())
	res, err := Find(context.Background(), prob, Options{MaxProposals: 4})
	if err != nil {
		t.Fatal(err)
	}
	checkXM(t, x, pz, res)

	buf.Reset()
	if err := WriteXM(&buf, x, 0, pz, res.Proposals[0]); err != nil {
		t.Fatal(err)
	}
	x2, pz2, _ := xmProblem(t, "once.xmpuzzle", buf.Bytes())
	if !hasColours(x2, x2.Problems[0]) {
		t.Fatal("the piece fixed is not written as colours")
	}
	p := Proposal{Changes: []Change{{Kind: FixPiece, Option: 0}}}
	if err := WriteXM(&bytes.Buffer{}, x2, 0, pz2, p); !errors.Is(err, ErrColoured) {
		t.Errorf("a coloured problem: %v", err)
	}
}

// An L tromino in a 2x2 square of optional cells (4 solutions): every
// proposal, a cell removed or the L fixed, is written and read back with
// one solution; the cell made required leaves three.
func TestWriteXMOptionalCells(t *testing.T) {
	sq := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{X: 1, Y: 1})
	x := &burrtools.File{
		Shapes: []burrtools.Shape{
			{Name: "L", Size: geometry.Cell{X: 2, Y: 2, Z: 1}, Filled: sq[:3]},
			{Size: geometry.Cell{X: 2, Y: 2, Z: 1}, Variable: sq},
		},
		Problems: []burrtools.Problem{{Parts: []burrtools.Part{{Shape: 0, Min: 1, Max: 1}}, Result: 1, MaxHoles: -1}},
	}
	var buf bytes.Buffer
	if err := x.Write(&buf); err != nil {
		t.Fatal(err)
	}
	x, pz, prob := xmProblem(t, "l.xmpuzzle", buf.Bytes())
	res, err := Find(context.Background(), prob, Options{Optional: OptionalCells(pz)})
	if err != nil || len(res.Proposals) != 8 {
		t.Fatalf("%v, %d proposals", err, len(res.Proposals))
	}
	checkXM(t, x, pz, res)
	buf.Reset()
	if err := WriteXM(&buf, x, 0, pz, Proposal{Changes: []Change{{Kind: FillCell, Cell: pz.CellName(sq[0])}}}); err != nil {
		t.Fatal(err)
	}
	if _, _, prob := xmProblem(t, "filled.xmpuzzle", buf.Bytes()); count(t, prob) != 3 {
		t.Errorf("a cell required: %d solutions, want 3", count(t, prob))
	}
}
