package heatmap

import (
	"image"
	"image/color"
	"image/draw"

	"polyviz/geometry"
	"polyviz/render"
)

// panelSize is the size in pixels of one panel.
const panelSize = 220

// Image draws the map: a blend panel, then one panel per piece, in rows of
// cols panels.
func (m *Map) Image(cols int) *image.NRGBA {
	n := len(m.Pieces) + 1
	cols = max(1, min(cols, n))
	rows := (n + cols - 1) / cols
	out := image.NewNRGBA(image.Rect(0, 0, cols*panelSize, rows*panelSize))
	draw.Draw(out, out.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	for k := range n {
		img := m.panel(k - 1)
		at := image.Pt((k%cols)*panelSize, (k/cols)*panelSize)
		draw.Draw(out, image.Rectangle{at, at.Add(image.Pt(panelSize, panelSize))}, img, image.Point{}, draw.Over)
	}
	return out
}

// panel draws piece p's frequencies (p = -1: the blend of all pieces).
func (m *Map) panel(p int) *image.NRGBA {
	s := &render.Scene{}
	for i, c := range m.Cells {
		cell := m.flat(c)
		s.Box = append(s.Box, cell)
		s.Pieces = append(s.Pieces, render.Piece{Name: "", Cells: []geometry.Cell{cell}, Color: m.shade(i, p)})
	}
	return render.Render(s, render.FitCameraSize(s, true, panelSize, panelSize), panelSize, panelSize)
}

// flat lays the layers of a 3D box side by side along x.
func (m *Map) flat(c geometry.Cell) geometry.Cell {
	if m.Planar {
		return geometry.Cell{X: c.X, Y: c.Y}
	}
	lo, hi := geometry.Shape(m.Cells).Bounds()
	w := hi.X - lo.X + 2
	return geometry.Cell{X: c.X - lo.X + (c.Z-lo.Z)*w, Y: c.Y}
}

// shade is the colour of cell i in piece p's panel: white mixed with the
// piece's colour by its frequency; for p = -1 the pieces' colours mixed by
// their frequencies.
func (m *Map) shade(i, p int) color.NRGBA {
	white := [3]float64{255, 255, 255}
	if m.Solutions == 0 {
		return color.NRGBA{255, 255, 255, 255}
	}
	n := len(m.Pieces)
	mix := func(c color.NRGBA, f float64, to *[3]float64) {
		to[0] += f * float64(c.R)
		to[1] += f * float64(c.G)
		to[2] += f * float64(c.B)
	}
	var acc [3]float64
	if p >= 0 {
		f := float64(m.Count[i][p]) / float64(m.Solutions)
		mix(render.PieceColor(p, n), f, &acc)
		for k := range acc {
			acc[k] += (1 - f) * white[k]
		}
	} else {
		total := 0.0
		for q := range n {
			f := float64(m.Count[i][q]) / float64(m.Solutions)
			mix(render.PieceColor(q, n), f, &acc)
			total += f
		}
		for k := range acc {
			acc[k] += (1 - min(total, 1)) * white[k]
		}
	}
	return color.NRGBA{uint8(acc[0]), uint8(acc[1]), uint8(acc[2]), 255}
}
