package solver

import "strings"

// A nameTable finds an item's number from its name: open addressing on a
// flat array, a short hash of the name's bytes and one string compare. It
// is the problem's only index of its names, made as the items are added
// (NewProblem, ParseDLX) and never changed after, so that a clone shares
// it and problems shared between goroutines only read it. A map took three
// times as long to look up (AddOption and the DLX reader look up every
// item of every option: HexSticks, 34,000 names of three letters), and
// filling one was most of NewProblem's time on a grid's 2,268 items.
type nameTable struct {
	slot []int32 // item number, -1 empty
	mask uint32
	n    int // names in the table
}

func hashName(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h ^ h>>15
}

// lookup returns the number of the named item; of two items with one name
// (a problem that has an error), the later.
func (p *Problem) lookup(name string) (int, bool) {
	t := &p.names
	if t.slot == nil {
		return 0, false // a problem made without names (mergeItems')
	}
	for h := hashName(name) & t.mask; ; h = (h + 1) & t.mask {
		i := t.slot[h]
		if i < 0 {
			return 0, false
		}
		if p.items[i].name == name {
			return int(i), true
		}
	}
}

// reserve makes room for n names in all, at most half the slots full.
func (t *nameTable) reserve(items []item, n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if size <= len(t.slot) {
		return
	}
	old := t.slot
	t.slot, t.mask = make([]int32, size), uint32(size-1)
	for i := range t.slot {
		t.slot[i] = -1
	}
	for _, i := range old {
		if i >= 0 {
			t.slot[t.free(items, items[i].name)] = i
		}
	}
}

// free returns the slot of name: where its item is, or the empty one it
// would go in.
func (t *nameTable) free(items []item, name string) uint32 {
	h := hashName(name) & t.mask
	for t.slot[h] >= 0 && items[t.slot[h]].name != name {
		h = (h + 1) & t.mask
	}
	return h
}

// add puts item i of items in the table and reports whether an earlier
// item has its name; the later is found then.
func (t *nameTable) add(items []item, i int) (dup bool) {
	if 2*(t.n+1) > len(t.slot) {
		t.reserve(items, t.n+1)
	}
	h := t.free(items, items[i].name)
	dup = t.slot[h] >= 0
	if !dup {
		t.n++
	}
	t.slot[h] = int32(i)
	return dup
}

// cutColor splits a DLX token "name:colour" as strings.Cut(tok, ":") does.
// A short name is scanned in place: calling IndexByte for three letters
// cost as much as looking the name up.
func cutColor(tok string) (name, col string, colored bool) {
	if len(tok) <= 16 {
		for k := 0; k < len(tok); k++ {
			if tok[k] == ':' {
				return tok[:k], tok[k+1:], true
			}
		}
		return tok, "", false
	}
	if k := strings.IndexByte(tok, ':'); k >= 0 {
		return tok[:k], tok[k+1:], true
	}
	return tok, "", false
}
