package ui

import (
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/go-gl/mathgl/mgl64"

	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/render"
)

// Clicks on the editor's 3D view on lattices other than cubes, through the
// real face picking (package render) on the window's scene.

// viewPicker gives the editor the renderer's PickFace and the camera it
// picks with, as the backend does for the window: the scene fitted at the
// view's angles (orthographic on a board).
type viewPicker struct{}

func (viewPicker) scene(s *Scene) *render.Scene {
	rs := &render.Scene{Grid: s.Grid, BoxStyle: render.BoxHidden}
	for _, p := range s.Pieces {
		rs.Pieces = append(rs.Pieces, render.Piece{Name: p.Name, Cells: p.Cells, Color: p.Color, Opacity: p.Opacity,
			Offset: mgl64.Vec3{p.Offset[0], p.Offset[1], p.Offset[2]}})
	}
	return rs
}

func (v viewPicker) camera(s *Scene, c Camera, w, h int) render.Camera {
	cam := render.Camera{Yaw: c.Yaw, Pitch: c.Pitch, Ortho: s.Planar}.FitScene(v.scene(s), w, h)
	cam.Distance /= c.Zoom
	return cam
}

func (v viewPicker) pickFace(s *Scene, c Camera, w, h, x, y int) (int, geometry.Cell, geometry.Cell, bool) {
	return render.PickFace(v.scene(s), v.camera(s, c, w, h), w, h, x, y)
}

// tapWorld clicks the editor's view (right click if secondary) where world
// point p is drawn; false if p is outside the picture.
func tapWorld(e *editMode, p mgl64.Vec3, secondary bool) bool {
	size := e.view.Size()
	_, _, w, h, _ := e.view.pixelAt(fyne.NewPos(0, 0))
	cam := viewPicker{}.camera(e.view.Scene(), e.view.Camera(), w, h)
	px, py, _, ok := cam.Project(p, w, h)
	if !ok || px < 0 || py < 0 || px >= float64(w) || py >= float64(h) {
		return false
	}
	pos := fyne.NewPos(float32((math.Floor(px)+0.5)/float64(w))*size.Width, float32((math.Floor(py)+0.5)/float64(h))*size.Height)
	if secondary {
		e.view.TappedSecondary(&fyne.PointEvent{Position: pos})
	} else {
		test.TapAt(e.view, pos)
	}
	return true
}

// sharedFace returns the centre of the face cells a and b of g share, and
// its outward normal from a; false if they share none.
func sharedFace(g *geometry.Grid, a, b geometry.Cell) (mid, normal mgl64.Vec3, ok bool) {
	va, vb := g.WorldVertices(a), g.WorldVertices(b)
	for _, f := range g.Faces(a) {
		mid = mgl64.Vec3{}
		all := true
		for _, k := range f.Corners {
			p := mgl64.Vec3(va[k])
			mid = mid.Add(p.Mul(1 / float64(len(f.Corners))))
			found := false
			for _, q := range vb {
				found = found || p.Sub(mgl64.Vec3(q)).Len() < 1e-9
			}
			all = all && found
		}
		if all {
			return mid, mgl64.Vec3(f.Normal), true
		}
	}
	return mgl64.Vec3{}, mgl64.Vec3{}, false
}

// editorOn opens the editor on a new document of lattice l with the box
// the one cell c, seen from the view's home angles.
func editorOn(t *testing.T, l editor.Lattice, c geometry.Cell) *editMode {
	w, _, _ := newTestWindow(t, false)
	w.b.PickFace = viewPicker{}.pickFace
	w.openEditor(newEditMode(w, editor.New(l), ""))
	e := w.editor
	w.win.Canvas().Refresh(w.win.Content())
	e.apply(editor.PaintBox(true, c))
	e.z = c.Z + 10 // the cell drawn solid, not as a layer above
	e.refresh()
	if d := e.h.Doc(); len(d.Box) != 1 {
		t.Fatalf("%v: box %v", l, d.Box)
	}
	return e
}

// TestViewClickAddsHexagon: on a hexagon board, a left click on the side
// of a hexagon's prism in the 3D view adds the hexagon across that side,
// as an undoable edit; a click on its top adds nothing and says why; a
// right click on the new hexagon removes it.
func TestViewClickAddsHexagon(t *testing.T) {
	c := geometry.Cell{X: 2, Y: 2}
	e := editorOn(t, editor.Hexagons, c)
	g := e.view.Scene().Grid
	_, _, fwd := viewPicker{}.camera(e.view.Scene(), e.view.Camera(), 100, 100).Basis()
	added := 0
	for _, n := range geometry.Hexagons().Neighbours(c) {
		mid, normal, ok := sharedFace(g, c, n)
		if !ok {
			t.Fatalf("hexagons %v and %v share no face", c, n)
		}
		if normal.Dot(fwd) > -0.2 { // a side seen edge on or from behind
			continue
		}
		if !tapWorld(e, mid, false) {
			t.Fatalf("the side of %v towards %v is outside the picture", c, n)
		}
		if d := e.h.Doc(); !d.Box.Equal(geometry.NewShape(c, n)) || e.h.UndoLabel() != "add box cell" {
			t.Fatalf("a click on the side of %v towards %v gives box %v (undo %q; %s)", c, n, d.Box, e.h.UndoLabel(), e.status.Text)
		}
		e.Undo()
		added++
	}
	if added < 2 {
		t.Fatalf("only %d sides of a hexagon face the camera", added)
	}

	// the top: nothing across it on a board
	top := mgl64.Vec3(g.WorldCentre(c)).Add(mgl64.Vec3{0, 0, geometry.LatticeThickness / 2})
	if !tapWorld(e, top, false) {
		t.Fatal("the top of the hexagon is outside the picture")
	}
	if d := e.h.Doc(); len(d.Box) != 1 || !strings.Contains(e.status.Text, "click a side face") {
		t.Errorf("a click on the top: box %v, status %q", d.Box, e.status.Text)
	}

	// add (3,2) by its side, then remove it by a right click on its top
	n := geometry.Cell{X: 3, Y: 2}
	mid, _, _ := sharedFace(g, c, n)
	tapWorld(e, mid, false)
	tapWorld(e, mgl64.Vec3(g.WorldCentre(n)).Add(mgl64.Vec3{0, 0, geometry.LatticeThickness / 2}), true)
	if d := e.h.Doc(); !d.Box.Equal(geometry.NewShape(c)) || e.h.UndoLabel() != "remove box cell" {
		t.Errorf("after adding and removing %v: box %v, undo %q", n, d.Box, e.h.UndoLabel())
	}
}

// TestViewClickAddsGridCells: on BurrTools' rhombic tetrahedra, a left
// click on each face of a cell that faces the camera adds the neighbour
// whose solid shares that face; on spheres, a click on a sphere where it
// faces a neighbour adds that neighbour.
func TestViewClickAddsGridCells(t *testing.T) {
	g := editor.Rhombic.Grid()
	c := editor.Rhombic.Block(1, 1, 1)[7].Add(geometry.Cell{X: 5, Y: 5, Z: 5})
	e := editorOn(t, editor.Rhombic, c)
	_, _, fwd := viewPicker{}.camera(e.view.Scene(), e.view.Camera(), 100, 100).Basis()
	added := 0
	for _, n := range g.Neighbours(c) {
		mid, normal, ok := sharedFace(g, c, n)
		if !ok {
			t.Fatalf("rhombic cells %v and %v share no face", c, n)
		}
		if normal.Dot(fwd) > -0.2 {
			continue
		}
		if !tapWorld(e, mid, false) {
			t.Fatalf("the face of %v towards %v is outside the picture", c, n)
		}
		if d := e.h.Doc(); !d.Box.Equal(geometry.NewShape(c, n)) {
			t.Fatalf("a click on the face of %v towards %v gives box %v (%s)", c, n, d.Box, e.status.Text)
		}
		e.Undo()
		added++
	}
	if added < 1 {
		t.Fatal("no face of the rhombic cell faces the camera")
	}

	s := editor.Spheres.Grid()
	c = geometry.Cell{X: 2, Y: 2, Z: 2}
	e = editorOn(t, editor.Spheres, c)
	_, _, fwd = viewPicker{}.camera(e.view.Scene(), e.view.Camera(), 100, 100).Basis()
	added = 0
	for _, n := range s.Neighbours(c) {
		dir := mgl64.Vec3(s.WorldCentre(n)).Sub(mgl64.Vec3(s.WorldCentre(c))).Normalize()
		if dir.Dot(fwd) > -0.5 { // near the sphere's rim the facets slant away
			continue
		}
		tapWorld(e, mgl64.Vec3(s.WorldCentre(c)).Add(dir.Mul(s.SphereRadius())), false)
		if d := e.h.Doc(); !d.Box.Equal(geometry.NewShape(c, n)) {
			t.Fatalf("a click on the sphere %v towards %v gives box %v (%s)", c, n, d.Box, e.status.Text)
		}
		e.Undo()
		added++
	}
	if added < 2 {
		t.Fatalf("only %d neighbours of a sphere face the camera", added)
	}
}
