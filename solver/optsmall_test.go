package solver

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestSmallPlansSameTree: handing subtrees on to smaller plans changes
// nothing a search shows. The option-bitset search runs each problem with
// hand-offs off, at the product's thresholds, and at every node where a
// narrower plan fits (three plans deep on pentomino 3x20), and every
// event must match: each solution (its options, and for each level the
// item, the option's rank and the number of options, in order), and at
// each poll the nodes, updates, solutions, level and Knuth's position;
// then the figures and the profile. Bedlam's search is stopped by its
// poll after 40 polls, as a budget or a cancelled run stops it, and the
// searches with many solutions by the solution hook, and must stop at the
// same place.
func TestSmallPlansSameTree(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine: the plain pass runs it")
	}
	saved := handMins
	defer func() { handMins = saved }()
	r := rand.New(rand.NewPCG(7, 41))
	type prob struct {
		name  string
		p     *Problem
		polls int // stop after this many polls (0: never)
	}
	probs := []prob{
		{"pentomino-3x20", loadTestdata(t, "dlx/pentomino-3x20.dlx"), 0},
		{"soma", loadTestdata(t, "dlx/soma-3x3x3.dlx"), 0},
		{"bedlam", loadTestdata(t, "dlx/bedlam-4x4x4.dlx"), 40},
	}
	if testing.Short() {
		probs[2].polls = 10
	}
	for i := range 30 {
		if p := randomPacking(r); optApplies(p) && p.NumOptions() > 0 {
			probs = append(probs, prob{fmt.Sprintf("random %d", i), p, 0})
		}
	}
	settings := []struct {
		name string
		mins [2]int32
	}{
		{"off", [2]int32{math.MaxInt32, math.MaxInt32}},
		{"product", saved},
		{"everywhere", [2]int32{1, 1}},
	}
	// the machine's kernels, and the AVX2 ones where it also has AVX-512
	// (their place and choose go over whole quads, in plans handed on too)
	kernels := []string{"default"}
	if haveAVX2 && haveAVX512 {
		kernels = append(kernels, "AVX2")
	}
	defer restoreKernels()
	handed := 0
	for _, pr := range probs {
		var want []string
		for _, kern := range kernels {
			for _, st := range settings {
				restoreKernels()
				if kern == "AVX2" {
					useAVX512, useBMI, useAVX2 = false, true, true
				}
				handMins = st.mins
				got, hands := smallPlanEvents(pr.p, pr.polls)
				handed += hands
				if st.name == "off" && kern == "default" {
					if hands != 0 {
						t.Fatalf("%s: %d hand-offs with hand-offs off", pr.name, hands)
					}
					want = got
					continue
				}
				if len(got) != len(want) {
					t.Errorf("%s, %s kernels, hand-offs %s: %d events, %d without", pr.name, kern, st.name, len(got), len(want))
					continue
				}
				for i := range got {
					if got[i] != want[i] {
						t.Errorf("%s, %s kernels, hand-offs %s: event %d is\n%s\nwithout hand-offs\n%s", pr.name, kern, st.name, i, got[i], want[i])
						break
					}
				}
			}
		}
	}
	if handed == 0 {
		t.Error("no search handed a subtree on")
	}
}

// maxEvents is where smallPlanEvents stops a search at a solution (a
// random packing may have half a million).
const maxEvents = 5000

// smallPlanEvents runs the option-bitset search on p (stopped by its poll
// after polls polls, if not 0, or at a solution after maxEvents events)
// and returns what it showed, and how many
// subtrees it handed on (at any depth).
func smallPlanEvents(p *Problem, polls int) ([]string, int) {
	var s taskSearch
	var hands func() int
	switch optWords(p.NumOptions()) {
	case 16:
		s, hands = smallPlanSearch[[16]uint64](p)
	case 32:
		s, hands = smallPlanSearch[[32]uint64](p)
	case 64:
		s, hands = smallPlanSearch[[64]uint64](p)
	default:
		s, hands = smallPlanSearch[[128]uint64](p)
	}
	f := s.figures()
	var ev []string
	f.poll = func() bool {
		ev = append(ev, fmt.Sprintf("poll: %d nodes, %d updates, %d solutions, level %d, position %v",
			f.nodes, f.updates, f.count, f.level, s.position(0)))
		return polls == 0 || len(ev) < polls
	}
	f.solution = func() bool {
		ev = append(ev, fmt.Sprintf("solution %d: %+v", f.count, s.solutionAt()))
		return len(ev) < maxEvents
	}
	s.replay(nil)
	ok := s.search(0)
	ev = append(ev, fmt.Sprintf("end %v: %d nodes, %d updates, %d solutions, deepest %d, profile %v",
		ok, f.nodes, f.updates, f.count, f.maxl, f.profile))
	return ev, hands()
}

// smallPlanSearch returns an option-bitset search of p with plans of O,
// and a count of the hand-offs it and its smaller searches made.
func smallPlanSearch[O optSet](p *Problem) (taskSearch, func() int) {
	s := newOptSearch(newOptPlan[O](p))
	return s, func() int { return countHands(s) }
}

// countHands is the number of subtrees s and the searches below it
// handed on: their plans built, each rebuilt once a hand-off.
func countHands[O optSet](s *optSearch[O]) int {
	if s.small == nil {
		return 0
	}
	return s.small.hands + countSmall(s.small.s8) + countSmall(s.small.s16) + countSmall(s.small.s32) + countSmall(s.small.s64)
}

func countSmall[O optSet](s *optSearch[O]) int {
	if s == nil {
		return 0
	}
	return countHands(s)
}
