package solver

import "slices"

// The order of the branch items. The search always branches on the first
// uncovered branch item in a fixed order, with the options whose first
// branch item it is as candidates; at that point every earlier item is
// covered. So the best order makes the candidate lists short: it is built
// greedily, each step taking the item that has the fewest options among
// those not yet touching an item already in the order (ties: the first in
// the file). Starting in a corner of a box, this fills it slice by slice,
// always next to what is already filled, across its smaller dimensions;
// and an item whose options all touch earlier items (count zero) goes next,
// where it acts as a test: reached uncovered, it is a dead end.

// bitsOrder returns the branch items (primary items to be covered exactly
// once) of p in search order.
func bitsOrder(p *Problem) []int32 {
	np := p.nPrimary
	isBranch := make([]bool, np)
	for i, it := range p.items[:np] {
		isBranch[i] = it.min == 1 && it.max == 1
	}
	// items of each option, options of each item
	optsOf := make([][]int32, np)
	for o := range p.NumOptions() {
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			if int(e.item) < np && isBranch[e.item] {
				optsOf[e.item] = append(optsOf[e.item], int32(o))
			}
		}
	}
	// count[i]: options of item i that touch no ordered item yet
	count := make([]int, np)
	for i := range np {
		count[i] = len(optsOf[i])
	}
	total := slices.Clone(count)
	touched := make([]bool, p.NumOptions())
	ordered := make([]bool, np)
	var order []int32
	for {
		best := -1
		for i := range np {
			if !isBranch[i] || ordered[i] {
				continue
			}
			if best < 0 || (len(order) == 0 && count[i] < count[best]) ||
				(len(order) > 0 && count[i]*total[best] < count[best]*total[i]) {
				best = i
			}
		}
		if best < 0 {
			return order
		}
		ordered[best] = true
		order = append(order, int32(best))
		for _, o := range optsOf[best] {
			if touched[o] {
				continue
			}
			touched[o] = true
			for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
				if int(e.item) < np && isBranch[e.item] {
					count[e.item]--
				}
			}
		}
	}
}

// fileOrder returns the branch items of p in the order of the file (for
// measuring the greedy order against it).
func fileOrder(p *Problem) []int32 {
	var order []int32
	for i, it := range p.items[:p.nPrimary] {
		if it.min == 1 && it.max == 1 {
			order = append(order, int32(i))
		}
	}
	return order
}
