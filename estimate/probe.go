package estimate

import "math/rand/v2"

// A sample is what one probe says of the whole tree.
type sample struct {
	nodes, updates, solutions float64
	depth                     int
	weight                    float64 // the product of the degrees at the probe's end
	hit                       bool    // the probe met a solution
}

// probe walks one random path from the root down and returns its
// estimates (Knuth 1975): a node met at depth l counts for the product of
// the degrees above it. It looks one level ahead: at each node it tries
// every child, counts exactly those that are leaves (dead ends and
// solutions, which need no sampling), and goes on into one of the others,
// chosen uniformly, multiplying by their number. The estimates stay
// unbiased, and far fewer probes die without news. weigh, if not nil,
// gives the weight of a solution (its options, root first): 1 counts
// solutions, 1/|class| distinct ones.
func probe(w node, rng *rand.Rand, weigh func([]int32) float64, buf, inner []int32) (sample, []int32, []int32) {
	var s sample
	prod := 1.0
	weight := func() float64 {
		if weigh == nil {
			return 1
		}
		return weigh(w.path())
	}
	s.nodes = 1
	i := w.choose()
	if i < 0 { // the root is a leaf
		if w.solved() {
			s.solutions, s.hit = weight(), true
		}
		s.weight = 1
		return s, buf, inner
	}
	if w.empty(i) {
		s.updates = 1
		s.weight = 1
		return s, buf, inner
	}
	for {
		// node at depth s.depth, branching on i, which has options
		s.updates += prod * float64(w.coverCost(i))
		buf = w.options(i, buf[:0])
		inner = inner[:0]
		for _, x := range buf {
			u := w.commit(i, x)
			switch j := w.dead(); {
			case j < 0: // a leaf: a solution if the bounds hold
				s.nodes += prod
				s.updates += prod * float64(u)
				if w.solved() {
					s.solutions += prod * weight()
					s.hit = true
				}
			case j == 0: // a dead end: DLX1 covers an empty item
				s.nodes += prod
				s.updates += prod * float64(u+1)
			default:
				inner = append(inner, x)
			}
			w.undo()
		}
		if len(inner) == 0 {
			break
		}
		k := rng.IntN(len(inner))
		prod *= float64(len(inner))
		s.updates += prod * float64(w.commit(i, inner[k]))
		s.nodes += prod
		s.depth++
		i = w.choose()
	}
	s.weight = prod
	w.reset()
	return s, buf, inner
}
