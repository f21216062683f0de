package solver

import (
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"
)

// randomWord returns a word that is zero, one bit or random.
func randomWord(r *rand.Rand) uint64 {
	switch r.IntN(4) {
	case 0:
		return 0
	case 1:
		return 1 << r.IntN(64)
	}
	return r.Uint64()
}

// restoreKernels sets the kernels' switches back to this CPU's.
func restoreKernels() {
	useBMI, useAVX2, useAVX512 = haveBMI && !haveAVX512, haveAVX2 && !haveAVX512, haveAVX512
}

// randomAlive returns a random set of at most max options of x: options
// picked at random, or the words of a random span thinned out (some of
// them full), and the number of options in it.
func randomAlive(r *rand.Rand, x *optPlan[[128]uint64], max int) ([128]uint64, int) {
	for {
		var a [128]uint64
		if r.IntN(2) == 0 {
			for range 1 + r.IntN(max) {
				o := r.IntN(len(x.optNum))
				a[o>>6] |= 1 << (o & 63)
			}
		} else {
			lo := r.IntN(x.nw)
			for k := lo; k <= lo+r.IntN(min(x.nw-lo, 8)); k++ {
				a[k] = x.all[k]
				for range r.IntN(6) {
					a[k] &= r.Uint64()
				}
			}
		}
		n := 0
		for _, w := range a {
			n += bits.OnesCount64(w)
		}
		if n <= max {
			return a, n
		}
	}
}

// TestChoosePlanes: choose by options (the Go loops, and the assembly ones
// where the CPU has them, and with AVX2 by items above planesAVX2) against counting every item's options one by
// one, on the Bedlam cube (77 items: both words of the item masks; 66
// words of options) from random alive sets of up to planesMax options, with
// random items covered: the same item and count, DLX1's choice (the first
// item with the fewest options).
func TestChoosePlanes(t *testing.T) {
	defer restoreKernels()
	useAVX512 = false
	p := loadTestdata(t, "dlx/bedlam-4x4x4.dlx")
	x := newOptPlan[[128]uint64](p)
	if x.nPrim <= 64 || !x.byOptions {
		t.Fatalf("%d items: not the wide case", x.nPrim)
	}
	r := rand.New(rand.NewPCG(41, 5))
	s := newOptSearch(x)
	kinds := map[string]int{}
	trials := 10000
	if raceEnabled {
		trials = 1000
	}
	for trial := range trials {
		a, n := randomAlive(r, x, planesMax)
		s.reset()
		s.alive[0], s.nz[0], s.nAlive[0] = a, summarize(&a), int32(n)
		// items covered at random, and in some trials every item
		// without options, or with fewer than eight, too
		count := make([]int, x.nPrim)
		for v := range count {
			for k, w := range a {
				count[v] += bits.OnesCount64(w & x.items[v].set[k])
			}
		}
		covered := r.IntN(4)
		for v, c := range count {
			if covered == 3 || r.IntN(4) < covered || trial%4 < 2 && c == 0 || trial%4 == 3 && c < 8 {
				s.used[v>>6] |= 1 << (v & 63)
			}
		}
		want := [2]int{-1, 1 << 30}
		for v, c := range count {
			if s.used[v>>6]&(1<<(v&63)) != 0 {
				continue
			}
			if c < want[1] {
				want = [2]int{v, c}
			}
		}
		// the Go loops, BMI's (by options up to planesMax) and AVX2's
		// (by options up to planesAVX2, then by items)
		for k, kern := range [][2]bool{{false, false}, {true, false}, {true, true}} {
			if kern[0] && !haveBMI || kern[1] && !haveAVX2 {
				continue
			}
			useBMI, useAVX2 = kern[0], kern[1]
			s.empty[0] = -1
			var got [2]int
			got[0], got[1] = s.choose(0)
			if got != want {
				t.Fatalf("trial %d (%d options alive, used %x, kernels %d): item %d with %d, want %d with %d",
					trial, n, s.used[:2], k, got[0], got[1], want[0], want[1])
			}
		}
		switch {
		case want[0] < 0:
			kinds["none left"]++
		case want[1] == 0:
			kinds["empty"]++
		case want[0] >= 64:
			kinds["high item"]++
		case want[1] >= 8:
			kinds["eight or more"]++
		default:
			kinds["low item"]++
		}
	}
	if len(kinds) != 5 {
		t.Errorf("cases met: %v; every kind must be tried", kinds)
	}
}

// TestAddMasks: the planes hold every item's count, up to planesMax: the
// same mask added planesMax times sets every plane, and random lists give
// the counts made one by one.
func TestAddMasks(t *testing.T) {
	masks := []uint64{0xf0f0, 1 << 63, 0, 0} // the last option is empty
	list := make([]int32, planesMax+1)
	list[planesMax] = 1
	var pl optBits
	addMasks(masks, list, &pl)
	for b := range planesN {
		if pl[2*b] != 0xf0f0 || pl[2*b+1] != 1<<63 {
			t.Fatalf("%d times the same mask: plane %d is %x %x", planesMax, b, pl[2*b], pl[2*b+1])
		}
	}
	r := rand.New(rand.NewPCG(41, 6))
	for range 200 {
		masks := make([]uint64, 2*17)
		for i := range 2 * 16 {
			masks[i] = randomWord(r)
		}
		list := make([]int32, 8*r.IntN((planesMax+1)/8))
		for i := range list {
			list[i] = int32(r.IntN(17))
		}
		var pl optBits
		addMasks(masks, list, &pl)
		for v := range 128 {
			want := 0
			for _, o := range list {
				want += int(masks[2*o+int32(v>>6)] >> (v & 63) & 1)
			}
			got := 0
			for b := range planesN {
				got |= int(pl[2*b+v>>6]>>(v&63)&1) << b
			}
			if got != want {
				t.Fatalf("%d options: item %d counted %d, want %d", len(list), v, got, want)
			}
		}
	}
}

// BenchmarkChoosePlanes times choose by options on the Bedlam cube with
// 16 to 255 options alive, spread as on a search's middle levels.
// go test ./solver -run XXX -bench ChoosePlanes
func BenchmarkChoosePlanes(b *testing.B) {
	p := loadTestdata(b, "dlx/bedlam-4x4x4.dlx")
	x := newOptPlan[[128]uint64](p)
	s := newOptSearch(x)
	r := rand.New(rand.NewPCG(41, 9))
	for _, n := range []int{16, 64, 127} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			var a [128]uint64
			for k := 0; k < n; {
				if o := r.IntN(len(x.optNum)); a[o>>6]&(1<<(o&63)) == 0 {
					a[o>>6] |= 1 << (o & 63)
					k++
				}
			}
			s.reset()
			s.alive[0], s.nz[0], s.nAlive[0] = a, summarize(&a), int32(n)
			for b.Loop() {
				s.empty[0] = -1
				s.choose(0)
			}
		})
	}
}
