package solver

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"
)

// The bitset engine's main search: the options as bits. Every option of
// the problem gets a bit, so a set of options is a few dozen machine words
// (a packing has a few thousand options), and the search keeps, at each
// level, the set of options still alive (compatible with every choice
// made). Then:
//
//   - the number of alive options of an item is the popcount of the alive
//     set ANDed with the item's options (cover), so DLX1's rule, branch on
//     the uncovered primary item with the fewest options (the first such
//     in the file on ties), costs a few dozen AND+POPCNT per item, cut off
//     as soon as an item has no fewer than the best so far;
//   - choosing an option kills every option that shares an item with it:
//     the next level's alive set is this one ANDed with the complement of
//     the option's precomputed conflict set, one word operation per word
//     from the first to the last still alive, in a loop without branches;
//   - words with no alive option are skipped when counting, through a
//     summary of the non-zero words (one or two words);
//   - where the CPU has AVX-512, every item left is counted eight words
//     an instruction, over the words where the alive set and the item's
//     options may both be non-zero (minItemAVX512, bitsopt_amd64.s);
//   - a dead end (an item left without options: two nodes in three) may
//     name any empty item, since its node and its one update are the same
//     whichever: so each level first tries the item it last found empty,
//     which after a sibling's choice often is again.
//
// The search tree is exactly DLX1's (the same choice at every node, so the
// same nodes; the order of siblings differs, which does not change the
// tree), at a fraction of the cost per node: no links to chase and undo,
// and nothing to restore on backtracking, since every level has its own
// alive set. The options are numbered in the order of their first item
// (the cells, in Knuth's files), so the options of a cell sit in a few
// words.
//
// It handles exact cover with secondary items (no colours, no
// multiplicities, at most optMaxOptions options and maxBitsItems items);
// bitsssearch.go's first-empty search takes the problems with
// multiplicities.

// useAVX512 says whether place and choose run eight words an instruction
// (andNotPopAVX512 and minItemAVX512, where the CPU has AVX-512; tests
// turn it off to compare).
var useAVX512 = haveAVX512

// zeroWords stands for a second class's mask where there is none.
var zeroWords [optMaxOptions / 64]uint64

// optMaxOptions is the most options the option-bitset search handles.
const optMaxOptions = 128 * 64

// An optSet is a set of options, one bit each.
type optSet interface {
	[16]uint64 | [32]uint64 | [64]uint64 | [128]uint64
}

// optSummary marks the non-zero words of an optSet.
type optSummary = [2]uint64

// optApplies reports whether the option-bitset search can take p: no
// colours (the caller checked), no multiplicities, few enough options.
func optApplies(p *Problem) bool {
	if p.NumOptions() > optMaxOptions || len(p.items) > maxBitsItems {
		return false
	}
	for _, it := range p.items[:p.nPrimary] {
		if it.min != 1 || it.max != 1 {
			return false
		}
	}
	return true
}

// optWords returns the words of an optSet big enough for n options.
func optWords(n int) int {
	for _, w := range []int{16, 32, 64, 128} {
		if n <= 64*w {
			return w
		}
	}
	return 0
}

// An optPlan is the option-bitset form of a problem, shared by the workers.
type optPlan[O optSet] struct {
	p      *Problem
	nPrim  int          // primary items: plan items 0..nPrim-1, in problem order
	optNum []int32      // plan option -> problem option
	planOf []int32      // problem option -> plan option
	items  []optItem[O] // per primary item: its options
	nw     int          // the words of an optSet that hold options
	conf   []uint64     // plan option o's conflicts (the options sharing an item with it): conf[o*nw:(o+1)*nw]
	// the primary items of plan option o, as bits (like optSearch.used):
	// oUsed[o*nu:(o+1)*nu], nu at least two words (chooseByOptions reads
	// two)
	oUsed []uint64
	nu    int
	// the most options any primary item has (opts' first size)
	maxDeg int
	// the bits of the primary items, with at most 128 of them, for
	// chooseByOptions (byOptions says whether it applies)
	prim      [2]uint64
	byOptions bool
	// per primary item, the first word of its options and the end of
	// its last (for minItemAVX512)
	spans []int32
	all   O // every option
	allNz optSummary

	// DLX1's update count: choosing an option (and covering its items)
	// costs one update per item and, for every option it hides, one per
	// other item of that option. So options are weighed by their size
	// less one, in classes of equal weight (one class in most packings).
	wt      []int32 // per plan option: its number of items less one
	classes []optClass[O]
	allW    int64 // the weight of every option
}

// An optItem is the set of options of a primary item, and its summary.
type optItem[O optSet] struct {
	sum optSummary
	set O
}

// An optClass is the set of options of one weight.
type optClass[O optSet] struct {
	mask O
	w    int64
}

// newOptPlan builds the plan of p (optApplies(p) must have said yes).
func newOptPlan[O optSet](p *Problem) *optPlan[O] {
	n := p.NumOptions()
	x := &optPlan[O]{p: p, nPrim: p.nPrimary}
	// options in the order of their first item (ties: file order)
	x.optNum = make([]int32, n)
	firstItem := make([]int32, n)
	for o := range n {
		x.optNum[o] = int32(o)
		firstItem[o] = int32(len(p.items))
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			firstItem[o] = min(firstItem[o], e.item)
		}
	}
	slices.SortStableFunc(x.optNum, func(a, b int32) int { return int(firstItem[a] - firstItem[b]) })
	x.planOf = make([]int32, n)
	for po, o := range x.optNum {
		x.planOf[o] = int32(po)
	}
	// the options of every item (secondary ones too, for the conflicts)
	cover := make([]O, len(p.items))
	x.nu = max((x.nPrim+63)/64, 2)
	x.oUsed = make([]uint64, n*x.nu)
	for po, o := range x.optNum {
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			cover[e.item][po>>6] |= 1 << (po & 63)
			if int(e.item) < x.nPrim {
				x.oUsed[po*x.nu+int(e.item>>6)] |= 1 << (e.item & 63)
			}
		}
		x.all[po>>6] |= 1 << (po & 63)
	}
	x.allNz = summarize(&x.all)
	x.items = make([]optItem[O], x.nPrim)
	for i := range x.items {
		x.items[i] = optItem[O]{sum: summarize(&cover[i]), set: cover[i]}
	}
	// each item's number of options and span of words
	x.spans = make([]int32, 2*x.nPrim)
	for i := range x.items {
		d := 0
		set := &x.items[i].set
		for k := range len(*set) {
			if w := (*set)[k]; w != 0 {
				if x.spans[2*i+1] == 0 {
					x.spans[2*i] = int32(k)
				}
				x.spans[2*i+1] = int32(k + 1)
				d += bits.OnesCount64(w)
			}
		}
		x.maxDeg = max(x.maxDeg, d)
	}
	x.wt = make([]int32, n)
	for po, o := range x.optNum {
		w := int64(p.optStart[o+1] - p.optStart[o] - 1)
		x.wt[po] = int32(w)
		x.allW += w
		i := slices.IndexFunc(x.classes, func(c optClass[O]) bool { return c.w == w })
		if i < 0 {
			i = len(x.classes)
			x.classes = append(x.classes, optClass[O]{w: w})
		}
		x.classes[i].mask[po>>6] |= 1 << (po & 63)
	}
	if x.byOptions = x.nPrim <= 128; x.byOptions {
		for b := range x.nPrim {
			x.prim[b>>6] |= 1 << (b & 63)
		}
	}
	x.nw = (n + 63) / 64
	x.conf = make([]uint64, n*x.nw)
	for po, o := range x.optNum {
		c := x.conf[po*x.nw : (po+1)*x.nw]
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			for k := range c {
				c[k] |= cover[e.item][k]
			}
		}
	}
	return x
}

// summarize returns the summary of s: which of its words are non-zero.
func summarize[O optSet](s *O) optSummary {
	var nz optSummary
	for k := range len(*s) {
		if (*s)[k] != 0 {
			nz[k>>6] |= 1 << (k & 63)
		}
	}
	return nz
}

// An optSearch is one worker's search with the option-bitset plan.
type optSearch[O optSet] struct {
	x     *optPlan[O]
	alive []O          // per level: the options still alive
	nz    []optSummary // per level: its non-zero words
	used  [maxBitsItems / 64]uint64
	// per level: the item branched on, how many options it had, the
	// option tried (plan number) and its ordinal among them (in opts)
	item, deg, opt, ord []int32
	empty               []int32 // per level: the item last found without options, or -1
	// the options of the item branched on at each level, in order, listed
	// by start: level l's from base[l], and the next level's after them
	opts []int32
	base []int32
	// per level: the weight of the options alive (see optPlan.wt) and of
	// those of the item branched on
	wAlive, wItem []int64
	nAlive        []int32 // per level: the number of options alive
	root          int     // the levels of the task's prefix, until prefixChoices
	taskFigures
}

func newOptSearch[O optSet](x *optPlan[O]) *optSearch[O] {
	n := x.nPrim + 2
	return &optSearch[O]{x: x,
		alive: make([]O, n+1), nz: make([]optSummary, n+1),
		item: make([]int32, n), deg: make([]int32, n), opt: make([]int32, n), ord: make([]int32, n),
		opts: make([]int32, 4*x.maxDeg), base: make([]int32, n+1), empty: slices.Repeat([]int32{-1}, n+1),
		wAlive: make([]int64, n+1), wItem: make([]int64, n), nAlive: make([]int32, n+1),
		taskFigures: newTaskFigures(n),
	}
}

// choose returns the uncovered primary item with the fewest options alive
// at level l (the first one on ties) and their number; -1 when every
// primary item is covered.
func (s *optSearch[O]) choose(l int) (int, int) {
	x := s.x
	alive, nz := &s.alive[l], &s.nz[l]
	// first the item this level last found without options: after a
	// sibling's choice it is often empty again (a dead end, which any
	// empty item makes: its node and update are the same)
	if h := int(s.empty[l]); h >= 0 && s.used[h>>6]&(1<<(h&63)) == 0 && s.isEmpty(alive, nz, h) {
		return h, 0
	}
	if useAVX512 && x.byOptions && x.nPrim > 0 {
		// every item left counted over its words, eight an instruction
		// (faster than chooseByOptions too, even with a few options alive)
		lo, hi := span(nz)
		left := [2]uint64{x.prim[0] &^ s.used[0], x.prim[1] &^ s.used[1]}
		v, n := minItemAVX512(&(*alive)[0], &x.items[0].set[0], int(unsafe.Sizeof(x.items[0])), &x.spans[0], lo, hi, &left)
		if n == 0 {
			s.empty[l] = int32(v)
		}
		return v, n
	}
	if x.byOptions && s.nAlive[l] <= byOptionsMax {
		if v, n, ok := s.chooseByOptions(l); ok {
			return v, n
		}
	}
	best, bestN := -1, 1<<30
	for j := range (x.nPrim + 63) >> 6 {
		// the bits past nPrim are set in used (see clearUsed)
		for w := ^s.used[j]; w != 0; w &= w - 1 {
			v := j<<6 + bits.TrailingZeros64(w)
			it := &x.items[v]
			n := 0
			if len(*alive) <= 64 { // one summary word
				for m := nz[0] & it.sum[0]; m != 0; m &= m - 1 {
					k := bits.TrailingZeros64(m) & (len(*alive) - 1)
					n += bits.OnesCount64((*alive)[k] & it.set[k])
					if n >= bestN {
						break
					}
				}
			} else {
			count:
				for jj := range len(it.sum) {
					for m := nz[jj] & it.sum[jj]; m != 0; m &= m - 1 {
						k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*alive) - 1)
						n += bits.OnesCount64((*alive)[k] & it.set[k])
						if n >= bestN {
							break count
						}
					}
				}
			}
			if n < bestN {
				best, bestN = v, n
				if n == 0 {
					s.empty[l] = int32(v)
					return v, 0
				}
			}
		}
	}
	return best, bestN
}

// byOptionsMax is the most options alive for which choose counts by
// options (chooseByOptions) rather than by items.
const byOptionsMax = 64

// chooseByOptions is choose when few options are alive (most nodes: on
// pentacube 3x4x5 an option placed leaves 49 alive on average, in 10 of
// its 38 words): instead of counting the options of each of the 20-odd
// items left, it goes once through the options alive and ORs their items
// into three masks, the items with at least one, two and three options.
// The first item left of the lowest class is DLX1's choice (the first item
// with the fewest options). When every item left has three or more it
// reports false, and choose counts by items. It runs only where
// minItemAVX512 does not (no AVX-512), which beats it even with few
// options alive.
func (s *optSearch[O]) chooseByOptions(l int) (int, int, bool) {
	x := s.x
	alive, nz := &s.alive[l], &s.nz[l]
	var a0, a1, b0, b1, c0, c1 uint64 // items with >= 1, >= 2, >= 3 options
	for jj := range len(nz) {
		for m := nz[jj]; m != 0; m &= m - 1 {
			k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*alive) - 1)
			for w := (*alive)[k]; w != 0; w &= w - 1 {
				o := k<<6 + bits.TrailingZeros64(w)
				e := (*[2]uint64)(x.oUsed[o*2 : o*2+2]) // nu is 2
				c0 |= b0 & e[0]
				c1 |= b1 & e[1]
				b0 |= a0 & e[0]
				b1 |= a1 & e[1]
				a0 |= e[0]
				a1 |= e[1]
			}
		}
	}
	u0, u1 := x.prim[0]&^s.used[0], x.prim[1]&^s.used[1]
	if u0|u1 == 0 {
		return -1, 1 << 30, true
	}
	for n, c := range [3][2]uint64{{^a0, ^a1}, {a0 &^ b0, a1 &^ b1}, {b0 &^ c0, b1 &^ c1}} {
		v := -1
		if w := u0 & c[0]; w != 0 {
			v = bits.TrailingZeros64(w)
		} else if w := u1 & c[1]; w != 0 {
			v = 64 + bits.TrailingZeros64(w)
		}
		if v >= 0 {
			if n == 0 {
				s.empty[l] = int32(v)
			}
			return v, n, true
		}
	}
	return 0, 0, false
}

// span returns the words from the first to the last that nz marks (0, 0
// if none).
func span(nz *optSummary) (lo, hi int) {
	switch {
	case nz[0] != 0:
		lo = bits.TrailingZeros64(nz[0])
	case nz[1] != 0:
		lo = 64 + bits.TrailingZeros64(nz[1])
	default:
		return 0, 0
	}
	if nz[1] != 0 {
		return lo, 128 - bits.LeadingZeros64(nz[1])
	}
	return lo, 64 - bits.LeadingZeros64(nz[0])
}

// isEmpty reports whether item v has no option in alive (whose summary is
// nz).
func (s *optSearch[O]) isEmpty(alive *O, nz *optSummary, v int) bool {
	it := &s.x.items[v]
	for jj := range len(it.sum) {
		for m := nz[jj] & it.sum[jj]; m != 0; m &= m - 1 {
			k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*alive) - 1)
			if (*alive)[k]&it.set[k] != 0 {
				return false
			}
		}
	}
	return true
}

// place makes level l+1 the state after choosing plan option o at level l,
// and returns what that costs in DLX1's updates.
func (s *optSearch[O]) place(l int, o int32) int64 {
	x := s.x
	alive := &s.alive[l]
	na := &s.alive[l+1]
	// every word from the first to the last non-zero one, one AND-NOT
	// each, without branches: cheaper than visiting the non-zero words
	// through the summary
	lo, hi := span(&s.nz[l])
	cf := x.conf[int(o)*x.nw+lo : int(o)*x.nw+hi]
	var nnz optSummary
	n := 0
	var w int64
	switch cl := x.classes; {
	case useAVX512 && hi > lo:
		// eight words an instruction (bitsopt_amd64.s)
		m1 := &zeroWords[0]
		if len(cl) == 2 {
			m1 = &cl[1].mask[lo]
		}
		var nzb [16]byte
		var n1 int
		n, n1 = andNotPopAVX512(&(*na)[lo], &(*alive)[lo], &cf[0], m1, hi-lo, &nzb)
		r0, r1 := binary.LittleEndian.Uint64(nzb[:8]), binary.LittleEndian.Uint64(nzb[8:])
		if lo >= 64 {
			nnz[1] = r0 << (lo - 64)
		} else {
			nnz[0] = r0 << lo
			nnz[1] = r1<<lo | r0>>(64-lo)
		}
		if len(cl) == 2 {
			w = int64(n-n1)*cl[0].w + int64(n1)*cl[1].w
		}
	case len(cl) == 2:
		// two weights (a tetracube among pentacubes): the second class's
		// options counted in the same loop, not in a pass of their own
		m1 := &cl[1].mask
		n1 := 0
		for i, c := range cf {
			k := (lo + i) & (len(*na) - 1)
			a := (*alive)[k] &^ c
			(*na)[k] = a
			n += bits.OnesCount64(a)
			n1 += bits.OnesCount64(a & (*m1)[k])
			nnz[k>>6&1] |= (a | -a) >> 63 << (k & 63)
		}
		w = int64(n-n1)*cl[0].w + int64(n1)*cl[1].w
	case len(*na) <= 64: // one summary word
		var nz0 uint64
		for i, c := range cf {
			k := (lo + i) & (len(*na) - 1) // k < nw <= len(*na)
			a := (*alive)[k] &^ c
			(*na)[k] = a
			n += bits.OnesCount64(a)
			nz0 |= (a | -a) >> 63 << (k & 63) // a != 0
		}
		nnz[0] = nz0
	default:
		for i, c := range cf {
			k := (lo + i) & (len(*na) - 1)
			a := (*alive)[k] &^ c
			(*na)[k] = a
			n += bits.OnesCount64(a)
			nnz[k>>6&1] |= (a | -a) >> 63 << (k & 63)
		}
	}
	if cl := x.classes; len(cl) == 1 {
		w = int64(n) * cl[0].w // every option weighs the same
	} else if len(cl) > 2 {
		w = s.weighed(na, &nnz)
	}
	s.nz[l+1], s.wAlive[l+1], s.nAlive[l+1] = nnz, w, int32(n)
	// DLX1's updates: o's items, and the other items of the options it
	// hides beyond those hidden by covering the item branched on
	cost := int64(x.wt[o]) + s.wAlive[l] - w - s.wItem[l]
	for j, u := range x.oUsed[int(o)*x.nu : int(o+1)*x.nu] {
		s.used[j&(len(s.used)-1)] |= u
	}
	return cost
}

// weighed returns the weight of the options of set a, whose non-zero
// words nz marks.
func (s *optSearch[O]) weighed(a *O, nz *optSummary) int64 {
	cl := s.x.classes
	var w int64
	for jj := range len(nz) {
		for m := nz[jj]; m != 0; m &= m - 1 {
			k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*a) - 1)
			for c := range cl {
				w += int64(bits.OnesCount64((*a)[k]&cl[c].mask[k])) * cl[c].w
			}
		}
	}
	return w
}

// unplace undoes the covering of place(l, o) (level l's state is intact).
func (s *optSearch[O]) unplace(o int32) {
	x := s.x
	for j, u := range x.oUsed[int(o)*x.nu : int(o+1)*x.nu] {
		s.used[j&(len(s.used)-1)] &^= u
	}
}

// reset sets level 0 to the whole problem.
func (s *optSearch[O]) reset() {
	s.alive[0], s.nz[0], s.wAlive[0] = s.x.all, s.x.allNz, s.x.allW
	clear(s.base) // the task's root lists its options from the start
	s.nAlive[0] = int32(s.x.p.NumOptions())
	s.clearUsed()
}

// clearUsed marks every primary item uncovered, and the bits past them
// covered, so that choose need not test for them.
func (s *optSearch[O]) clearUsed() {
	clear(s.used[:])
	n := s.x.nPrim
	for b := n; b < (n+63)&^63; b++ {
		s.used[b>>6] |= 1 << (b & 63)
	}
}

// start prepares level l to branch on item v with n options.
func (s *optSearch[O]) start(l, v, n int) {
	s.item[l], s.deg[l], s.ord[l] = int32(v), int32(n), -1
	// the item's n options alive, listed once rather than looked for at
	// each next, and their weight (see optPlan.wt)
	x := s.x
	cv, cs := &x.items[v].set, &x.items[v].sum
	alive, nz := &s.alive[l], &s.nz[l]
	b := int(s.base[l])
	if b+n > len(s.opts) {
		s.opts = slices.Grow(s.opts, b+n-len(s.opts))[:cap(s.opts)]
	}
	s.base[l+1] = int32(b + n)
	out := s.opts[b : b+n]
	i := 0
	for jj := range len(cs) {
		for m := nz[jj] & cs[jj]; m != 0; m &= m - 1 {
			k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*cv) - 1)
			for r := (*alive)[k] & (*cv)[k]; r != 0; r &= r - 1 {
				out[i] = int32(k<<6 + bits.TrailingZeros64(r))
				i++
			}
		}
	}
	var w int64
	for _, o := range out {
		w += int64(x.wt[o])
	}
	s.wItem[l] = w
}

// coverCost counts DLX1's updates for covering the item branched on at a
// node (one, and one for each other item of each of its options); it is
// called after start, or with n == 0 for a dead end.
func (s *optSearch[O]) coverCost(l, n int) {
	s.updates++
	if n > 0 {
		s.updates += s.wItem[l]
	}
}

// next returns level l's next option to try (plan number), or -1.
func (s *optSearch[O]) next(l int) int32 {
	i := s.ord[l] + 1
	if i >= s.deg[l] {
		return -1
	}
	o := s.opts[s.base[l]+i]
	s.opt[l], s.ord[l] = o, i
	return o
}

// search explores the subtree below the current state, entering level
// root (the levels above are the task's prefix). It returns false if it
// was stopped.
func (s *optSearch[O]) search(root int) bool {
	l := root
	for {
		if !s.enter(l) {
			return false
		}
		v, n := s.choose(l)
		if v < 0 {
			s.count++
			if s.solution != nil {
				s.level = l
				if !s.solution() {
					return false
				}
			}
		} else if n == 0 {
			s.coverCost(l, 0)
		}
		if v >= 0 && n > 0 {
			s.start(l, v, n)
			s.coverCost(l, n)
		} else {
			// a leaf: back up to a level with an option left
			for {
				if l == root {
					return true
				}
				l--
				s.unplace(s.opt[l])
				if s.next(l) >= 0 {
					break
				}
			}
			s.updates += s.place(l, s.opt[l])
			l++
			continue
		}
		if s.next(l) < 0 { // cannot happen: n > 0
			return true
		}
		s.updates += s.place(l, s.opt[l])
		l++
	}
}

// replay sets the state after the prefix's choices (plan options),
// counting nothing. It only places them: what the prefix's levels branched
// on is worked out by solutionAt when a solution needs it (the estimate
// of position starts at the task's root), since the choices at the top of
// the tree are the dearest to make.
func (s *optSearch[O]) replay(prefix []int32) {
	s.reset()
	for l, o := range prefix {
		s.opt[l] = o
		s.place(l, o)
	}
	s.root = len(prefix)
}

// prefixChoices fills in item, deg and ord for the levels of the task's
// prefix (see replay).
func (s *optSearch[O]) prefixChoices() {
	saved := s.used
	s.clearUsed()
	for l := range s.root {
		v, n := s.choose(l)
		s.item[l], s.deg[l] = int32(v), int32(n)
		s.ord[l] = int32(s.before(l, v, s.opt[l]))
		o := s.opt[l]
		for j, u := range s.x.oUsed[int(o)*s.x.nu : int(o+1)*s.x.nu] {
			s.used[j] |= u
		}
	}
	s.used = saved
	s.root = -1
}

// before returns how many of item v's options alive at level l come
// before plan option o. Only the words that the summary of level l marks
// hold alive options: the others hold what an earlier task left there.
func (s *optSearch[O]) before(l, v int, o int32) int {
	alive, nz, cv := &s.alive[l], &s.nz[l], &s.x.items[v].set
	n, k := 0, int(o)>>6
	for j := range k + 1 {
		if nz[j>>6]&(1<<(j&63)) == 0 {
			continue
		}
		w := (*alive)[j] & (*cv)[j]
		if j == k {
			w &= 1<<(o&63) - 1
		}
		n += bits.OnesCount64(w)
	}
	return n
}

// children expands the node the prefix leads to: if it has options to try
// (it is neither a leaf nor a dead end) it counts it (if count), appends
// the prefixes of its children to out and returns true.
func (s *optSearch[O]) children(prefix []int32, out *[][]int32, count bool) bool {
	s.replay(prefix)
	l := len(prefix)
	v, n := s.choose(l)
	if v < 0 || n == 0 {
		return false
	}
	s.start(l, v, n)
	if count {
		s.count1(l)
		s.coverCost(l, n)
	}
	for o := s.next(l); o >= 0; o = s.next(l) {
		u := s.place(l, o)
		if count {
			s.updates += u
		}
		*out = append(*out, append(slices.Clip(prefix), o))
		s.unplace(o)
	}
	return true
}

// position is Knuth's estimate of how much of the subtree below level root
// has been searched: the sum over the levels of (k-1)/(d_root...d_l) where
// the choice at level l is the k-th of its d options, plus half of the
// last unit.
func (s *optSearch[O]) position(root int) float64 {
	f, fd := 0.0, 1.0
	for l := root; l < s.level; l++ {
		fd *= float64(s.deg[l])
		f += float64(s.ord[l]) / fd
	}
	return f + 0.5/fd
}

// solutionAt builds the solution at the current leaf: the options chosen
// at levels 0..level-1.
func (s *optSearch[O]) solutionAt() Solution {
	x := s.x
	if s.root > 0 {
		s.prefixChoices()
	}
	sol := Solution{Options: make([]int, 0, s.level), Choices: make([]Choice, 0, s.level)}
	for l := range s.level {
		o := int(x.optNum[s.opt[l]])
		sol.Options = append(sol.Options, o)
		sol.Choices = append(sol.Choices, Choice{Option: o, Item: int(s.item[l]), K: int(s.ord[l]) + 1, D: int(s.deg[l])})
	}
	return sol
}

// stepOf names plan option o by the problem's option number.
func (s *optSearch[O]) stepOf(o int32) Step { return Step{Item: -1, Option: int(s.x.optNum[o])} }

// choiceOf returns the plan number of the problem's option st.Option.
func (s *optSearch[O]) choiceOf(st Step) (int32, bool) {
	o := st.Option
	if o < 0 || o >= len(s.x.planOf) {
		return 0, false
	}
	return s.x.planOf[o], true
}
