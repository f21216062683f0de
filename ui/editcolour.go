package ui

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
	"polyviz/geometry"
)

// Cell colours of a BurrTools problem (editor/colour.go) in the editor: a
// coloured cell is tinted in its colour in the layer grid and the 3D view,
// and the colour picker under the layer grid makes clicks paint a colour
// (0, neutral, clears it) on the cells of the shape instead of drawing.

// brushDraw is the picker's first choice: clicks draw cells, as without it.
const brushDraw = -1

// colourPicker is the picker: hidden for a puzzle without colours.
type colourPicker struct {
	bar    *fyne.Container
	sel    *widget.Select
	swatch *canvas.Rectangle
	brush  int // brushDraw, 0 (neutral) or a palette colour
	n      int // the palette's size the options were made for
}

func newColourPicker() *colourPicker {
	p := &colourPicker{brush: brushDraw, n: -1}
	p.swatch = canvas.NewRectangle(color.Transparent)
	p.swatch.SetMinSize(fyne.NewSize(20, 20))
	p.sel = widget.NewSelect(nil, func(s string) {
		p.brush = brushDraw
		for k := 0; k <= p.n; k++ {
			if s == colourName(k) {
				p.brush = k
			}
		}
	})
	p.bar = container.NewBorder(nil, nil, widget.NewLabel("Clicks"), p.swatch, p.sel)
	p.bar.Hide()
	return p
}

// colourName is the picker's name of colour k.
func colourName(k int) string {
	if k == 0 {
		return "paint colour 0 (neutral)"
	}
	return fmt.Sprintf("paint colour %d", k)
}

// update makes the picker's choices the colours of d and shows its
// choice's colour beside it.
func (p *colourPicker) update(d editor.Document) {
	if len(d.Palette) == 0 {
		p.brush, p.n = brushDraw, 0
		p.bar.Hide()
		return
	}
	if p.n != len(d.Palette) {
		p.n = len(d.Palette)
		opts := []string{"draw cells"}
		for k := 0; k <= p.n; k++ {
			opts = append(opts, colourName(k))
		}
		p.sel.SetOptions(opts)
		p.sel.SetSelectedIndex(0)
	}
	p.swatch.FillColor = color.Transparent
	if p.brush > 0 && p.brush <= len(d.Palette) {
		p.swatch.FillColor = d.Palette[p.brush-1]
	}
	p.swatch.Refresh()
	p.bar.Show()
}

// tint is a shape's colour shaded toward cell colour k of d.
func tint(base color.NRGBA, d editor.Document, k int) color.NRGBA {
	if k <= 0 || k > len(d.Palette) {
		return base
	}
	c := d.Palette[k-1]
	mix := func(a, b uint8) uint8 { return uint8((int(a) + 3*int(b)) / 4) }
	return color.NRGBA{mix(base.R, c.R), mix(base.G, c.G), mix(base.B, c.B), 0xff}
}

// cellMark is the layer grid's tint of the coloured cells of target (nil
// when it has none).
func cellMark(d editor.Document, target int) func(c geometry.Cell, base color.NRGBA) color.NRGBA {
	of := d.BoxColours()
	if target >= 0 {
		of = d.PieceColours(target)
	}
	if len(of) == 0 {
		return nil
	}
	return func(c geometry.Cell, base color.NRGBA) color.NRGBA { return tint(base, d, of[c]) }
}

// tintScene splits the coloured cells of the scene's shapes (the box's, or
// the piece's alone) into pieces of their own in their tints.
func tintScene(sc *Scene, d editor.Document, target int) {
	of := d.BoxColours()
	if target >= 0 {
		of = d.PieceColours(target)
	}
	if len(of) == 0 {
		return
	}
	var out []ScenePiece
	for _, sp := range sc.Pieces {
		if sp.Name != "box" && target < 0 || sp.Name == "box" && target >= 0 {
			out = append(out, sp) // a piece in place drawn on the box
			continue
		}
		byColour := map[int][]geometry.Cell{}
		var order []int
		for _, c := range sp.Cells {
			k := of[c]
			if byColour[k] == nil {
				order = append(order, k)
			}
			byColour[k] = append(byColour[k], c)
		}
		for _, k := range order {
			part := sp
			part.Cells, part.Color = byColour[k], tint(sp.Color, d, k)
			out = append(out, part)
		}
	}
	sc.Pieces = out
}

// recolour is the layer grid's click while the picker paints a colour:
// one edit giving the cells clicked the colour (false, not taken, while it
// draws cells).
func (e *editMode) recolour(cells []geometry.Cell) bool {
	p := e.grid.picker
	if p == nil || p.brush == brushDraw {
		return false
	}
	e.apply(editor.PaintColour(e.sel, p.brush, cells...))
	return true
}
