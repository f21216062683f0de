//go:build amd64 && !purego

package solver

import (
	"math/bits"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestAndNotPopAVX512: the assembly kernel against the plain loop, for
// every length up to 128 words and several alignments, and it writes no
// word past the n it was given.
func TestAndNotPopAVX512(t *testing.T) {
	if !haveAVX512 {
		t.Skip("this CPU has no AVX-512 VPOPCNTDQ")
	}
	r := rand.New(rand.NewPCG(26, 3))
	word := func() uint64 {
		switch r.IntN(4) {
		case 0:
			return 0
		case 1:
			return 1 << r.IntN(64)
		}
		return r.Uint64()
	}
	for n := 0; n <= 128; n++ {
		for off := range 3 {
			a, c, m1, dst := make([]uint64, 140), make([]uint64, 140), make([]uint64, 140), make([]uint64, 140)
			for i := range a {
				a[i], c[i], m1[i], dst[i] = word(), word(), word(), 0xdead
			}
			var nz [16]byte
			count, count1 := 0, 0
			if n > 0 {
				count, count1 = andNotPopAVX512(&dst[off], &a[off], &c[off], &m1[off], n, &nz)
			}
			want, want1 := 0, 0
			var wantNz [16]byte
			for i := range n {
				v := a[off+i] &^ c[off+i]
				if dst[off+i] != v {
					t.Fatalf("n %d, offset %d: word %d is %x, want %x", n, off, i, dst[off+i], v)
				}
				want += bits.OnesCount64(v)
				want1 += bits.OnesCount64(v & m1[off+i])
				if v != 0 {
					wantNz[i/8] |= 1 << (i % 8)
				}
			}
			for i := range dst {
				if (i < off || i >= off+n) && dst[i] != 0xdead {
					t.Fatalf("n %d, offset %d: word %d written", n, off, i)
				}
			}
			if count != want || count1 != want1 || nz != wantNz {
				t.Fatalf("n %d, offset %d: counts %d %d, nz %v; want %d %d, %v", n, off, count, count1, nz, want, want1, wantNz)
			}
		}
	}
}

// TestBitsAVX512SameTree: the bitset engine makes the same tree, with the
// same updates and solutions, with and without the AVX-512 loop, on random
// packings (pieces of several sizes: several weights of option) and the
// reference files that fit a test.
func TestBitsAVX512SameTree(t *testing.T) {
	if !haveAVX512 {
		t.Skip("this CPU has no AVX-512 VPOPCNTDQ")
	}
	defer func() { useAVX512 = haveAVX512 }()
	r := rand.New(rand.NewPCG(5, 12))
	var probs []*Problem
	for range 40 {
		probs = append(probs, randomPacking(r))
	}
	probs = append(probs, loadTestdata(t, "dlx/pentomino-3x20.dlx"))
	if !testing.Short() {
		probs = append(probs, loadTestdata(t, "dlx/pentomino-8x8-hole.dlx"))
	}
	kinds := map[int]int{} // problems by number of option weights
	for i, p := range probs {
		if optApplies(p) {
			kinds[min(len(newOptPlan[[128]uint64](p).classes), 3)]++
		}
		useAVX512 = false
		want, ws := solveSet(t, p, Options{Workers: 1, Engine: EngineBits})
		useAVX512 = true
		got, gs := solveSet(t, p, Options{Workers: 1, Engine: EngineBits})
		if ws.Engine != EngineBits {
			continue // not a problem for the bitset engine
		}
		if gs.Nodes != ws.Nodes || gs.Updates != ws.Updates || !reflect.DeepEqual(got, want) {
			t.Errorf("problem %d: AVX-512 %d solutions %d nodes %d updates, plain %d %d %d", i, len(got), gs.Nodes, gs.Updates, len(want), ws.Nodes, ws.Updates)
		}
	}
	if kinds[1] == 0 || kinds[2] == 0 || kinds[3] == 0 {
		t.Errorf("problems with one, two and more option weights: %v; each kind of place must be tried", kinds)
	}
}

// TestPlaceAVX512Wide: place with and without the AVX-512 loop on the
// Bedlam cube's 4,188 options (66 words, a two-word summary, two weights of
// option: the tetracube's), from random alive sets whose first word runs
// from 0 to past 64, so that every shift of the summary is met.
func TestPlaceAVX512Wide(t *testing.T) {
	if !haveAVX512 {
		t.Skip("this CPU has no AVX-512 VPOPCNTDQ")
	}
	defer func() { useAVX512 = haveAVX512 }()
	p := loadTestdata(t, "dlx/bedlam-4x4x4.dlx")
	x := newOptPlan[[128]uint64](p)
	if x.nw <= 64 || len(x.classes) != 2 {
		t.Fatalf("%d words, %d weights: not the wide case", x.nw, len(x.classes))
	}
	r := rand.New(rand.NewPCG(7, 7))
	s := newOptSearch(x)
	for trial := range 3000 {
		lo := r.IntN(x.nw)
		hi := lo + 1 + r.IntN(x.nw-lo)
		var a [128]uint64
		for k := lo; k < hi; k++ {
			a[k] = x.all[k] & r.Uint64() & r.Uint64()
		}
		s.reset()
		s.alive[0], s.nz[0] = a, summarize(&a)
		s.wAlive[0] = s.weighed(&a, &s.nz[0])
		o := int32(r.IntN(p.NumOptions()))
		var got [2]struct {
			cost  int64
			nz    optSummary
			w     int64
			n     int32
			alive [128]uint64
		}
		for i, avx := range []bool{false, true} {
			useAVX512 = avx
			s.clearUsed()
			s.alive[1] = [128]uint64{}
			got[i].cost = s.place(0, o)
			got[i].nz, got[i].w, got[i].n = s.nz[1], s.wAlive[1], s.nAlive[1]
			for jj := range 2 {
				for m := s.nz[1][jj]; m != 0; m &= m - 1 {
					k := jj<<6 + bits.TrailingZeros64(m)
					got[i].alive[k] = s.alive[1][k]
				}
			}
		}
		if got[0] != got[1] {
			t.Fatalf("trial %d (words %d-%d, option %d): plain cost %d nz %x weight %d n %d, AVX-512 %d %x %d %d",
				trial, lo, hi, o, got[0].cost, got[0].nz, got[0].w, got[0].n, got[1].cost, got[1].nz, got[1].w, got[1].n)
		}
	}
}

// TestChooseAVX512Wide: choose with and without minItemAVX512 on the
// Bedlam cube (77 items: both words of the item masks; 66 words of
// options) from random alive sets, some sparse and some dense, with random
// items covered: the same item and count, DLX1's choice (the first item
// with the fewest options), whatever the live words and the items' spans.
func TestChooseAVX512Wide(t *testing.T) {
	if !haveAVX512 {
		t.Skip("this CPU has no AVX-512 VPOPCNTDQ")
	}
	defer func() { useAVX512 = haveAVX512 }()
	p := loadTestdata(t, "dlx/bedlam-4x4x4.dlx")
	x := newOptPlan[[128]uint64](p)
	if x.nPrim <= 64 || !x.byOptions {
		t.Fatalf("%d items: not the wide case", x.nPrim)
	}
	r := rand.New(rand.NewPCG(26, 28))
	s := newOptSearch(x)
	kinds := map[string]int{}
	for trial := range 20000 {
		// K options alive at random, K from 1 to 400, or every option of
		// a random span of words thinned out
		var a [128]uint64
		if trial%2 == 0 {
			for range 1 + r.IntN(400) {
				o := r.IntN(p.NumOptions())
				a[o>>6] |= 1 << (o & 63)
			}
		} else {
			lo := r.IntN(x.nw)
			for k := lo; k <= lo+r.IntN(x.nw-lo); k++ {
				a[k] = x.all[k]
				for range r.IntN(6) {
					a[k] &= r.Uint64()
				}
			}
		}
		s.reset()
		s.alive[0], s.nz[0] = a, summarize(&a)
		n := 0
		for _, w := range a {
			n += bits.OnesCount64(w)
		}
		s.nAlive[0] = int32(n)
		// items covered at random, and in half the trials every item
		// without options too (else most trials find an empty one)
		covered := r.IntN(4)
		for v := range x.nPrim {
			if covered == 3 || r.IntN(4) < covered || trial%4 < 2 && s.isEmpty(&a, &s.nz[0], v) {
				s.used[v>>6] |= 1 << (v & 63)
			}
		}
		var got [2][2]int
		for i, avx := range []bool{false, true} {
			useAVX512 = avx
			s.empty[0] = -1
			got[i][0], got[i][1] = s.choose(0)
		}
		if got[0] != got[1] {
			t.Fatalf("trial %d (%d options alive, used %x): plain item %d with %d, AVX-512 %d with %d",
				trial, n, s.used[:2], got[0][0], got[0][1], got[1][0], got[1][1])
		}
		switch {
		case got[0][0] < 0:
			kinds["none left"]++
		case got[0][1] == 0:
			kinds["empty"]++
		case n <= planesMax:
			kinds["few alive"]++
		default:
			kinds["many alive"]++
		}
	}
	if len(kinds) != 4 {
		t.Errorf("cases met: %v; every kind must be tried", kinds)
	}
}

// BenchmarkBitsAVX512 walks DLX1's tree with the option-bitset search, one
// worker, without the task split, with the plain loops and with the AVX-512
// kernels (place's and choose's): the same nodes, the speed beside it.
// go test ./solver -run XXX -bench BitsAVX512 -benchtime 3x
func BenchmarkBitsAVX512(b *testing.B) {
	if !haveAVX512 {
		b.Skip("this CPU has no AVX-512 VPOPCNTDQ")
	}
	defer func() { useAVX512 = haveAVX512 }()
	for _, file := range []string{"pentomino-6x10.dlx", "pentomino-8x8-hole.dlx", "pentacube-2x5x6.dlx"} {
		p := bitsRef(b, file)
		for _, avx := range []bool{false, true} {
			name := strings.TrimSuffix(file, ".dlx") + "/plain"
			if avx {
				name = strings.TrimSuffix(file, ".dlx") + "/avx512"
			}
			b.Run(name, func(b *testing.B) {
				useAVX512 = avx
				var nodes int64
				for b.Loop() {
					o := optFactory(p)()
					o.replay(nil)
					o.search(0)
					nodes += o.figures().nodes
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
			})
		}
	}
}
