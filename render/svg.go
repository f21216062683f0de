package render

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strings"

	"polyviz/geometry"
)

// SVGOptions sets up a vector drawing of a flat scene. The zero value is
// usable.
type SVGOptions struct {
	// Cell is the side of one cell in pixels (default 32).
	Cell float64
	// Grid draws the lines between cells inside the board and the pieces.
	Grid bool
	// Labels writes each piece's name on its most central cell.
	Labels bool
	// Title is written above the drawing when it is not empty.
	Title string
	// Lattice is the grid of the cells: nil or geometry.Squares() for
	// square cells; geometry.Triangles() and geometry.Hexagons() draw each
	// cell as its triangle or hexagon (x to the right, y at 60°).
	Lattice *geometry.Lattice
}

func (o SVGOptions) cell() float64 {
	if o.Cell <= 0 {
		return 32
	}
	return o.Cell
}

// SVG colours: the page, the board, outlines.
const (
	svgPage    = "#ffffff"
	svgBoard   = "#e6e6e6"
	svgGrid    = "#b4b4b4"
	svgOutline = "#202020"
)

// WriteSVG draws a flat scene seen from straight above as SVG: the board's
// cells (z = 0) in light grey, and every piece as one filled shape with a
// dark outline around it (not between its own cells), with the cell grid
// and the pieces' names when asked. x runs to the right and y up, as the
// PNG renderer draws a 2D puzzle from above; cells off the z = 0 layer are
// drawn on it. Every coordinate is a whole multiple of the cell size, so
// edges are crisp at any zoom.
func WriteSVG(w io.Writer, s *Scene, opt SVGOptions) error {
	if opt.Lattice != nil && skewed(opt.Lattice) {
		return writeLatticeSVG(w, s, opt)
	}
	cell := opt.cell()
	lo, hi, ok := flatBounds(s)
	if !ok {
		lo, hi = geometry.Cell{}, geometry.Cell{}
	}
	margin := cell / 2
	if s.wraps() {
		margin = cell // room for the join marks
	}
	title := 0.0
	if opt.Title != "" {
		title = cell
	}
	width := float64(hi.X-lo.X+1)*cell + 2*margin
	height := float64(hi.Y-lo.Y+1)*cell + 2*margin + title
	// (x, y) of the lattice to pixels: y flipped so that it runs up the page.
	px := func(x, y float64) (float64, float64) {
		return margin + (x-float64(lo.X))*cell, margin + title + (float64(hi.Y+1)-y)*cell
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\">\n", num(width), num(height), num(width), num(height))
	fmt.Fprintf(bw, "<rect width=\"100%%\" height=\"100%%\" fill=\"%s\"/>\n", svgPage)
	if opt.Title != "" {
		fmt.Fprintf(bw, "<text x=\"%s\" y=\"%s\" font-family=\"sans-serif\" font-size=\"%s\" fill=\"%s\">%s</text>\n",
			num(margin), num(margin+cell*0.6), num(cell*0.6), svgOutline, escapeXML(opt.Title))
	}
	stroke := math.Max(1, cell/14)
	// The board.
	board := flatCells(s.Box, 0, 0)
	if len(board) > 0 {
		fmt.Fprintf(bw, "<g id=\"board\">\n")
		writeCellsPath(bw, board, px, fmt.Sprintf("fill=\"%s\"", svgBoard))
		if opt.Grid {
			writeGridPath(bw, board, px, fmt.Sprintf("stroke=\"%s\" stroke-width=\"%s\"", svgGrid, num(stroke/2)))
		}
		writeOutlinePath(bw, board, px, fmt.Sprintf("stroke=\"%s\" stroke-width=\"%s\"", svgGrid, num(stroke)))
		fmt.Fprintf(bw, "</g>\n")
	}
	// The pieces.
	for _, p := range s.Pieces {
		cells := flatCells(p.Cells, p.Offset[0], p.Offset[1])
		if len(cells) == 0 {
			continue
		}
		opacity := ""
		if p.Opacity > 0 && p.Opacity < 1 {
			opacity = fmt.Sprintf(" opacity=\"%s\"", num(p.Opacity))
		}
		fmt.Fprintf(bw, "<g class=\"piece\"%s><title>%s</title>\n", opacity, escapeXML(p.Name))
		writeCellsPath(bw, cells, px, fmt.Sprintf("fill=\"%s\"", hexColor(p.Color)))
		if opt.Grid {
			writeGridPath(bw, cells, px, fmt.Sprintf("stroke=\"%s\" stroke-opacity=\"0.35\" stroke-width=\"%s\"", svgOutline, num(stroke/2)))
		}
		writeOutlinePath(bw, cells, px, fmt.Sprintf("stroke=\"%s\" stroke-width=\"%s\"", svgOutline, num(stroke)))
		if opt.Labels && p.Name != "" {
			c := centralCell(cells)
			x, y := px(c[0]+0.5, c[1]+0.5)
			fmt.Fprintf(bw, "<text x=\"%s\" y=\"%s\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"%s\" fill=\"%s\">%s</text>\n",
				num(x), num(y), num(cell*0.5), labelColor(p.Color), escapeXML(p.Name))
		}
		fmt.Fprintf(bw, "</g>\n")
	}
	writeJoinsSVG(bw, s, px, 1.5*stroke)
	fmt.Fprintf(bw, "</svg>\n")
	return bw.Flush()
}

// flatBounds returns the extent of the scene's board and pieces in x and y.
func flatBounds(s *Scene) (lo, hi geometry.Cell, ok bool) {
	var all [][2]float64
	all = append(all, flatCells(s.Box, 0, 0)...)
	for _, p := range s.Pieces {
		all = append(all, flatCells(p.Cells, p.Offset[0], p.Offset[1])...)
	}
	if len(all) == 0 {
		return lo, hi, false
	}
	lo = geometry.Cell{X: math.MaxInt, Y: math.MaxInt}
	hi = geometry.Cell{X: math.MinInt, Y: math.MinInt}
	for _, c := range all {
		x, y := int(math.Floor(c[0])), int(math.Floor(c[1]))
		lo.X, lo.Y = min(lo.X, x), min(lo.Y, y)
		hi.X, hi.Y = max(hi.X, int(math.Ceil(c[0]))), max(hi.Y, int(math.Ceil(c[1])))
	}
	return lo, hi, true
}

// flatCells returns the distinct (x, y) of cells, moved by (dx, dy).
func flatCells(cells []geometry.Cell, dx, dy float64) [][2]float64 {
	seen := map[[2]float64]bool{}
	var out [][2]float64
	for _, c := range cells {
		k := [2]float64{float64(c.X) + dx, float64(c.Y) + dy}
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	slices.SortFunc(out, func(a, b [2]float64) int {
		if a[1] != b[1] {
			return cmpFloat(a[1], b[1])
		}
		return cmpFloat(a[0], b[0])
	})
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// writeCellsPath fills the cells as one path of squares, runs of cells in a
// row joined into one rectangle.
func writeCellsPath(w *bufio.Writer, cells [][2]float64, px func(x, y float64) (float64, float64), attrs string) {
	var d strings.Builder
	for i := 0; i < len(cells); {
		j := i + 1
		for j < len(cells) && cells[j][1] == cells[i][1] && cells[j][0] == cells[j-1][0]+1 {
			j++
		}
		x0, y0 := px(cells[i][0], cells[i][1]+1)
		x1, y1 := px(cells[j-1][0]+1, cells[i][1])
		fmt.Fprintf(&d, "M%s %sH%sV%sH%sz", num(x0), num(y0), num(x1), num(y1), num(x0))
		i = j
	}
	fmt.Fprintf(w, "<path d=\"%s\" %s/>\n", d.String(), attrs)
}

// edgeSet lists unit edges of cells: horizontal ones by (x, y) of their left
// end, vertical ones by (x, y) of their lower end.
type edgeSet struct {
	h, v map[[2]float64]bool
}

// cellEdges returns the outline edges (between a cell and a non-cell) or the
// inner ones (between two cells).
func cellEdges(cells [][2]float64, inner bool) edgeSet {
	in := map[[2]float64]bool{}
	for _, c := range cells {
		in[c] = true
	}
	e := edgeSet{h: map[[2]float64]bool{}, v: map[[2]float64]bool{}}
	for _, c := range cells {
		x, y := c[0], c[1]
		// below and above, left and right
		if in[[2]float64{x, y - 1}] == inner {
			e.h[[2]float64{x, y}] = true
		}
		if in[[2]float64{x, y + 1}] == inner {
			e.h[[2]float64{x, y + 1}] = true
		}
		if in[[2]float64{x - 1, y}] == inner {
			e.v[[2]float64{x, y}] = true
		}
		if in[[2]float64{x + 1, y}] == inner {
			e.v[[2]float64{x + 1, y}] = true
		}
	}
	return e
}

// path writes the edges as line segments, collinear neighbours joined.
func (e edgeSet) path(px func(x, y float64) (float64, float64)) string {
	var d strings.Builder
	for _, horizontal := range []bool{true, false} {
		set := e.v
		if horizontal {
			set = e.h
		}
		keys := make([][2]float64, 0, len(set))
		for k := range set {
			keys = append(keys, k)
		}
		// Sort along the line: horizontal edges by y then x, vertical by x then y.
		slices.SortFunc(keys, func(a, b [2]float64) int {
			if horizontal {
				if a[1] != b[1] {
					return cmpFloat(a[1], b[1])
				}
				return cmpFloat(a[0], b[0])
			}
			if a[0] != b[0] {
				return cmpFloat(a[0], b[0])
			}
			return cmpFloat(a[1], b[1])
		})
		for i := 0; i < len(keys); {
			j := i + 1
			for j < len(keys) {
				if horizontal && (keys[j][1] != keys[i][1] || keys[j][0] != keys[j-1][0]+1) {
					break
				}
				if !horizontal && (keys[j][0] != keys[i][0] || keys[j][1] != keys[j-1][1]+1) {
					break
				}
				j++
			}
			x0, y0 := px(keys[i][0], keys[i][1])
			if horizontal {
				x1, _ := px(keys[j-1][0]+1, keys[i][1])
				fmt.Fprintf(&d, "M%s %sH%s", num(x0), num(y0), num(x1))
			} else {
				_, y1 := px(keys[i][0], keys[j-1][1]+1)
				fmt.Fprintf(&d, "M%s %sV%s", num(x0), num(y0), num(y1))
			}
			i = j
		}
	}
	return d.String()
}

func writeOutlinePath(w *bufio.Writer, cells [][2]float64, px func(x, y float64) (float64, float64), attrs string) {
	fmt.Fprintf(w, "<path d=\"%s\" fill=\"none\" stroke-linecap=\"square\" %s/>\n", cellEdges(cells, false).path(px), attrs)
}

func writeGridPath(w *bufio.Writer, cells [][2]float64, px func(x, y float64) (float64, float64), attrs string) {
	if d := cellEdges(cells, true).path(px); d != "" {
		fmt.Fprintf(w, "<path d=\"%s\" fill=\"none\" %s/>\n", d, attrs)
	}
}

// centralCell returns the cell nearest the cells' centroid (the first such,
// in the cells' order), where a label reads best.
func centralCell(cells [][2]float64) [2]float64 {
	var cx, cy float64
	for _, c := range cells {
		cx, cy = cx+c[0], cy+c[1]
	}
	cx, cy = cx/float64(len(cells)), cy/float64(len(cells))
	best, bestD := cells[0], math.Inf(1)
	for _, c := range cells {
		if d := math.Hypot(c[0]+0.5-cx-0.5, c[1]+0.5-cy-0.5); d < bestD-1e-9 {
			best, bestD = c, d
		}
	}
	return best
}

func hexColor(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// labelColor is white on dark pieces and near-black on light ones.
func labelColor(c color.NRGBA) string {
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) < 140 {
		return "#ffffff"
	}
	return svgOutline
}

// num writes a coordinate with at most three decimals and no trailing zeros.
func num(v float64) string {
	s := fmt.Sprintf("%.3f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}

func escapeXML(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\"", "&quot;", "'", "&apos;")
	return r.Replace(s)
}

// WriteSheetSVG draws the orientation sheet of a flat piece as SVG: its
// images under the 8 symmetries of the square (geometry.PlaneSymmetries, in
// that order), in a grid of four columns, each numbered, repeats faded as
// on the PNG sheet. With opt.Lattice triangles or hexagons, the 12 images
// under the lattice's Group, in six columns.
func WriteSheetSVG(w io.Writer, shape geometry.Shape, opt SheetOptions) error {
	if opt.Lattice != nil && skewed(opt.Lattice) {
		return writeLatticeSheetSVG(w, shape, opt)
	}
	images, _ := geometry.OrientationImages(shape, geometry.PlaneSymmetries(), true)
	distinct := DistinctImages(images)
	col := opt.Color
	if col == (color.NRGBA{}) {
		col = PieceColor(0, 1)
	}
	side := 1
	for _, im := range images {
		sz := im.Size()
		side = max(side, sz.X, sz.Y)
	}
	cols := opt.Columns
	if cols <= 0 {
		cols = 4
	}
	rows := (len(images) + cols - 1) / cols
	cell := 24.0
	if opt.Thumb > 0 {
		cell = math.Max(4, float64(opt.Thumb)/float64(side+1))
	}
	thumb := float64(side+1) * cell
	margin, titleH, labelH := 12.0, 34.0, 20.0
	width := 2*margin + float64(cols)*thumb + float64(cols-1)*8
	height := 2*margin + titleH + float64(rows)*(thumb+labelH) + float64(rows-1)*8
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\">\n", num(width), num(height), num(width), num(height))
	fmt.Fprintf(bw, "<rect width=\"100%%\" height=\"100%%\" fill=\"%s\"/>\n", svgPage)
	n := 0
	for _, d := range distinct {
		if d {
			n++
		}
	}
	title := fmt.Sprintf("%s: %d of %d orientations distinct", opt.Name, n, len(images))
	fmt.Fprintf(bw, "<text x=\"%s\" y=\"%s\" font-family=\"sans-serif\" font-size=\"18\" fill=\"%s\">%s</text>\n", num(margin), num(margin+20), svgOutline, escapeXML(strings.TrimPrefix(title, ": ")))
	bg := color.NRGBA{255, 255, 255, 255}
	for i, im := range images {
		r, c := i/cols, i%cols
		ox := margin + float64(c)*(thumb+8)
		oy := margin + titleH + float64(r)*(thumb+labelH+8)
		sz := im.Size()
		// Centre the image in its square; y runs up.
		x0 := ox + (thumb-float64(sz.X)*cell)/2
		y0 := oy + (thumb-float64(sz.Y)*cell)/2
		px := func(x, y float64) (float64, float64) { return x0 + x*cell, y0 + (float64(sz.Y)-y)*cell }
		fill, line := col, svgOutline
		if !distinct[i] {
			fill, line = fadeColor(col, bg, fade), svgGrid
		}
		cells := flatCells(im.Normalize(), 0, 0)
		fmt.Fprintf(bw, "<g class=\"orientation\">\n")
		fmt.Fprintf(bw, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"none\" stroke=\"%s\"/>\n", num(ox), num(oy), num(thumb), num(thumb), svgBoard)
		writeCellsPath(bw, cells, px, fmt.Sprintf("fill=\"%s\"", hexColor(fill)))
		writeGridPath(bw, cells, px, fmt.Sprintf("stroke=\"%s\" stroke-opacity=\"0.35\" stroke-width=\"1\"", line))
		writeOutlinePath(bw, cells, px, fmt.Sprintf("stroke=\"%s\" stroke-width=\"%s\"", line, num(math.Max(1, cell/12))))
		fmt.Fprintf(bw, "<text x=\"%s\" y=\"%s\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"13\" fill=\"%s\">%d</text>\n", num(ox+thumb/2), num(oy+thumb+15), line, i+1)
		fmt.Fprintf(bw, "</g>\n")
	}
	fmt.Fprintf(bw, "</svg>\n")
	return bw.Flush()
}
