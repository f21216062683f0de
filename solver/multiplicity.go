package solver

// The parts of Algorithm M (TAOCP 7.2.2.1) that X and C do not need: the
// search itself is search.go's, one loop for all three. Algorithm M, as
// Knuth's DLX3 runs it, is exact cover where a
// primary item i must be covered between u_i and v_i times. Each primary item
// has a bound (how many more options may still cover it) and a slack
// (v_i - u_i: how many of those are optional). At each node the search
// branches on the active item of smallest branching degree
// len + min(slack, bound) - bound + 1 (ties: smaller slack, then the longer
// list, then the leftmost); degree 0 means a dead end. When an item is chosen
// with bound 1 and slack 0 it is covered as in Algorithm X; otherwise it is
// "tweaked": its topmost option is tried and then removed from its list, so
// that the next branch tries the next one, and a branch with no option at all
// (the null move) deactivates the item when its lower bound is already met.
//
// DLX3's statistics differ from DLX1's at dead ends (DLX3 backs up without
// covering the item), so the engine runs M's bookkeeping (e.multi) only when
// some item has bounds other than exactly one, and counts as DLX1 otherwise.
//
// A task of the driver is a whole subtree after a prefix of choices, a
// choice being an option's node or, for a null move, the item's header; the
// replay of a prefix (search.go) tweaks away the branches before each
// choice, as the search had.

// infty is the score of a completely unconstrained item: never chosen.
const infty = 1<<31 - 1

// initBounds sets the bounds and slacks of the primary items.
func (e *engine) initBounds(p *Problem) {
	n := len(p.items)
	e.multi = true
	e.second = int32(p.nPrimary + 1)
	e.bound = make([]int32, n+1)
	e.slack = make([]int32, n+1)
	for i, it := range p.items[:p.nPrimary] {
		e.bound[i+1] = int32(it.max)
		e.slack[i+1] = int32(it.max - it.min)
	}
}

// coverM is DLX3's cover: hide every option of c; remove c from the active
// list only if deact.
func (e *engine) coverM(c int32, deact bool) {
	if deact {
		l, r := e.cl[c].prev, e.cl[c].next
		e.cl[l].next = r
		e.cl[r].prev = l
	}
	e.updates++
	for rr := e.nd[c].down; rr > e.lastItm; rr = e.nd[rr].down {
		e.hideC(rr)
	}
}

// uncoverM undoes coverM(c, react).
func (e *engine) uncoverM(c int32, react bool) {
	for rr := e.nd[c].down; rr > e.lastItm; rr = e.nd[rr].down {
		e.unhideC(rr)
	}
	if react {
		l, r := e.cl[c].prev, e.cl[c].next
		e.cl[l].next = c
		e.cl[r].prev = c
	}
}

// tweak hides the option of node n, the topmost of its item's list, and
// removes n from that list too; if block is false, the item has been covered
// already and only n leaves the list.
func (e *engine) tweak(n int32, block bool) {
	nd := e.nd
	nn := n
	if block {
		nn = n + 1
	}
	for {
		x := &nd[nn]
		if x.color >= 0 {
			cc := x.itm
			if cc <= 0 {
				nn = x.up
				continue
			}
			nd[x.up].down = x.down
			nd[x.down].up = x.up
			nd[cc].itm--
			e.updates++
		}
		if nn == n {
			break
		}
		nn++
	}
}

// untweak undoes all the tweaks of item c since its list began at node x.
// The tweaked nodes still point down to their successors, so the list can
// be rebuilt from x; their options are reinstated top-down.
func (e *engine) untweak(c, x int32, unblock bool) {
	nd := e.nd
	z := nd[c].down
	nd[c].down = x
	k, qq, rr := int32(0), c, x
	for ; rr != z; qq, rr = rr, nd[rr].down {
		nd[rr].up = qq
		k++
		if unblock {
			e.unhideC(rr)
		}
	}
	nd[rr].up = qq
	nd[c].itm += k
	if !unblock {
		e.uncoverM(c, false)
	}
}

// commitOthersM covers or partially covers the items of p's option other
// than p's own: a primary item loses one from its bound and is covered when
// that reaches 0; a secondary one is covered or purified.
func (e *engine) commitOthersM(p int32) {
	nd := e.nd
	for pp := p + 1; pp != p; {
		cc := nd[pp].itm
		if cc <= 0 {
			pp = nd[pp].up
			continue
		}
		if cc < e.second {
			e.bound[cc]--
			if e.bound[cc] == 0 {
				e.coverItem(cc)
			}
		} else if col := nd[pp].color; col == 0 {
			e.coverItem(cc)
		} else if col > 0 {
			e.purify(pp)
		}
		pp++
	}
}

// uncommitOthersM undoes commitOthersM(p), going left.
func (e *engine) uncommitOthersM(p int32) {
	nd := e.nd
	for pp := p - 1; pp != p; {
		cc := nd[pp].itm
		if cc <= 0 {
			pp = nd[pp].down
			continue
		}
		if cc < e.second {
			if e.bound[cc] == 0 {
				e.uncoverItem(cc)
			}
			e.bound[cc]++
		} else if col := nd[pp].color; col == 0 {
			e.uncoverItem(cc)
		} else if col > 0 {
			e.unpurify(pp)
		}
		pp--
	}
}

// chooseM returns the best item for branching and its branching degree
// (infty when no item is active: a solution).
func (e *engine) chooseM() (best, score int32) {
	nd, cl := e.nd, e.cl
	score = infty
	var bestS, bestL int32
	for k := cl[0].next; k != 0; k = cl[k].next {
		s := min(e.slack[k], e.bound[k])
		l := nd[k].itm
		t := l + s - e.bound[k] + 1
		if t <= score && (t < score || s < bestS || (s == bestS && l > bestL)) {
			best, score, bestS, bestL = k, t, s, l
		}
	}
	return best, score
}

// deactivate and reactivate take item c out of the active list and back.
func (e *engine) deactivate(c int32) {
	l, r := e.cl[c].prev, e.cl[c].next
	e.cl[l].next = r
	e.cl[r].prev = l
}

func (e *engine) reactivate(c int32) {
	l, r := e.cl[c].prev, e.cl[c].next
	e.cl[l].next = c
	e.cl[r].prev = c
}
