package heatmap

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"polyviz/geometry"
	"polyviz/render"
)

// panelSize is the least size in pixels of one panel; a board wider than
// panelSize/cellPixels cells gets cellPixels a cell, so that a 62x62
// board's cells are not lost in their outlines, up to maxPanel and to
// maxPixels for all the panels together (a map holds them all at once).
const panelSize, cellPixels, maxPanel, maxPixels = 220, 8, 1600, 16 << 20

// panelPixels is the size of m's n panels: panelSize, or cellPixels a
// cell of the drawing's longer side within the bounds above.
func (m *Map) panelPixels(n int) int {
	if len(m.Cells) == 0 {
		return panelSize
	}
	lo, hi := m.flat(m.Cells[0]), m.flat(m.Cells[0])
	for _, c := range m.Cells[1:] {
		f := m.flat(c)
		lo.X, lo.Y = min(lo.X, f.X), min(lo.Y, f.Y)
		hi.X, hi.Y = max(hi.X, f.X), max(hi.Y, f.Y)
	}
	side := max(hi.X-lo.X, hi.Y-lo.Y) + 1
	px := min(side*cellPixels, maxPanel, int(math.Sqrt(maxPixels/float64(n))))
	return max(panelSize, px)
}

// Drawable says whether Image can draw the map: squares, cubes, triangles
// and hexagons can; a 3D box on one of BurrTools' other grids cannot (its
// layers are not laid out side by side): its CSV has the counts.
func (m *Map) Drawable() error {
	if g := m.pz.Grid(); g != nil && !m.Planar {
		return fmt.Errorf("heat map: cannot draw a box on BurrTools' %s grid (polyviz solve --heatmap FILE.csv writes its counts)", g.Name())
	}
	return nil
}

// Image draws the map: a blend panel, then one panel per piece, in rows of
// cols panels, each named above its picture ("most often" for the blend).
// The panels are cut to the box's drawing (a 3x20 board is a strip, not
// a square), on the pictures' own paper. It returns Drawable's error for
// a box it cannot draw.
func (m *Map) Image(cols int) (*image.NRGBA, error) {
	if err := m.Drawable(); err != nil {
		return nil, err
	}
	n := len(m.Pieces) + 1
	cols = max(1, min(cols, n))
	rows := (n + cols - 1) / cols
	panels := make([]*image.NRGBA, n)
	px := m.panelPixels(n)
	for k := range n {
		panels[k] = m.panel(k-1, px)
	}
	// every panel draws the same cells in the same place: the first one's
	// drawing, with a margin, is where all of them are
	paper := panels[0].NRGBAAt(0, 0)
	crop := inked(panels[0], paper).Inset(-captionMargin)
	crop = crop.Intersect(panels[0].Bounds())
	tw, th := crop.Dx()+panelGap, crop.Dy()+captionHeight
	out := image.NewNRGBA(image.Rect(0, 0, cols*tw-panelGap, rows*th))
	draw.Draw(out, out.Bounds(), image.NewUniform(paper), image.Point{}, draw.Src)
	for k, img := range panels {
		at := image.Pt((k%cols)*tw, (k/cols)*th)
		name := "most often"
		if k > 0 {
			name = m.Pieces[k-1]
		}
		w := crop.Dx()
		render.Caption(out, at.X+w/2, at.Y+captionHeight-6, 15, captionInk, name)
		dst := image.Rectangle{at.Add(image.Pt(0, captionHeight)), at.Add(image.Pt(w, th))}
		draw.Draw(out, dst, img, crop.Min, draw.Over)
	}
	return out, nil
}

// captionHeight is the band above a panel for its name, captionMargin the
// paper kept round a panel's drawing, and panelGap more paper between two
// panels side by side (a cube's layers are a margin apart within one).
const captionHeight, captionMargin, panelGap = 22, 8, 16

// captionInk is the colour of the panels' names.
var captionInk = color.NRGBA{0x30, 0x30, 0x30, 0xff}

// inked is the least rectangle holding every pixel of img that is not
// paper (the whole image if there is none).
func inked(img *image.NRGBA, paper color.NRGBA) image.Rectangle {
	b := img.Bounds()
	r := image.Rectangle{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.NRGBAAt(x, y) != paper {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if r.Empty() {
		return b
	}
	return r
}

// panel draws piece p's frequencies (p = -1: the blend of all pieces).
func (m *Map) panel(p, px int) *image.NRGBA {
	// triangles and hexagons are drawn as their polygons (the grid of
	// their lattice); squares and cubes as the render package's cubes
	s := &render.Scene{Grid: m.pz.Solids()}
	for i, c := range m.Cells {
		cell := m.flat(c)
		s.Box = append(s.Box, cell)
		s.Pieces = append(s.Pieces, render.Piece{Name: "", Cells: []geometry.Cell{cell}, Color: m.Shade(i, p)})
	}
	return render.Render(s, render.FitCameraSize(s, true, px, px), px, px)
}

// flat lays the layers of a 3D box side by side along x.
func (m *Map) flat(c geometry.Cell) geometry.Cell {
	if m.Planar {
		if m.pz.Solids() != nil {
			return c // the kind of a triangle is in Z
		}
		return geometry.Cell{X: c.X, Y: c.Y}
	}
	lo, hi := geometry.Shape(m.Cells).Bounds()
	w := hi.X - lo.X + 2
	return geometry.Cell{X: c.X - lo.X + (c.Z-lo.Z)*w, Y: c.Y}
}

// Shade is the colour of cell i (an index in Cells) in piece p's panel:
// white mixed with the piece's colour (darkened, to read on white) by its
// frequency relative to the piece's most frequent cell, so that the cell
// the piece covers most often has the strongest colour; for p = -1 (the
// first panel) the colour of the piece that covers the cell most often
// (see Leader), by its share of the solutions. The window's 3D view draws
// the box's cells in these colours too.
func (m *Map) Shade(i, p int) color.NRGBA {
	n := len(m.Pieces)
	if m.Solutions == 0 || n == 0 || i < 0 || i >= len(m.Cells) || p >= n {
		return color.NRGBA{255, 255, 255, 255}
	}
	f := 0.0
	if p < 0 {
		p = m.Leader(i)
		f = float64(m.Count[i][p]) / float64(m.Solutions)
	} else if top := m.most(p); top > 0 {
		f = float64(m.Count[i][p]) / float64(top)
	}
	return m.Tint(p, f)
}

// Tint is white mixed with piece p's colour (darkened, to read on white)
// in the proportion f, from 0 (white) to 1 (the colour); Shade's ramp.
func (m *Map) Tint(p int, f float64) color.NRGBA {
	f = max(0, min(1, f))
	c := render.PieceColor(p, len(m.Pieces))
	mix := func(v uint8) uint8 { return uint8(255 - f*(255-0.7*float64(v))) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), 255}
}

// Leader returns the piece that covers cell i most often (the first of
// them on a tie; 0 when the map has no solutions).
func (m *Map) Leader(i int) int {
	best := 0
	for q := range m.Count[i] {
		if m.Count[i][q] > m.Count[i][best] {
			best = q
		}
	}
	return best
}

// most returns the largest count of piece p on a cell.
func (m *Map) most(p int) int64 {
	top := int64(0)
	for i := range m.Cells {
		top = max(top, m.Count[i][p])
	}
	return top
}
