package ui

import (
	"image"
	"image/color"
	"image/draw"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"polyviz/geometry"
)

// cellState is what the layer grid shows in one square.
type cellState uint8

const (
	cellEmpty    cellState = iota
	cellFilled             // a cell of the shape being edited
	cellOptional           // a box cell that may stay empty
	cellBelow              // empty here, filled in the layer below (a guide)
)

// layerGrid is the editor's drawing surface: one z layer of the shape being
// edited as a grid of squares, y up as in the 3D view from above. A click
// toggles a square, a drag paints every square it crosses the way its first
// square went (on or off), and a right click removes. A drag is one edit:
// the squares it crossed are handed over together when it ends.
type layerGrid struct {
	widget.BaseWidget

	// lo is the cell at the grid's bottom-left square; cols x rows squares
	// are shown, all at height lo.Z.
	lo         geometry.Cell
	cols, rows int
	// state tells what a cell shows; colour is the filled squares' colour.
	state  func(c geometry.Cell) cellState
	colour color.NRGBA
	// paint is called with the cells of one click or drag and whether they
	// are to be filled (true) or emptied.
	paint func(cells []geometry.Cell, on bool)
	// mark tints a coloured cell (nil: none is); recolour takes a click's
	// cells while the colour picker paints a colour (editcolour.go).
	mark     func(c geometry.Cell, base color.NRGBA) color.NRGBA
	recolour func(cells []geometry.Cell) bool
	picker   *colourPicker

	// lattice is the board's lattice when its cells are not squares
	// (triangles, hexagons), drawn by solids' shapes (layergrid_plane.go);
	// nil for squares and cubes.
	lattice *geometry.Lattice
	solids  *geometry.Grid

	raster   *canvas.Raster
	dragging bool
	dragOn   bool
	dragged  []geometry.Cell
}

func newLayerGrid() *layerGrid {
	g := &layerGrid{cols: 6, rows: 6, colour: color.NRGBA{0x6f, 0xa8, 0xe6, 0xff}, picker: newColourPicker()}
	g.raster = canvas.NewRaster(g.draw)
	g.ExtendBaseWidget(g)
	return g
}

// CreateRenderer draws the grid as one raster.
func (g *layerGrid) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(g.raster)
}

// MinSize leaves room for squares of 14 points.
func (g *layerGrid) MinSize() fyne.Size {
	return fyne.NewSize(float32(14*max(g.cols, 4)), float32(14*max(g.rows, 4)))
}

// setLattice draws the cells of l in their own shapes (nil: squares).
func (g *layerGrid) setLattice(l *geometry.Lattice) {
	g.lattice, g.solids = nil, nil
	if l != nil && l.Solids() != nil {
		g.lattice, g.solids = l, l.Solids()
	}
}

// setGrid draws a layer of one of BurrTools' grids, each cell seen from
// above (layergrid_plane.go).
func (g *layerGrid) setGrid(gr *geometry.Grid) { g.lattice, g.solids = nil, gr }

// setRegion shows cols x rows squares from lo and redraws.
func (g *layerGrid) setRegion(lo geometry.Cell, cols, rows int) {
	g.lo, g.cols, g.rows = lo, max(cols, 1), max(rows, 1)
	g.Refresh()
}

// Refresh redraws the squares.
func (g *layerGrid) Refresh() {
	g.raster.Refresh()
	g.BaseWidget.Refresh()
}

// square returns the side of a square and the grid's top-left corner in a
// w x h image (pixels).
func (g *layerGrid) square(w, h int) (side, x0, y0 int) {
	side = max(min(w/g.cols, h/g.rows), 2)
	return side, (w - side*g.cols) / 2, (h - side*g.rows) / 2
}

// draw paints the grid into a w x h image.
func (g *layerGrid) draw(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.NRGBA{0x26, 0x28, 0x2c, 0xff}}, image.Point{}, draw.Src)
	side, x0, y0 := g.square(w, h)
	pending := map[geometry.Cell]bool{}
	for _, c := range g.dragged {
		pending[c] = true
	}
	fillOf := func(c geometry.Cell) (color.NRGBA, bool) {
		st := cellEmpty
		if g.state != nil {
			st = g.state(c)
		}
		if pending[c] { // the drag under way, shown before it is applied
			st = cellEmpty
			if g.dragOn {
				st = cellFilled
			}
		}
		fill := color.NRGBA{0x3a, 0x3d, 0x44, 0xff}
		switch st {
		case cellFilled:
			fill = g.colour
		case cellOptional:
			fill = color.NRGBA{g.colour.R / 2, g.colour.G / 2, g.colour.B / 2, 0xff}
		case cellBelow:
			fill = color.NRGBA{0x4a, 0x4e, 0x58, 0xff}
		}
		if g.mark != nil && (st == cellFilled || st == cellOptional) {
			fill = g.mark(c, fill)
		}
		return fill, st == cellOptional
	}
	if g.solids != nil {
		g.drawPlane(img, fillOf)
		return img
	}
	for col := range g.cols {
		for row := range g.rows {
			c := geometry.Cell{X: g.lo.X + col, Y: g.lo.Y + row, Z: g.lo.Z}
			fill, optional := fillOf(c)
			// row 0 is at the bottom, as y goes up in the view
			r := image.Rect(x0+col*side+1, y0+(g.rows-1-row)*side+1, x0+(col+1)*side-1, y0+(g.rows-row)*side-1)
			draw.Draw(img, r, &image.Uniform{fill}, image.Point{}, draw.Src)
			if optional { // a diagonal stroke marks an optional cell
				for k := 0; k < r.Dx() && k < r.Dy(); k++ {
					img.SetNRGBA(r.Min.X+k, r.Max.Y-1-k, color.NRGBA{0xee, 0xee, 0xee, 0xff})
				}
			}
		}
	}
	return img
}

// cellAt returns the cell under a position of the widget, if any.
func (g *layerGrid) cellAt(pos fyne.Position) (geometry.Cell, bool) {
	size := g.Size()
	if size.Width <= 0 || size.Height <= 0 {
		return geometry.Cell{}, false
	}
	// work in the widget's points; the raster scales points to pixels evenly
	w, h := int(size.Width), int(size.Height)
	if g.solids != nil {
		return g.planeCellAt(float64(pos.X), float64(pos.Y), w, h)
	}
	side, x0, y0 := g.square(w, h)
	col := (int(pos.X) - x0) / side
	row := g.rows - 1 - (int(pos.Y)-y0)/side
	if int(pos.X) < x0 || int(pos.Y) < y0 || col < 0 || col >= g.cols || row < 0 || row >= g.rows {
		return geometry.Cell{}, false
	}
	return geometry.Cell{X: g.lo.X + col, Y: g.lo.Y + row, Z: g.lo.Z}, true
}

func (g *layerGrid) filled(c geometry.Cell) bool {
	if g.state == nil {
		return false
	}
	st := g.state(c)
	return st == cellFilled || st == cellOptional
}

// Tapped toggles the square clicked.
func (g *layerGrid) Tapped(e *fyne.PointEvent) {
	if c, ok := g.cellAt(e.Position); ok && g.paint != nil && !g.recoloured([]geometry.Cell{c}) {
		g.paint([]geometry.Cell{c}, !g.filled(c))
	}
}

// TappedSecondary empties the square right-clicked.
func (g *layerGrid) TappedSecondary(e *fyne.PointEvent) {
	if c, ok := g.cellAt(e.Position); ok && g.paint != nil && g.filled(c) && !g.recoloured([]geometry.Cell{c}) {
		g.paint([]geometry.Cell{c}, false)
	}
}

// Dragged paints: the first square decides whether the drag fills or empties.
func (g *layerGrid) Dragged(e *fyne.DragEvent) {
	c, ok := g.cellAt(e.Position)
	if !ok {
		return
	}
	if !g.dragging {
		g.dragging, g.dragOn, g.dragged = true, !g.filled(c), nil
		if start, ok := g.cellAt(e.Position.Subtract(e.Dragged)); ok {
			g.dragged = append(g.dragged, start)
		}
	}
	for _, d := range g.dragged {
		if d == c {
			return
		}
	}
	g.dragged = append(g.dragged, c)
	g.raster.Refresh()
}

// DragEnd hands the squares of the drag over as one edit.
func (g *layerGrid) DragEnd() {
	cells, on := g.dragged, g.dragOn
	g.dragging, g.dragged = false, nil
	if len(cells) > 0 && g.paint != nil && !g.recoloured(cells) {
		g.paint(cells, on)
	}
	g.raster.Refresh()
}

// recoloured hands cells to recolour and reports whether it took them.
func (g *layerGrid) recoloured(cells []geometry.Cell) bool {
	return g.recolour != nil && g.recolour(cells)
}

// Cursor shows a crosshair over the grid.
func (g *layerGrid) Cursor() desktop.Cursor { return desktop.CrosshairCursor }
