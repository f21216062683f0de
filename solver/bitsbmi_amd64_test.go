//go:build amd64 && !purego

package solver

import (
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// The item records minItemBMI reads: the summary, then the set from the
// fifth word; and records that keep the sets' quads 32-byte aligned.
var _ [unsafe.Offsetof(optItem[[128]uint64]{}.set) - 32]struct{}
var _ [32 - unsafe.Offsetof(optItem[[16]uint64]{}.set)]struct{}
var _ [0 - unsafe.Sizeof(optItem[[8]uint64]{})%32]struct{}

// TestAndNotPopBMI: the assembly kernel against the plain loop, for every
// span of words in 128 (both halves of the summary and across them), with
// 0 to 4 weight planes, and it writes no word outside its span.
func TestAndNotPopBMI(t *testing.T) {
	if !haveBMI {
		t.Skip("this CPU has no POPCNT, BMI1 and BMI2")
	}
	r := rand.New(rand.NewPCG(41, 1))
	for lo := range 128 {
		for hi := lo + 1; hi <= 128; hi += 1 + r.IntN(5) {
			np := r.IntN(5)
			var a, dst [128]uint64
			c := make([]uint64, hi-lo)
			planes := make([]uint64, 4*(hi-lo))
			for k := range a {
				a[k], dst[k] = randomWord(r), 0xdead
			}
			for i := range c {
				c[i] = randomWord(r)
				for p := range np {
					planes[4*i+p] = randomWord(r)
				}
			}
			var got placeCounts
			andNotPopBMI(&dst[0], &a[0], &c[0], lo, hi, &planes[0], np, &got)
			var want placeCounts
			for k := lo; k < hi; k++ {
				v := a[k] &^ c[k-lo]
				if dst[k] != v {
					t.Fatalf("words %d-%d: word %d is %x, want %x", lo, hi, k, dst[k], v)
				}
				want.n += bits.OnesCount64(v)
				if v != 0 {
					want.nz[k>>6] |= 1 << (k & 63)
				}
				for p := range np {
					want.pc[p] += bits.OnesCount64(v & planes[4*(k-lo)+p])
				}
			}
			for k := range dst {
				if (k < lo || k >= hi) && dst[k] != 0xdead {
					t.Fatalf("words %d-%d: word %d written", lo, hi, k)
				}
			}
			if got != want {
				t.Fatalf("words %d-%d, %d planes: %+v, want %+v", lo, hi, np, got, want)
			}
		}
	}
}

// TestMinItemBMI: the assembly kernels (minItemBMI, minItemAVX2) against
// choose's Go loop on the Bedlam cube (77 items: both words of the item
// masks; 66 words of options) from random alive sets, sparse and dense,
// with random items covered: the same item and count, DLX1's choice (the
// first item with the fewest options).
func TestMinItemBMI(t *testing.T) {
	if !haveBMI {
		t.Skip("this CPU has no POPCNT, BMI1 and BMI2")
	}
	if raceEnabled {
		t.Skip("one goroutine and uninstrumented assembly: the plain pass runs it")
	}
	defer restoreKernels()
	useAVX512 = false
	p := loadTestdata(t, "dlx/bedlam-4x4x4.dlx")
	x := newOptPlan[[128]uint64](p)
	if x.nPrim <= 64 || !x.byOptions {
		t.Fatalf("%d items: not the wide case", x.nPrim)
	}
	r := rand.New(rand.NewPCG(41, 2))
	s := newOptSearch(x)
	kinds := map[string]int{}
	tails := 0 // AVX2 counts with a masked tail
	for trial := range 20000 {
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
		s.nAlive[0] = 1 << 20 // count by items, never by options
		covered := r.IntN(4)
		for v := range x.nPrim {
			if covered == 3 || r.IntN(4) < covered || trial%4 < 2 && s.isEmpty(&a, &s.nz[0], v) {
				s.used[v>>6] |= 1 << (v & 63)
			}
		}
		var got [3][2]int
		for i, kern := range []string{"Go", "BMI", "AVX2"} {
			if kern == "AVX2" && !haveAVX2 {
				got[i] = got[0]
				continue
			}
			useBMI, useAVX2 = kern == "BMI", kern == "AVX2"
			s.empty[0] = -1
			got[i][0], got[i][1] = s.choose(0)
		}
		if got[0] != got[1] || got[0] != got[2] {
			t.Fatalf("trial %d (used %x): Go item %d with %d, BMI %d with %d, AVX2 %d with %d",
				trial, s.used[:2], got[0][0], got[0][1], got[1][0], got[1][1], got[2][0], got[2][1])
		}
		if haveAVX2 {
			// choose gives the kernel whole quads; where place does not
			// write them (a plan without weight planes) it gets the
			// exact words, the last few under a mask
			lo, hi := span(&s.nz[0])
			left := [2]uint64{x.prim[0] &^ s.used[0], x.prim[1] &^ s.used[1]}
			g := a // with garbage outside the live words, which it must not count
			for k := range g {
				if k < lo || k >= hi {
					g[k] = r.Uint64()
				}
			}
			var e [2]int
			e[0], e[1] = minItemAVX2(&g[0], &x.items[0].set[0], int(unsafe.Sizeof(x.items[0])), &x.spans[0], lo, hi, &left)
			if e != got[0] {
				t.Fatalf("trial %d (used %x): Go item %d with %d, AVX2 on words %d to %d %d with %d",
					trial, s.used[:2], got[0][0], got[0][1], lo, hi, e[0], e[1])
			}
			if (hi-lo)%4 != 0 {
				tails++
			}
		}
		switch {
		case got[0][0] < 0:
			kinds["none left"]++
		case got[0][1] == 0:
			kinds["empty"]++
		case got[0][0] >= 64:
			kinds["high item"]++
		default:
			kinds["low item"]++
		}
	}
	if len(kinds) != 4 {
		t.Errorf("cases met: %v; every kind must be tried", kinds)
	}
	if haveAVX2 && tails < 1000 {
		t.Errorf("%d AVX2 counts with a masked tail", tails)
	}
}

// TestPlaceBMI: place with the assembly loops (BMI, AVX2), with the Go loops, and with
// the weights counted apart (weighed, the reference), on random packings
// (pieces of several sizes: one to five weights of option) and the Bedlam
// cube (66 words, two weights), from random alive sets: the same new
// state, weight and cost.
func TestPlaceBMI(t *testing.T) {
	defer restoreKernels()
	useAVX512 = false
	r := rand.New(rand.NewPCG(41, 3))
	probs := []*Problem{loadTestdata(t, "dlx/bedlam-4x4x4.dlx")}
	for len(probs) < 60 {
		if p := randomPacking(r); optApplies(p) && p.NumOptions() > 0 {
			probs = append(probs, p)
		}
	}
	planes := map[int]int{}
	for pi, p := range probs {
		x := newOptPlan[[128]uint64](p)
		planes[x.np]++
		s := newOptSearch(x)
		for trial := range 200 {
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
			type state struct {
				cost, w int64
				nz      optSummary
				n       int32
				alive   [128]uint64
			}
			var got []state
			var kerns []string
			for _, kern := range []string{"Go", "BMI", "AVX2"} {
				if kern == "BMI" && !haveBMI || kern == "AVX2" && !haveAVX2 {
					continue
				}
				kerns = append(kerns, kern)
				useBMI, useAVX2 = kern == "BMI", kern == "AVX2"
				s.clearUsed()
				s.alive[1] = [128]uint64{}
				var st state
				st.cost = s.place(0, o)
				st.nz, st.w, st.n = s.nz[1], s.wAlive[1], s.nAlive[1]
				for k := lo; k < hi; k++ {
					st.alive[k] = s.alive[1][k]
				}
				if w := s.weighed(&s.alive[1], &s.nz[1]); st.w != w {
					t.Fatalf("problem %d, trial %d (%s): weight %d, weighed %d", pi, trial, kern, st.w, w)
				}
				if nz := summarize(&st.alive); st.nz != nz {
					t.Fatalf("problem %d, trial %d (%s): summary %x, want %x", pi, trial, kern, st.nz, nz)
				}
				got = append(got, st)
			}
			for i := range got {
				if got[i] != got[0] {
					t.Fatalf("problem %d, trial %d (words %d-%d, option %d): Go %+v, %s %+v", pi, trial, lo, hi, o, got[0], kerns[i], got[i])
				}
			}
		}
	}
	if planes[0] == 0 || planes[1] == 0 || planes[2]+planes[3] == 0 {
		t.Errorf("problems by weight planes: %v; one weight, two, and more must be tried", planes)
	}
}

// TestBitsBMISameTree: the bitset engine makes the same tree, with the
// same updates and solutions, with the assembly loops (place's with and
// without AVX2) and with the Go
// ones (the fallback of other CPUs and the purego build), on random
// packings and reference files.
func TestBitsBMISameTree(t *testing.T) {
	if !haveBMI {
		t.Skip("this CPU has no POPCNT, BMI1 and BMI2")
	}
	if raceEnabled {
		t.Skip("one goroutine and uninstrumented assembly: the plain pass runs it")
	}
	defer restoreKernels()
	useAVX512 = false
	r := rand.New(rand.NewPCG(41, 4))
	var probs []*Problem
	for range 40 {
		probs = append(probs, randomPacking(r))
	}
	probs = append(probs, loadTestdata(t, "dlx/pentomino-3x20.dlx"))
	if !testing.Short() {
		probs = append(probs, loadTestdata(t, "dlx/pentomino-8x8-hole.dlx"))
	}
	ran := 0
	for i, p := range probs {
		useBMI, useAVX2 = false, false
		want, ws := solveSet(t, p, Options{Workers: 1, Engine: EngineBits})
		if ws.Engine != EngineBits {
			continue // not a problem for the bitset engine
		}
		ran++
		for _, avx2 := range []bool{false, true} {
			if avx2 && !haveAVX2 {
				continue
			}
			useBMI, useAVX2 = true, avx2
			got, gs := solveSet(t, p, Options{Workers: 1, Engine: EngineBits})
			if gs.Nodes != ws.Nodes || gs.Updates != ws.Updates || !reflect.DeepEqual(got, want) {
				t.Errorf("problem %d: BMI (AVX2 %v) %d solutions %d nodes %d updates, Go %d %d %d", i, avx2, len(got), gs.Nodes, gs.Updates, len(want), ws.Nodes, ws.Updates)
			}
		}
	}
	if ran < 10 {
		t.Errorf("only %d problems for the bitset engine", ran)
	}
}

// BenchmarkBitsBMI walks DLX1's tree with the option-bitset search, one
// worker, without the task split, with the Go loops and with the assembly
// ones (place's and choose's): the same nodes, the speed beside it.
// go test ./solver -run XXX -bench BitsBMI -benchtime 3x
func BenchmarkBitsBMI(b *testing.B) {
	if !haveBMI {
		b.Skip("this CPU has no POPCNT, BMI1 and BMI2")
	}
	defer restoreKernels()
	useAVX512 = false
	for _, file := range []string{"pentomino-6x10.dlx", "pentomino-8x8-hole.dlx", "pentacube-2x5x6.dlx"} {
		p := bitsRef(b, file)
		for _, kern := range []string{"go", "bmi", "avx2"} {
			if kern == "avx2" && !haveAVX2 {
				continue
			}
			b.Run(strings.TrimSuffix(file, ".dlx")+"/"+kern, func(b *testing.B) {
				useBMI, useAVX2 = kern != "go", kern == "avx2"
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

// TestListBMI: the assembly lister against the Go loop on the Bedlam
// cube's options, from random alive sets of up to planesMax options
// (sparse words, and words of up to 64 options, which take the assembly
// several rounds of eight).
func TestListBMI(t *testing.T) {
	if !haveBMI {
		t.Skip("this CPU has no POPCNT, BMI1 and BMI2")
	}
	p := loadTestdata(t, "dlx/bedlam-4x4x4.dlx")
	x := newOptPlan[[128]uint64](p)
	r := rand.New(rand.NewPCG(41, 7))
	s := newOptSearch(x)
	for trial := range 5000 {
		a, n := randomAlive(r, x, planesMax)
		if trial%3 == 0 && n+64 <= planesMax {
			k := r.IntN((len(x.optNum)+63)/64 - 1) // a word of options (nw is in quads)
			n += 64 - bits.OnesCount64(a[k])
			a[k] = ^uint64(0)
		}
		s.alive[0], s.nz[0] = a, summarize(&a)
		want := append([]int32(nil), s.list[:s.listAlive(0)]...)
		s.list = [len(s.list)]int32{}
		got := s.list[:listBMI(&s.alive[0][0], &x.all[0], &s.nz[0], &s.list[0], len(s.list))]
		if len(want) != n || !slices.Equal(got, want) {
			t.Fatalf("trial %d (%d options): listed %v, want %v", trial, n, got, want)
		}
		// an item's options, as start lists them: words with none of
		// them are passed over, and with max their number the listing
		// ends at the word of the last; with a smaller max, after the
		// word that reaches it
		v := r.IntN(x.nPrim)
		it := &x.items[v]
		m := optSummary{s.nz[0][0] & it.sum[0], s.nz[0][1] & it.sum[1]}
		var mine []int32
		for _, o := range want {
			if it.set[o>>6]&(1<<(o&63)) != 0 {
				mine = append(mine, o)
			}
		}
		for _, max := range []int{len(mine), 1 + r.IntN(len(mine)+1)} {
			s.list = [len(s.list)]int32{}
			got := s.list[:listBMI(&s.alive[0][0], &it.set[0], &m, &s.list[0], max)]
			wantN := len(mine)
			if max < len(mine) {
				// through the word of the max-th option
				w := mine[max-1] >> 6
				wantN = max
				for wantN < len(mine) && mine[wantN]>>6 == w {
					wantN++
				}
			}
			if !slices.Equal(got, mine[:wantN]) {
				t.Fatalf("trial %d, item %d, max %d: listed %v, want %v", trial, v, max, got, mine[:wantN])
			}
		}
	}
}

// TestAddMasksSSE: the assembly adders against the Go ones, and the union
// (orMasksSSE) against a Go loop, on random masks and lists of up to
// planesMax options, and on the same mask planesMax times (every plane
// set).
func TestAddMasksSSE(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 8))
	for trial := range 2000 {
		masks := make([]uint64, 2*17)
		for i := range 2 * 16 {
			masks[i] = randomWord(r)
		}
		list := make([]int32, 8*r.IntN((planesMax+1)/8)+8)
		for i := range list {
			list[i] = int32(r.IntN(17))
		}
		if trial == 0 {
			list = make([]int32, planesMax+1)
			list[planesMax] = 16
		}
		var want, got optBits
		addMasks(masks, list, &want)
		addMasksSSE(&masks[0], &list[0], len(list), &got)
		if got != want {
			t.Fatalf("trial %d (%d options): planes %x, want %x", trial, len(list), got, want)
		}
		var some, wantSome [2]uint64
		orMasksSSE(&masks[0], &list[0], len(list), &some)
		for _, o := range list {
			wantSome[0] |= masks[2*o]
			wantSome[1] |= masks[2*o+1]
		}
		if some != wantSome {
			t.Fatalf("trial %d (%d options): union %x, want %x", trial, len(list), some, wantSome)
		}
	}
}

// BenchmarkMinItemAVX2 times the AVX2 item count alone on the Bedlam
// cube's items (66 words of options) over dense alive sets, where every
// item has options left and each is counted over most of its words.
func BenchmarkMinItemAVX2(b *testing.B) {
	if !haveAVX2 {
		b.Skip("this CPU has no AVX2")
	}
	x := newOptPlan[[128]uint64](bitsRef(b, "bedlam-4x4x4.dlx"))
	r := rand.New(rand.NewPCG(41, 4))
	var sets [64][128]uint64
	var lo, hi [64]int
	for i := range sets {
		lo[i], hi[i] = r.IntN(4), x.nw-r.IntN(4)
		for k := lo[i]; k < hi[i]; k++ {
			sets[i][k] = x.all[k] & (r.Uint64() | r.Uint64() | r.Uint64())
		}
	}
	left := [2]uint64{^uint64(0), 1<<(x.nPrim-64) - 1}
	n := 0
	for b.Loop() {
		i := n & 63
		n++
		minItemAVX2(&sets[i][0], &x.items[0].set[0], int(unsafe.Sizeof(x.items[0])), &x.spans[0], lo[i], hi[i], &left)
	}
}
