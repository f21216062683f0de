package disassembly_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"polyviz/disassembly"
	"polyviz/geometry"
)

// randomPacking cuts an nx×ny×nz box into k connected pieces grown from
// random seeds.
func randomPacking(r *rand.Rand, nx, ny, nz, k int) []geometry.Shape {
	owner := map[geometry.Cell]int{}
	var frontier [][]geometry.Cell
	for i := 0; i < k; i++ {
		for {
			c := geometry.Cell{X: r.IntN(nx), Y: r.IntN(ny), Z: r.IntN(nz)}
			if _, ok := owner[c]; !ok {
				owner[c] = i
				frontier = append(frontier, []geometry.Cell{c})
				break
			}
		}
	}
	steps := []geometry.Cell{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {Z: 1}, {Z: -1}}
	for len(owner) < nx*ny*nz {
		i := r.IntN(k)
		f := frontier[i]
		c := f[r.IntN(len(f))].Add(steps[r.IntN(6)])
		if c.X < 0 || c.Y < 0 || c.Z < 0 || c.X >= nx || c.Y >= ny || c.Z >= nz {
			continue
		}
		if _, ok := owner[c]; ok {
			continue
		}
		owner[c] = i
		frontier[i] = append(f, c)
	}
	out := make([]geometry.Shape, k)
	for i := range out {
		out[i] = geometry.NewShape(frontier[i]...)
	}
	return out
}

// TestRandomPackings takes apart random packings of small boxes, with and
// without a box open at the top, and replays every sequence found cell by
// cell; it also checks that a packing reported locked from the start has
// no piece that is free at once (a check independent of the search; a
// packing may also be locked later, when two of its parts hold each other).
func TestRandomPackings(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 300
	if testing.Short() {
		n = 60
	}
	count := map[string]int{}
	for range n {
		nx, ny, nz := 2+r.IntN(3), 2+r.IntN(3), 1+r.IntN(3)
		k := 2 + r.IntN(min(6, nx*ny*nz-1))
		pieces := randomPacking(r, nx, ny, nz, k)
		for _, opt := range []disassembly.Options{{}, {Box: cuboid(nx, ny, nz), Open: geometry.Cell{Z: 1}}} {
			res, err := disassembly.Disassemble(context.Background(), pieces, opt)
			if err != nil {
				t.Fatal(err)
			}
			count[res.Status.String()]++
			checkMoves(t, pieces, opt, res)
			if res.Status == disassembly.Locked && len(res.Levels) == 0 && len(opt.Box) == 0 && freePiece(pieces) {
				t.Errorf("reported locked, but a piece slides out at once: %v", pieces)
			}
		}
	}
	t.Logf("%d random packings, with and without a box: %v", n, count)
}

// freePiece reports whether some piece can slide to infinity along an axis
// with every other piece still.
func freePiece(pieces []geometry.Shape) bool {
	dirs := []geometry.Cell{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {Z: 1}, {Z: -1}}
	for i, p := range pieces {
	dir:
		for _, d := range dirs {
			for _, c := range p {
				for t := 1; t <= 10; t++ {
					q := geometry.Cell{X: c.X + t*d.X, Y: c.Y + t*d.Y, Z: c.Z + t*d.Z}
					for j, o := range pieces {
						if j != i && o.Contains(q) {
							continue dir
						}
					}
				}
			}
			return true
		}
	}
	return false
}
