package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"polyviz/geometry"
)

func cl(x, y, z int) geometry.Cell { return geometry.Cell{X: x, Y: y, Z: z} }

// TestLatticeSVGEdges: a piece's outline is every edge of its cells that no
// other of its cells has, and the grid every shared edge: a diamond (Δ00
// and ∇00') has 4 and 1, the straight tetrahex 18 and 3, the hexagon of six
// triangles around a corner 6 and 6.
func TestLatticeSVGEdges(t *testing.T) {
	tri, hex := geometry.Triangles(), geometry.Hexagons()
	tests := []struct {
		name         string
		l            *geometry.Lattice
		cells        []geometry.Cell
		outer, inner int
	}{
		{"diamond", tri, []geometry.Cell{cl(0, 0, 0), cl(0, 0, 1)}, 4, 1},
		{"tagged diamond", tri, []geometry.Cell{cl(0, 0, 0), cl(0, 0, 1), cl(0, 0, 3)}, 4, 1},
		{"straight tetrahex", hex, []geometry.Cell{cl(0, 0, 0), cl(1, 0, 0), cl(2, 0, 0), cl(3, 0, 0)}, 18, 3},
		{"hexagon of triangles", tri, []geometry.Cell{cl(1, 1, 0), cl(0, 0, 1), cl(0, 1, 0), cl(0, 1, 1), cl(1, 0, 0), cl(1, 0, 1)}, 6, 6},
	}
	seg := regexp.MustCompile(`M[-0-9.]+ [-0-9.]+L`)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			s := &Scene{Pieces: []Piece{{Name: "P", Cells: tc.cells}}}
			if err := WriteSVG(&buf, s, SVGOptions{Lattice: tc.l, Grid: true}); err != nil {
				t.Fatal(err)
			}
			var outer, inner int
			for _, line := range strings.Split(buf.String(), "\n") {
				if !strings.Contains(line, `fill="none"`) {
					continue
				}
				n := len(seg.FindAllString(line, -1))
				if strings.Contains(line, "stroke-opacity") {
					inner += n
				} else {
					outer += n
				}
			}
			if outer != tc.outer || inner != tc.inner {
				t.Errorf("%d outline and %d grid edges, want %d and %d", outer, inner, tc.outer, tc.inner)
			}
		})
	}
}

// TestCellPolygons: the triangles Δ xy and ∇ xy' make the rhombus of square
// xy, and the six triangles around a corner make one hexagon: the corners
// of neighbouring cells coincide exactly.
func TestCellPolygons(t *testing.T) {
	tri := geometry.Triangles()
	up, down := cellPolygon(tri, geometry.Cell{X: 2, Y: 3}), cellPolygon(tri, geometry.Cell{X: 2, Y: 3, Z: 1})
	shared := 0
	for _, p := range up {
		for _, q := range down {
			if p == q {
				shared++
			}
		}
	}
	if shared != 2 {
		t.Errorf("Δ23 and ∇23' share %d corners, want 2", shared)
	}
	hex := geometry.Hexagons()
	for _, n := range hex.Neighbours(geometry.Cell{X: 4, Y: 4}) {
		a, b := cellPolygon(hex, geometry.Cell{X: 4, Y: 4}), cellPolygon(hex, n)
		shared := 0
		for _, p := range a {
			for _, q := range b {
				if p == q {
					shared++
				}
			}
		}
		if shared != 2 {
			t.Errorf("hexagons 44 and %v share %d corners, want 2", n, shared)
		}
	}
}

// TestLatticeSheetSVG: the orientation sheet of a chiral hexiamond shows 12
// images, all distinct; of the bar (a parallelogram: a half turn keeps it), 12 of which 6 are distinct.
func TestLatticeSheetSVG(t *testing.T) {
	tri := geometry.Triangles()
	for _, tc := range []struct {
		name  string
		shape geometry.Shape
		title string
	}{
		{"E", geometry.NewShape(cl(0, 0, 0), cl(0, 0, 1), cl(0, 1, 0), cl(0, 1, 1), cl(1, 0, 1), cl(1, 1, 0)), "12 of 12"},
		{"A", geometry.NewShape(cl(0, 0, 0), cl(0, 0, 1), cl(0, 1, 0), cl(0, 1, 1), cl(0, 2, 0), cl(0, 2, 1)), "6 of 12"},
	} {
		var buf bytes.Buffer
		if err := WriteSheetSVG(&buf, tc.shape, SheetOptions{Name: tc.name, Lattice: tri}); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(buf.String(), `class="orientation"`); n != 12 || !strings.Contains(buf.String(), tc.title+" orientations distinct") {
			t.Errorf("%s: %d images; title missing %q", tc.name, n, tc.title)
		}
	}
}
