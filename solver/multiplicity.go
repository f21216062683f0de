package solver

// Algorithm M (TAOCP 7.2.2.1), as Knuth's DLX3 runs it: exact cover where a
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
// covering the item), so multiplicities are searched by this code only when
// some item has bounds other than exactly one.
//
// In parallel, a worker gives away options only at levels whose item was
// covered: the list of a tweaked item keeps changing below its level, so its
// untried branches cannot be named by nodes. The cells of a packing puzzle
// are such covered items, so there is plenty to share.

// infty is the score of a completely unconstrained item: never chosen.
const infty = 1<<31 - 1

// initBounds sets the bounds and slacks of the primary items.
func (e *engine) initBounds(p *Problem) {
	n := len(p.items)
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
				e.coverM(cc, true)
			}
		} else if col := nd[pp].color; col == 0 {
			e.coverM(cc, true)
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
				e.uncoverM(cc, true)
			}
			e.bound[cc]++
		} else if col := nd[pp].color; col == 0 {
			e.uncoverM(cc, true)
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

// searchM runs Algorithm M from level root, like search: if resume is
// false it enters level root afresh; otherwise level root's item (one that
// is covered, not tweaked) is already set up, choice[root] is the next
// option to try and end[root] the node to stop at. A choice that is an item
// header is a null move (no option chosen). It returns false if the search
// was stopped; then every level, down to 0, has been undone.
func (e *engine) searchM(root int, resume bool) bool {
	var best, cur, score int32
	level := root
	if resume {
		cur = e.choice[level]
		best = e.nd[cur].itm
		goto advance
	}
forward:
	e.nodes++
	e.profile[level]++
	if e.updates >= e.nextPoll && e.w != nil {
		e.level = level
		if !e.w.poll(e) {
			e.unwindM(level)
			return false
		}
	}
	best, score = e.chooseM()
	if score <= 0 {
		goto backdown
	}
	if score == infty {
		e.count++
		if e.w != nil && e.w.wantSolutions {
			e.level = level
			if !e.w.solution(e) {
				e.unwindM(level)
				return false
			}
		}
		goto backdown
	}
	e.scor[level], e.firstTweak[level] = score, 0
	cur = e.nd[best].down
	e.choice[level] = cur
	e.end[level] = best
	e.bound[best]--
	if e.bound[best] == 0 && e.slack[best] == 0 {
		e.coverM(best, true)
	} else {
		e.end[level] = -1 // a tweaked item ends by the tests below
		e.firstTweak[level] = cur
		if e.bound[best] == 0 {
			e.coverM(best, true)
		}
	}
advance:
	if cur == e.end[level] {
		goto backup
	}
	if e.bound[best] == 0 && e.slack[best] == 0 {
		// covered: try the options one by one, as Algorithm X
	} else if e.nd[best].itm <= e.bound[best]-e.slack[best] {
		goto backup
	} else if cur != best {
		e.tweak(cur, e.bound[best] != 0)
	} else if e.bound[best] != 0 {
		e.deactivate(best)
	}
	if cur > e.lastItm {
		e.commitOthersM(cur)
	}
	level++
	if level >= len(e.choice) {
		e.grow(level + 1)
	}
	if level > e.maxl {
		e.maxl = level
	}
	goto forward
backup:
	if e.bound[best] == 0 && e.slack[best] == 0 {
		e.uncoverM(best, true)
	} else {
		e.untweak(best, e.firstTweak[level], e.bound[best] != 0)
	}
	e.bound[best]++
backdown:
	if level == root {
		return true
	}
	level--
	cur = e.choice[level]
	if cur < e.lastItm {
		best = cur
		e.reactivate(best)
		goto backup
	}
	best = e.nd[cur].itm
	e.uncommitOthersM(cur)
	cur = e.nd[cur].down
	e.choice[level] = cur
	goto advance
}

// replayM sets up the state of Algorithm M at the entry to level
// len(prefix), as a search that chose prefix[l] at level l after trying the
// branches from tweaks[l] (0 when level l's item was covered, not tweaked).
// It counts nothing.
func (e *engine) replayM(prefix, tweaks []int32) {
	saved := e.updates
	for l, x := range prefix {
		ft := tweaks[l]
		best := x
		if x > e.lastItm {
			best = e.nd[x].itm
		}
		e.choice[l], e.firstTweak[l] = x, ft
		e.bound[best]--
		covered := e.bound[best] == 0 && e.slack[best] == 0
		if covered || e.bound[best] == 0 {
			e.coverM(best, true)
		}
		if !covered {
			block := e.bound[best] != 0
			for y := ft; y != x; y = e.nd[y].down {
				e.tweak(y, block)
			}
			if x != best {
				e.tweak(x, block)
			} else if block {
				e.deactivate(best)
			}
		}
		if x > e.lastItm {
			e.commitOthersM(x)
		}
	}
	e.updates = saved
}

// unwindM restores the structure after searchM stopped on entering level:
// every level from level-1 down to 0 is undone as backing up would undo it.
// One case needs care: an item chosen with bound 1 and some slack was
// covered and deactivated on entry to its level, and backing up normally
// reactivates it after its null move, the level's last branch; a level left
// before that branch must reactivate it here.
func (e *engine) unwindM(level int) {
	for l := level - 1; l >= 0; l-- {
		cur := e.choice[l]
		var best int32
		if cur < e.lastItm {
			best = cur
			e.reactivate(best)
		} else {
			best = e.nd[cur].itm
			e.uncommitOthersM(cur)
			if e.bound[best] == 0 && e.slack[best] != 0 {
				e.reactivate(best)
			}
		}
		if e.bound[best] == 0 && e.slack[best] == 0 {
			e.uncoverM(best, true)
		} else {
			e.untweak(best, e.firstTweak[l], e.bound[best] != 0)
		}
		e.bound[best]++
	}
}

// rankM returns the place k (from 1) of level l's choice among the branches
// of that level, and the branching degree d.
func (e *engine) rankM(l int) (k, d int) {
	return e.rankAtM(l, e.choice[l])
}

// rankAtM is rankM for node x of level l's list.
func (e *engine) rankAtM(l int, x int32) (k, d int) {
	c := x
	if x > e.lastItm {
		c = e.nd[x].itm
	}
	p := e.firstTweak[l]
	if p == 0 {
		p = e.nd[c].down
	}
	k = 1
	for steps := 0; p != x && steps < len(e.nd); steps++ {
		p = e.nd[p].down
		k++
	}
	return k, int(e.scor[l])
}

// positionM is Knuth's progress estimate for Algorithm M.
func (e *engine) positionM() float64 {
	f, fd := 0.0, 1.0
	for l := 0; l < e.level; l++ {
		k, d := e.rankM(l)
		fd *= float64(max(d, 1))
		f += float64(k-1) / fd
	}
	return f + 0.5/fd
}

// solutionM builds the current solution: the options chosen at levels
// 0..level-1, skipping null moves.
func (e *engine) solutionM() Solution {
	var s Solution
	for l := 0; l < e.level; l++ {
		x := e.choice[l]
		if x < e.lastItm {
			continue
		}
		k, d := e.rankM(l)
		o := e.optionOf(x)
		s.Options = append(s.Options, o)
		s.Choices = append(s.Choices, Choice{Option: o, Item: int(e.nd[x].itm) - 1, K: k, D: d})
	}
	return s
}
