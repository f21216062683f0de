package solver

import (
	"math/bits"
	"slices"
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
//   - elsewhere, on a CPU with POPCNT and BMI, place's loop and the
//     count of the items left are assembly (andNotPopBMI, minItemBMI,
//     bitsbmi_amd64.s), the same operations as the Go, so that a build
//     for any x86-64 runs them as fast as one for GOAMD64=v3; where it
//     also has AVX2, both go four words an instruction, popcounts by
//     nibbles (andNotPopAVX2, minItemAVX2, bitsavx2_amd64.s);
//   - with at most planesMax options alive (most nodes; planesAVX2 where
//     the CPU has AVX2), choose counts by options instead: it lists them
//     and adds up their items' masks into bit planes of counts
//     (choosePlanes, optplanes.go), a few operations an option and no
//     branch for each item;
//   - where a node's options alive are many but fit a plan at most half
//     as wide, its subtree runs on a plan of just those options, whose
//     words are that much fewer (optsmall.go: the same tree, figures and
//     order of solutions);
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

// useBMI says whether place and choose run their loops in assembly with
// POPCNT, TZCNT and BLSR (andNotPopBMI and minItemBMI, where the CPU has
// them and not AVX-512): the plain build (GOAMD64=v1) then runs as fast as
// one for v3, whose compiler emits those instructions itself. Tests turn
// it off to compare.
var useBMI = haveBMI && !haveAVX512

// useAVX2 says whether place and choose (beyond planesAVX2 options alive)
// run four words an instruction (andNotPopAVX2 and minItemAVX2, where the
// CPU has AVX2 and not AVX-512). Tests turn it off to compare.
var useAVX2 = haveAVX2 && !haveAVX512

// Kernels names the bitset engine's inner loops this process runs, chosen
// at start from the CPU (GODEBUG=cpu.avx512f=off turns AVX-512 off): a
// benchmark says which it measured.
func Kernels() string {
	switch {
	case useAVX512:
		return "AVX-512"
	case useAVX2:
		return "AVX2"
	case useBMI:
		return "POPCNT and BMI2"
	}
	return "portable Go"
}

// zeroWords stands for a second class's mask where there is none.
var zeroWords [optMaxOptions / 64]uint64

// optMaxOptions is the most options the option-bitset search handles.
const optMaxOptions = 128 * 64

// An optSet is a set of options, one bit each.
type optSet interface {
	[8]uint64 | [16]uint64 | [32]uint64 | [64]uint64 | [128]uint64
}

// optSummary marks the non-zero words of an optSet.
type optSummary = [2]uint64

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
	slab solutionSlab
	// per level: the weight of the options alive (see optPlan.wt) and of
	// those of the item branched on
	wAlive, wItem []int64
	nAlive        []int32 // per level: the number of options alive
	root          int     // the levels of the task's prefix, until prefixChoices
	// choosePlanes' options alive (listBMI writes up to seven past them)
	list [2 * (planesMax + 1)]int32
	// hand subtrees on to the smaller searches of small where handOn
	// says, with these least numbers of options (optsmall.go; tests
	// change them); up says where this search reports, if it is one of
	// those
	handMin [2]int32
	small   *optSmall
	up      *optUp
	taskFigures
}

func newOptSearch[O optSet](x *optPlan[O]) *optSearch[O] {
	n := x.nPrim + 2
	return &optSearch[O]{x: x,
		alive: make([]O, n+1), nz: make([]optSummary, n+1),
		item: make([]int32, n), deg: make([]int32, n), opt: make([]int32, n), ord: make([]int32, n),
		opts: make([]int32, 4*x.maxDeg), base: make([]int32, n+1), empty: slices.Repeat([]int32{-1}, n+1),
		wAlive: make([]int64, n+1), wItem: make([]int64, n), nAlive: make([]int32, n+1),
		taskFigures: newTaskFigures(n), handMin: handMins,
	}
}

// unplace undoes the covering of place(l, o) (level l's state is intact).
func (s *optSearch[O]) unplace(o int32) {
	x := s.x
	if x.nu == 2 { // up to 128 primary items: most packings
		u := x.oUsed[2*int(o) : 2*int(o)+2]
		s.used[0] &^= u[0]
		s.used[1] &^= u[1]
		return
	}
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
	if b+n+8 > len(s.opts) { // and room for listBMI's eight past them
		s.opts = slices.Grow(s.opts, b+n+8-len(s.opts))[:cap(s.opts)]
	}
	s.base[l+1] = int32(b + n)
	out := s.opts[b : b+n]
	if useBMI {
		// the item's words, its options listed eight at a time, up to
		// the word of the n-th
		m := optSummary{nz[0] & cs[0], nz[1] & cs[1]}
		listBMI(&(*alive)[0], &(*cv)[0], &m, &s.opts[b], n)
		s.wItem[l] = s.weigh(out)
		return
	}
	i := 0
words:
	for jj := range len(cs) {
		for m := nz[jj] & cs[jj]; m != 0; m &= m - 1 {
			k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*cv) - 1)
			for r := (*alive)[k] & (*cv)[k]; r != 0; r &= r - 1 {
				out[i] = int32(k<<6 + bits.TrailingZeros64(r))
				i++
			}
			if i == n { // the rest of the words hold none
				break words
			}
		}
	}
	s.wItem[l] = s.weigh(out)
}

// weigh returns the weight of the options of list (see optPlan.wt).
func (s *optSearch[O]) weigh(list []int32) int64 {
	if cl := s.x.classes; len(cl) == 1 {
		return int64(len(list)) * cl[0].w // as in most plans handed on
	}
	var w int64
	for _, o := range list {
		w += int64(s.x.wt[o])
	}
	return w
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
		v, n := -1, 0
		if m := s.nAlive[l]; (m >= s.handMin[0] || m >= s.handMin[1]) && handOn(len(s.alive[l]), m, s.handMin[0], s.handMin[1]) {
			// the subtree on a smaller plan; then back up as from a leaf
			if !s.handOff(l) {
				return false
			}
		} else {
			if !s.enter(l) {
				return false
			}
			v, n = s.choose(l)
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
	sol := s.slab.take(s.level)
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
