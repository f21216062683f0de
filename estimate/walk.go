package estimate

// A walker is a node of the search tree, with the moves that go down and
// back up: the state DLX1 would have at that node, kept as flags and counts
// rather than links (a probe visits one child per node, so undoing is rare
// and a trail of hidden options is enough).
type walker struct {
	m       *matrix
	alive   []bool  // option not hidden
	count   []int32 // item -> its options alive
	covered []bool  // item covered (primary, or secondary used up)
	used    []int32 // primary item -> times covered (bounded items)
	shade   []int32 // secondary item -> colour it was given (0: none)
	trail   []int32 // options hidden, in order
	nAlive  int     // options not hidden
	marks   []mark  // what each commit changed, for undo
	chosen  []int32 // options chosen, root first
}

// A mark records where a commit's changes start, to undo them.
type mark struct {
	trail   int
	covered []int32 // items the commit covered
	shaded  []int32 // secondary items the commit coloured
	option  int32
}

// newWalker returns the root of m's search tree.
func newWalker(m *matrix) *walker {
	w := &walker{
		m:       m,
		alive:   make([]bool, len(m.opt)),
		count:   make([]int32, len(m.list)),
		covered: make([]bool, len(m.list)),
		used:    make([]int32, len(m.list)),
		shade:   make([]int32, len(m.list)),
	}
	for o := range w.alive {
		w.alive[o] = true
	}
	w.nAlive = len(w.alive)
	for i, l := range m.list {
		w.count[i] = int32(len(l))
	}
	return w
}

// choose returns the item DLX1 branches on: the uncovered primary item
// (of those covered exactly once) with the fewest options left, the
// leftmost on ties; -1 when every such item is covered.
func (w *walker) choose() int {
	best, least := -1, int32(1<<31-1)
	for i := 0; i < w.m.nPrimary; i++ {
		if w.covered[i] || !w.m.exact[i] {
			continue
		}
		if c := w.count[i]; c < least {
			best, least = i, c
			if c == 0 {
				break
			}
		}
	}
	return best
}

// dead says -1 at a leaf, 0 at a dead end, 1 else (see node).
func (w *walker) dead() int {
	switch i := w.choose(); {
	case i < 0:
		return -1
	case w.count[i] == 0:
		return 0
	}
	return 1
}

// empty reports whether item i has no option left.
func (w *walker) empty(i int) bool { return w.count[i] == 0 }

func (w *walker) clone() node { return newWalker(w.m) }

// skipUpdates: the walker's updates come with its hiding, at no cost.
func (w *walker) skipUpdates() {}

// size returns the number of options left: those not hidden, less the
// chosen ones (which the bitWalker drops with their conflicts).
func (w *walker) size() int { return w.nAlive - len(w.chosen) }

// path returns the options chosen, root first.
func (w *walker) path() []int32 { return w.chosen }

// solved reports whether the node with every exactly-once item covered is
// a solution: every bounded item is covered at least its minimum.
func (w *walker) solved() bool {
	for i := 0; i < w.m.nPrimary; i++ {
		if !w.m.exact[i] && w.used[i] < w.m.min[i] {
			return false
		}
	}
	return true
}

// options appends the options of item i still alive to buf.
func (w *walker) options(i int, buf []int32) []int32 {
	for _, o := range w.m.list[i] {
		if w.alive[o] {
			buf = append(buf, o)
		}
	}
	return buf
}

// coverCost is the number of updates DLX1 makes to cover item i: one for
// the item and one per node of its options hidden.
func (w *walker) coverCost(i int) int64 {
	u := int64(1)
	for _, o := range w.m.list[i] {
		if w.alive[o] {
			u += int64(len(w.m.opt[o]) - 1)
		}
	}
	return u
}

// hide hides option o: every item of it loses an option.
func (w *walker) hide(o int32) {
	w.alive[o] = false
	w.nAlive--
	for _, it := range w.m.opt[o] {
		w.count[it]--
	}
	w.trail = append(w.trail, o)
}

// hideAll hides the options of item it other than x that keep (if not nil)
// rejects, and returns DLX1's updates for them.
func (w *walker) hideAll(it, x int32, keep func(o int32, k int) bool) int64 {
	u := int64(0)
	for _, o := range w.m.list[it] {
		if o == x || !w.alive[o] {
			continue
		}
		if keep != nil && keep(o, int(it)) {
			continue
		}
		u += int64(len(w.m.opt[o]) - 1)
		w.hide(o)
	}
	return u
}

// commit chooses option x for branching item i: it covers i and x's other
// items (hiding the options that clash) and returns DLX1's updates for the
// other items (covering i is counted by coverCost at the node).
func (w *walker) commit(i int, x int32) int64 {
	mk := mark{trail: len(w.trail), option: x}
	u := int64(0)
	// DLX1 covers i first (at the node), then x's other items
	w.covered[i] = true
	mk.covered = append(mk.covered, int32(i))
	w.hideAll(int32(i), x, nil)
	for k, it := range w.m.opt[x] {
		switch {
		case int(it) == i:
		case int(it) < w.m.nPrimary && w.m.exact[it]:
			w.covered[it] = true
			mk.covered = append(mk.covered, it)
			u += 1 + w.hideAll(it, x, nil)
		case int(it) < w.m.nPrimary: // bounded: hide the rest when full
			w.used[it]++
			if w.used[it] == w.m.max[it] {
				w.covered[it] = true
				mk.covered = append(mk.covered, it)
				u += 1 + w.hideAll(it, x, nil)
			}
		default: // secondary
			c := w.m.color[x][k]
			if c == 0 {
				w.covered[it] = true
				mk.covered = append(mk.covered, it)
				u += 1 + w.hideAll(it, x, nil)
			} else if w.shade[it] == 0 {
				w.shade[it] = c
				mk.shaded = append(mk.shaded, it)
				u += w.hideAll(it, x, func(o int32, item int) bool { return w.colorOf(o, item) == c })
			}
		}
	}
	w.marks = append(w.marks, mk)
	w.chosen = append(w.chosen, x)
	return u
}

// colorOf returns the colour option o gives item it (0: none).
func (w *walker) colorOf(o int32, it int) int32 {
	for k, j := range w.m.opt[o] {
		if int(j) == it {
			return w.m.color[o][k]
		}
	}
	return 0
}

// undo takes back the last commit.
func (w *walker) undo() {
	mk := w.marks[len(w.marks)-1]
	w.marks = w.marks[:len(w.marks)-1]
	w.chosen = w.chosen[:len(w.chosen)-1]
	for k := len(w.trail) - 1; k >= mk.trail; k-- {
		o := w.trail[k]
		w.alive[o] = true
		w.nAlive++
		for _, it := range w.m.opt[o] {
			w.count[it]++
		}
	}
	w.trail = w.trail[:mk.trail]
	for _, it := range mk.covered {
		w.covered[it] = false
	}
	for _, it := range mk.shaded {
		w.shade[it] = 0
	}
	for _, it := range w.m.opt[mk.option] {
		if int(it) < w.m.nPrimary && !w.m.exact[it] {
			w.used[it]--
		}
	}
}

// reset goes back to the root.
func (w *walker) reset() {
	for len(w.marks) > 0 {
		w.undo()
	}
}
