//go:build amd64 && !purego

package solver

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestAndNotPopAVX2: the AVX2 kernel against the plain loop, for every
// start in 128 words and lengths of every remainder by four (both words
// of the summary, and across them), with 0 to 4 weight planes, and it
// writes no word outside its span.
func TestAndNotPopAVX2(t *testing.T) {
	if !haveAVX2 {
		t.Skip("this CPU has no AVX2")
	}
	r := rand.New(rand.NewPCG(41, 10))
	for lo := range 128 {
		for n := 1; lo+n <= 128; n += 1 + r.IntN(6) {
			np := r.IntN(5)
			const stride = 128
			var a, dst [128]uint64
			c := make([]uint64, n)
			planes := make([]uint64, 4*stride)
			for k := range a {
				a[k], dst[k] = randomWord(r), 0xdead
			}
			for i := range c {
				c[i] = randomWord(r)
			}
			for p := range np {
				for k := range stride {
					planes[p*stride+k] = randomWord(r)
				}
			}
			var got placeCounts
			andNotPopAVX2(&dst[lo], &a[lo], &c[0], n, &planes[lo], stride, np, &got)
			var want placeCounts
			for i := range n {
				v := a[lo+i] &^ c[i]
				if dst[lo+i] != v {
					t.Fatalf("words %d+%d: word %d is %x, want %x", lo, n, lo+i, dst[lo+i], v)
				}
				want.n += bits.OnesCount64(v)
				if v != 0 {
					want.nz[i>>6] |= 1 << (i & 63)
				}
				for p := range np {
					want.pc[p] += bits.OnesCount64(v & planes[p*stride+lo+i])
				}
			}
			for k := range dst {
				if (k < lo || k >= lo+n) && dst[k] != 0xdead {
					t.Fatalf("words %d+%d: word %d written", lo, n, k)
				}
			}
			if got != want {
				t.Fatalf("words %d+%d, %d planes: %+v, want %+v", lo, n, np, got, want)
			}
		}
	}
}
