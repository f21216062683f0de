package ui

import (
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"polyviz/editor"
	"polyviz/geometry"
)

// cellCentreAt is the middle of cell c as the layer grid draws it, in the
// widget's coordinates.
func cellCentreAt(g *layerGrid, c geometry.Cell) fyne.Position {
	size := g.Size()
	lay := g.planeLayout(int(size.Width), int(size.Height))
	m := g.solids.WorldCentre(c)
	p := lay.pixel([2]float64{m[0], m[1]})
	return fyne.NewPos(float32(p[0]), float32(p[1]))
}

// TestPlaneGridHits: on triangles and hexagons a click at the middle of a
// cell, and at points a third of the way to each corner, selects that
// cell; a click outside every cell selects none.
func TestPlaneGridHits(t *testing.T) {
	for _, l := range []*geometry.Lattice{geometry.Triangles(), geometry.Hexagons()} {
		g := newLayerGrid()
		g.setLattice(l)
		g.setRegion(geometry.Cell{X: -1, Y: -1}, 7, 5)
		g.Resize(fyne.NewSize(420, 300))
		cells := g.planeCells()
		if want := 7 * 5 * max(l.Kinds(), 1); len(cells) != want {
			t.Fatalf("%v: %d cells shown, want %d", l, len(cells), want)
		}
		lay := g.planeLayout(420, 300)
		for _, c := range cells {
			mid := cellCentreAt(g, c)
			if got, ok := g.cellAt(mid); !ok || got != c {
				t.Errorf("%v: a click at the middle of %v selects %v (%v)", l, c, got, ok)
			}
			for _, q := range cellPolygon(g.solids, c) {
				p := lay.pixel(q)
				at := fyne.NewPos(mid.X+(float32(p[0])-mid.X)/3, mid.Y+(float32(p[1])-mid.Y)/3)
				if got, ok := g.cellAt(at); !ok || got != c {
					t.Errorf("%v: a click near a corner of %v selects %v", l, c, got)
				}
			}
		}
		if _, ok := g.cellAt(fyne.NewPos(1, 299)); ok {
			t.Errorf("%v: the corner of the widget, outside the parallelogram, selects a cell", l)
		}
	}
	// BurrTools' grids: every index layer of a cube and the next
	for _, l := range []editor.Lattice{editor.Prisms, editor.Spheres, editor.Rhombic, editor.TetraOcta} {
		for z := range 2 * l.Period() {
			g := newLayerGrid()
			g.setGrid(l.Grid())
			g.setRegion(geometry.Cell{X: -1, Y: -1, Z: z}, 4*l.Period()+2, 3*l.Period()+1)
			g.Resize(fyne.NewSize(420, 300))
			cells := g.planeCells()
			if len(cells) == 0 {
				t.Fatalf("%v: layer %d shows no cell", l, z)
			}
			lay := g.planeLayout(420, 300)
			for _, c := range cells {
				mid := cellCentreAt(g, c)
				if got, ok := g.cellAt(mid); !ok || got != c {
					t.Errorf("%v: a click at the middle of %v selects %v (%v)", l, c, got, ok)
				}
				for _, q := range cellPolygon(g.solids, c) {
					p := lay.pixel(q)
					at := fyne.NewPos(mid.X+(float32(p[0])-mid.X)/3, mid.Y+(float32(p[1])-mid.Y)/3)
					if got, ok := g.cellAt(at); !ok || got != c {
						t.Errorf("%v: a click near a corner of %v selects %v", l, c, got)
					}
				}
			}
		}
	}
}

// TestEditorOnTriangles makes a tetriamond on a small triangle board with
// the editor's widgets: the box by its size, a piece by clicks on the
// grid's triangles, a 60° turn, Undo, and the spec Save writes.
func TestEditorOnTriangles(t *testing.T) {
	w, _, _ := newTestWindow(t, false)
	w.openEditor(newEditMode(w, editor.New(editor.Triangles), ""))
	e := w.editor
	w.win.Canvas().Refresh(w.win.Content())
	test.Type(e.size, "2x1")
	e.size.OnSubmitted(e.size.Text)
	if n := len(e.h.Doc().Box); n != 4 {
		t.Fatalf("a 2x1 board of triangles has %d cells, want 4", n)
	}
	tapButton(t, e.content, "Add piece")
	// the piece is Δ00 alone; click ∇00, Δ10 and ∇10 on the grid
	for _, c := range []geometry.Cell{{Z: 1}, {X: 1}, {X: 1, Z: 1}} {
		test.TapAt(e.grid, cellCentreAt(e.grid, c))
	}
	want := editor.Triangles.Block(2, 1, 1)
	if p := e.h.Doc().Pieces[0].Cells; !p.Equal(want) {
		t.Fatalf("piece %v, want %v", p, want)
	}
	tapButton(t, e.content, "Turn Z")
	turned := e.h.Doc().Pieces[0].Cells
	if turned.Equal(want) || len(turned) != 4 {
		t.Errorf("a 60° turn gives %v", turned)
	}
	tapButton(t, e.content, "Undo")
	if p := e.h.Doc().Pieces[0].Cells; !p.Equal(want) {
		t.Errorf("undo gives %v", p)
	}
	if strings.Contains(e.checks.Text, "•") {
		t.Errorf("checks: %s", e.checks.Text)
	}
	spec, err := e.h.Doc().Spec()
	if err != nil {
		t.Fatal(err)
	}
	if s := string(spec); !strings.Contains(s, "| polyiamond") || !strings.Contains(s, "[0-1]0 [0-1]0'") || !strings.Contains(s, "A 00 00' 10 10'") {
		t.Errorf("spec:\n%s", s)
	}
}

// TestGridTurnButtons: Turn Z is the grid's least turn about z (60° on
// prisms, 90° on the grids of the cube's rotations), Turn X on prisms the
// half turn that turns a prism upside down, Mirror a mirror map.
func TestGridTurnButtons(t *testing.T) {
	for _, c := range []struct {
		l        editor.Lattice
		z, xTurn float64 // degrees
	}{
		{editor.Prisms, 60, 180},
		{editor.Spheres, 90, 90},
		{editor.Rhombic, 90, 90},
		{editor.TetraOcta, 90, 90},
	} {
		g := c.l.Grid()
		for _, tc := range []struct {
			t    geometry.Transform
			i, j int
			want float64
		}{{turnZ, 0, 1, c.z}, {turnX, 1, 2, c.xTurn}} {
			k, ok := gridTurn(g, tc.t)
			if !ok {
				t.Errorf("%v: no turn for the button", c.l)
				continue
			}
			m := g.Matrix(k)
			if a := math.Atan2(m[tc.j][tc.i], m[tc.i][tc.i]) * 180 / math.Pi; math.Abs(a-tc.want) > 1e-6 {
				t.Errorf("%v: the button turns by %.1f°, want %.0f°", c.l, a, tc.want)
			}
		}
		if k, ok := gridTurn(g, mirrorX); !ok || k < g.NumRotations() {
			t.Errorf("%v: Mirror is map %d, no mirror", c.l, k)
		}
	}
}
