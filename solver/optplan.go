package solver

import (
	"math/bits"
	"slices"
)

// The option-bitset search's plan (bitsopt.go): each item's options as
// a set of bits, built once and shared by the workers.

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
	// oUsed[o*nu:(o+1)*nu], nu at least two words (choosePlanes reads
	// two), and after the last option an empty one's
	oUsed []uint64
	nu    int
	// the most options any primary item has (opts' first size)
	maxDeg int
	// the bits of the primary items, with at most 128 of them, for
	// choosePlanes (byOptions says whether it applies)
	prim      [2]uint64
	byOptions bool
	// per primary item, the first word of its options and the end of
	// its last (for minItemAVX512), and the same rounded out to multiples
	// of four (for minItemAVX2: whole quads, the words added zero)
	spans, spans4 []int32
	all           O // every option
	allNz         optSummary

	// DLX1's update count: choosing an option (and covering its items)
	// costs one update per item and, for every option it hides, one per
	// other item of that option. So options are weighed by their size
	// less one, in classes of equal weight (one class in most packings).
	wt      []int32 // per plan option: its number of items less one
	classes []optClass[O]
	allW    int64 // the weight of every option
	// the weights again, for place to count in its one pass: an option
	// weighs wMin plus the sum of 1<<p over the planes p holding its bit,
	// planes[4k+p] the options of word k in plane p (np planes, at most
	// four; planeOK is false where the weights spread wider, and place
	// calls weighed)
	wMin    int64
	planes  []uint64
	np      int
	planeOK bool
	// the planes again, plane p's words from planesT[p*len(all)], for
	// andNotPopAVX2 (four planes, the unused ones zero)
	planesT []uint64
	// cover[i] is item i's options, for build; rows the options' items
	cover []O
	rows  optRows
}

// An optItem is the set of options of a primary item, and its summary.
// The set starts 32 bytes in, so that where the records lie 32-byte
// aligned (as Go allocates blocks of a kilobyte and more) minItemAVX2's
// quads do not straddle cache lines.
type optItem[O optSet] struct {
	sum optSummary
	_   [2]uint64
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
	// options in the order of their first item (ties: file order)
	order := make([]int32, n)
	firstItem := make([]int32, n)
	for o := range n {
		order[o] = int32(o)
		firstItem[o] = int32(len(p.items))
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			firstItem[o] = min(firstItem[o], e.item)
		}
	}
	slices.SortStableFunc(order, func(a, b int32) int { return int(firstItem[a] - firstItem[b]) })
	src := optRows{num: order, start: make([]int32, 1, n+1)}
	for _, o := range order {
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			src.items = append(src.items, e.item)
		}
		src.start = append(src.start, int32(len(src.items)))
	}
	x := &optPlan[O]{}
	x.build(p, &src, nil)
	x.planOf = make([]int32, n)
	for po, o := range x.optNum {
		x.planOf[o] = int32(po)
	}
	return x
}

// optRows are the options of a plan as lists of items: option po (a plan
// number) is the problem's option num[po], with items
// items[start[po]:start[po+1]].
type optRows struct {
	num, start, items []int32
}

// build makes x the plan of p's options pick (indexes into src, in
// order; nil: all of src), reusing x's buffers: a search's smaller plans
// are rebuilt many times (optsmall.go), from their parent's rows rather
// than the problem's entries, which lie all over memory. It leaves planOf
// alone.
func (x *optPlan[O]) build(p *Problem, src *optRows, pick []int32) {
	r := &x.rows
	n := len(pick)
	if pick == nil {
		n = len(src.num)
	}
	r.num = resized(r.num, n)
	r.start = resized(r.start, n+1)
	r.items = r.items[:0]
	for i := range n {
		po := int32(i)
		if pick != nil {
			po = pick[i]
		}
		r.num[i] = src.num[po]
		r.items = append(r.items, src.items[src.start[po]:src.start[po+1]]...)
		r.start[i+1] = int32(len(r.items))
	}
	x.p, x.nPrim, x.optNum = p, p.nPrimary, r.num
	// the options of every item (secondary ones too, for the conflicts)
	x.cover = resized(x.cover, len(p.items))
	cover := x.cover
	x.nu = max((x.nPrim+63)/64, 2)
	x.oUsed = resized(x.oUsed, (n+1)*x.nu)
	var none O
	x.all = none
	for po := range n {
		for _, it := range r.items[r.start[po]:r.start[po+1]] {
			cover[it][po>>6] |= 1 << (po & 63)
			if int(it) < x.nPrim {
				x.oUsed[po*x.nu+int(it>>6)] |= 1 << (it & 63)
			}
		}
		x.all[po>>6] |= 1 << (po & 63)
	}
	x.allNz = summarize(&x.all)
	x.items = resized(x.items, x.nPrim)
	for i := range x.items {
		x.items[i] = optItem[O]{sum: summarize(&cover[i]), set: cover[i]}
	}
	// each item's number of options and span of words
	x.spans = resized(x.spans, 2*x.nPrim)
	x.maxDeg = 0
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
	x.spans4 = resized(x.spans4, 2*x.nPrim)
	for i := range x.nPrim {
		x.spans4[2*i], x.spans4[2*i+1] = x.spans[2*i]&^3, (x.spans[2*i+1]+3)&^3
	}
	x.wt = resized(x.wt, n)
	x.allW = 0
	x.classes = x.classes[:0]
	for po := range n {
		w := int64(r.start[po+1] - r.start[po] - 1)
		x.wt[po] = int32(w)
		x.allW += w
		i := slices.IndexFunc(x.classes, func(c optClass[O]) bool { return c.w == w })
		if i < 0 {
			i = len(x.classes)
			x.classes = append(x.classes, optClass[O]{w: w})
		}
		x.classes[i].mask[po>>6] |= 1 << (po & 63)
	}
	x.weightPlanes()
	x.prim = [2]uint64{}
	if x.byOptions = x.nPrim <= 128; x.byOptions {
		for b := range x.nPrim {
			x.prim[b>>6] |= 1 << (b & 63)
		}
	}
	// the conflicts' rows in whole quads (an optSet's words are a
	// multiple of eight), for andNotPopAVX2
	x.nw = ((n+63)/64 + 3) &^ 3
	x.conf = resized(x.conf, n*x.nw)
	for po := range n {
		c := x.conf[po*x.nw : (po+1)*x.nw]
		for _, it := range r.items[r.start[po]:r.start[po+1]] {
			cv := &cover[it]
			for k := range c {
				c[k] |= (*cv)[k]
			}
		}
	}
}

// resized returns s with length n and every element zero, reusing its
// array when it is big enough.
func resized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// weightPlanes sets wMin, planes, planesT, np and planeOK from wt and
// classes.
func (x *optPlan[O]) weightPlanes() {
	x.planesT = resized(x.planesT, 4*len(x.all))
	x.np, x.wMin = 0, 0
	if len(x.classes) == 0 {
		x.planeOK = true
		return
	}
	x.wMin = slices.MinFunc(x.classes, func(a, b optClass[O]) int { return int(a.w - b.w) }).w
	wMax := slices.MaxFunc(x.classes, func(a, b optClass[O]) int { return int(a.w - b.w) }).w
	x.np = bits.Len64(uint64(wMax - x.wMin))
	if x.planeOK = x.np <= 4; !x.planeOK {
		x.np = 0
		return
	}
	x.planes = resized(x.planes, 4*len(x.all))
	for po, w := range x.wt {
		for p, d := 0, int64(w)-x.wMin; d != 0; p, d = p+1, d>>1 {
			if d&1 != 0 {
				x.planes[4*(po>>6)+p] |= 1 << (po & 63)
				x.planesT[p*len(x.all)+po>>6] |= 1 << (po & 63)
			}
		}
	}
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
