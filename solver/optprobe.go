package solver

import "math/rand/v2"

// A prober is a search that makes Knuth's random probes with its own
// steps (balancer.probeOnce): one place a level, as a node of the search
// costs, where a probe through children would place every child of every
// node on its way.
type prober interface {
	probe(prefix []int32, rng *rand.Rand) (float64, bool)
}

// probe is one of Knuth's random probes of the subtree below prefix: the
// nodes it stands for (the sum over the nodes met of the product of the
// degrees above them), and false when the prefix leads to a leaf or a dead
// end, as children says. The state is left for the next replay.
func (s *optSearch[O]) probe(prefix []int32, rng *rand.Rand) (float64, bool) {
	s.replay(prefix)
	l := len(prefix)
	est, w := 0.0, 1.0
	for {
		v, n := s.choose(l)
		if v < 0 || n == 0 {
			if l == len(prefix) {
				return 1, false
			}
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
