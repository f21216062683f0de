package solver

import (
	"math/rand/v2"
	"slices"
)

// A prober makes Knuth's random probes with a search's own steps
// (balancer.probeOnce): one place a level, as a node of the search costs,
// where a probe through children would place every child of every node on
// its way.
type prober interface {
	probe(prefix []int32, rng *rand.Rand) (float64, bool)
}

// proberMaker is a search that can make a prober of its own.
type proberMaker interface {
	newProber() prober
}

// newProber returns a prober on s, which from then on belongs to it: the
// prober keeps s at the last prefix it probed between probes.
func (s *optSearch[O]) newProber() prober {
	return &optProber[O]{s: s}
}

// optProber probes an optSearch. Split probes a piece several times in a
// row, so it replays a prefix once and, after each probe, takes back the
// probe's own placements (unplace, from the deepest up) instead of
// replaying the prefix again. That leaves the search as the replay left
// it: every other state of a level (its options alive, their summary,
// its list) is written only by the levels above it and rewritten by
// choose and start before it is read, so the probe that follows walks
// exactly as after a replay (TestProberReplaysOnce holds it to that).
//
// The prefix's own level is chosen and listed once too (its item and
// options, in s.opts from s.base[len(prefix)], which the levels below
// list after): near the root, where most options are alive, choosing is
// most of a probe's cost.
type optProber[O optSet] struct {
	s    *optSearch[O]
	last []int32 // the prefix the search is at (valid when ok)
	ok   bool
	end  int // the levels placed below it by the last probe end here
	n0   int // the prefix level's options (-1: a dead end or a leaf)
}

// probe is one of Knuth's random probes of the subtree below prefix: the
// nodes it stands for (the sum over the nodes met of the product of the
// degrees above them), and false when the prefix leads to a leaf or a dead
// end.
func (p *optProber[O]) probe(prefix []int32, rng *rand.Rand) (float64, bool) {
	s := p.s
	l := len(prefix)
	if p.ok && slices.Equal(p.last, prefix) {
		for k := p.end - 1; k >= l; k-- {
			s.unplace(s.opt[k])
		}
	} else {
		s.replay(prefix)
		p.last = append(p.last[:0], prefix...)
		p.ok = true
		v, n := s.choose(l)
		if v < 0 || n == 0 {
			n = -1
		} else {
			s.start(l, v, n)
		}
		p.n0 = n
	}
	if p.n0 < 0 {
		p.end = l
		return 1, false
	}
	// the prefix's level, as chosen and listed above
	est, w := 1.0, float64(p.n0)
	o := s.opts[int(s.base[l])+rng.IntN(p.n0)]
	s.opt[l] = o
	s.place(l, o)
	l++
	for {
		v, n := s.choose(l)
		if v < 0 || n == 0 {
			p.end = l
			return est + w, true
		}
		est += w
		w *= float64(n)
		s.start(l, v, n)
		o := s.opts[int(s.base[l])+rng.IntN(n)]
		s.opt[l] = o
		s.place(l, o)
		l++
	}
}
