package estimate

import "math/bits"

// A node is a place in the search tree the probes walk, with the moves
// that go down and back up. Two kinds walk the same tree (DLX1's) and give
// the same figures: the walker, for any problem, and the bitWalker, for a
// plain exact cover (every packing), some fifty times faster.
type node interface {
	// choose returns the item DLX1 branches on (the uncovered item of
	// those covered exactly once with the fewest options left, the
	// leftmost on ties), or -1 when every such item is covered.
	choose() int
	// empty reports whether item i has no option left (a dead end).
	empty(i int) bool
	// dead says -1 when every item covered exactly once is covered (a
	// leaf), 0 when one of them has no option left (a dead end), 1 else.
	dead() int
	// solved reports whether a node where choose says -1 is a solution.
	solved() bool
	// coverCost is DLX1's updates for covering item i at the node.
	coverCost(i int) int64
	// options appends item i's options left, in increasing order.
	options(i int, buf []int32) []int32
	// commit chooses option x for item i and returns DLX1's updates for
	// covering x's other items.
	commit(i int, x int32) int64
	undo()
	reset()
	// path returns the options chosen, root first.
	path() []int32
	// size returns the number of options left at the node.
	size() int
	// clone returns another root of the same tree, to walk it at the
	// same time (the problem is shared, read-only).
	clone() node
	// skipUpdates makes commit leave out the updates it can skip (their
	// counts are then wrong), for probes that count solutions only.
	skipUpdates()
}

// bitMaxOptions is the most options a bitWalker takes: its conflict sets
// take options²/8 bytes (8 MB here).
const bitMaxOptions = 8192

// newNode returns the root of m's tree: a bitWalker when m is a plain
// exact cover of at most bitMaxOptions options (no colours, no
// multiplicities), else a walker.
func newNode(m *matrix) node {
	if bw := newBitWalker(m); bw != nil {
		return bw
	}
	return newWalker(m)
}

// A bitWalker keeps each level's options left as a bitset, one bit an
// option: choosing an option is an AND with the complement of its
// conflict set (the options sharing an item with it), the count of an
// item's options a few AND+POPCNT, and going back up is free, since each
// level has its own set. DLX1's updates are weighed from the same sets
// (options grouped by their number of items).
type bitWalker struct {
	m       *matrix
	nw, nc  int      // words of an option set; of a set of primary items
	set     []uint64 // primary item i's options: set[i*nw:(i+1)*nw]
	span    []int32  // per primary item: its first and last word that is not zero, plus one
	conf    []uint64 // option x's conflicts (x included): conf[x*nw:(x+1)*nw]
	cspan   []int32  // per option: the same span for its conflicts
	items   []uint64 // option x's primary items: items[x*nc:(x+1)*nc]
	classes []weightClass
	alive   []uint64 // per level: the options left
	cov     []uint64 // per level: the primary items covered
	chosen  []int32
	d       int  // the level of the node
	noCost  bool // commit skips the weighing of the options hidden
}

// A weightClass is the options that cost w updates each when hidden (their
// number of items less one).
type weightClass struct {
	w    int64
	mask []uint64
}

// newBitWalker returns the root of m's tree, or nil if m is not a plain
// exact cover or has too many options.
func newBitWalker(m *matrix) *bitWalker {
	n := len(m.opt)
	if n > bitMaxOptions || n == 0 {
		return nil
	}
	for i := range m.nPrimary {
		if !m.exact[i] {
			return nil
		}
	}
	for _, cs := range m.color {
		for _, c := range cs {
			if c != 0 {
				return nil
			}
		}
	}
	nw, nc := (n+63)/64, (m.nPrimary+63)/64
	b := &bitWalker{m: m, nw: nw, nc: nc,
		set: make([]uint64, m.nPrimary*nw), span: make([]int32, 2*m.nPrimary),
		conf: make([]uint64, n*nw), cspan: make([]int32, 2*n), items: make([]uint64, n*nc),
		// every level covers an item at least: at most nPrimary+1 levels
		alive: make([]uint64, (m.nPrimary+1)*nw), cov: make([]uint64, (m.nPrimary+1)*nc),
	}
	for i := range m.nPrimary {
		s := b.set[i*nw : (i+1)*nw]
		for _, o := range m.list[i] {
			s[o>>6] |= 1 << (o & 63)
		}
		b.span[2*i], b.span[2*i+1] = spanOf(s)
	}
	for x, its := range m.opt {
		c := b.conf[x*nw : (x+1)*nw]
		for _, it := range its {
			for _, o := range m.list[it] {
				c[o>>6] |= 1 << (o & 63)
			}
			if int(it) < m.nPrimary {
				b.items[x*nc+int(it>>6)] |= 1 << (it & 63)
			}
		}
		b.cspan[2*x], b.cspan[2*x+1] = spanOf(c)
		w := int64(len(its) - 1)
		k := 0
		for k < len(b.classes) && b.classes[k].w != w {
			k++
		}
		if k == len(b.classes) {
			b.classes = append(b.classes, weightClass{w: w, mask: make([]uint64, nw)})
		}
		b.classes[k].mask[x>>6] |= 1 << (x & 63)
	}
	for o := range n {
		b.alive[o>>6] |= 1 << (o & 63)
	}
	return b
}

// spanOf returns the first word of s that is not zero and the last plus
// one (0, 0 if none).
func spanOf(s []uint64) (int32, int32) {
	lo, hi := -1, 0
	for k, w := range s {
		if w != 0 {
			if lo < 0 {
				lo = k
			}
			hi = k + 1
		}
	}
	if lo < 0 {
		return 0, 0
	}
	return int32(lo), int32(hi)
}

// level returns the options left and the items covered at the node.
func (b *bitWalker) level() ([]uint64, []uint64) {
	return b.alive[b.d*b.nw : (b.d+1)*b.nw], b.cov[b.d*b.nc : (b.d+1)*b.nc]
}

// count returns the number of item i's options left, or any number no
// less than limit once it reaches limit.
func (b *bitWalker) count(a []uint64, i, limit int) int {
	s := b.set[i*b.nw : (i+1)*b.nw]
	n := 0
	for k := b.span[2*i]; k < b.span[2*i+1]; k++ {
		n += bits.OnesCount64(a[k] & s[k])
		if n >= limit {
			break
		}
	}
	return n
}

func (b *bitWalker) choose() int {
	a, cv := b.level()
	best, least := -1, 1<<31-1
	for j, c := range cv {
		for w := ^c; w != 0; w &= w - 1 {
			i := j<<6 + bits.TrailingZeros64(w)
			if i >= b.m.nPrimary {
				break
			}
			if n := b.count(a, i, least); n < least {
				best, least = i, n
				if n == 0 {
					return best
				}
			}
		}
	}
	return best
}

func (b *bitWalker) dead() int {
	a, cv := b.level()
	leaf := true
	for j, c := range cv {
		for w := ^c; w != 0; w &= w - 1 {
			i := j<<6 + bits.TrailingZeros64(w)
			if i >= b.m.nPrimary {
				break
			}
			if b.count(a, i, 1) == 0 {
				return 0
			}
			leaf = false
		}
	}
	if leaf {
		return -1
	}
	return 1
}

func (b *bitWalker) empty(i int) bool {
	a, _ := b.level()
	return b.count(a, i, 1) == 0
}

// solved: a plain exact cover has no bounds to check.
func (b *bitWalker) solved() bool { return true }

// weigh returns DLX1's updates for hiding the options of a AND s AND NOT
// not (not may be nil) within the words [lo, hi).
func (b *bitWalker) weigh(a, s, not []uint64, lo, hi int32) int64 {
	u := int64(0)
	for k := lo; k < hi; k++ {
		v := a[k] & s[k]
		if not != nil {
			v &^= not[k]
		}
		if v == 0 {
			continue
		}
		for _, c := range b.classes {
			u += c.w * int64(bits.OnesCount64(v&c.mask[k]))
		}
	}
	return u
}

func (b *bitWalker) coverCost(i int) int64 {
	a, _ := b.level()
	return 1 + b.weigh(a, b.set[i*b.nw:(i+1)*b.nw], nil, b.span[2*i], b.span[2*i+1])
}

func (b *bitWalker) options(i int, buf []int32) []int32 {
	a, _ := b.level()
	s := b.set[i*b.nw : (i+1)*b.nw]
	for k := b.span[2*i]; k < b.span[2*i+1]; k++ {
		for w := a[k] & s[k]; w != 0; w &= w - 1 {
			buf = append(buf, k<<6+int32(bits.TrailingZeros64(w)))
		}
	}
	return buf
}

// commit: the options x hides other than item i's are its conflicts left
// that are not i's (those are counted by coverCost), and each of x's other
// items costs one update more.
func (b *bitWalker) commit(i int, x int32) int64 {
	a, cv := b.level()
	nw, nc := b.nw, b.nc
	c := b.conf[int(x)*nw : int(x+1)*nw]
	lo, hi := b.cspan[2*x], b.cspan[2*x+1]
	u := int64(len(b.m.opt[x]) - 1)
	if !b.noCost {
		u += b.weigh(a, c, b.set[i*nw:(i+1)*nw], lo, hi)
	}
	next := b.alive[(b.d+1)*nw : (b.d+2)*nw]
	copy(next, a)
	for k := lo; k < hi; k++ {
		next[k] &^= c[k]
	}
	ncv := b.cov[(b.d+1)*nc : (b.d+2)*nc]
	for k := range ncv {
		ncv[k] = cv[k] | b.items[int(x)*nc+k]
	}
	b.d++
	b.chosen = append(b.chosen, x)
	return u
}

func (b *bitWalker) undo() {
	b.d--
	b.chosen = b.chosen[:len(b.chosen)-1]
}

func (b *bitWalker) reset() {
	b.d = 0
	b.chosen = b.chosen[:0]
}

func (b *bitWalker) path() []int32 { return b.chosen }

func (b *bitWalker) size() int {
	a, _ := b.level()
	n := 0
	for _, w := range a {
		n += bits.OnesCount64(w)
	}
	return n
}

func (b *bitWalker) clone() node {
	c := *b
	c.alive = make([]uint64, len(b.alive))
	c.cov = make([]uint64, len(b.cov))
	copy(c.alive[:b.nw], b.alive[:b.nw]) // the root's options: all of them
	c.chosen, c.d = nil, 0
	return &c
}

func (b *bitWalker) skipUpdates() { b.noCost = true }
