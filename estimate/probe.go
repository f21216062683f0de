package estimate

import "math/rand/v2"

// A sample is what one probe says of the whole tree.
type sample struct {
	nodes, updates, solutions float64
	depth                     int
	weight                    float64 // the product of the degrees at the probe's end
}

// probe walks one random path from the root to a leaf and returns its
// estimates (Knuth 1975): the node at depth l counts for the product of
// the degrees above it. weigh, if not nil, gives the weight of a solution
// (its options, root first): 1 counts solutions, 1/|class| distinct ones.
func (w *walker) probe(rng *rand.Rand, weigh func([]int32) float64, buf []int32) (sample, []int32) {
	var s sample
	prod := 1.0
	for {
		s.nodes += prod
		i := w.choose()
		if i < 0 {
			if w.solved() {
				wt := 1.0
				if weigh != nil {
					wt = weigh(w.chosen)
				}
				s.solutions = prod * wt
			}
			break
		}
		if w.count[i] == 0 {
			s.updates += prod
			break
		}
		s.updates += prod * float64(w.coverCost(i))
		buf = w.options(i, buf[:0])
		d := len(buf)
		x := buf[rng.IntN(d)]
		prod *= float64(d)
		s.updates += prod * float64(w.commit(i, x))
		s.depth++
	}
	s.weight = prod
	w.reset()
	return s, buf
}
