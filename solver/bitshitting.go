package solver

import (
	"math/bits"
	"slices"
)

// bitsHitting returns, for each branch bit v, a small set of bits H(v)
// that every option covering v also covers (the cells around a cell, for
// pieces of two cells or more): once all of H(v) is covered and v is not,
// no option can cover v any more, a dead end. H(v) is chosen greedily, the
// bit in most of the options not hit yet first; v gets none (nil) if some
// option covers v alone or more than maxHitting bits would be needed.
// Which bits are chosen changes only the speed, never the answers; marks
// (Problem.SetMark) are left out, so that H(v) stays the cells around v,
// which the cell search's regions and bitsOrder's distances read.
func bitsHitting(p *Problem, bitOf []int32, nb int) [][]int32 {
	return hittingSets(p, bitOf, nb, nil)
}

// hittingSets is bitsHitting with the options of each item, when the
// caller has them (nil: they are made here); the items of bits below nb
// must be no marks.
func hittingSets(p *Problem, bitOf []int32, nb int, cols *itemOptions) [][]int32 {
	const maxHitting = 12
	// the bits of each option (optBits[optAt[o]:optAt[o+1]]) and the
	// options covering each bit v (optsOf(v)), flat: one slice an option
	// was most of the setup's garbage
	nOpt := p.NumOptions()
	optAt := make([]int32, nOpt+1)
	optBits := make([]int32, 0, len(p.entries))
	var vAt []int32
	if cols == nil {
		vAt = make([]int32, nb+2)
	}
	for o := range nOpt {
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			if !p.items[e.item].mark { // marks are no cells: never in an H
				b := bitOf[e.item]
				optBits = append(optBits, b)
				if b < int32(nb) && cols == nil {
					vAt[b+2]++
				}
			}
		}
		optAt[o+1] = int32(len(optBits))
	}
	var optsOf func(v int32) []int32
	if cols != nil {
		itemOf := make([]int32, nb)
		for i, b := range bitOf {
			if b < int32(nb) {
				itemOf[b] = int32(i)
			}
		}
		optsOf = func(v int32) []int32 { return cols.of(itemOf[v]) }
	} else {
		for v := 2; v < len(vAt); v++ {
			vAt[v] += vAt[v-1]
		}
		vOpts := make([]int32, vAt[nb+1])
		for o := range nOpt {
			for _, b := range optBits[optAt[o]:optAt[o+1]] {
				if b < int32(nb) {
					vOpts[vAt[b+1]] = int32(o)
					vAt[b+1]++
				}
			}
		}
		optsOf = func(v int32) []int32 { return vOpts[vAt[v]:vAt[v+1]] }
	}
	nbits := int32(0)
	for _, b := range bitOf {
		nbits = max(nbits, b+1)
	}
	// count[u]: the options not hit yet that cover u (a dense array, with
	// the bits touched listed to clear it: a map here was a third of the
	// cell search's setup on pentomino 6x10)
	// The counts are made once for v and taken down as options are hit,
	// not made again each round.
	count := make([]int32, nbits)
	touched := make([]int32, nbits+1)
	var hit []bool
	var newly []int32 // the options hit by the bit just chosen
	out := make([][]int32, nb)
	// the sets, cut from one array (a slice a set was a twentieth of this
	// function's time); each is capped, so that no append reaches the next
	flat := make([]int32, 0, nb)
	var h []int32
	common := newCommonBits(optBits, optAt, int(nbits))
	for v := range nb {
		opts := optsOf(int32(v))
		if u, ok := common.first(opts, int32(v)); ok {
			flat = append(flat, u)
			out[v] = flat[len(flat)-1 : len(flat) : len(flat)]
			continue
		}
		hit = slices.Grow(hit[:0], len(opts))[:len(opts)]
		clear(hit)
		left := len(opts)
		h = h[:0]
		// v itself is counted too, then set to zero (it is in every one of
		// its options, so it is touched): no test of u != v a bit, and a bit
		// is listed in touched without a branch (a count going from 0 to 1
		// keeps it, any other is written over by the next bit)
		nt := 0
		for _, o := range opts {
			for _, u := range optBits[optAt[o]:optAt[o+1]] {
				c := count[u]
				touched[nt] = u
				if c == 0 {
					nt++
				}
				count[u] = c + 1
			}
		}
		count[v] = 0 // below zero once options are hit: never the best
		for left > 0 && len(h) < maxHitting {
			best, bestN := int32(-1), int32(0)
			for _, u := range touched[:nt] {
				if n := count[u]; n > bestN || (n == bestN && n > 0 && u < best) {
					best, bestN = u, n
				}
			}
			if best < 0 {
				break // an option covers v alone
			}
			h = append(h, best)
			newly = newly[:0]
			if best < int32(nb) {
				// the options of v that cover best: both lists are in
				// increasing order, so a merge finds them
				bo := optsOf(best)
				j := 0
				for k, o := range opts {
					for j < len(bo) && bo[j] < o {
						j++
					}
					if j == len(bo) {
						break
					}
					if bo[j] == o && !hit[k] {
						hit[k] = true
						newly = append(newly, o)
					}
				}
			} else {
				for k, o := range opts {
					if !hit[k] && slices.Contains(optBits[optAt[o]:optAt[o+1]], best) {
						hit[k] = true
						newly = append(newly, o)
					}
				}
			}
			left -= len(newly)
			if left == 0 || len(h) == maxHitting {
				break // the counts are not read again
			}
			// the counts of the options not hit: taken down by the
			// options just hit, or made again from those left when
			// they are fewer
			if len(newly) <= left {
				for _, o := range newly {
					for _, u := range optBits[optAt[o]:optAt[o+1]] {
						count[u]--
					}
				}
				continue
			}
			for _, u := range touched[:nt] {
				count[u] = 0
			}
			for k, o := range opts {
				if !hit[k] {
					for _, u := range optBits[optAt[o]:optAt[o+1]] {
						count[u]++
					}
				}
			}
			count[v] = 0
		}
		for _, u := range touched[:nt] {
			count[u] = 0
		}
		if left == 0 && len(h) > 0 {
			sortInt32(h)
			flat = append(flat, h...)
			out[v] = flat[len(flat)-len(h) : len(flat) : len(flat)]
		}
	}
	return out
}

// commonBits holds each option's bits as a mask, when masks are short
// beside the options, to find a bit in every option of v at once. Such a
// bit is the greedy choice's first (no bit is in more of v's options) and
// its last (it hits them all), the least of them by the ties' rule: H(v)
// is that one bit, the same as counting gives. BurrTools' sticks on the
// rhombic grid cover a quarter of their box, so every option of a cell
// shares dozens of bits, and counting them would be most of the engine's setup.
type commonBits struct {
	words int
	masks []uint64 // option o's at masks[o*words:(o+1)*words]
	and   []uint64
}

func newCommonBits(optBits, optAt []int32, nbits int) commonBits {
	nOpt := len(optAt) - 1
	words := (nbits + 63) / 64
	// an AND that finds nothing costs len(opts)*words on top of the count:
	// worth it only when a mask is no longer than an option's list
	if nOpt == 0 || words*nOpt > len(optBits) || words*nOpt > 1<<20 {
		return commonBits{}
	}
	c := commonBits{words: words, masks: make([]uint64, words*nOpt), and: make([]uint64, words)}
	for o := range nOpt {
		m := c.masks[o*words : (o+1)*words]
		for _, b := range optBits[optAt[o]:optAt[o+1]] {
			m[b>>6] |= 1 << (b & 63)
		}
	}
	return c
}

// first returns the least bit other than v in every one of opts, if any.
func (c commonBits) first(opts []int32, v int32) (int32, bool) {
	if c.words == 0 || len(opts) == 0 {
		return 0, false
	}
	w := c.words
	copy(c.and, c.masks[int(opts[0])*w:int(opts[0]+1)*w])
	c.and[v>>6] &^= 1 << (v & 63)
	for _, o := range opts[1:] {
		m := c.masks[int(o)*w : int(o+1)*w]
		any := uint64(0)
		for k := range c.and {
			c.and[k] &= m[k]
			any |= c.and[k]
		}
		if any == 0 {
			return 0, false
		}
	}
	for k, x := range c.and {
		if x != 0 {
			return int32(k*64 + bits.TrailingZeros64(x)), true
		}
	}
	return 0, false
}
