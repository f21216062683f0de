package solver

import (
	"context"
	"slices"
)

// Items merged for the bitset engine. On BurrTools' finer grids a cell of
// the puzzle is many items (a hexagonal stick of the rhombic grid covers
// 189 tetrahedra), and many of them lie in exactly the same options: the
// 2,259 items of HexSticks are 483 such classes. Items of one class are
// covered together, always, so a problem with each class kept once (its
// first item) has the same solutions, option for option; when the whole
// problem is past the engine's 512 items and the merged one is not, the
// first-empty search runs on the merged one. Only problems with
// multiplicities are merged: their search is the first-empty one, whose
// tree and figures are its own in any case, while a problem without them
// would go to the option-bitset search, whose updates are DLX1's on the
// problem it is given (merging would change them), so it stays with
// dancing links.

// mergedBits returns the bitset engine on p with its identical items
// merged, or false when that does not apply; its plan is built under ctx.
func mergedBits(ctx context.Context, p *Problem) (searchEngine, bool, error) {
	if p.err != nil || len(p.items) <= maxBitsItems || !p.hasMultiplicities() || p.hasColors() {
		return searchEngine{}, false, nil
	}
	q, itemOf := mergeItems(p)
	if q == nil {
		return searchEngine{}, false, nil
	}
	w, why := bitsWords(q)
	if why != "" {
		return searchEngine{}, false, nil
	}
	inner, err := firstEmptyFactory(ctx, q, w)
	if err != nil {
		return searchEngine{}, false, err
	}
	return searchEngine{kind: EngineBits, name: engineBitsName, shuffle: true, ownTree: true,
		newSearch: func() (taskSearch, error) { return mergedSearch{inner(), itemOf}, nil }}, true, nil
}

// mergeItems returns p with the items that lie in exactly the same options
// kept once, the first of each class (the others must be of the same kind:
// primary with the same bounds, or secondary, marks with marks), and the
// item of p that each of its items is; nil when no two items merge. The
// options keep their numbers.
func mergeItems(p *Problem) (*Problem, []int32) {
	n := len(p.items)
	// the options of each item, in increasing order
	colStart := make([]int32, n+1)
	for _, e := range p.entries {
		colStart[e.item+1]++
	}
	for i := range n {
		colStart[i+1] += colStart[i]
	}
	col := make([]int32, len(p.entries))
	next := slices.Clone(colStart[:n])
	hash := make([]uint64, n)
	for o := range p.NumOptions() {
		r := mix64(uint64(o) + 1)
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			col[next[e.item]] = int32(o)
			next[e.item]++
			hash[e.item] = hash[e.item]*0x100000001b3 ^ r
		}
	}
	// the classes found so far, by their columns' hash: the first of
	// each, and for each a chain to an earlier one of the same hash (a
	// slice a class was a quarter of the merge's time on HexSticks)
	head := make(map[uint64]int32, n)
	chain := make([]int32, n)
	repOf := make([]int32, n)
	var kept []int32
	nEntries := 0
	for i, it := range p.items {
		repOf[i] = int32(i)
		h, ok := head[hash[i]]
		for ; ok && h >= 0; h = chain[h] {
			r := &p.items[h]
			if r.min == it.min && r.max == it.max && r.secondary == it.secondary && r.mark == it.mark &&
				slices.Equal(col[colStart[h]:colStart[h+1]], col[colStart[i]:colStart[i+1]]) {
				repOf[i] = h
				break
			}
		}
		if repOf[i] == int32(i) {
			chain[i] = -1
			if ok {
				chain[i] = head[hash[i]]
			}
			head[hash[i]] = int32(i)
			kept = append(kept, int32(i))
			nEntries += int(colStart[i+1] - colStart[i])
		}
	}
	if len(kept) == n {
		return nil, nil
	}
	newOf := make([]int32, n)
	q := &Problem{
		index:      make(map[string]int, len(kept)),
		colors:     []string{""},
		colorIndex: map[string]int32{},
		optStart:   make([]int, 1, len(p.optStart)),
		items:      make([]item, 0, len(kept)),
		entries:    make([]entry, 0, nEntries),
		warnings:   p.warnings,
	}
	for _, i := range kept {
		newOf[i] = int32(len(q.items))
		q.index[p.items[i].name] = len(q.items)
		q.items = append(q.items, p.items[i])
		if !p.items[i].secondary {
			q.nPrimary++
		}
	}
	for o := range p.NumOptions() {
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			if repOf[e.item] == e.item {
				q.entries = append(q.entries, entry{item: newOf[e.item]})
			}
		}
		q.optStart = append(q.optStart, len(q.entries))
	}
	return q, kept
}

// mix64 is SplitMix64's finaliser: a word per option for the columns' hashes.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// A mergedSearch is a search of the merged problem that names the items
// of the problem it stands for: a solution's choices name the item
// branched on, which is the first of its class, an item of p.
type mergedSearch struct {
	taskSearch
	itemOf []int32
}

func (m mergedSearch) solutionAt() Solution {
	s := m.taskSearch.solutionAt()
	for i := range s.Choices {
		s.Choices[i].Item = int(m.itemOf[s.Choices[i].Item])
	}
	return s
}
