package solver

// The search: Knuth's Algorithm M (TAOCP 7.2.2.1, exact covering with
// multiplicities and colours), one loop for every problem. Algorithms X
// (DLX1) and C (DLX2, colours) are M with every bound 1 and no slack: an
// item chosen is then always covered, never "tweaked", and the steps that
// deal with bounds and tweaks do nothing. The engine knows which case it is
// in (e.multi, e.colored; fixed for a problem) and takes the plain paths
// for X and C, so that their hot loops are DLX1's and DLX2's.
//
// The statistics are DLX1's for X and C (a node per level entered, the
// solutions included; an update per item covered and per node hidden) and
// DLX3's for M. The one place they differ is a dead end, an item with no
// options left: DLX1 and DLX2 cover it anyway (one update) and then back
// up, DLX3 backs up at once (step M3). The loop does as the program it
// reproduces does.
//
// The steps, as Knuth numbers them:
//
//	M1 initialize      newEngine, initBounds
//	M2 enter level l   count the node; poll; no active item left: a solution
//	M3 choose i        the item of least branching degree; 0: go to M9
//	M4 prepare         x_l = first option of i; bound(i)--; cover i or
//	                   remember where its tweaks begin
//	M5 possibly tweak  x_l = i's header (or the task's end) ends a covered
//	                   item; a tweaked one ends when its list is too short
//	M6 try x_l         commit the other items of x_l; l++; go to M2
//	M7 try again       uncommit x_l; x_l = next option; go to M5
//	M8 restore i       uncover or untweak i; bound(i)++
//	M9 leave level l   stop at the root; l--; go to M8 after a null move
//	                   (x_l a header), else to M7

// pollNodes is how many nodes pass at most between polls (a power of two),
// whatever the updates: a tenth of a second at 10^5 active items.
const pollNodes = 1 << 10

// search runs the algorithm from level root, entering it afresh (the whole
// tree, or the subtree after a replayed prefix). It returns false if the
// search was stopped (a hook said so: cancelled, enough solutions, visit
// said stop); every level, down to 0, has then been undone, unless
// e.abandon says that nothing will use the structure again.
func (e *engine) search(root int) bool {
	var best, cur, score int32
	level := root
m2: // enter level
	e.nodes++
	e.profile[level]++
	// a node's choice scans every active item, so on a problem with many
	// items thousands of nodes can pass with few updates: poll by nodes too
	if (e.updates >= e.nextPoll || e.nodes&(pollNodes-1) == 0) && e.poll != nil {
		e.nextPoll = e.updates + e.pollEvery
		e.level = level
		if !e.poll() {
			e.stopAt(level)
			return false
		}
	}
	if e.cl[0].next == 0 {
		// every item is covered (or content with its bounds): a solution,
		// a node of its own at this level
		e.count++
		if e.solution != nil {
			e.level = level
			if !e.solution() {
				e.stopAt(level)
				return false
			}
		}
		goto m9
	}
	// m3: choose the item to branch on
	best, score = e.chooseItem()
	if score <= 0 {
		if !e.multi {
			e.updates++ // DLX1 covers the dead item: one update
		}
		goto m9
	}
	// m4: prepare to branch on best
	cur = e.nd[best].down
	e.choice[level], e.end[level] = cur, best
	e.scor[level], e.firstTweak[level] = score, e.prepare(best)
	if e.firstTweak[level] != 0 {
		e.end[level] = -1 // a tweaked item ends by the test of m5
	}
m5: // possibly tweak
	if cur == e.end[level] {
		goto m8
	}
	if e.multi && e.firstTweak[level] != 0 {
		if e.nd[best].itm <= e.bound[best]-e.slack[best] {
			goto m8
		}
		if cur != best {
			e.tweak(cur, e.bound[best] != 0)
		} else if e.bound[best] != 0 {
			e.deactivate(best) // the null move: i takes no more options
		}
	}
	// m6: try cur
	if cur > e.lastItm {
		e.commit(cur)
	}
	level++
	if level >= len(e.choice) {
		e.grow(level + 1)
	}
	if level > e.maxl {
		e.maxl = level
	}
	goto m2
m8: // restore best
	e.restore(best, e.firstTweak[level])
m9: // leave level
	if level == root {
		return true
	}
	level--
	cur = e.choice[level]
	if cur < e.lastItm { // after a null move
		best = cur
		e.reactivate(best)
		goto m8
	}
	best = e.nd[cur].itm
	// m7: try again
	e.uncommit(cur)
	cur = e.nd[cur].down
	e.choice[level] = cur
	goto m5
}

// chooseItem is step m3: the item to branch on and its score, the number
// of branches it offers (0 or less: a dead end).
func (e *engine) chooseItem() (best, score int32) {
	if e.multi {
		return e.chooseM()
	}
	best = e.choose()
	return best, e.nd[best].itm
}

// prepare is step m4 for item best: it covers it (X, C), or lowers its
// bound and covers it when the bound reaches 0 (M). It returns where the
// item's tweaks begin, its first option, when the item stays active (M,
// with a bound or slack left), else 0.
func (e *engine) prepare(best int32) (firstTweak int32) {
	if !e.multi {
		e.coverItem(best)
		return 0
	}
	e.bound[best]--
	if e.bound[best] == 0 {
		e.coverItem(best)
	}
	if e.bound[best] != 0 || e.slack[best] != 0 {
		return e.nd[best].down
	}
	return 0
}

// restore is step m8, the inverse of prepare: it uncovers item best, or
// undoes its tweaks since firstTweak, and gives back the bound.
func (e *engine) restore(best, firstTweak int32) {
	if firstTweak == 0 {
		e.uncoverItem(best)
	} else {
		e.untweak(best, firstTweak, e.bound[best] != 0)
	}
	if e.multi {
		e.bound[best]++
	}
}

// commit covers (X, C) or partially covers (M) the items of option p other
// than p's own; uncommit undoes it.
func (e *engine) commit(p int32) {
	if e.multi {
		e.commitOthersM(p)
	} else {
		e.commitOthers(p)
	}
}

func (e *engine) uncommit(p int32) {
	if e.multi {
		e.uncommitOthersM(p)
	} else {
		e.uncommitOthers(p)
	}
}

// stopAt is the way out of a search stopped on entering level: the
// structure is restored, unless it is abandoned (see taskFigures.abandon).
func (e *engine) stopAt(level int) {
	if !e.abandon {
		e.unwind(level)
	}
}

// unwind restores the structure after the search stopped on entering
// level: every level from level-1 down to 0 is undone as backing up would
// undo it. One case needs care (M only): an item chosen with bound 1 and
// some slack was covered and deactivated on entry to its level, and backing
// up normally reactivates it after its null move, the level's last branch;
// a level left before that branch must reactivate it here.
func (e *engine) unwind(level int) { e.unwindTo(level, 0) }

// unwindTo undoes levels level-1 down to to, as unwind does, leaving the
// state at the entry to level to.
func (e *engine) unwindTo(level, to int) {
	for l := level - 1; l >= to; l-- {
		cur := e.choice[l]
		if !e.multi {
			e.uncommit(cur)
			e.uncoverItem(e.nd[cur].itm)
			continue
		}
		var best int32
		if cur < e.lastItm {
			best = cur
			e.reactivate(best)
		} else {
			best = e.nd[cur].itm
			e.uncommit(cur)
			if e.bound[best] == 0 && e.slack[best] != 0 {
				e.reactivate(best)
			}
		}
		e.restore(best, e.firstTweak[l])
	}
}

// replay sets up the state of the search at the entry to level
// len(prefix), from the state at the entry to level from (the choices
// prefix[:from] already made), as a search that chose prefix[l] at level l
// (an option's node, or the item's header for a null move of Algorithm M).
// It counts nothing. It sets what the search would have set at each level: the
// branching degree (scor) and, for a tweaked item (M), where its tweaks
// began: its first option at the entry to the level (firstTweak), every
// branch before prefix[l] being tweaked away.
func (e *engine) replay(prefix []int32, from int) {
	saved := e.updates
	for l := from; l < len(prefix); l++ {
		x := prefix[l]
		best := x
		if x > e.lastItm {
			best = e.nd[x].itm
		}
		e.scor[l] = e.nd[best].itm
		if e.multi {
			s := min(e.slack[best], e.bound[best])
			e.scor[l] += s - e.bound[best] + 1
		}
		ft := e.prepare(best)
		e.choice[l], e.firstTweak[l] = x, ft
		if ft != 0 {
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
			e.commit(x)
		}
	}
	e.updates = saved
}

// rank returns the place k (from 1) of node x among the branches of level l
// (counted from the first one tried, the first tweak for a tweaked item),
// and the level's branching degree d (the length of a covered item's list).
func (e *engine) rank(l int, x int32) (k, d int) {
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
	return k, max(int(e.scor[l]), 1)
}

// position is Knuth's estimate of where the search stands in the whole
// tree when it is about to enter level e.level: the sum over the levels
// above of (k-1)/(d_0 d_1 ... d_l), where the choice at level l is the k-th
// of d, plus half of the last term's unit.
func (e *engine) position() float64 { return e.positionBelow(0) }

// positionBelow is Knuth's estimate of where the search stands in the
// subtree below level root (the same sum, over the levels from root).
func (e *engine) positionBelow(root int) float64 {
	f, fd := 0.0, 1.0
	for l := root; l < e.level; l++ {
		k, d := e.rank(l, e.choice[l])
		fd *= float64(d)
		f += float64(k-1) / fd
	}
	return f + 0.5/fd
}

// current returns the solution found on entering level e.level: the
// options chosen at levels 0..e.level-1, skipping null moves.
func (e *engine) current() Solution {
	s := Solution{Options: make([]int, 0, e.level), Choices: make([]Choice, 0, e.level)}
	for l := 0; l < e.level; l++ {
		x := e.choice[l]
		if x < e.lastItm {
			continue
		}
		k, d := e.rank(l, x)
		o := e.optionOf(x)
		s.Options = append(s.Options, o)
		s.Choices = append(s.Choices, Choice{Option: o, Item: int(e.nd[x].itm) - 1, K: k, D: d})
	}
	return s
}
