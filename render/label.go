package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"golang.org/x/image/font"

	"polyviz/geometry"
)

// Label is text written on the top face of a cell: a clue digit on a
// fillomino board, the size of a region, a piece's name. It is drawn after
// the faces and outlines, centred on the face, at a size that follows the
// face's size on screen, and only where the z-buffer shows that the face
// point is not behind something else.
type Label struct {
	// Cell is the unit cube whose top face (z+1) carries the text.
	Cell geometry.Cell
	// Offset moves the label with its piece (in cube units).
	Offset mgl64.Vec3
	Text   string
	// Color is the ink (default: the style's outline colour, or near-white
	// on a dark face).
	Color color.NRGBA
	// Bold draws the text in the bold face (clues, as against filled-in
	// digits).
	Bold bool
}

// minLabelPx is the smallest text height drawn: below it digits are not
// readable, and a busy view is better without them.
const minLabelPx = 6

// faceKey names a cached font face.
type faceKey struct {
	bold bool
	px   int
}

// drawLabels writes the scene's labels into the image, hidden where the
// z-buffer holds something nearer than the label's face.
func (r *Renderer) drawLabels(s *Scene) {
	for i := range s.Labels {
		l := &s.Labels[i]
		if l.Text == "" || !finite3(l.Offset) {
			continue
		}
		// project the face's centre and two of its edges' midpoints
		c := l.Cell
		base := mgl64.Vec3{float64(c.X), float64(c.Y), float64(c.Z + 1)}.Add(l.Offset)
		centre, ok := r.project(base.Add(mgl64.Vec3{0.5, 0.5, 0}))
		ex, okx := r.project(base.Add(mgl64.Vec3{1, 0.5, 0}))
		ey, oky := r.project(base.Add(mgl64.Vec3{0.5, 1, 0}))
		if !ok || !okx || !oky {
			continue
		}
		half := math.Min(math.Hypot(ex.x-centre.x, ex.y-centre.y), math.Hypot(ey.x-centre.x, ey.y-centre.y))
		px := int(math.Round(half * 1.1))
		if px < minLabelPx {
			continue
		}
		// the z-buffer test at the centre: the face itself may be there
		// (same depth, within the outlines' tolerance) or nothing at all
		x, y := int(centre.x), int(centre.y)
		if x < 0 || y < 0 || x >= r.w || y >= r.h {
			continue
		}
		if z := r.zbuf[y*r.w+x]; float32(centre.z) > z+4*r.eps {
			continue
		}
		ink := l.Color
		if ink == (color.NRGBA{}) {
			ink = r.inkOn(x, y)
		}
		face := r.face(l.Bold, px)
		m := face.Metrics()
		capHeight := m.CapHeight.Round()
		if capHeight <= 0 {
			capHeight = m.Ascent.Round() * 7 / 10
		}
		drawTextCentred(r.img, face, x, y+capHeight/2, ink, l.Text)
	}
}

// inkOn returns the default label colour over the pixel at (x, y): the
// outline colour on light faces, near-white on dark ones.
func (r *Renderer) inkOn(x, y int) color.NRGBA {
	under := r.img.NRGBAAt(x, y)
	// relative luminance, roughly (Rec. 709 weights on gamma-encoded values)
	lum := 0.2126*float64(under.R) + 0.7152*float64(under.G) + 0.0722*float64(under.B)
	if lum < 110 {
		return color.NRGBA{0xf6, 0xf6, 0xf2, 0xff}
	}
	return r.st.Outline
}

// project returns where a world point lands on screen; ok is false when it
// is behind the near plane.
func (r *Renderer) project(p mgl64.Vec3) (vertex, bool) {
	c := r.clipVertex(p)
	if nearDist(c) <= 0 || c[3] == 0 {
		return vertex{}, false
	}
	v := r.toScreen(c)
	return v, finiteVertex(v)
}

// face returns the font face for labels of px pixels, made once per
// renderer and size.
func (r *Renderer) face(bold bool, px int) font.Face {
	if r.faces == nil {
		r.faces = make(map[faceKey]font.Face)
	}
	k := faceKey{bold, px}
	if f, ok := r.faces[k]; ok {
		return f
	}
	f := regularFont()
	if bold {
		f = boldFont()
	}
	face := newFace(f, float64(px))
	r.faces[k] = face
	return face
}
