package solver

import "math/bits"

// searchMRV is the other branching rule measured for the bitset engine: at
// every node, branch on the uncovered branch item with the fewest options
// that still fit (DLX1's rule), counted on the masks; cur holds indexes in
// b.cover. See the README for the measurements; the search runs the
// first-empty-item rule.
func (s *bitsSearch[M]) searchMRV(root int) bool {
	b := s.b
	nb := b.nBranch
	stride := nb + 1
	level := root
	var j, end int32
	var c int
enter:
	s.nodes++
	s.profile[level]++
	if level > s.maxl {
		s.maxl = level
	}
	c = firstZero(&s.used, nb)
	if c == nb {
		s.level = level
		if !s.leaf() {
			return false
		}
		goto backtrack
	}
	{
		// choose the item with the fewest fitting options
		bestN := int32(1 << 30)
		var bestV int
		for k := 0; k < len(s.used); k++ {
			for w := ^s.used[k]; w != 0; w &= w - 1 {
				v := k*64 + bits.TrailingZeros64(w)
				if v >= nb {
					break
				}
				n := int32(0)
				for x := b.coverFrom[v*stride+c]; x < b.coverStart[v+1] && n < bestN; x++ {
					if disjoint(&b.cover[x], &s.used) {
						n++
					}
				}
				if n < bestN {
					bestN, bestV = n, v
				}
			}
		}
		j, end = b.coverFrom[bestV*stride+c], b.coverStart[bestV+1]
	}
try:
	for ; j < end; j++ {
		if !disjoint(&b.cover[j], &s.used) {
			continue
		}
		o := &b.cand[b.coverIdx[j]]
		s.place(o)
		s.updates++
		s.cur[level], s.end[level] = j, end
		level++
		goto enter
	}
backtrack:
	if level == root {
		return true
	}
	level--
	j, end = s.cur[level], s.end[level]
	s.unplace(&b.cand[b.coverIdx[j]])
	j++
	goto try
}
