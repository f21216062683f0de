package crosscheck

import (
	"bytes"
	"fmt"
	"math/rand/v2"

	"polyviz/burrtools"
	"polyviz/geometry"
)

// gridRegions are the extents of the regions cut on each BurrTools grid
// (index triples x < X, y < Y, z < Z that are cells of the grid), and the
// sizes of the pieces, as the burrtools package's own random files.
var gridRegions = []struct {
	grid     func() *geometry.Grid
	size     geometry.Cell
	min, max int
}{
	{geometry.Prisms, geometry.Cell{X: 4, Y: 2, Z: 2}, 3, 5},
	{geometry.Prisms, geometry.Cell{X: 6, Y: 2, Z: 1}, 2, 4},
	{geometry.Prisms, geometry.Cell{X: 5, Y: 3, Z: 1}, 3, 4},
	{geometry.Spheres, geometry.Cell{X: 3, Y: 3, Z: 3}, 3, 5},
	{geometry.Spheres, geometry.Cell{X: 4, Y: 4, Z: 1}, 2, 4},
	{geometry.Spheres, geometry.Cell{X: 4, Y: 3, Z: 2}, 3, 4},
	{geometry.RhombicTetrahedra, geometry.Cell{X: 5, Y: 5, Z: 5}, 4, 6},
	{geometry.TetraOcta, geometry.Cell{X: 6, Y: 3, Z: 3}, 2, 4},
}

// GenerateGrid returns a random BurrTools file on one of BurrTools' other
// grids (triangular prisms, spheres, rhombic tetrahedra, tetrahedra and
// octahedra): a region of the grid cut at random into connected pieces,
// identical ones merged into one part with a count now and then.
func GenerateGrid(r *rand.Rand) Case {
	spec := gridRegions[r.IntN(len(gridRegions))]
	gr := spec.grid()
	var region geometry.Shape
	for z := range spec.size.Z {
		for y := range spec.size.Y {
			for x := range spec.size.X {
				if c := (geometry.Cell{X: x, Y: y, Z: z}); gr.IsCell(c) {
					region = append(region, c)
				}
			}
		}
	}
	in := map[geometry.Cell]bool{}
	for _, c := range region {
		in[c] = true
	}
	// cut by random growth from random free cells
	owner := map[geometry.Cell]bool{}
	var pieces []geometry.Shape
	for len(owner) < len(region) {
		var free []geometry.Cell
		for _, c := range region {
			if !owner[c] {
				free = append(free, c)
			}
		}
		p := geometry.Shape{free[r.IntN(len(free))]}
		owner[p[0]] = true
		for want := spec.min + r.IntN(spec.max-spec.min+1); len(p) < want; {
			var front []geometry.Cell
			for _, c := range p {
				for _, n := range gr.Neighbours(c) {
					if in[n] && !owner[n] {
						front = append(front, n)
					}
				}
			}
			if len(front) == 0 {
				break
			}
			c := front[r.IntN(len(front))]
			owner[c] = true
			p = append(p, c)
		}
		pieces = append(pieces, geometry.NewShape(p...))
	}
	// one part a piece, or identical pieces merged
	merge := r.IntN(2) == 0
	about := fmt.Sprintf("%s, %dx%dx%d region, %d pieces", gr.Name(), spec.size.X, spec.size.Y, spec.size.Z, len(pieces))
	if merge {
		about += ", identical pieces merged"
	}
	x := &burrtools.File{GridType: gr.GridType(), Comment: "crosscheck: " + about}
	pr := burrtools.Problem{Name: "random", MaxHoles: -1}
	keys := map[string]int{}
	shape := func(name string, s geometry.Shape) burrtools.Shape {
		_, hi := s.Bounds()
		return burrtools.Shape{Name: name, Size: hi.Add(geometry.Cell{X: 1, Y: 1, Z: 1}), Filled: s}
	}
	for _, p := range pieces {
		o := gr.Normalize(p)
		os, _ := gr.Orientations(o)
		key := os[0].String()
		for _, q := range os {
			key = min(key, q.String())
		}
		if k, ok := keys[key]; ok && merge {
			pr.Parts[k].Min++
			pr.Parts[k].Max++
			continue
		}
		keys[key] = len(pr.Parts)
		pr.Parts = append(pr.Parts, burrtools.Part{Shape: len(x.Shapes), Min: 1, Max: 1})
		x.Shapes = append(x.Shapes, shape(pieceName(len(x.Shapes)), o))
	}
	pr.Result = len(x.Shapes)
	x.Shapes = append(x.Shapes, shape("box", geometry.NewShape(region...)))
	x.Problems = []burrtools.Problem{pr}
	var buf bytes.Buffer
	x.WriteXML(&buf) // a bytes.Buffer does not fail
	return Case{Name: "random.xmpuzzle", Lattice: geometry.Cubes(), Grid: gr, Format: burrtools.Format, Data: buf.Bytes(), About: about}
}
