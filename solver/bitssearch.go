package solver

import "math/bits"

// bitsSearch is one worker's search with the bitset engine (see bits.go).
type bitsSearch[M mask] struct {
	b     *bitsPlan[M]
	used  M       // the items covered (a counted item when it is full)
	cnt   []int32 // times each counted item is covered
	cur   []int32 // the candidate (index in b.cand) chosen at each level
	end   []int32 // where that level's candidates end
	freeC []int32 // options without branch items chosen at a leaf (index in b.free)
	stack []int32 // for regionDead
	slab  solutionSlab

	taskFigures
}

// bitsPollEvery is the number of nodes between polls (tens of microseconds).
const bitsPollEvery = 1 << 12

func newBitsSearch[M mask](b *bitsPlan[M]) *bitsSearch[M] {
	n := b.nBranch + 2
	return &bitsSearch[M]{
		b:           b,
		cnt:         make([]int32, len(b.cntBit)),
		cur:         make([]int32, n),
		end:         make([]int32, n),
		taskFigures: newTaskFigures(n),
	}
}

// reset empties the board.
func (s *bitsSearch[M]) reset() {
	var empty M
	s.used = empty
	clear(s.cnt)
	s.freeC = s.freeC[:0]
}

// place covers the items of o (which fits).
func (s *bitsSearch[M]) place(o *bitsOption[M]) {
	for k := range len(s.used) {
		s.used[k] |= o.m[k]
	}
	b := s.b
	for _, c := range b.cntItems[o.cnt0:o.cnt1] {
		s.cnt[c]++
		if s.cnt[c] < b.cntMax[c] { // not full yet: its bit stays clear
			bit := b.cntBit[c]
			s.used[bit>>6] &^= 1 << (bit & 63)
		}
	}
}

// unplace undoes place(o).
func (s *bitsSearch[M]) unplace(o *bitsOption[M]) {
	for _, c := range s.b.cntItems[o.cnt0:o.cnt1] {
		s.cnt[c]--
	}
	for k := range len(s.used) {
		s.used[k] &^= o.m[k]
	}
}

// dead reports whether, after placing o, a branch item that o's items
// surround can no longer be covered: every bit of its H(v) is covered
// (bitsHitting).
func (s *bitsSearch[M]) dead(o *bitsOption[M]) bool {
	b := s.b
	if b.noDead {
		return false
	}
	for _, v := range b.check[o.chk0:o.chk1] {
		if s.used[v>>6]&(1<<(v&63)) != 0 {
			continue
		}
		h := &b.hmask[v]
		surrounded := true
		for k := range len(s.used) {
			if (*h)[k]&^s.used[k] != 0 {
				surrounded = false
				break
			}
		}
		if surrounded {
			return true
		}
	}
	return b.region && o.around >= 0 && s.regionDead(&b.around[o.around])
}

// regionDead reports whether a region of empty cells next to the option
// just placed (around: the cells linked to its cells) has a size no set of
// options can fill (see bitsPlan.regions). A flood stops once its region
// has more than regionMax cells (a big region is rarely unfillable, and
// flooding it all at every node would cost more than it saves); a later
// flood that meets the cells of a stopped one is part of the same big
// region and stops too.
func (s *bitsSearch[M]) regionDead(around *M) bool {
	b := s.b
	seen := s.used
	var seeds, big M
	for k := range len(seeds) {
		seeds[k] = (*around)[k] & b.cellMask[k] &^ seen[k]
	}
	for k := 0; k < len(seeds); {
		if seeds[k] == 0 {
			k++
			continue
		}
		v := k*64 + bits.TrailingZeros64(seeds[k])
		// flood the region of v
		before := seen
		seen[v>>6] |= 1 << (v & 63)
		stack := append(s.stack[:0], int32(v))
		size, stopped := int32(0), false
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			a := &b.adj[u]
			for j := range len(seen) {
				if (*a)[j]&big[j] != 0 {
					stopped = true
				}
				nw := (*a)[j] &^ seen[j]
				seen[j] |= nw
				for nw != 0 {
					stack = append(stack, int32(j*64+bits.TrailingZeros64(nw)))
					nw &= nw - 1
				}
			}
			if stopped || size > b.regionMax {
				stopped = true
				break
			}
		}
		s.stack = stack
		if stopped {
			for j := range len(big) {
				big[j] |= seen[j] &^ before[j]
			}
		} else if size < b.regionMin || size%b.regionGcd != 0 {
			return true
		}
		for j := range len(seeds) {
			seeds[j] &^= seen[j]
		}
	}
	return false
}

// search explores the subtree below the current state, entering level root;
// the levels above are the task's prefix. It returns false if it was
// stopped (the state is then left as it was at the stop).
func (s *bitsSearch[M]) search(root int) bool {
	b := s.b
	level := root
	var i, end int32
	var c int
enter:
	if !s.enter(level) {
		return false
	}
	c = firstZero(&s.used, b.nBranch)
	if c == b.nBranch {
		s.level = level
		if !s.leaf() {
			return false
		}
		goto backtrack
	}
	i, end = b.candStart[c], b.candStart[c+1]
try:
	for ; i < end; i++ {
		o := &b.cand[i]
		if !disjoint(&o.m, &s.used) {
			continue
		}
		s.place(o)
		s.updates++
		if s.dead(o) {
			s.unplace(o)
			continue
		}
		s.cur[level], s.end[level] = i, end
		level++
		goto enter
	}
backtrack:
	if level == root {
		return true
	}
	level--
	i, end = s.cur[level], s.end[level]
	s.unplace(&b.cand[i])
	i++
	goto try
}

// leaf handles a node where every branch item is covered: with the options
// that cover none (tried in every compatible subset), the lower bounds of
// the counted items decide whether it is a solution. It reports whether the
// search goes on.
func (s *bitsSearch[M]) leaf() bool {
	return s.freeSubsets(0)
}

// freeSubsets tries the options without branch items from the k-th on,
// each in and out.
func (s *bitsSearch[M]) freeSubsets(k int) bool {
	b := s.b
	if k == len(b.free) {
		for c, n := range s.cnt {
			if n < b.cntMin[c] {
				return true
			}
		}
		s.count++
		if s.solution != nil {
			return s.solution()
		}
		return true
	}
	o := &b.free[k]
	if disjoint(&o.m, &s.used) {
		s.place(o)
		s.freeC = append(s.freeC, int32(k))
		goOn := s.freeSubsets(k + 1)
		s.freeC = s.freeC[:len(s.freeC)-1]
		s.unplace(o)
		if !goOn {
			return false
		}
	}
	return s.freeSubsets(k + 1)
}

// replay sets the board to the state after the prefix's choices (indexes in
// b.cand), counting nothing.
func (s *bitsSearch[M]) replay(prefix []int32) {
	s.reset()
	b := s.b
	for l, i := range prefix {
		o := &b.cand[i]
		s.place(o)
		c := firstBit(&o.m)
		s.cur[l], s.end[l] = i, b.candStart[c+1]
	}
}

// children expands the node the prefix leads to (see taskSearch).
func (s *bitsSearch[M]) children(prefix []int32, out *[][]int32, count bool) bool {
	s.replay(prefix)
	if firstZero(&s.used, s.b.nBranch) == s.b.nBranch {
		return false // a leaf
	}
	s.prefixes(len(prefix)+1, prefix, out, count)
	return true
}

// firstBit returns the lowest bit of m (the option's first branch item).
func firstBit[M mask](m *M) int {
	for k := range len(*m) {
		if (*m)[k] != 0 {
			return k*64 + bits.TrailingZeros64((*m)[k])
		}
	}
	return -1
}

// solutionAt builds the solution of the current leaf: the options chosen
// at levels 0..level-1, then the options without branch items.
func (s *bitsSearch[M]) solutionAt() Solution {
	b := s.b
	n := s.level + len(s.freeC)
	sol := s.slab.take(n)
	for l := range s.level {
		i := s.cur[l]
		o := &b.cand[i]
		c := firstBit(&o.m)
		k, d := i-b.candStart[c]+1, b.candStart[c+1]-b.candStart[c]
		sol.Options = append(sol.Options, int(o.opt))
		sol.Choices = append(sol.Choices, Choice{Option: int(o.opt), Item: int(b.itemOf[c]), K: int(k), D: int(d)})
	}
	for _, k := range s.freeC {
		o := int(b.free[k].opt)
		sol.Options = append(sol.Options, o)
		sol.Choices = append(sol.Choices, Choice{Option: o, Item: int(b.p.entries[b.p.optStart[o]].item), K: 1, D: 1})
	}
	return sol
}

// position is Knuth's estimate of how much of the subtree below level root
// has been searched: the sum over the levels of (k-1)/(d_root...d_l) where
// the choice at level l is the k-th of its d candidates, plus half of the
// last unit.
func (s *bitsSearch[M]) position(root int) float64 {
	b := s.b
	f, fd := 0.0, 1.0
	for l := root; l < s.level; l++ {
		i := s.cur[l]
		c := firstBit(&b.cand[i].m)
		fd *= float64(b.candStart[c+1] - b.candStart[c])
		f += float64(i-b.candStart[c]) / fd
	}
	return f + 0.5/fd
}

// prefixes lists the tasks at depth: the prefixes of choices that reach
// level depth, and those that reach a leaf before. It counts the nodes above
// depth if count is set (the tasks count their own). It reports whether a
// prefix reached depth (the tree goes deeper).
func (s *bitsSearch[M]) prefixes(depth int, prefix []int32, out *[][]int32, count bool) bool {
	b := s.b
	level := len(prefix)
	c := firstZero(&s.used, b.nBranch)
	if level == depth || c == b.nBranch {
		*out = append(*out, append([]int32(nil), prefix...))
		return level == depth && c != b.nBranch
	}
	if count {
		s.count1(level)
	}
	deeper := false
	for i := b.candStart[c]; i < b.candStart[c+1]; i++ {
		o := &b.cand[i]
		if !disjoint(&o.m, &s.used) {
			continue
		}
		s.place(o)
		if count {
			s.updates++
		}
		if !s.dead(o) {
			deeper = s.prefixes(depth, append(prefix, i), out, count) || deeper
		}
		s.unplace(o)
	}
	return deeper
}

// stepOf names the candidate at index i of b.cand by its option.
func (s *bitsSearch[M]) stepOf(i int32) Step { return Step{Item: -1, Option: int(s.b.cand[i].opt)} }

// choiceOf returns the index in b.cand of the problem's option st.Option
// (false for an option that covers no branch item, which no prefix names).
// It looks through the candidates: it serves reading checkpoints only.
func (s *bitsSearch[M]) choiceOf(st Step) (int32, bool) {
	for i, c := range s.b.cand {
		if int(c.opt) == st.Option {
			return int32(i), true
		}
	}
	return 0, false
}
