package geometry

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRowBitmap: draining a bitmap gives the cells set, sorted, each once,
// at their rows' x and y and their bits' z, and leaves every word and
// mark clear, as the pool's next user needs it; across random bounds up
// to the limits (64 bits, bitRowsMax rows), repeats, and rows far apart.
func TestRowBitmap(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	b := new(rowBitmap)
	for trial := range 2000 {
		ey := 1 + rng.IntN(64)
		ex := 1 + rng.IntN(bitRowsMax/ey)
		ez := 1 + rng.IntN(64)
		lo := Cell{rng.IntN(21) - 10, rng.IntN(21) - 10, rng.IntN(21) - 10}
		n := rng.IntN(3 * ex * ey)
		if trial%10 == 0 {
			n = rng.IntN(4) // a few cells, rows far apart
		}
		var want Shape
		for range n {
			c := Cell{lo.X + rng.IntN(ex), lo.Y + rng.IntN(ey), lo.Z + rng.IntN(ez)}
			want = append(want, c)
			b.set((c.X-lo.X)*ey+c.Y-lo.Y, uint(c.Z-lo.Z))
		}
		want = slices.Compact(SortCells(want))
		out := make([]Cell, n)
		got := out[:b.drain(out, ex*ey, ey, lo.X, lo.Y, lo.Z)]
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (%dx%dx%d from %v): drained %v, want %v", trial, ex, ey, ez, lo, got, want)
		}
		if b.words != [bitRowsMax]uint64{} || b.used != [bitRowsMax]byte{} {
			t.Fatalf("trial %d: the bitmap is not clear after draining", trial)
		}
	}
}
