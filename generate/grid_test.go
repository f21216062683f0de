package generate

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"polyviz/geometry"
)

// sphereBox is the sphere grid's cells in a box of side n.
func sphereBox(n int) geometry.Shape {
	var s geometry.Shape
	for x := range n {
		for y := range n {
			for z := range n {
				if (x+y+z)%2 == 0 {
					s = append(s, geometry.Cell{X: x, Y: y, Z: z})
				}
			}
		}
	}
	return s
}

// bruteSpheres counts the pieces of lo..hi spheres in the template by
// brute force: every subset, joined when its spheres touch (the grid's
// Neighbours), canonical as the least, over the grid's rotation matrices
// applied to the centres (the triples themselves, about the first
// sphere: BurrTools' extra turns carry a flat piece onto the grid only
// about a sphere of its layer) and the translation
// taking the least sphere to the origin, of the sorted cells; rotations
// false uses the identity alone.
func bruteSpheres(gr *geometry.Grid, tmpl geometry.Shape, lo, hi int, rotations bool) []int {
	counts := make([]int, hi+1)
	seen := map[string]bool{}
	n := len(tmpl)
	for mask := 1; mask < 1<<n; mask++ {
		var sh []geometry.Cell
		for i := range n {
			if mask>>i&1 == 1 {
				sh = append(sh, tmpl[i])
			}
		}
		if len(sh) < lo || len(sh) > hi || !touching(gr, sh) {
			continue
		}
		maps := 1
		if rotations {
			maps = gr.NumRotations()
		}
		best := ""
		for k := range maps {
			m := gr.Matrix(k)
			var img []geometry.Cell
			for _, c := range sh {
				c = c.Sub(sh[0]) // about the first sphere's centre, a translation of the grid
				v := [3]float64{float64(c.X), float64(c.Y), float64(c.Z)}
				var w [3]int
				ok := true
				for i := range 3 {
					f := m[i][0]*v[0] + m[i][1]*v[1] + m[i][2]*v[2]
					w[i] = int(math.Round(f))
					ok = ok && math.Abs(f-float64(w[i])) < 1e-6
				}
				if !ok {
					img = nil
					break
				}
				img = append(img, geometry.Cell{X: w[0], Y: w[1], Z: w[2]})
			}
			if img == nil || (img[0].X+img[0].Y+img[0].Z)%2 != 0 {
				continue // off the grid
			}
			slices.SortFunc(img, func(a, b geometry.Cell) int {
				return cmpCells(a, b)
			})
			for i := len(img) - 1; i >= 0; i-- {
				img[i] = img[i].Sub(img[0])
			}
			if s := fmt.Sprint(img); best == "" || s < best {
				best = s
			}
		}
		if !seen[best] {
			seen[best] = true
			counts[len(sh)]++
		}
	}
	return counts[lo:]
}

func cmpCells(a, b geometry.Cell) int {
	for _, d := range [3]int{a.X - b.X, a.Y - b.Y, a.Z - b.Z} {
		if d != 0 {
			return d
		}
	}
	return 0
}

func touching(gr *geometry.Grid, sh []geometry.Cell) bool {
	reached := map[geometry.Cell]bool{sh[0]: true}
	stack := []geometry.Cell{sh[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range gr.Neighbours(c) {
			if slices.Contains(sh, d) && !reached[d] {
				reached[d] = true
				stack = append(stack, d)
			}
		}
	}
	return len(reached) == len(sh)
}

func countBySize(res Result, lo, hi int) []int {
	counts := make([]int, hi+1)
	for _, p := range res.Pieces {
		counts[len(p.Cells)]++
	}
	return counts[lo:]
}

// On the sphere grid the pieces of 2 to 4 spheres in a small box are those
// a brute force finds up to the grid's rotations, which are fewer than
// those up to translation alone.
func TestGenerateSpheres(t *testing.T) {
	gr := geometry.Spheres()
	tmpl := sphereBox(3)
	tp, err := NewGridTemplate(gr, nil, tmpl)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		u         Unique
		rotations bool
	}{{Rotation, true}, {Translation, false}} {
		res, err := Generate(context.Background(), tp, Options{Filter: Filter{Connected: Faces, Min: 2, Max: 4, Unique: c.u}})
		if err != nil {
			t.Fatal(err)
		}
		got, want := countBySize(res, 2, 4), bruteSpheres(gr, tmpl, 2, 4, c.rotations)
		t.Logf("unique %s: %v", c.u, got)
		if !slices.Equal(got, want) {
			t.Errorf("unique %s: %v pieces of 2..4 spheres, brute force says %v", c.u, got, want)
		}
		if c.u == Rotation && slices.Equal(got, bruteSpheres(gr, tmpl, 2, 4, false)) {
			t.Errorf("up to rotation %v: as many as up to translation", got)
		}
		for _, p := range res.Pieces {
			if p.Connected != "touching" || p.Order < 1 {
				t.Errorf("%v: connected %q, order %d", p.Cells, p.Connected, p.Order)
			}
		}
	}
}

// A layer of triangular prisms is the triangles lattice: up to rotation
// (turning a prism over mirrors the layer) there are 1, 1, 1, 3 and 4
// polyiamonds of 1 to 5 cells, and as many up to mirror.
func TestGeneratePrismLayer(t *testing.T) {
	gr := geometry.Prisms()
	var tmpl geometry.Shape
	for x := range 7 {
		for y := range 3 {
			tmpl = append(tmpl, geometry.Cell{X: x, Y: y})
		}
	}
	tp, err := NewGridTemplate(gr, nil, tmpl)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []Unique{Rotation, Mirror} {
		res, err := Generate(context.Background(), tp, Options{Filter: Filter{Connected: Faces, Max: 5, Unique: u}})
		if err != nil {
			t.Fatal(err)
		}
		if got := countBySize(res, 1, 5); !slices.Equal(got, []int{1, 1, 1, 3, 4}) {
			t.Errorf("unique %s: %v polyiamonds of 1..5 cells, want [1 1 1 3 4]", u, got)
		}
	}
	// the triangles lattice agrees
	tri := geometry.Triangles()
	ttp, err := NewTemplate(tri, nil, Box(tri, 4, 3))
	if err != nil {
		t.Fatal(err)
	}
	res, err := Generate(context.Background(), ttp, Options{Filter: Filter{Connected: Faces, Max: 5, Unique: Mirror}})
	if err != nil {
		t.Fatal(err)
	}
	if got := countBySize(res, 1, 5); !slices.Equal(got, []int{1, 1, 1, 3, 4}) {
		t.Errorf("triangles: %v", got)
	}
}

// The filters a grid has no meaning for are refused in words; holes are
// found through the grid's neighbours; the subsets are sized first.
func TestGenerateGridRefusals(t *testing.T) {
	gr := geometry.Prisms()
	tp, err := NewGridTemplate(gr, nil, geometry.Shape{{X: 0}, {X: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(context.Background(), tp, Options{Filter: Filter{Millable: true}}); !errors.Is(err, ErrGridMilling) {
		t.Errorf("millable on prisms: %v", err)
	}
	if _, err := Generate(context.Background(), tp, Options{Filter: Filter{Connected: Edges}}); err == nil {
		t.Error("connected edge on prisms taken")
	}
	if _, err := NewGridTemplate(geometry.Spheres(), nil, geometry.Shape{{X: 1}}); err == nil {
		t.Error("a cell off the sphere grid taken")
	}
	big, err := NewGridTemplate(geometry.Spheres(), nil, sphereBox(4))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Generate(context.Background(), big, Options{MaxSubsets: 1 << 20}); !errors.Is(err, ErrTooMany) {
		t.Errorf("32 optional spheres: %v", err)
	}
	// a 3x3x3 block of prism-layers' worth: a ring of prisms round one
	// prism encloses it when capped above and below
	var ring geometry.Shape
	for x := -1; x <= 3; x++ {
		for y := -1; y <= 1; y++ {
			for z := -1; z <= 1; z++ {
				if (geometry.Cell{X: x, Y: y, Z: z}) != (geometry.Cell{X: 1}) {
					ring = append(ring, geometry.Cell{X: x, Y: y, Z: z})
				}
			}
		}
	}
	if h := GridHoles(gr, ring); h != 1 {
		t.Errorf("a block of prisms less its middle one: %d holes, want 1", h)
	}
	if h := GridHoles(gr, geometry.Shape{{X: 0}, {X: 1}}); h != 0 {
		t.Errorf("two prisms: %d holes", h)
	}
}

// Holes on the block grids: every cell of three by three by three blocks
// but the middle block's encloses those cells. In one block, the 24
// rhombic tetrahedra are alike and pair through a face in two ways (in one
// face's pyramid, or across an edge of the cube); tetra-octa's central
// tetrahedron and its four corner ones are two kinds of cell, paired one
// way.
func TestGridHolesBlocks(t *testing.T) {
	for _, c := range []struct {
		gr     *geometry.Grid
		period int
		want   []int
	}{{geometry.RhombicTetrahedra(), 5, []int{1, 2}}, {geometry.TetraOcta(), 3, []int{2, 1}}} {
		var shell, middle geometry.Shape
		n := 3 * c.period
		for x := range n {
			for y := range n {
				for z := range n {
					cell := geometry.Cell{X: x, Y: y, Z: z}
					if !c.gr.IsCell(cell) {
						continue
					}
					if x/c.period == 1 && y/c.period == 1 && z/c.period == 1 {
						middle = append(middle, cell)
					} else {
						shell = append(shell, cell)
					}
				}
			}
		}
		if h := GridHoles(c.gr, shell); h != len(middle) || h == 0 {
			t.Errorf("%s: %d holes, want the middle block's %d cells", c.gr.Name(), h, len(middle))
		}
		if h := GridHoles(c.gr, middle); h != 0 {
			t.Errorf("%s: one block has %d holes", c.gr.Name(), h)
		}
		tp, err := NewGridTemplate(c.gr, nil, middle)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Generate(context.Background(), tp, Options{Filter: Filter{Connected: Faces, Max: 2, NoHoles: true}})
		if err != nil {
			t.Fatal(err)
		}
		if got := countBySize(res, 1, 2); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v pieces of one and two cells, want %v", c.gr.Name(), got, c.want)
		}
	}
}
