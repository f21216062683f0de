package solver

import "context"

// This file is the dancing-links structure and its basic operations
// (TAOCP 7.2.2.1, Algorithm D, and Algorithm C for colours), laid out
// exactly as Knuth's DLX1 and DLX2; search.go is the search that uses them:
//
//   - one node array nd; nd[1..N] are the item headers (their itm field holds
//     the length of the item's list), nd[N+1] is the first spacer, and then
//     every option is a run of nodes followed by a spacer. A spacer has
//     itm <= 0, up = first node of the option before it, down = last node of
//     the option after it, so an option can be walked circularly.
//   - the active primary items form a doubly linked list through cl, with
//     root cl[0]; every secondary item is linked to itself, so that covering
//     it needs no special case.
//
// For X and C the search is DLX1's: at each node, choose the active primary
// item with the shortest list, the leftmost on ties; cover it; try its
// options top to bottom. Statistics are kept as DLX1 keeps them, so that on
// the same file we report the same nodes and updates: a node per level
// entered plus one per solution; an update per item covered plus one per
// node hidden.

// A node is one entry of the matrix, or an item header, or a spacer.
type node struct {
	up, down int32
	itm      int32 // item number; length of the list in a header; <= 0 in a spacer
	color    int32 // colour number; -1 once purified; 0 = none
}

// A link is an item's place in the list of active items.
type link struct{ prev, next int32 }

// An engine holds the dancing-links structure of one problem and one search
// through it. Parallel workers each own a copy.
type engine struct {
	nd      []node
	cl      []link
	lastItm int32 // index of the first spacer; option nodes are > lastItm
	colored bool
	multi   bool // some item has bounds other than 1 (Algorithm M)

	// search state
	choice []int32 // node chosen at each level
	end    []int32 // stop when the choice reaches this node (the header by default)

	// Algorithm M (multiplicities) only
	second           int32   // first secondary item
	bound, slack     []int32 // per item
	firstTweak, scor []int32 // per level

	// the statistics (nodes, updates, count, profile, maxl), the level
	// being entered and the hooks: poll is called when updates reach
	// nextPoll (and then sets the next), solution at each solution; nil
	// hooks for a bare engine in tests
	taskFigures
	nextPoll, pollEvery int64
}

// setupPoll is how many options a build lays out, or how many nodes a copy
// copies (clonePoll), between looks at the run's context: a big board's
// structure takes seconds, more than a signal's grace.
const (
	setupPoll = 1 << 14
	clonePoll = 1 << 20
)

// newEngine builds the dancing-links structure of p (primary items must come
// first, as Problem guarantees); it returns ctx's error when ctx ends first.
func newEngine(ctx context.Context, p *Problem) (*engine, error) {
	n := len(p.items)
	e := &engine{
		nd:      make([]node, n+2+len(p.entries)+p.NumOptions()),
		cl:      make([]link, n+1),
		lastItm: int32(n + 1),
		colored: p.hasColors(),
	}
	// link the primary items to the root, each secondary item to itself
	np := int32(p.nPrimary)
	for i := int32(1); i <= int32(n); i++ {
		if i <= np {
			e.cl[i] = link{i - 1, i + 1}
		} else {
			e.cl[i] = link{i, i}
		}
		e.nd[i] = node{up: i, down: i}
	}
	e.cl[0] = link{np, 1}
	e.cl[np].next = 0
	// lay out the options, appending each node to the bottom of its item's list
	last := e.lastItm // the spacer before the option being built
	for o := 0; o < p.NumOptions(); o++ {
		if o%setupPoll == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		first := last + 1
		for at := p.optStart[o]; at < p.optStart[o+1]; at++ {
			last++
			k := p.entries[at].item + 1
			bottom := e.nd[k].up
			e.nd[last] = node{up: bottom, down: k, itm: k, color: p.color(at)}
			e.nd[bottom].down = last
			e.nd[k].up = last
			e.nd[k].itm++
		}
		e.nd[first-1].down = last
		last++
		e.nd[last] = node{up: first, itm: -int32(o + 1)}
	}
	e.nd = e.nd[:last+1]
	e.grow(n + 2)
	return e, nil
}

// clone returns an independent copy of e's structure, at its current state,
// or ctx's error when ctx ends first.
func (e *engine) clone(ctx context.Context) (*engine, error) {
	// copied a slice at a time: the fresh pages are touched as they are
	// copied, and that is where a big board's copy spends its second
	nd := make([]node, len(e.nd))
	for i := 0; i < len(nd); i += clonePoll {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		copy(nd[i:], e.nd[i:min(i+clonePoll, len(nd))])
	}
	c := &engine{
		nd:      nd,
		cl:      append([]link(nil), e.cl...),
		lastItm: e.lastItm,
		colored: e.colored,
		multi:   e.multi,
		second:  e.second,
		bound:   append([]int32(nil), e.bound...),
		slack:   append([]int32(nil), e.slack...),
	}
	c.grow(len(e.choice))
	return c, nil
}

// grow makes room for n levels.
func (e *engine) grow(n int) {
	for len(e.choice) < n {
		e.choice = append(e.choice, 0)
		e.end = append(e.end, 0)
		e.profile = append(e.profile, 0)
		e.firstTweak = append(e.firstTweak, 0)
		e.scor = append(e.scor, 0)
	}
}

// optionOf returns the option number of node x.
func (e *engine) optionOf(x int32) int {
	for e.nd[x].itm > 0 {
		x++
	}
	return int(-e.nd[x].itm) - 1
}

// cover removes item c from the active list and hides every option in its
// list from the other items' lists.
func (e *engine) cover(c int32) {
	base := baseOf(e.nd)
	l, r := e.cl[c].prev, e.cl[c].next
	e.cl[l].next = r
	e.cl[r].prev = l
	upd := e.updates + 1
	last := e.lastItm
	for rr := at(base, c).down; rr > last; rr = at(base, rr).down {
		for nn := rr + 1; nn != rr; {
			x := at(base, nn)
			cc := x.itm
			if cc <= 0 {
				nn = x.up
				continue
			}
			uu, dd := x.up, x.down
			at(base, uu).down = dd
			at(base, dd).up = uu
			at(base, cc).itm--
			upd++
			nn++
		}
	}
	e.updates = upd
}

// uncover undoes cover(c).
func (e *engine) uncover(c int32) {
	base := baseOf(e.nd)
	last := e.lastItm
	for rr := at(base, c).down; rr > last; rr = at(base, rr).down {
		for nn := rr + 1; nn != rr; {
			x := at(base, nn)
			cc := x.itm
			if cc <= 0 {
				nn = x.up
				continue
			}
			at(base, x.up).down = nn
			at(base, x.down).up = nn
			at(base, cc).itm++
			nn++
		}
	}
	l, r := e.cl[c].prev, e.cl[c].next
	e.cl[l].next = c
	e.cl[r].prev = c
}

// hideC hides the option of node rr from every list but rr's own.
func (e *engine) hideC(rr int32) {
	nd := e.nd
	for nn := rr + 1; nn != rr; {
		x := &nd[nn]
		cc := x.itm
		if cc <= 0 {
			nn = x.up
			continue
		}
		if x.color >= 0 {
			nd[x.up].down = x.down
			nd[x.down].up = x.up
			nd[cc].itm--
			e.updates++
		}
		nn++
	}
}

// unhideC undoes hideC(rr).
func (e *engine) unhideC(rr int32) {
	nd := e.nd
	for nn := rr + 1; nn != rr; {
		x := &nd[nn]
		cc := x.itm
		if cc <= 0 {
			nn = x.up
			continue
		}
		if x.color >= 0 {
			nd[x.up].down = nn
			nd[x.down].up = nn
			nd[cc].itm++
		}
		nn++
	}
}

// purify keeps, in the list of p's (secondary) item, only the options that
// give it p's colour: the others are hidden, the compatible ones marked -1
// so that they are neither purified again nor hidden from this list.
func (e *engine) purify(p int32) {
	nd := e.nd
	c, x := nd[p].itm, nd[p].color
	for rr := nd[c].down; rr > e.lastItm; rr = nd[rr].down {
		if nd[rr].color != x {
			e.hideC(rr)
		} else if rr != p {
			nd[rr].color = -1
		}
	}
}

// unpurify undoes purify(p), going upward.
func (e *engine) unpurify(p int32) {
	nd := e.nd
	c, x := nd[p].itm, nd[p].color
	for rr := nd[c].up; rr > e.lastItm; rr = nd[rr].up {
		if nd[rr].color < 0 {
			nd[rr].color = x
		} else if rr != p {
			e.unhideC(rr)
		}
	}
}

// commitOthers covers (or purifies) the items of p's option other than p's
// own, going right.
func (e *engine) commitOthers(p int32) {
	nd := e.nd
	if !e.colored {
		for pp := p + 1; pp != p; {
			cc := nd[pp].itm
			if cc <= 0 {
				pp = nd[pp].up
				continue
			}
			e.cover(cc)
			pp++
		}
		return
	}
	for pp := p + 1; pp != p; {
		cc := nd[pp].itm
		if cc <= 0 {
			pp = nd[pp].up
			continue
		}
		if col := nd[pp].color; col == 0 {
			e.coverM(cc, true)
		} else if col > 0 {
			e.purify(pp)
		}
		pp++
	}
}

// uncommitOthers undoes commitOthers(p), going left.
func (e *engine) uncommitOthers(p int32) {
	nd := e.nd
	if !e.colored {
		for pp := p - 1; pp != p; {
			cc := nd[pp].itm
			if cc <= 0 {
				pp = nd[pp].down
				continue
			}
			e.uncover(cc)
			pp--
		}
		return
	}
	for pp := p - 1; pp != p; {
		cc := nd[pp].itm
		if cc <= 0 {
			pp = nd[pp].down
			continue
		}
		if col := nd[pp].color; col == 0 {
			e.uncoverM(cc, true)
		} else if col > 0 {
			e.unpurify(pp)
		}
		pp--
	}
}

// coverItem covers item c, and uncoverItem uncovers it: with DLX1's cover
// when the problem has no colours, else with the colour-aware coverM
// (Algorithm C's cover', which leaves purified nodes in place).
func (e *engine) coverItem(c int32) {
	if e.colored {
		e.coverM(c, true)
	} else {
		e.cover(c)
	}
}

func (e *engine) uncoverItem(c int32) {
	if e.colored {
		e.uncoverM(c, true)
	} else {
		e.uncover(c)
	}
}

// choose returns the active primary item with the shortest list, the
// leftmost on ties, as DLX1 does.
func (e *engine) choose() int32 {
	nd, cl := e.nd, e.cl
	best, t := int32(0), int32(1<<31-1)
	for k := cl[0].next; k != 0; k = cl[k].next {
		if l := nd[k].itm; l < t {
			best, t = k, l
			if l == 0 {
				break
			}
		}
	}
	return best
}
