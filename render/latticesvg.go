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

// latticeCell is one drawn cell: its polygon in vertex units and the
// translation (in lattice steps) of its piece.
type latticeCell struct {
	poly   [][2]int
	dx, dy float64
}

// edgeKey is an edge between two corners, in vertex units, the lesser first.
type edgeKey [4]int

func edgeOf(p, q [2]int) edgeKey {
	if p[0] > q[0] || p[0] == q[0] && p[1] > q[1] {
		p, q = q, p
	}
	return edgeKey{p[0], p[1], q[0], q[1]}
}

// writeLatticeSVG is WriteSVG for triangles and hexagons: every cell is a
// polygon; a piece's outline is every edge of its cells that only one of
// them has (so the border between two pieces is drawn by both, exactly on
// top of each other), and the grid every edge two of its cells share.
func writeLatticeSVG(w io.Writer, s *Scene, opt SVGOptions) error {
	l := opt.Lattice
	cell := opt.cell()
	cellsOf := func(cs []geometry.Cell, dx, dy float64) []latticeCell {
		var out []latticeCell
		seen := map[geometry.Cell]bool{}
		for _, c := range cs {
			c.Z = l.Kind(c) // the tag is not drawn
			if !seen[c] {
				seen[c] = true
				out = append(out, latticeCell{poly: cellPolygon(l, c), dx: dx, dy: dy})
			}
		}
		return out
	}
	board := cellsOf(s.Box, 0, 0)
	pieces := make([][]latticeCell, len(s.Pieces))
	for i, p := range s.Pieces {
		pieces[i] = cellsOf(p.Cells, p.Offset[0], p.Offset[1])
	}
	// The extent, in lattice steps.
	lox, loy, hix, hiy := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, group := range append([][]latticeCell{board}, pieces...) {
		for _, c := range group {
			for _, v := range c.poly {
				x, y := planePoint(l, v[0], v[1], c.dx, c.dy)
				lox, loy, hix, hiy = math.Min(lox, x), math.Min(loy, y), math.Max(hix, x), math.Max(hiy, y)
			}
		}
	}
	if lox > hix {
		lox, loy, hix, hiy = 0, 0, 1, 1
	}
	margin := cell / 2
	title := 0.0
	if opt.Title != "" {
		title = cell
	}
	width := (hix-lox)*cell + 2*margin
	height := (hiy-loy)*cell + 2*margin + title
	px := func(c latticeCell, v [2]int) (float64, float64) {
		x, y := planePoint(l, v[0], v[1], c.dx, c.dy)
		return margin + (x-lox)*cell, margin + title + (hiy-y)*cell
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
	if len(board) > 0 {
		fmt.Fprintf(bw, "<g id=\"board\">\n")
		writePolygons(bw, board, px, fmt.Sprintf("fill=\"%s\" stroke=\"%s\" stroke-width=\"0.5\"", svgBoard, svgBoard))
		if opt.Grid {
			writeEdges(bw, board, px, true, fmt.Sprintf("stroke=\"%s\" stroke-width=\"%s\"", svgGrid, num(stroke/2)))
		}
		writeEdges(bw, board, px, false, fmt.Sprintf("stroke=\"%s\" stroke-width=\"%s\"", svgGrid, num(stroke)))
		fmt.Fprintf(bw, "</g>\n")
	}
	for i, p := range s.Pieces {
		cells := pieces[i]
		if len(cells) == 0 {
			continue
		}
		opacity := ""
		if p.Opacity > 0 && p.Opacity < 1 {
			opacity = fmt.Sprintf(" opacity=\"%s\"", num(p.Opacity))
		}
		col := hexColor(p.Color)
		fmt.Fprintf(bw, "<g class=\"piece\"%s><title>%s</title>\n", opacity, escapeXML(p.Name))
		// a hairline of the fill colour closes the seams anti-aliasing leaves
		writePolygons(bw, cells, px, fmt.Sprintf("fill=\"%s\" stroke=\"%s\" stroke-width=\"0.5\" stroke-linejoin=\"round\"", col, col))
		if opt.Grid {
			writeEdges(bw, cells, px, true, fmt.Sprintf("stroke=\"%s\" stroke-opacity=\"0.35\" stroke-width=\"%s\"", svgOutline, num(stroke/2)))
		}
		writeEdges(bw, cells, px, false, fmt.Sprintf("stroke=\"%s\" stroke-width=\"%s\" stroke-linejoin=\"round\"", svgOutline, num(stroke)))
		if opt.Labels && p.Name != "" {
			x, y := centralPoint(cells, px)
			fmt.Fprintf(bw, "<text x=\"%s\" y=\"%s\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"sans-serif\" font-weight=\"bold\" font-size=\"%s\" fill=\"%s\">%s</text>\n",
				num(x), num(y), num(cell*0.45), labelColor(p.Color), escapeXML(p.Name))
		}
		fmt.Fprintf(bw, "</g>\n")
	}
	fmt.Fprintf(bw, "</svg>\n")
	return bw.Flush()
}

// writePolygons fills the cells as one path of closed polygons.
func writePolygons(w *bufio.Writer, cells []latticeCell, px func(latticeCell, [2]int) (float64, float64), attrs string) {
	var d strings.Builder
	for _, c := range cells {
		for k, v := range c.poly {
			x, y := px(c, v)
			op := "L"
			if k == 0 {
				op = "M"
			}
			fmt.Fprintf(&d, "%s%s %s", op, num(x), num(y))
		}
		d.WriteString("z")
	}
	fmt.Fprintf(w, "<path d=\"%s\" %s/>\n", d.String(), attrs)
}

// writeEdges draws the outline edges of the cells (those only one cell
// has) or, when inner, the edges two cells share.
func writeEdges(w *bufio.Writer, cells []latticeCell, px func(latticeCell, [2]int) (float64, float64), inner bool, attrs string) {
	count := map[edgeKey]int{}
	for _, c := range cells {
		for k := range c.poly {
			count[edgeOf(c.poly[k], c.poly[(k+1)%len(c.poly)])]++
		}
	}
	var d strings.Builder
	done := map[edgeKey]bool{}
	for _, c := range cells {
		for k := range c.poly {
			p, q := c.poly[k], c.poly[(k+1)%len(c.poly)]
			e := edgeOf(p, q)
			if done[e] || (count[e] > 1) != inner {
				continue
			}
			done[e] = true
			x0, y0 := px(c, p)
			x1, y1 := px(c, q)
			fmt.Fprintf(&d, "M%s %sL%s %s", num(x0), num(y0), num(x1), num(y1))
		}
	}
	if d.Len() > 0 {
		fmt.Fprintf(w, "<path d=\"%s\" fill=\"none\" stroke-linecap=\"round\" %s/>\n", d.String(), attrs)
	}
}

// centralPoint returns the centre of the cell nearest the cells' centroid,
// in pixels, where a label reads best.
func centralPoint(cells []latticeCell, px func(latticeCell, [2]int) (float64, float64)) (float64, float64) {
	centres := make([][2]float64, len(cells))
	var mx, my float64
	for i, c := range cells {
		for _, v := range c.poly {
			x, y := px(c, v)
			centres[i][0] += x / float64(len(c.poly))
			centres[i][1] += y / float64(len(c.poly))
		}
		mx, my = mx+centres[i][0], my+centres[i][1]
	}
	mx, my = mx/float64(len(cells)), my/float64(len(cells))
	best := slices.MinFunc(centres, func(a, b [2]float64) int {
		return cmpFloat(math.Hypot(a[0]-mx, a[1]-my), math.Hypot(b[0]-mx, b[1]-my))
	})
	return best[0], best[1]
}

// writeLatticeSheetSVG is WriteSheetSVG for triangles and hexagons: the
// piece's images under the lattice's 12 symmetries (Group, in its order),
// six to a row, numbered, repeats faded.
func writeLatticeSheetSVG(w io.Writer, shape geometry.Shape, opt SheetOptions) error {
	l := opt.Lattice
	images, distinct := l.OrientationImages(shape, l.Group())
	col := opt.Color
	if col == (color.NRGBA{}) {
		col = PieceColor(0, 1)
	}
	// every image fits in a square of side `side` lattice steps
	side := 1.0
	for _, im := range images {
		lx, ly, hx, hy := polygonBounds(l, im)
		side = math.Max(side, math.Max(hx-lx, hy-ly))
	}
	cols := opt.Columns
	if cols <= 0 {
		cols = 6
	}
	rows := (len(images) + cols - 1) / cols
	thumb := 150.0
	if opt.Thumb > 0 {
		thumb = float64(opt.Thumb)
	}
	cell := thumb / (side + 1)
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
		lx, ly, hx, hy := polygonBounds(l, im)
		// centre the image in its square; y runs up
		x0 := ox + (thumb-(hx-lx)*cell)/2
		y0 := oy + (thumb+(hy-ly)*cell)/2
		px := func(lc latticeCell, v [2]int) (float64, float64) {
			x, y := planePoint(l, v[0], v[1], 0, 0)
			return x0 + (x-lx)*cell, y0 - (y-ly)*cell
		}
		fill, line := col, svgOutline
		if !distinct[i] {
			fill, line = fadeColor(col, bg, fade), svgGrid
		}
		var cells []latticeCell
		for _, c := range im {
			c.Z = l.Kind(c)
			cells = append(cells, latticeCell{poly: cellPolygon(l, c)})
		}
		fmt.Fprintf(bw, "<g class=\"orientation\">\n")
		fmt.Fprintf(bw, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" fill=\"none\" stroke=\"%s\"/>\n", num(ox), num(oy), num(thumb), num(thumb), svgBoard)
		h := hexColor(fill)
		writePolygons(bw, cells, px, fmt.Sprintf("fill=\"%s\" stroke=\"%s\" stroke-width=\"0.5\"", h, h))
		writeEdges(bw, cells, px, true, fmt.Sprintf("stroke=\"%s\" stroke-opacity=\"0.35\" stroke-width=\"1\"", line))
		writeEdges(bw, cells, px, false, fmt.Sprintf("stroke=\"%s\" stroke-width=\"%s\"", line, num(math.Max(1, cell/12))))
		fmt.Fprintf(bw, "<text x=\"%s\" y=\"%s\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"13\" fill=\"%s\">%d</text>\n", num(ox+thumb/2), num(oy+thumb+15), line, i+1)
		fmt.Fprintf(bw, "</g>\n")
	}
	fmt.Fprintf(bw, "</svg>\n")
	return bw.Flush()
}

// polygonBounds returns the extent of a shape's cell polygons, in lattice
// steps of the plane.
func polygonBounds(l *geometry.Lattice, s geometry.Shape) (lx, ly, hx, hy float64) {
	lx, ly, hx, hy = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range s {
		c.Z = l.Kind(c)
		for _, v := range cellPolygon(l, c) {
			x, y := planePoint(l, v[0], v[1], 0, 0)
			lx, ly, hx, hy = math.Min(lx, x), math.Min(ly, y), math.Max(hx, x), math.Max(hy, y)
		}
	}
	return lx, ly, hx, hy
}
