package burrtools

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"testing"

	"polyviz/geometry"
)

// TestGridGenerate writes the small random problems of
// testdata/grids/generated (only when GENDIR names a folder): on each
// grid a region of cells cut at random into connected pieces, identical
// pieces merged into one part with a count. Seed 22 gave the stored files.
func TestGridGenerate(t *testing.T) {
	dir := os.Getenv("GENDIR")
	if dir == "" {
		t.Skip()
	}
	type spec struct {
		g    *geometry.Grid
		size geometry.Cell
		minP int
		maxP int
		keep func(geometry.Cell) bool
	}
	specs := []spec{
		{geometry.Prisms(), geometry.Cell{X: 4, Y: 2, Z: 2}, 3, 5, nil},
		{geometry.Prisms(), geometry.Cell{X: 6, Y: 2, Z: 1}, 2, 4, nil},
		{geometry.Prisms(), geometry.Cell{X: 5, Y: 3, Z: 1}, 3, 4, nil},
		{geometry.Spheres(), geometry.Cell{X: 3, Y: 3, Z: 3}, 3, 5, nil},
		{geometry.Spheres(), geometry.Cell{X: 4, Y: 4, Z: 1}, 2, 4, nil},
		{geometry.Spheres(), geometry.Cell{X: 4, Y: 3, Z: 2}, 3, 4, nil},
		{geometry.RhombicTetrahedra(), geometry.Cell{X: 5, Y: 5, Z: 5}, 4, 6, nil},
		{geometry.RhombicTetrahedra(), geometry.Cell{X: 10, Y: 5, Z: 5}, 7, 10, nil},
		{geometry.TetraOcta(), geometry.Cell{X: 6, Y: 3, Z: 3}, 2, 4, nil},
		{geometry.TetraOcta(), geometry.Cell{X: 6, Y: 6, Z: 3}, 3, 5, nil},
		{geometry.Spheres(), geometry.Cell{X: 5, Y: 5, Z: 5}, 3, 4, func(c geometry.Cell) bool { return c.X+c.Y+c.Z == 4 }},
		{geometry.Spheres(), geometry.Cell{X: 5, Y: 5, Z: 5}, 2, 3, func(c geometry.Cell) bool { return c.X+c.Y+c.Z == 4 }},
		{geometry.Spheres(), geometry.Cell{X: 4, Y: 4, Z: 4}, 2, 3, func(c geometry.Cell) bool { return c.X+c.Y+c.Z <= 4 }},
		{geometry.Prisms(), geometry.Cell{X: 6, Y: 2, Z: 2}, 2, 3, nil},
		{geometry.RhombicTetrahedra(), geometry.Cell{X: 5, Y: 5, Z: 5}, 2, 3, nil},
		{geometry.TetraOcta(), geometry.Cell{X: 6, Y: 3, Z: 3}, 2, 3, nil},
	}
	rng := rand.New(rand.NewSource(22))
	n := 0
	for si, sp := range specs {
		var box geometry.Shape
		for z := 0; z < sp.size.Z; z++ {
			for y := 0; y < sp.size.Y; y++ {
				for x := 0; x < sp.size.X; x++ {
					if c := (geometry.Cell{X: x, Y: y, Z: z}); sp.g.IsCell(c) && (sp.keep == nil || sp.keep(c)) {
						box = append(box, c)
					}
				}
			}
		}
		in := map[geometry.Cell]bool{}
		for _, c := range box {
			in[c] = true
		}
		tries := 0
		for rep := 0; rep < 4; rep++ {
			// random partition by growth
			owner := map[geometry.Cell]int{}
			var pieces []geometry.Shape
			ok := true
			for len(owner) < len(box) && ok {
				var free []geometry.Cell
				for _, c := range box {
					if _, t := owner[c]; !t {
						free = append(free, c)
					}
				}
				seed := free[rng.Intn(len(free))]
				want := sp.minP + rng.Intn(sp.maxP-sp.minP+1)
				p := geometry.Shape{seed}
				owner[seed] = len(pieces)
				for len(p) < want {
					var front []geometry.Cell
					for _, c := range p {
						for _, nb := range sp.g.Neighbours(c) {
							if _, t := owner[nb]; in[nb] && !t {
								front = append(front, nb)
							}
						}
					}
					if len(front) == 0 {
						break
					}
					c := front[rng.Intn(len(front))]
					owner[c] = len(pieces)
					p = append(p, c)
				}
				if len(p) < 2 {
					ok = false
				}
				pieces = append(pieces, p)
			}
			if !ok {
				if tries++; tries < 2000 {
					rep--
				}
				continue
			}
			x := &File{GridType: sp.g.GridType()}
			pr := Problem{MaxHoles: -1}
			for _, p := range pieces {
				o := sp.g.Normalize(p)
				os, _ := sp.g.Orientations(o)
				dup := -1
				for j := range x.Shapes {
					if len(x.Shapes[j].Filled) == len(o) {
						for _, q := range os {
							if q.Equal(sp.g.Normalize(x.Shapes[j].Filled)) {
								dup = j
							}
						}
					}
				}
				if dup >= 0 {
					pr.Parts[dup].Min++
					pr.Parts[dup].Max++
					continue
				}
				pr.Parts = append(pr.Parts, Part{Shape: len(x.Shapes), Min: 1, Max: 1})
				x.Shapes = append(x.Shapes, xmShape("", o, nil))
			}
			pr.Result = len(x.Shapes)
			x.Shapes = append(x.Shapes, xmShape("", box, nil))
			x.Problems = []Problem{pr}
			var buf bytes.Buffer
			if err := x.Write(&buf); err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s/g%d-%02d-%d.xmpuzzle", dir, sp.g.GridType(), si, rep)
			os.WriteFile(name, buf.Bytes(), 0o644)
			n++
		}
	}
	t.Logf("%d files", n)
}
