package render

import (
	"bytes"
	"encoding/xml"
	"io"
	"strconv"
	"strings"
	"testing"

	"polyviz/geometry"
)

// svgElements parses an SVG document as XML and counts its elements by
// name (and class), failing on any XML error.
func svgElements(t *testing.T, data []byte) map[string]int {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	count := map[string]int{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not valid XML: %v\n%s", err, data)
		}
		if se, ok := tok.(xml.StartElement); ok {
			count[se.Name.Local]++
			for _, a := range se.Attr {
				if a.Name.Local == "class" {
					count[se.Name.Local+"."+a.Value]++
				}
			}
		}
	}
	return count
}

func flat(spec ...string) []geometry.Cell {
	var cells []geometry.Cell
	for _, s := range spec {
		cells = append(cells, geometry.Cell{X: geometry.DecodeDigit(s[0]), Y: geometry.DecodeDigit(s[1])})
	}
	return cells
}

// TestWriteSVG draws a 3x2 board tiled by two L trominoes, one with a name
// that needs escaping: valid XML, one group per piece, labels when asked,
// coordinates on the half-cell grid.
func TestWriteSVG(t *testing.T) {
	s := &Scene{
		Box: flat("00", "10", "20", "01", "11", "21"),
		Pieces: []Piece{
			{Name: "L<&>", Cells: flat("00", "10", "01"), Color: PieceColor(0, 2)},
			{Name: "D", Cells: flat("20", "21", "11"), Color: PieceColor(1, 2), Opacity: 0.5},
		},
	}
	for _, opt := range []SVGOptions{{}, {Grid: true, Labels: true, Title: "a & b", Cell: 10}} {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, s, opt); err != nil {
			t.Fatal(err)
		}
		n := svgElements(t, buf.Bytes())
		if n["svg"] != 1 || n["g.piece"] != 2 {
			t.Errorf("%+v: elements %v", opt, n)
		}
		if want := map[bool]int{false: 0, true: 3}[opt.Labels]; n["text"] != want {
			t.Errorf("%+v: %d texts, want %d", opt, n["text"], want)
		}
		cell := opt.cell()
		// Every path coordinate is a multiple of half a cell (the margin) plus the title band.
		for _, d := range pathData(buf.String()) {
			for _, f := range strings.FieldsFunc(d, func(r rune) bool { return strings.ContainsRune("MHVz ", r) }) {
				v, err := strconv.ParseFloat(f, 64)
				if err != nil {
					t.Fatalf("path %q: %v", d, err)
				}
				title := 0.0
				if opt.Title != "" {
					title = cell
				}
				if r := v / (cell / 2); r != float64(int(r)) && (v-title)/(cell/2) != float64(int((v-title)/(cell/2))) {
					t.Errorf("coordinate %g is off the grid", v)
				}
			}
		}
		if opt.Labels && !strings.Contains(buf.String(), "L&lt;&amp;&gt;") {
			t.Error("the label is not escaped")
		}
	}
}

// pathData returns the d attributes of the paths in an SVG text.
func pathData(svg string) []string {
	var out []string
	for _, part := range strings.Split(svg, " d=\"")[1:] {
		out = append(out, part[:strings.IndexByte(part, '"')])
	}
	return out
}

// TestSVGOutline checks that a piece's outline goes around it and not
// between its own cells: an I tetromino's outline is 2 long edges and 2
// short ones, joined into 4 segments.
func TestSVGOutline(t *testing.T) {
	cells := flatCells(flat("00", "10", "20", "30"), 0, 0)
	px := func(x, y float64) (float64, float64) { return x, y }
	d := cellEdges(cells, false).path(px)
	if strings.Count(d, "M") != 4 {
		t.Errorf("outline %q: want 4 segments", d)
	}
	if d := cellEdges(cells, true).path(px); strings.Count(d, "M") != 3 {
		t.Errorf("grid %q: want 3 inner lines", d)
	}
}

// TestWriteSheetSVG checks the sheet of the I pentomino: 8 images, 2 distinct.
func TestWriteSheetSVG(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSheetSVG(&buf, geometry.NewShape(flat("00", "01", "02", "03", "04")...), SheetOptions{Name: "I"}); err != nil {
		t.Fatal(err)
	}
	n := svgElements(t, buf.Bytes())
	if n["g.orientation"] != 8 {
		t.Errorf("%d orientations drawn, want 8", n["g.orientation"])
	}
	if !strings.Contains(buf.String(), "I: 2 of 8 orientations distinct") {
		t.Errorf("title missing:\n%s", buf.String()[:300])
	}
}
