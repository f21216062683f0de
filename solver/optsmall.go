package solver

// Handing subtrees to smaller plans. Below the top of the tree most
// options are dead, yet place, choose and the listing of options still
// walk every word from the first alive option to the last: on Bedlam a
// third of the plan's words at a typical node. So where a node's options
// alive fit a plan at most half as wide and are many (see handOn), the
// search builds the plan of just those options (optPlan.build, into
// buffers it keeps) and runs the node's subtree there, in a search of
// that width (optSmall), then goes on as if the node were a leaf.
//
// The subtree is the same, node for node. A node's state is its options
// alive and its items covered, and the smaller search starts from the
// same: the same items, numbered as before, covered as before, and every
// option alive at the node, in the same order. Below it, choose looks at
// the uncovered primary items' counts of options alive, which are the
// same, so it picks the same item (the first of the fewest: items keep
// their numbers); that item's options come in the same order (the plan
// keeps the order of the options), and each one kills the same options
// (its conflicts among the alive ones, which the smaller plan holds all
// of). The updates are the options' sizes, which the plan copies. So the
// nodes, updates, profile and solutions are the whole search's, in the
// same order, which TestSmallPlansSameTree checks against the search
// without hand-offs.
//
// What goes up: the figures are added to the parent's at every poll and
// solution and at the end, so the driver and the budgets of split's
// exact balance see them as they grow; and before a poll or a solution
// the levels below the node are copied into the parent (its own option
// numbers: the smaller plan's option i is the parent's opts[i]), so that position and solutionAt, which read the parent, see
// the whole path.

// handOn says whether a search whose plan is words wide hands on the
// subtree of a node with n options alive: where a plan at least four
// times narrower holds them and n is at least min4 (see handMins), or one at least twice narrower and n is at least min2. Building the smaller plan
// costs about 6n·n/64 word operations, which a subtree of a few hundred
// nodes does not earn back: on Bedlam, handing on the nodes of 256 to
// 511 options too made the search three times slower, and those of 640
// to 1,023 from plans of 2,048 a quarter slower. Nor does a table of one
// word for the nodes of at most 64 options (each option's conflicts and
// each item's options among them, a few operations an item of each to
// build): on Bedlam 9.3 million such nodes, 34 options alive on average,
// had two nodes each below them, and the search took twice as long.
func handOn(words int, n, min4, min2 int32) bool {
	t := 8 // the words of the narrowest plan that holds n options
	for int32(t)*64 < n {
		t *= 2
	}
	return (words >= 4*t && n >= min4) || (words >= 2*t && n >= min2)
}

// handMins are a new search's min4 and min2 (tests change them).
var handMins = [2]int32{512, 1024}

// optSmall holds the smaller searches a search hands subtrees to, each
// made when first needed and reused with its plan rebuilt.
type optSmall struct {
	s8  *optSearch[[8]uint64]
	s16 *optSearch[[16]uint64]
	s32 *optSearch[[32]uint64]
	s64 *optSearch[[64]uint64]
	// the options alive at the node handed on (plan numbers), for build;
	// the smaller plan's option i is opts[i]
	opts  []int32
	hands int // the subtrees handed on (for tests)
}

// handOff runs the subtree below level l on a smaller plan and reports
// whether the search goes on.
func (s *optSearch[O]) handOff(l int) bool {
	if s.small == nil {
		s.small = &optSmall{}
	}
	sm := s.small
	sm.hands++
	sm.opts = s.appendAlive(sm.opts[:0], l)
	switch n := len(sm.opts); {
	case n <= 8*64:
		return handTo(s, &sm.s8, l)
	case n <= 16*64:
		return handTo(s, &sm.s16, l)
	case n <= 32*64:
		return handTo(s, &sm.s32, l)
	default:
		return handTo(s, &sm.s64, l)
	}
}

// handTo runs the subtree below level l of s in the search *slot (made
// if nil) on the plan of s.small.opts, and reports whether the search
// goes on.
func handTo[P, O optSet](s *optSearch[O], slot **optSearch[P], l int) bool {
	opts := s.small.opts
	t := *slot
	if t == nil {
		x := &optPlan[P]{}
		x.build(s.x.p, &s.x.rows, opts)
		t = newOptSearch(x)
		t.up = &optUp{
			poll: func() bool {
				takeUp(s, t, true)
				if s.poll == nil {
					return true
				}
				return s.poll()
			},
			solution: func() bool {
				takeUp(s, t, true)
				return s.solution()
			},
		}
		*slot = t
	} else {
		t.x.build(s.x.p, &s.x.rows, opts)
	}
	x := t.x
	t.used = s.used
	t.alive[l], t.nz[l], t.wAlive[l], t.nAlive[l] = x.all, x.allNz, x.allW, int32(len(opts))
	t.base[l] = 0
	t.up.from = l
	t.handMin = s.handMin
	t.poll = t.up.poll
	t.solution = nil
	if s.solution != nil {
		t.solution = t.up.solution
	}
	t.pollLeft = s.pollLeft
	ok := t.search(l)
	takeUp(s, t, false)
	s.pollLeft = t.pollLeft
	return ok
}

// optUp is what a smaller search reports to the search that handed it a
// subtree: its hooks, which take the figures and the path up first, and
// the level of the node handed on.
type optUp struct {
	poll, solution func() bool
	from           int
}

// takeUp adds t's figures to s's (and clears them), and with path copies
// t's path below the node handed on into s, in s's option numbers (in a
// hook, where t.level is the level t is at).
func takeUp[P, O optSet](s *optSearch[O], t *optSearch[P], path bool) {
	s.nodes += t.nodes
	s.updates += t.updates
	s.count += t.count
	s.maxl = max(s.maxl, t.maxl)
	for l, n := range t.profile {
		s.profile[l] += n
	}
	t.nodes, t.updates, t.count, t.maxl = 0, 0, 0, 0
	clear(t.profile)
	if !path {
		return
	}
	for l := t.up.from; l < t.level; l++ {
		s.item[l], s.deg[l], s.ord[l] = t.item[l], t.deg[l], t.ord[l]
		s.opt[l] = s.small.opts[t.opt[l]] // t's option po is s's opts[po]
	}
	s.level = t.level
}
