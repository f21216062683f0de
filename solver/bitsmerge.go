package solver

import (
	"context"
	"math/bits"
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
// options keep their numbers. The merged problem is the engine's alone:
// it has no index of names (nothing in the engine looks a name up).
func mergeItems(p *Problem) (*Problem, []int32) {
	n := len(p.items)
	cols := itemColumns(p)
	// the classes, by (columns, kind), in an open-addressed table of their
	// first items (a map of hashes with chains was a sixth of the merge)
	size := 1
	for size < n+n/2 {
		size *= 2
	}
	table := make([]int32, size)
	for k := range table {
		table[k] = -1
	}
	newOf := make([]int32, n)   // number in q of a kept item; -1 for the others
	kept := make([]int32, 0, n) // at once: grown, it took arrays of a dozen sizes
	nEntries := 0
	for i, it := range p.items {
		k := int(cols.hash(i)) & (size - 1)
		for ; table[k] >= 0; k = (k + 1) & (size - 1) {
			r := &p.items[table[k]]
			if r.min == it.min && r.max == it.max && r.secondary == it.secondary && r.mark == it.mark && cols.same(int(table[k]), i) {
				break
			}
		}
		newOf[i] = -1
		if table[k] < 0 {
			table[k] = int32(i)
			newOf[i] = int32(len(kept))
			kept = append(kept, int32(i))
			nEntries += cols.count(i)
		}
	}
	if len(kept) == n {
		return nil, nil
	}
	q := &Problem{
		colors:     []string{""},
		colorIndex: map[string]int32{},
		optStart:   make([]int, len(p.optStart)),
		items:      make([]item, len(kept)),
		entries:    make([]entry, nEntries),
		warnings:   p.warnings,
	}
	for k, i := range kept {
		q.items[k] = p.items[i]
		if !p.items[i].secondary {
			q.nPrimary++
		}
	}
	j := 0
	for o := range p.NumOptions() {
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			if k := newOf[e.item]; k >= 0 {
				q.entries[j].item = k
				j++
			}
		}
		q.optStart[o+1] = j
	}
	return q, kept
}

// columns are the options of each item of a problem, for mergeItems: as
// a bitset each when those are no bigger than the entries (an option of
// BurrTools' rhombic grid covers hundreds of items: one OR an entry, where
// lists of options were two fifths of the merge), else as lists.
type columns struct {
	words  int      // of a bitset; 0 for lists
	set    []uint64 // item i's bitset: set[i*words:(i+1)*words]
	lists  itemOptions
	hashes []uint64 // of each item's list
}

func itemColumns(p *Problem) columns {
	if words := (p.NumOptions() + 63) / 64; words*len(p.items) <= len(p.entries) {
		return itemBitsets(p, words)
	}
	return itemLists(p)
}

// itemBitsets returns the options of each item as bitsets of the words given.
func itemBitsets(p *Problem, words int) columns {
	n := len(p.items)
	c := columns{words: words, set: make([]uint64, words*n)}
	for o := range p.NumOptions() {
		k, bit := o>>6, uint64(1)<<(o&63)
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			c.set[int(e.item)*words+k] |= bit
		}
	}
	return c
}

// itemLists returns the options of each item as lists.
func itemLists(p *Problem) columns {
	c := columns{lists: newItemOptions(p), hashes: make([]uint64, len(p.items))}
	for i := range c.hashes {
		h := uint64(0)
		for _, o := range c.lists.of(int32(i)) {
			h = h*0x100000001b3 ^ mix64(uint64(o)+1)
		}
		c.hashes[i] = h
	}
	return c
}

// hash returns a hash of item i's options.
func (c *columns) hash(i int) uint64 {
	if c.words == 0 {
		return c.hashes[i]
	}
	h := uint64(0)
	for _, w := range c.set[i*c.words : (i+1)*c.words] {
		h = (h ^ w) * 0x100000001b3
	}
	return mix64(h)
}

// same reports whether items a and b lie in the same options.
func (c *columns) same(a, b int) bool {
	if c.words > 0 {
		w := c.words
		return slices.Equal(c.set[a*w:(a+1)*w], c.set[b*w:(b+1)*w])
	}
	return slices.Equal(c.lists.of(int32(a)), c.lists.of(int32(b)))
}

// count returns the number of options of item i.
func (c *columns) count(i int) int {
	if c.words == 0 {
		return len(c.lists.of(int32(i)))
	}
	n := 0
	for _, w := range c.set[i*c.words : (i+1)*c.words] {
		n += bits.OnesCount64(w)
	}
	return n
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
