package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// Piece is one piece of a scene: a set of unit cubes drawn in one colour.
//
// Cell (x, y, z) is the unit cube [x, x+1] × [y, y+1] × [z, z+1] of world
// space, moved by Offset (in cube units; animations and exploded views use
// it). Opacity strictly between 0 and 1 draws the piece translucent, its
// outline faded by the same factor; 0 and anything from 1 up mean opaque, so
// that a zero Piece is visible.
type Piece struct {
	Name    string
	Cells   []geometry.Cell
	Color   color.NRGBA
	Offset  mgl64.Vec3
	Opacity float64
}

// BoxStyle says how a scene draws its box.
type BoxStyle int

const (
	// BoxGhost draws the inside of the far walls (and the floor) in a light
	// shade with a faint cell grid, and the box's edges as light lines, like
	// an open glass box: pieces in it stay fully visible.
	BoxGhost BoxStyle = iota
	// BoxWireframe draws only the box's edges.
	BoxWireframe
	// BoxHidden does not draw the box.
	BoxHidden
	// BoxBoard draws the box of a grid scene (Scene.Grid) as its cells'
	// solids in the ghost's light shade, the board's outline in the box's
	// edge colour and the edges between its cells faintly: the board beside
	// the loose pieces. Without a grid it draws as BoxGhost.
	BoxBoard
)

// Scene is what Render draws: a box of cells and the pieces in or around it.
// Faces between two cubes of the same piece are never drawn; faces between
// different pieces are (the z-buffer hides them when they touch).
type Scene struct {
	Box      []geometry.Cell
	Pieces   []Piece
	BoxStyle BoxStyle
	// Labels are texts on the top faces of cells (see Label).
	Labels []Label
	// Grid, when set, is one of BurrTools' other grids: the cells are its
	// index triples, drawn as its prisms, spheres or tetrahedra in world
	// units (geometry.Grid.WorldVertices); the box is drawn only as
	// BoxBoard (a box in any other style is a packing's, which its pieces
	// fill).
	Grid *geometry.Grid
	// BoxBelow draws a grid scene's board (BoxBoard) one layer down, under
	// its pieces rather than beside them: the board of triangles or
	// hexagons that Play fills, whose cells would fight with the pieces'
	// faces in their own layer.
	BoxBelow bool
	// Wrap says across which axes (x, y, z) the box's opposite faces are
	// joined (a board that wraps, as a cylinder or torus): Render and
	// WriteSVG mark those faces (see joinMarks).
	Wrap [3]bool
}

// Bounds returns the axis-aligned box around everything the scene draws (the
// box if it is shown, and every piece at its offset), in world units. ok is
// false for an empty scene.
func (s *Scene) Bounds() (lo, hi mgl64.Vec3, ok bool) {
	lo = mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	add := func(cells []geometry.Cell, off mgl64.Vec3) {
		for _, c := range cells {
			p := mgl64.Vec3{float64(c.X), float64(c.Y), float64(c.Z)}.Add(off)
			for k := range 3 {
				lo[k] = math.Min(lo[k], p[k])
				hi[k] = math.Max(hi[k], p[k]+1)
			}
		}
	}
	if s.Grid != nil {
		return s.gridBounds()
	}
	if s.BoxStyle != BoxHidden {
		add(s.Box, mgl64.Vec3{})
	}
	for i := range s.Pieces {
		add(s.Pieces[i].Cells, s.Pieces[i].Offset)
	}
	if lo[0] > hi[0] {
		return mgl64.Vec3{}, mgl64.Vec3{}, false
	}
	if s.wraps() { // room for the join marks outside the box
		for k := range 3 {
			if s.Wrap[k] {
				lo[k], hi[k] = lo[k]-JoinRoom, hi[k]+JoinRoom
			}
		}
	}
	return lo, hi, true
}

// boxStyle is the style the box is drawn in: BoxBoard is a grid's, and
// draws as BoxGhost on cubes.
func (s *Scene) boxStyle() BoxStyle {
	if s.BoxStyle == BoxBoard && s.Grid == nil {
		return BoxGhost
	}
	return s.BoxStyle
}

// opaque reports whether the piece is drawn opaque.
func (p *Piece) opaque() bool { return p.Opacity <= 0 || p.Opacity >= 1 }

// alpha returns the piece's opacity in (0, 1].
func (p *Piece) alpha() float64 {
	if p.opaque() {
		return 1
	}
	return p.Opacity
}
