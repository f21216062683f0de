package solver

import (
	"fmt"
	"slices"
	"strings"
)

// An item is one column of the exact cover matrix.
type item struct {
	name      string
	min, max  int // multiplicity bounds of a primary item; 1,1 by default
	secondary bool
	mark      bool // a secondary item that is a constraint, not a cell (SetMark)
}

// An entry is one item of an option. Its colour is apart (entryColor):
// few problems have colours, and the entries of one without were twice
// the memory to fill and read (HexSticks: 34,000 entries a problem).
type entry struct {
	item int32
}

// A Problem is an exact cover problem: primary items, which every solution
// must cover exactly once (or between Min and Max times when multiplicities
// are given, as in Knuth's DLX3), secondary items, which it may cover at most
// once (or several times with one colour, as in DLX2), and options, each a
// set of items.
//
// Build one with NewProblem and AddOption, or read one with ParseDLX. Items
// and options are numbered from 0 in the order they were given; a Solution
// names options by these numbers.
type Problem struct {
	items      []item
	nPrimary   int
	colors     []string // colour number -> name; colors[0] = "" (none)
	colorIndex map[string]int32
	optStart   []int // option i is entries[optStart[i]:optStart[i+1]]
	entries    []entry
	// entryColor[k] is the colour of entries[k] (0 = uncoloured); an entry
	// past its end has none, so it stays nil while no option has a colour
	entryColor []int32
	err        error     // first error met by NewProblem, reported by AddOption
	names      nameTable // the items' numbers by name (nametable.go)
	seen       []uint64  // AddOption's scratch: not shared with a clone
	warnings   []string
}

// NewProblem returns a problem with the given primary and secondary items and
// no options. Names must be non-empty, distinct, free of blanks, ':' and '|';
// if they are not, the problem remembers the error and every later AddOption,
// WriteDLX and Solve returns it (see Err).
func NewProblem(primary, secondary []string) *Problem {
	p := &Problem{
		items:      make([]item, 0, len(primary)+len(secondary)),
		colors:     []string{""},
		colorIndex: map[string]int32{},
		optStart:   []int{0},
	}
	p.names.reserve(nil, len(primary)+len(secondary))
	for _, name := range primary {
		p.addItem(name, false)
	}
	for _, name := range secondary {
		p.addItem(name, true)
	}
	if p.err == nil && p.nPrimary == 0 {
		p.err = fmt.Errorf("solver: %w", ErrNoPrimary)
	}
	return p
}

// addItem appends one item, recording the first problem it meets in p.err.
func (p *Problem) addItem(name string, secondary bool) {
	if err := checkName(name); err != nil && p.err == nil {
		p.err = fmt.Errorf("solver: item %q: %w", name, err)
	}
	p.items = append(p.items, item{name: name, secondary: secondary, min: 1, max: 1})
	if dup := p.names.add(p.items, len(p.items)-1); dup && p.err == nil {
		p.err = fmt.Errorf("solver: %w %q", ErrDuplicateItem, name)
	}
	if !secondary {
		p.nPrimary++
	}
}

// checkName reports whether name can be written in a DLX file.
func checkName(name string) error {
	if name == "" {
		return ErrEmptyName
	}
	for i := 0; i < len(name); i++ {
		if badNameByte[name[i]] {
			return ErrBadName
		}
	}
	return nil
}

// badNameByte marks the bytes strings.ContainsAny(name, ":| \t\r\n\v\f")
// looks for (none is part of a longer UTF-8 rune): ContainsAny built its
// set of them again for each of a grid's thousands of names.
var badNameByte = [256]bool{':': true, '|': true, ' ': true, '\t': true, '\r': true, '\n': true, '\v': true, '\f': true}

// Err returns the first error met while building the problem, or nil.
func (p *Problem) Err() error { return p.err }

// SetMultiplicity asks that primary item name be covered at least min and at
// most max times (Knuth's DLX3 bounds; 0 <= min <= max, max >= 1).
func (p *Problem) SetMultiplicity(name string, min, max int) error {
	i, ok := p.lookup(name)
	if !ok {
		return fmt.Errorf("solver: %w %q", ErrUnknownItem, name)
	}
	if p.items[i].secondary {
		return fmt.Errorf("solver: item %q: %w: secondary items have no multiplicity", name, ErrBadMultiplicity)
	}
	if min < 0 || max < 1 || min > max {
		return fmt.Errorf("solver: item %q: %w [%d,%d]", name, ErrBadMultiplicity, min, max)
	}
	p.items[i].min, p.items[i].max = min, max
	return nil
}

// SetMark says that secondary item name is a mark: it stands for a
// constraint between options (Knuth's "not both": every option that
// covers it excludes the others) rather than for a cell of a packing.
// Dancing links and the bitset engine treat it as the secondary item it
// is; the cell search keeps it out of its cells, so that its region test
// (piece sizes, regions of empty cells) counts cells only. A DLX file does
// not record it.
func (p *Problem) SetMark(name string) error {
	i, ok := p.lookup(name)
	if !ok {
		return fmt.Errorf("solver: %w %q", ErrUnknownItem, name)
	}
	if !p.items[i].secondary {
		return fmt.Errorf("solver: item %q: a mark must be a secondary item", name)
	}
	p.items[i].mark = true
	return nil
}

// IsMark reports whether item i is a mark (SetMark).
func (p *Problem) IsMark(i int) bool { return p.items[i].mark }

// AddOption appends an option made of the named items. A secondary item may
// carry a colour, written "name:colour". Errors: an unknown item, an item
// twice, a coloured primary item, no primary item at all.
func (p *Problem) AddOption(items ...string) error {
	if p.err != nil {
		return p.err
	}
	start := len(p.entries)
	seen := p.repeatSet(len(items))
	defer clear(seen)
	for _, tok := range items {
		name, col, colored := cutColor(tok)
		i, ok := p.lookup(name)
		if !ok {
			return p.dropOption(start, fmt.Errorf("%w %q", ErrUnknownItem, name))
		}
		if p.repeated(int32(i), p.entries[start:], seen) {
			return p.dropOption(start, fmt.Errorf("%w %q", ErrDuplicateItem, name))
		}
		var c int32
		if colored {
			if !p.items[i].secondary {
				return p.dropOption(start, fmt.Errorf("%w %q", ErrColorOnPrimary, name))
			}
			if col == "" || strings.ContainsAny(col, ":| \t\r\n\v\f") {
				return p.dropOption(start, fmt.Errorf("%w %q", ErrBadColor, tok))
			}
			c = p.colorID(col)
		}
		p.addEntry(int32(i), c)
	}
	return p.endOption(start)
}

// addEntry appends an entry of item i with colour c.
func (p *Problem) addEntry(i, c int32) {
	if c != 0 {
		for len(p.entryColor) < len(p.entries) {
			p.entryColor = append(p.entryColor, 0)
		}
		p.entryColor = append(p.entryColor, c)
	}
	p.entries = append(p.entries, entry{item: i})
}

// cutEntries takes back the entries from start on, their colours too, so
// that no colour is left for the entries appended next.
func (p *Problem) cutEntries(start int) {
	p.entries = p.entries[:start]
	if len(p.entryColor) > start {
		p.entryColor = p.entryColor[:start]
	}
}

// color returns the colour of entries[k].
func (p *Problem) color(k int) int32 {
	if k < len(p.entryColor) {
		return p.entryColor[k]
	}
	return 0
}

// AddOptionIndexes adds an option given by its items' indices (as
// ItemIndex gives them), without colours: AddOption without a name looked
// up per item, for the options of hundreds of items that BurrTools' grids
// make. Its checks are AddOption's: every index an item, none twice, one
// primary at least.
func (p *Problem) AddOptionIndexes(items []int32) error {
	if p.err != nil {
		return p.err
	}
	// the entries written in place, room made once: appending an entry
	// at a time was most of the problem's making on the rhombic grid
	start := len(p.entries)
	p.entries = slices.Grow(p.entries, len(items))[:start+len(items)]
	out := p.entries[start:]
	seen := p.repeatSet(len(items))
	n := uint32(len(p.items))
	for k, i := range items {
		if uint32(i) >= n {
			clear(seen)
			return p.dropOption(start, fmt.Errorf("%w: number %d of %d", ErrUnknownItem, i, len(p.items)))
		}
		if p.repeated(i, out[:k], seen) {
			clear(seen)
			return p.dropOption(start, fmt.Errorf("%w %q", ErrDuplicateItem, p.items[i].name))
		}
		out[k] = entry{item: i}
	}
	clear(seen)
	return p.endOption(start)
}

// repeatSet returns the bitset a long option of n items is checked against
// for repeats (a stick of BurrTools' rhombic grid has 189 cells), nil for a
// short one, checked item by item; the problem keeps it, and the caller
// clears it after the option.
func (p *Problem) repeatSet(n int) []uint64 {
	if n <= 32 {
		return nil
	}
	if words := (len(p.items) + 63) / 64; len(p.seen) != words {
		p.seen = make([]uint64, words)
	}
	return p.seen
}

// repeated reports whether item i is among before, the entries of the
// option so far (seen, from repeatSet, marks it when not nil).
func (p *Problem) repeated(i int32, before []entry, seen []uint64) bool {
	if seen != nil {
		if seen[i>>6]&(1<<(i&63)) != 0 {
			return true
		}
		seen[i>>6] |= 1 << (i & 63)
		return false
	}
	for _, e := range before {
		if e.item == i {
			return true
		}
	}
	return false
}

// dropOption takes back the option begun at entry start and says why.
func (p *Problem) dropOption(start int, err error) error {
	p.cutEntries(start)
	return fmt.Errorf("solver: option %d: %w", len(p.optStart)-1, err)
}

// endOption closes the option begun at entry start, which must have a
// primary item.
func (p *Problem) endOption(start int) error {
	for _, e := range p.entries[start:] {
		if !p.items[e.item].secondary {
			p.optStart = append(p.optStart, len(p.entries))
			return nil
		}
	}
	return p.dropOption(start, ErrNoPrimary)
}

// Grow makes room for n more options of about entries items in all, so
// that adding them allocates nothing more (a hint: more may be added).
func (p *Problem) Grow(n, entries int) {
	p.optStart = slices.Grow(p.optStart, n)
	p.entries = slices.Grow(p.entries, entries)
}

// colorID returns the number of the named colour, allocating one if needed.
func (p *Problem) colorID(name string) int32 {
	if c, ok := p.colorIndex[name]; ok {
		return c
	}
	c := int32(len(p.colors))
	p.colors = append(p.colors, name)
	p.colorIndex[name] = c
	return c
}

// NumItems returns the number of items, primary and secondary.
func (p *Problem) NumItems() int { return len(p.items) }

// NumPrimary returns the number of primary items; they are items
// 0..NumPrimary()-1.
func (p *Problem) NumPrimary() int { return p.nPrimary }

// ItemName returns the name of item i.
func (p *Problem) ItemName(i int) string { return p.items[i].name }

// ItemIndex returns the number of the named item.
func (p *Problem) ItemIndex(name string) (int, bool) { return p.lookup(name) }

// Multiplicity returns the bounds of item i: how many times a solution
// covers it at least and at most (1,1 for an ordinary primary item, 0,1 for a
// secondary item).
func (p *Problem) Multiplicity(i int) (min, max int) {
	if p.items[i].secondary {
		return 0, 1
	}
	return p.items[i].min, p.items[i].max
}

// NumOptions returns the number of options.
func (p *Problem) NumOptions() int { return len(p.optStart) - 1 }

// OptionSize returns the number of items of option i.
func (p *Problem) OptionSize(i int) int { return p.optStart[i+1] - p.optStart[i] }

// NumEntries returns the total number of items in all options.
func (p *Problem) NumEntries() int { return len(p.entries) }

// OptionItems returns the items of option i as DLX tokens: the item's name,
// followed by ":colour" when the option gives it a colour.
func (p *Problem) OptionItems(i int) []string {
	out := make([]string, p.optStart[i+1]-p.optStart[i])
	for k := range out {
		out[k] = p.token(p.optStart[i] + k)
	}
	return out
}

// OptionItemIndexes returns the item numbers of option i, in the order given.
func (p *Problem) OptionItemIndexes(i int) []int {
	es := p.entries[p.optStart[i]:p.optStart[i+1]]
	out := make([]int, len(es))
	for k, e := range es {
		out[k] = int(e.item)
	}
	return out
}

// AppendOptionItemIndexes appends the item indexes of option i to dst, as
// OptionItemIndexes gives them, with no slice made for each call.
func (p *Problem) AppendOptionItemIndexes(dst []int, i int) []int {
	for _, e := range p.entries[p.optStart[i]:p.optStart[i+1]] {
		dst = append(dst, int(e.item))
	}
	return dst
}

// token writes entries[k] as DLX text.
func (p *Problem) token(k int) string {
	name := p.items[p.entries[k].item].name
	if c := p.color(k); c != 0 {
		return name + ":" + p.colors[c]
	}
	return name
}

// hasColors reports whether any option gives an item a colour.
func (p *Problem) hasColors() bool { return len(p.colors) > 1 }

// hasMultiplicities reports whether some primary item has bounds other
// than exactly once.
func (p *Problem) hasMultiplicities() bool {
	for _, it := range p.items {
		if !it.secondary && (it.min != 1 || it.max != 1) {
			return true
		}
	}
	return false
}

// FormatChoice writes one level of a solution as Knuth's DLX1 prints it: the
// option's items, starting at the item that was branched on and going round
// in file order, then "(k of d)"; for example " E F C (1 of 1)".
func (p *Problem) FormatChoice(c Choice) string {
	at := p.optStart[c.Option]
	es := p.entries[at:p.optStart[c.Option+1]]
	start := 0
	for i, e := range es {
		if int(e.item) == c.Item {
			start = i
		}
	}
	var b strings.Builder
	for i := range es {
		b.WriteByte(' ')
		b.WriteString(p.token(at + (start+i)%len(es)))
	}
	fmt.Fprintf(&b, " (%d of %d)", c.K, c.D)
	return b.String()
}
