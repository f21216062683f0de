package solver

import (
	"context"
	"slices"
)

// Dancing links as an engine of the driver (see tasksearch.go): a choice
// of a prefix is a node of the array (an option's node in the list of the
// item branched on, or the item's header for a null move of Algorithm M),
// and the figures are the engine's own (DLX1's, DLX2's or DLX3's).

// A dlxSearch is one worker's dancing-links search.
type dlxSearch struct {
	e *engine
	// optStart is the problem's option starts (shared, read only): an
	// option's nodes follow its spacer at a fixed place, so choiceOf finds
	// a node without an index over every node, which on a big problem took
	// minutes that no Stop could cut short.
	optStart []int
	// applied is the prefix whose choices the structure holds (the state
	// at the entry to level len(applied)): a task, or a node the cut
	// expanded, is left so, and the next replay undoes and redoes only the
	// levels where its prefix differs. Tasks come in the tree's order, so
	// neighbours share most of their prefix and a small tree cut into
	// thousands of tasks does not pay for their paths again and again.
	applied []int32
	// spoiled says a stopped search left the structure as it stood (the
	// figures' abandon): no replay may follow.
	spoiled bool
}

// dlxFactory returns the maker of p's dancing-links searches: the first
// one made builds the structure and owns it, the others copies of it. All
// are made before any of them searches (a copy is taken of the first's
// state). A search whose building or copy ctx ends returns ctx's error.
func dlxFactory(ctx context.Context, p *Problem, pollEvery int64) func() (taskSearch, error) {
	var base *engine
	return func() (taskSearch, error) {
		var e *engine
		var err error
		if base == nil {
			e, err = newEngine(ctx, p)
			if err == nil && p.hasMultiplicities() {
				e.initBounds(p)
			}
			base = e
		} else {
			e, err = base.clone(ctx)
		}
		if err != nil {
			return nil, err
		}
		e.pollEvery = pollEvery
		e.nextPoll = pollEvery
		return &dlxSearch{e: e, optStart: p.optStart}, nil
	}
}

func (s *dlxSearch) figures() *taskFigures { return &s.e.taskFigures }

// replay keeps the levels that prefix shares with the applied prefix,
// undoes the others and makes prefix's choices from there.
func (s *dlxSearch) replay(prefix []int32) {
	if s.spoiled {
		panic("solver: replay after an abandoned search")
	}
	e := s.e
	e.grow(len(prefix) + 2)
	k := 0
	for k < len(s.applied) && k < len(prefix) && s.applied[k] == prefix[k] {
		k++
	}
	e.unwindTo(len(s.applied), k)
	e.replay(prefix, k)
	s.applied = append(s.applied[:0], prefix...)
}

// search searches the subtree below the replayed prefix and leaves the
// prefix applied; a search that was stopped has undone it, or left the
// structure for good when abandoned.
func (s *dlxSearch) search(root int) bool {
	e := s.e
	e.level = root
	e.maxl = max(e.maxl, root)
	if !e.search(root) {
		s.applied = s.applied[:0] // the search has undone the prefix too
		s.spoiled = e.abandon
		return false
	}
	return true
}

// children expands the node the prefix leads to as the search's steps M2
// to M9 would, without going down: each branch the search would try at
// that level is a child, in the search's order, and the node's updates
// (covering or tweaking its item, committing each option) are counted as
// the search counts them; the structure is then restored to the state
// after the prefix (which stays applied). The poll hook, when set, is
// called every pollEvery updates: on a big board one node's branches are
// millions of updates, and a node whose expansion it stops is left as it
// was (false, nothing counted).
func (s *dlxSearch) children(prefix []int32, out *[][]int32, count bool) bool {
	e := s.e
	l := len(prefix)
	s.replay(prefix)
	if e.cl[0].next == 0 {
		return false // a solution
	}
	best, score := e.chooseItem()
	if score <= 0 {
		return false // a dead end
	}
	nodes, updates, maxl, had := e.nodes, e.updates, e.maxl, len(*out)
	e.nodes++
	e.profile[l]++
	e.maxl = max(e.maxl, l)
	// M4: prepare to branch on best
	cur, ft := e.nd[best].down, e.prepare(best)
	next := e.updates + e.pollEvery // not e.nextPoll: the search's own
	for {
		if e.poll != nil && e.updates >= next {
			next = e.updates + e.pollEvery
			if !e.poll() {
				e.restore(best, ft)
				e.nodes, e.updates, e.maxl = nodes, updates, maxl
				e.profile[l]--
				*out = (*out)[:had]
				return false
			}
		}
		// M5: possibly tweak
		if ft == 0 && cur == best {
			break
		}
		if ft != 0 {
			if e.nd[best].itm <= e.bound[best]-e.slack[best] {
				break
			}
			if cur != best {
				e.tweak(cur, e.bound[best] != 0)
			} else if e.bound[best] != 0 {
				e.deactivate(best)
			}
		}
		// M6: a child; M7: try again
		*out = append(*out, append(slices.Clip(prefix), cur))
		if cur < e.lastItm { // the null move is the last branch (M9)
			e.reactivate(best)
			break
		}
		if count {
			// only to count the updates as the search would: committing
			// and uncommitting leaves the structure as it was, and a
			// probe (count false) of a big board would pay for it at
			// every level, thousands of updates an option
			e.commit(cur)
			e.uncommit(cur)
		}
		cur = e.nd[cur].down
	}
	// M8: restore best
	e.restore(best, ft)
	if !count {
		e.nodes, e.updates, e.maxl = nodes, updates, maxl
		e.profile[l]--
	}
	return true
}

func (s *dlxSearch) position(root int) float64 { return s.e.positionBelow(root) }

func (s *dlxSearch) solutionAt() Solution { return s.e.current() }

// stepOf names node x: its item and option, or the item alone (Option -1)
// for a null move.
func (s *dlxSearch) stepOf(x int32) Step {
	e := s.e
	if x < e.lastItm {
		return Step{Item: int(x) - 1, Option: -1}
	}
	return Step{Item: int(e.nd[x].itm) - 1, Option: e.optionOf(x)}
}

func (s *dlxSearch) choiceOf(st Step) (int32, bool) {
	e := s.e
	if st.Option < 0 {
		ok := e.multi && st.Item >= 0 && int32(st.Item)+1 < e.lastItm
		return int32(st.Item) + 1, ok
	}
	o := st.Option
	if o >= len(s.optStart)-1 {
		return 0, false
	}
	// option o's nodes start after o+1 spacers and the entries before it
	first := e.lastItm + 1 + int32(s.optStart[o]+o)
	for x := first; x < first+int32(s.optStart[o+1]-s.optStart[o]); x++ {
		if int(e.nd[x].itm)-1 == st.Item {
			return x, true
		}
	}
	return 0, false
}
