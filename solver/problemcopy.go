package solver

import (
	"fmt"
	"maps"
	"slices"
)

// AddOptionOf appends option i of src, then the items extra (names of p's
// items), as AddOption(append(src.OptionItems(i), extra...)...) would, but
// by item number: src's items must be p's first ones, the same names of the
// same kind in the same order (p made from src's items and more, as a
// problem with marks added is), or an error says so. Copying a large
// problem by names hashed every item of every option again (a fifth of a
// distinct count's setup on BurrTools' rhombic grid).
func (p *Problem) AddOptionOf(src *Problem, i int, extra ...string) error {
	if p.err != nil {
		return p.err
	}
	if src.hasColors() {
		return p.AddOption(append(src.OptionItems(i), extra...)...)
	}
	start := len(p.entries)
	fail := func(err error) error {
		p.cutEntries(start)
		return fmt.Errorf("solver: option %d: %w", len(p.optStart)-1, err)
	}
	for _, e := range src.entries[src.optStart[i]:src.optStart[i+1]] {
		it := src.items[e.item]
		if int(e.item) >= len(p.items) || p.items[e.item].name != it.name || p.items[e.item].secondary != it.secondary {
			return fail(fmt.Errorf("%w %q", ErrUnknownItem, it.name))
		}
		p.entries = append(p.entries, entry{item: e.item})
	}
	for _, name := range extra {
		k, ok := p.lookup(name)
		if !ok {
			return fail(fmt.Errorf("%w %q", ErrUnknownItem, name))
		}
		for _, e := range p.entries[start:] {
			if int(e.item) == k {
				return fail(fmt.Errorf("%w %q", ErrDuplicateItem, name))
			}
		}
		p.entries = append(p.entries, entry{item: int32(k)})
	}
	p.optStart = append(p.optStart, len(p.entries))
	return nil
}

// Clone returns a copy of p, so that either may be added to without the
// other. What a problem never writes in place once built is shared rather
// than copied (copying the entries and the index was a tenth of a distinct
// count's setup on BurrTools' rhombic grid): the table of the item names
// (filled by NewProblem and ParseDLX only), and the options (entries and
// their colours), which AddOption, AddOptionOf and ParseDLX append to or
// cut back to where they began, never below what the other problem holds. Each problem's own
// options are cut to their length, so that an append by the copy makes a
// new array; an append by p writes past what the copy can see. The items
// (SetMultiplicity and SetMark change them) and the colours are copied.
func (p *Problem) Clone() *Problem {
	q := *p
	q.items = slices.Clone(p.items)
	q.colors = slices.Clone(p.colors)
	q.colorIndex = maps.Clone(p.colorIndex)
	q.optStart = slices.Clip(p.optStart)
	q.entries = slices.Clip(p.entries)
	q.entryColor = slices.Clip(p.entryColor)
	q.warnings = slices.Clone(p.warnings)
	q.seen = nil
	return &q
}
