package solver

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// ErrBadEngine is returned by ParseEngine for a name it does not know.
var ErrBadEngine = errors.New("unknown engine")

// The bitset engine. Packing puzzles are exact cover problems with a few
// dozen items (cells and pieces) and a few thousand options; for them a
// search on machine words beats dancing links. It has two searches, both
// driven by the driver, as dancing links is (driver.go: tasks, workers,
// progress, ordered delivery, checkpoints):
//
//   - bitsopt.go, option bitsets, for problems without multiplicities (and
//     at most optMaxOptions options): every option is a bit, a level's
//     state is the set of options still alive, and the search makes
//     exactly DLX1's choices (the item with the fewest alive options), so
//     its tree, nodes and updates are DLX1's, at a fraction of the cost per
//     node;
//   - bitssearch.go, first empty item, for the problems with
//     multiplicities: every item is a bit, an option a mask of items; the
//     branch items (the primary items covered exactly once) are put in a
//     fixed order (bitsorder.go) and the search branches on the first one
//     not covered yet, with the options whose first branch item it is as
//     candidates; after each placement, an empty cell walled in is a dead
//     end. Items with multiplicities (DLX3's a:b|name, POLYCUBE-DLX's
//     k*name) are counted: their bit is set when they have been covered
//     their maximum number of times, and the lower bounds are checked at
//     the leaves. Options that cover no branch item at all are chosen at
//     the leaves, by trying every compatible subset of them. It makes more
//     nodes than DLX1 on 3D boxes.
//
// Colours are not supported: such problems go to dancing links.

// Engine chooses the search Solve runs.
type Engine int

const (
	// EngineDLX is dancing links (the zero value): Knuth's DLX1, DLX2 or
	// DLX3, with their node and update counts, solutions in their order.
	EngineDLX Engine = iota
	// EngineBits is the bitset engine, when the problem allows it (no
	// colours, at most 512 items, at most maxFreeOptions options without an
	// exactly-once primary item); otherwise dancing links. The solutions
	// are the same set in another order; without multiplicities the
	// figures (nodes, updates) are DLX1's too.
	EngineBits
	// EngineAuto is the bitset engine when it applies and the order of
	// the solutions does not matter (Options.Ordered is false); dancing
	// links otherwise, so that an ordered listing is in DLX1's order.
	EngineAuto
	// EngineCell is the cell search (cellsearch.go) when the problem is a
	// packing it handles (pieces and at most 64 cells, no colours or
	// multiplicities); otherwise the bitset engine when it applies, else
	// dancing links. It branches on the first empty cell, so its tree,
	// nodes and updates are its own, not DLX1's; the solutions are the
	// same set in another order.
	EngineCell
)

// String returns "dlx", "bits", "auto" or "cell".
func (e Engine) String() string {
	switch e {
	case EngineDLX:
		return "dlx"
	case EngineBits:
		return "bits"
	case EngineAuto:
		return "auto"
	case EngineCell:
		return "cell"
	}
	return fmt.Sprintf("Engine(%d)", int(e))
}

// ParseEngine reads "dlx", "bits", "auto" or "cell".
func ParseEngine(s string) (Engine, error) {
	for _, e := range []Engine{EngineDLX, EngineBits, EngineAuto, EngineCell} {
		if s == e.String() {
			return e, nil
		}
	}
	return 0, fmt.Errorf("solver: %w %q (want dlx, bits, cell or auto)", ErrBadEngine, s)
}

// BitsApplies reports whether the bitset engine can search p, and if not,
// why not.
func BitsApplies(p *Problem) (bool, string) {
	_, why := bitsWords(p)
	if why != "" {
		if _, ok, _ := mergedBits(context.Background(), p); ok {
			return true, ""
		}
	}
	return why == "", why
}

// maxBitsItems is the most items the bitset engine handles: 8 words.
const maxBitsItems = 512

// maxFreeOptions bounds the options without an exactly-once primary item,
// whose subsets are tried at every leaf.
const maxFreeOptions = 16

// bitsWords returns the number of 64-bit words a mask of p needs (1, 2, 4
// or 8), or the reason the bitset engine does not apply.
func bitsWords(p *Problem) (int, string) {
	switch {
	case p.err != nil:
		return 0, p.err.Error()
	case p.hasColors():
		return 0, "colours"
	case len(p.items) > maxBitsItems:
		return 0, fmt.Sprintf("%d items (at most %d)", len(p.items), maxBitsItems)
	}
	exact := make([]bool, len(p.items))
	nExact := 0
	for i, it := range p.items[:p.nPrimary] {
		if it.min == 1 && it.max == 1 {
			exact[i] = true
			nExact++
		}
	}
	if nExact == 0 {
		return 0, "no primary item to be covered exactly once"
	}
	free := 0
	for o := range p.NumOptions() {
		has := false
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			has = has || exact[e.item]
		}
		if !has {
			free++
		}
	}
	if free > maxFreeOptions {
		return 0, fmt.Sprintf("%d options without an exactly-once item (at most %d)", free, maxFreeOptions)
	}
	n := len(p.items)
	for _, w := range []int{1, 2, 4, 8} {
		if n <= 64*w {
			return w, ""
		}
	}
	return 0, "too many items"
}

// A mask is a set of items, one bit each, in a fixed number of words.
type mask interface {
	[1]uint64 | [2]uint64 | [4]uint64 | [8]uint64
}

// setBit adds bit b to m.
func setBit[M mask](m *M, b int) { (*m)[b>>6] |= 1 << (b & 63) }

// hasBit reports whether bit b is in m.
func hasBit[M mask](m *M, b int) bool { return (*m)[b>>6]&(1<<(b&63)) != 0 }

// disjoint reports whether a and b have no bit in common.
func disjoint[M mask](a, b *M) bool {
	for i := range len(*a) {
		if (*a)[i]&(*b)[i] != 0 {
			return false
		}
	}
	return true
}

// firstZero returns the lowest bit not in m, among the first n.
func firstZero[M mask](m *M, n int) int {
	for i := range len(*m) {
		if w := ^(*m)[i]; w != 0 {
			return min(i*64+bits.TrailingZeros64(w), n)
		}
	}
	return n
}

// A bitsPlan is the bitset form of one problem, shared by every worker.
type bitsPlan[M mask] struct {
	p       *Problem
	nBranch int     // branch items: bits 0..nBranch-1, in search order
	itemOf  []int32 // bit -> item number
	bitOf   []int32 // item number -> bit

	// Candidates: the options whose first branch bit is b are
	// cand[candStart[b]:candStart[b+1]], in file order.
	candStart []int32
	cand      []bitsOption[M]

	// counted items (multiplicities): bounds, per counted number
	cntBit         []int32
	cntMin, cntMax []int32
	cntItems       []int32 // counted numbers of the options' counted items
	free           []bitsOption[M]
	hmask          []M  // H(v) of each branch bit, see bitsHitting
	noDead         bool // no dead-end test (to measure what it buys)

	// the region test (see regions)
	region               bool
	cellMask             M
	adj, around          []M // cells linked to each cell; to each option's cells
	regionGcd, regionMin int32
	regionMax            int32   // floods stop beyond this size
	check                []int32 // branch bits to check after placing an option
}

// A bitsOption is one option as the search sees it.
type bitsOption[M mask] struct {
	m          M
	opt        int32 // option number in the problem
	cnt0, cnt1 int32 // its counted items: cntItems[cnt0:cnt1]
	chk0, chk1 int32 // bits to check for dead ends: check[chk0:chk1]
	around     int32 // the cells linked to its cells: b.around[around]; -1 if none
}

// newBitsPlan builds the plan of p (bitsWords(p) must have said yes) with
// its branch items in order and the options of its items, cols (nil: made
// here), or returns ctx's error when ctx ends first.
func newBitsPlan[M mask](ctx context.Context, p *Problem, order []int32, cols *itemOptions) (*bitsPlan[M], error) {
	n := len(p.items)
	b := &bitsPlan[M]{p: p, itemOf: make([]int32, 0, n), bitOf: make([]int32, n)}
	isExact := func(i int) bool { return i < p.nPrimary && p.items[i].min == 1 && p.items[i].max == 1 }
	// number the bits: branch items in order, counted items, secondary items
	for _, i := range order {
		b.bitOf[i] = int32(len(b.itemOf))
		b.itemOf = append(b.itemOf, i)
	}
	b.nBranch = len(b.itemOf)
	cntOf := make([]int32, n) // counted number of an item; -1 if not counted
	for i := range p.items {
		cntOf[i] = -1
		if !isExact(i) {
			b.bitOf[i] = int32(len(b.itemOf))
			b.itemOf = append(b.itemOf, int32(i))
			if i < p.nPrimary {
				cntOf[i] = int32(len(b.cntBit))
				b.cntBit = append(b.cntBit, b.bitOf[i])
				b.cntMin = append(b.cntMin, int32(p.items[i].min))
				b.cntMax = append(b.cntMax, int32(p.items[i].max))
			}
		}
	}
	// the dead-end test: H(v) for each branch bit v, and the bits v whose
	// H(v) each bit is in (those to check when it is covered)
	hitting := hittingSets(p, b.bitOf, b.nBranch, cols)
	b.hmask = make([]M, b.nBranch)
	// watchers of bit u: watch[watchAt[u]:watchAt[u+1]], flat (a slice
	// a bit was most of the plan's allocations)
	watchAt := make([]int32, n+1)
	for v, h := range hitting {
		for _, u := range h {
			setBit(&b.hmask[v], int(u))
			watchAt[u+1]++
		}
	}
	for u := range n {
		watchAt[u+1] += watchAt[u]
	}
	watch := make([]int32, watchAt[n])
	next := slices.Clone(watchAt[:n])
	for v, h := range hitting {
		for _, u := range h {
			watch[next[u]] = int32(v)
			next[u]++
		}
	}
	// the options, grouped by first branch bit
	type pending struct {
		first int32
		o     bitsOption[M]
	}
	opts := make([]pending, 0, p.NumOptions())
	// room for the usual number at once (an option holds one counted
	// item, the piece's, and checks about as many bits as it covers, a
	// quarter on HexSticks): grown from nothing, each took a dozen arrays
	// of sizes new to the command, whose first spans and span lists cost
	// page faults; at most 256 KiB ahead of need
	if len(b.cntBit) > 0 {
		b.cntItems = make([]int32, 0, p.NumOptions())
	}
	b.check = make([]int32, 0, min(len(p.entries), 1<<16))
	seen := make([]int32, n) // seen[v] == o+1: v is in option o's checks (a map an option was a tenth of the plan)
	for o := range p.NumOptions() {
		if o%setupPoll == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		var bo bitsOption[M]
		bo.opt = int32(o)
		bo.cnt0 = int32(len(b.cntItems))
		first := int32(b.nBranch)
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			bit := b.bitOf[e.item]
			// a counted item's bit is set in the covered mask when it is
			// full: testing the option's mask tests that too
			setBit(&bo.m, int(bit))
			if c := cntOf[e.item]; c >= 0 {
				b.cntItems = append(b.cntItems, c)
				continue
			}
			if bit < int32(b.nBranch) {
				first = min(first, bit)
			}
		}
		bo.cnt1 = int32(len(b.cntItems))
		bo.chk0 = int32(len(b.check))
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			u := b.bitOf[e.item]
			for _, v := range watch[watchAt[u]:watchAt[u+1]] {
				if !hasBit(&bo.m, int(v)) && seen[v] != int32(o)+1 {
					seen[v] = int32(o) + 1
					b.check = append(b.check, v)
				}
			}
		}
		sortInt32(b.check[bo.chk0:])
		bo.chk1 = int32(len(b.check))
		if first == int32(b.nBranch) {
			b.free = append(b.free, bo)
			continue
		}
		opts = append(opts, pending{first, bo})
	}
	// counting sort by first bit, stable: file order within a bit
	b.candStart = make([]int32, b.nBranch+1)
	for _, o := range opts {
		b.candStart[o.first+1]++
	}
	for i := range b.nBranch {
		b.candStart[i+1] += b.candStart[i]
	}
	b.cand = make([]bitsOption[M], len(opts))
	next = append(next[:0], b.candStart[:b.nBranch]...)
	for _, o := range opts {
		b.cand[next[o.first]] = o.o
		next[o.first]++
	}
	// the region test is left off (see regions): its tables are not built
	// (a twentieth of the plan's time and a seventh of its memory on
	// BurrTools' HexSticks)
	return b, nil
}

// regions sets up the region test. The cells of a packing are the branch
// bits that have a neighbour: u and v are neighbours when u is in H(v) and
// v in H(u) (bitsHitting), as cells side by side are. Two cells are linked
// when either is in the other's H. If every option's cells are linked
// together (the pieces are connected), an option that still fits lies in
// one region of empty cells, so a region whose size is smaller than the
// smallest option, or not a multiple of the gcd of the options' sizes,
// can never be filled: a dead end. When some option's cells are not linked
// together, there is no region test. It returns ctx's error when ctx ends
// first.
func (b *bitsPlan[M]) regions(ctx context.Context, hitting [][]int32) error {
	nb := b.nBranch
	inH := func(u, v int32) bool { return slices.Contains(hitting[v], u) }
	isCell := make([]bool, nb)
	for v, h := range hitting {
		for _, u := range h {
			if u < int32(nb) && inH(int32(v), u) {
				isCell[v], isCell[u] = true, true
			}
		}
	}
	adj := make([]M, nb)
	var cells M
	for v, h := range hitting {
		if !isCell[v] {
			continue
		}
		setBit(&cells, v)
		for _, u := range h {
			if u < int32(nb) && isCell[u] {
				setBit(&adj[v], int(u))
				setBit(&adj[u], v)
			}
		}
	}
	// every option's cells must be linked; collect the sizes
	g, smin := 0, nb+1
	var around []M
	for i := range b.cand {
		if i%setupPoll == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		m := &b.cand[i].m
		var mine []int
		for v := range nb {
			if isCell[v] && hasBit(m, v) {
				mine = append(mine, v)
			}
		}
		if len(mine) == 0 {
			continue
		}
		// flood the option's cells from its first
		var seen M
		setBit(&seen, mine[0])
		stack := []int{mine[0]}
		reached := 1
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, v := range mine {
				if hasBit(&adj[u], v) && !hasBit(&seen, v) {
					setBit(&seen, v)
					stack = append(stack, v)
					reached++
				}
			}
		}
		if reached != len(mine) {
			return nil // a piece whose cells are not linked: no region test
		}
		g = gcd(g, len(mine))
		smin = min(smin, len(mine))
		var a M
		for _, v := range mine {
			for k := range len(a) {
				a[k] |= adj[v][k]
			}
		}
		around = append(around, a)
	}
	if g == 0 || (g == 1 && smin <= 1) {
		return nil // every region size can be filled
	}
	b.cellMask, b.adj, b.around, b.regionGcd, b.regionMin = cells, adj, around, int32(g), int32(smin)
	b.regionMax = int32(max(16, 4*max(g, smin)))
	// The region test cuts the nodes by 1.8x on pentomino 4x15 and 2.5x on
	// pentacube 2x3x10 but costs more time than it saves (BenchmarkBitsRule:
	// about 1.3x the CPU), so newBitsPlan leaves it off and does not call
	// this; the benchmark does, and turns it on.
	b.region = false
	// around[i] belongs to b.cand[i] for options with cells: index them
	k := 0
	for i := range b.cand {
		var mine bool
		for v := range nb {
			if isCell[v] && hasBit(&b.cand[i].m, v) {
				mine = true
				break
			}
		}
		if mine {
			b.cand[i].around = int32(k)
			k++
		} else {
			b.cand[i].around = -1
		}
	}
	return nil
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// sortInt32 sorts a short slice in place.
func sortInt32(s []int32) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
