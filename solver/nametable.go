package solver

import "strings"

// A nameTable finds an item's number from its name, as Problem.index
// does, faster: open addressing on a flat array, a short hash of the name's
// bytes and one string compare. AddOption and the DLX reader look up every
// item of every option (HexSticks: 34,000 names of three letters), and the
// map took three times as long.
type nameTable struct {
	slot []int32 // item number, -1 empty
	mask uint32
	n    int // the items it was made for: a problem with more makes it again
}

func hashName(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint32(s[i])) * 16777619
	}
	return h ^ h>>15
}

// lookup returns the number of the named item, as p.index[name] would.
func (p *Problem) lookup(name string) (int, bool) {
	t := &p.names
	if t.n != len(p.items) || t.slot == nil {
		p.makeNames()
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

// makeNames makes p.names for p's items; of two items with one name (a
// problem that has an error), the later is found, as in p.index.
func (p *Problem) makeNames() {
	size := 16
	for size < 2*len(p.items) {
		size *= 2
	}
	t := nameTable{slot: make([]int32, size), mask: uint32(size - 1), n: len(p.items)}
	for i := range t.slot {
		t.slot[i] = -1
	}
	for i, it := range p.items {
		h := hashName(it.name) & t.mask
		for t.slot[h] >= 0 && p.items[t.slot[h]].name != it.name {
			h = (h + 1) & t.mask
		}
		t.slot[h] = int32(i)
	}
	p.names = t
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
