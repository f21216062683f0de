package solver

import (
	"math/bits"
	"slices"
)

// The region fill's small regions can be answered from their tilings: for
// a region reg of a few pieces' cells, the sets of pieces (and marks) that
// tile it exactly, whatever pieces are left; the fill then only asks
// whether one of those sets lies within the pieces left. Where the fill
// meets the same small regions again and again with other pieces left
// (pentomino 6x10 up to all symmetries: 417,581 questions on 15,760
// regions of 15 cells, 640,747 on 13,194 of 10 cells), a region's
// tilings, worked out once from those of what each candidate of its first
// cell leaves, answer all its questions with a lookup instead of a search
// of two or three levels: 6x10 up to all symmetries 82-85 to 46-47 ms a
// run in one process, 5x12 35 to 22-25.
//
// Where regions seldom come back, tiling each with every piece costs more
// than searching it with the pieces left (pentacube 2x5x6: about two
// questions a region, and 2-4 times the time with the tilings). So a
// search watches its first tileWarm questions and turns
// the tilings on only if a third of them asked about a region it had just
// met (6x10 49%, 5x12 74%, 4x15 92%; pentacube 2x5x6 15%, 2x3x10 16%).
// Once on, every tileCheck questions after the first it counts the
// regions it had to tile, and freezes (keeps the tilings it has, tiles no
// more) when they were more than 7 for 4 questions: 6x10 tiles 6,286 at
// most in such a window after the first, pentomino 8x8 less its centre
// 9,692, where the tilings never pay (the one puzzle of the library where
// they lose).

// A slot i of tileMemo holds region regs[i] (0: empty) and info[i]: its
// tilings are pool[off:off+n] with off = info>>7 and n = info&127, or n
// is tileMany when they are too many to keep (two arrays of 8 and 4 bytes
// a slot rather than one of 16: the table is most of a search's page
// faults, each costly on a virtual machine).
const tileMany = 127

// tileMemo holds a search's tilings (open addressing by region).
type tileMemo struct {
	regs    []uint64
	info    []uint32
	used    int
	pool    []uint64
	scratch []uint64
	// on once the warm-up found regions coming back; seen is its
	// direct-mapped record of the regions met, asked and again its counts
	on           bool
	seen         []uint64
	asked, again int
	// once on: regions tiled (those asked about and the smaller ones
	// their tilings need), and the questions and tilings at the last check
	tiled, lastAsked, lastTiled int
	// frozen: a check found too many new regions to tile; the tilings
	// kept still answer, and other regions are searched
	frozen bool
	// always: on at the first question and never frozen (for tests)
	always bool
}

const (
	// tileMaxSets is the most sets of pieces a region keeps; a region
	// with more is left to the fill's search (pieces repeated under
	// several names make many).
	tileMaxSets = 64
	// tileMaxSlots and tileMaxPool bound the table and its sets (12 and
	// 16 MiB): once either is full, regions not in it are left to the
	// fill's search.
	tileMaxSlots = 1 << 20
	tileMaxPool  = 1 << 21
	// tileFirstSlots is the table's least size.
	tileFirstSlots = 1 << 12
	// tileWarm is how many questions the warm-up watches, tileSeenBits
	// the log2 of the slots of its record, and 1/tileAgain the share of
	// them that must be about a region met before.
	tileWarm     = 16384
	tileSeenBits = 14
	tileAgain    = 3
	// tileCheck: how often, in questions, the tilings' cost is checked;
	// more than tileCheckMul new regions tiled for tileCheckDiv questions
	// freezes them
	tileCheck    = 4096
	tileCheckMul = 7
	tileCheckDiv = 4
)

// cellTilePieces is how many of the largest piece a region answered from
// its tilings may hold at most (0: none): fewer leave more regions to the
// fill's search, more tile large regions that seldom come back; 4 was the
// fastest of 0, 3, 4 and 5 on pentomino 6x10 up to all symmetries.
const cellTilePieces = 4

func newTileMemo() *tileMemo {
	return &tileMemo{seen: make([]uint64, 1<<tileSeenBits)}
}

// warm records a question on reg during the warm-up, and at its end turns
// the tilings on, or reports that they should go (false).
func (t *tileMemo) warm(reg uint64) bool {
	if t.always {
		t.turnOn()
		return true
	}
	sl := &t.seen[(reg*0x9e3779b97f4a7c15)>>(64-tileSeenBits)]
	if *sl == reg {
		t.again++
	}
	*sl = reg
	t.asked++
	if t.asked < tileWarm {
		return true
	}
	if t.again*tileAgain < t.asked {
		return false
	}
	t.turnOn()
	return true
}

// turnOn ends the warm-up: the tilings answer from now on. The table
// starts with room for four times the regions the warm-up met (pentomino
// 6x10: 8,334 met, 57,075 tiled in the end), so that it seldom grows: each
// table left behind is pages faulted in for nothing.
func (t *tileMemo) turnOn() {
	t.on, t.seen = true, nil
	n := tileFirstSlots
	for n < tileMaxSlots && n < 8*(t.asked-t.again) {
		n *= 2
	}
	t.regs, t.info = make([]uint64, n), make([]uint32, n)
	t.lastAsked = t.asked
}

// pays counts a question answered while on, and every tileCheck questions
// (from the second window on: the first tiles a cold table) reports
// whether they needed fewer than tileCheckMul new regions tiled for
// tileCheckDiv questions.
func (t *tileMemo) pays() bool {
	t.asked++
	if t.frozen || t.always || t.asked-t.lastAsked < tileCheck {
		return true
	}
	ok := t.lastTiled == 0 || (t.tiled-t.lastTiled)*tileCheckDiv < (t.asked-t.lastAsked)*tileCheckMul
	t.lastAsked, t.lastTiled = t.asked, max(t.tiled, 1)
	return ok
}

// tilesFor answers the fill's question on reg from its tilings, when the
// search keeps them: it counts the question in the warm-up (and drops the
// tilings if regions seldom come back) or in the check of their cost (and
// freezes them if they cost too much); ok is false when the fill should
// search.
func (s *cellSearch) tilesFor(reg uint64) (sets []uint64, ok bool) {
	t := s.tiles
	if !t.on {
		if !t.warm(reg) {
			s.tiles = nil // regions seldom come back
		}
		if !t.on {
			return nil, false
		}
	} else if !t.pays() {
		t.frozen = true // too many new regions to tile
	}
	return s.tilings(reg)
}

// find returns the slot of reg: its own, or the empty one where it goes.
func (t *tileMemo) find(reg uint64) int {
	mask := uint64(len(t.regs) - 1)
	shift := 64 - uint(bits.TrailingZeros(uint(len(t.regs))))
	for h := (reg * 0x9e3779b97f4a7c15) >> shift; ; h = (h + 1) & mask {
		if r := t.regs[h]; r == reg || r == 0 {
			return int(h)
		}
	}
}

// grow doubles the table.
func (t *tileMemo) grow() {
	regs, info := t.regs, t.info
	t.regs, t.info = make([]uint64, 2*len(regs)), make([]uint32, 2*len(regs))
	for i, r := range regs {
		if r != 0 {
			j := t.find(r)
			t.regs[j], t.info[j] = r, info[i]
		}
	}
}

// sets returns the tilings of slot i, or false when they are too many.
func (t *tileMemo) sets(i int) ([]uint64, bool) {
	in := t.info[i]
	if in&127 == tileMany {
		return nil, false
	}
	return t.pool[in>>7 : in>>7+in&127], true
}

// tilings returns the sets of pieces and marks (their bits in the
// pieces' word) that tile reg exactly, each set once, from the tilings of
// what each candidate of reg's first cell leaves; ok is false when they
// are too many to keep or the table is full.
func (s *cellSearch) tilings(reg uint64) (sets []uint64, ok bool) {
	t := s.tiles
	if i := t.find(reg); t.regs[i] == reg {
		return t.sets(i)
	}
	if t.frozen {
		return nil, false
	}
	c := s.c
	t.tiled++
	start := len(t.scratch)
	cell := bits.TrailingZeros64(reg)
	lo, hi := c.start[cell*c.nPieces], c.start[(cell+1)*c.nPieces]
	many := false
	for j := lo; j < hi && !many; j++ {
		m := c.candCells[j]
		if m&^reg != 0 {
			continue
		}
		take := c.cands[j].take
		rest := reg &^ m
		if rest == 0 {
			t.scratch = append(t.scratch, take)
			continue
		}
		sub, ok := s.tilings(rest)
		if !ok {
			many = true
			break
		}
		for _, set := range sub {
			if set&take == 0 {
				t.scratch = append(t.scratch, set|take)
			}
		}
		many = len(t.scratch)-start > 4*tileMaxSets
	}
	found := t.scratch[start:]
	slices.Sort(found)
	found = slices.Compact(found)
	many = many || len(found) > tileMaxSets
	if t.used >= len(t.regs)/2 || len(t.pool)+len(found) > tileMaxPool {
		if len(t.regs) >= tileMaxSlots || len(t.pool)+len(found) > tileMaxPool {
			t.frozen = true
			t.scratch = t.scratch[:start]
			return nil, false // not kept: the fill searches
		}
		t.grow()
	}
	i := t.find(reg)
	t.regs[i] = reg
	t.used++
	if many {
		t.info[i] = tileMany
		t.scratch = t.scratch[:start]
		return nil, false
	}
	t.info[i] = uint32(len(t.pool))<<7 | uint32(len(found))
	t.pool = append(t.pool, found...)
	t.scratch = t.scratch[:start]
	return t.sets(i)
}
