package estimate

import (
	"math"
	"math/rand/v2"
)

// A sample is what one probe says of the whole tree.
type sample struct {
	nodes, updates, solutions float64
	depth                     int
	weight                    float64 // the most nodes one node kept stood for
	hit                       bool    // the probe met a solution
}

// A rep is a node kept for the next level: it stands for the nodes of its
// stratum met so far (their number is weight), and it is one of them,
// chosen with probability proportional to the weight each brought.
type rep struct {
	parent int32   // index of the parent in the previous level
	item   int32   // the item the parent branched on
	option int32   // the option that leads here
	cost   int64   // DLX1's updates for that commit
	weight float64 // the nodes it stands for
}

// A sampler holds the buffers of stratified probes, reused from one
// probe to the next.
type sampler struct {
	res    float64 // strata per halving of the options left
	key    func(node) float64
	stop   func() bool // asked every few dozen nodes: true ends the probe
	noCost bool        // count no updates (sample.updates is 0)
	steps  int
	levels [][]rep
	index  map[int64]int32 // stratum of the next level -> its rep
	cur    []rep           // the path the node is at, root first
	path   []rep
	buf    []int32
}

// newSampler returns a sampler whose strata split the nodes of a level by
// the number of options left, res strata for each factor of two; res 0
// makes one stratum a level, which is Knuth's probe.
func newSampler(res float64) *sampler {
	return &sampler{res: res, index: map[int64]int32{}}
}

// stratum returns the stratum of the node w is at, within its level.
func (sp *sampler) stratum(w node) int64 {
	if sp.res <= 0 {
		return 0
	}
	if sp.key != nil {
		return int64(math.Floor(sp.res * sp.key(w)))
	}
	return int64(math.Floor(sp.res * math.Log2(float64(w.size()+1))))
}

// goTo moves w from the node it is at to r of level d (whose ancestors are
// in sp.levels), undoing down to the common part of the two paths.
func (sp *sampler) goTo(w node, d int, r rep) {
	sp.path = sp.path[:0]
	for l := d; l > 0; l-- {
		sp.path = append(sp.path, r)
		r = sp.levels[l-1][r.parent]
	}
	// sp.path is leaf first; reverse it
	for i, j := 0, len(sp.path)-1; i < j; i, j = i+1, j-1 {
		sp.path[i], sp.path[j] = sp.path[j], sp.path[i]
	}
	k := 0
	for k < len(sp.cur) && k < len(sp.path) && sp.cur[k].item == sp.path[k].item && sp.cur[k].option == sp.path[k].option {
		k++
	}
	for len(sp.cur) > k {
		w.undo()
		sp.cur = sp.cur[:len(sp.cur)-1]
	}
	for _, p := range sp.path[k:] {
		w.commit(int(p.item), p.option)
		sp.cur = append(sp.cur, p)
	}
}

// sample makes one stratified probe of the tree (Chen, "Heuristic
// sampling", SIAM J. Comput. 21 (1992)): level by level, every node kept
// is expanded; its leaves and dead ends are counted exactly, and its other
// children go into strata, where each stratum keeps one child chosen at
// random with probability proportional to the weight it brings, and the
// sum of those weights. The sums estimate the tree without bias, as
// Knuth's probe does (the special case of one stratum a level), with far
// less spread when the strata part nodes whose subtrees differ in size.
// exact is true when no stratum ever held two nodes: the figures are then
// the tree's own.
func (sp *sampler) sample(w node, rng *rand.Rand, weigh func([]int32) float64) (s sample, exact bool) {
	weight := func() float64 {
		if weigh == nil {
			return 1
		}
		return weigh(w.path())
	}
	exact = true
	s.nodes = 1
	s.weight = 1
	i := w.choose()
	if i < 0 { // the root is a leaf
		if w.solved() {
			s.solutions, s.hit = weight(), true
		}
		return s, true
	}
	if w.empty(i) {
		s.updates = 1
		return s, true
	}
	sp.levels = sp.levels[:0]
	sp.cur = sp.cur[:0]
	level := append(sp.next(0), rep{parent: -1, item: int32(i), weight: 1})
	sp.levels[0] = level
	for d := 0; len(level) > 0; d++ {
		next := sp.next(d + 1)
		clear(sp.index)
		for k, r := range level {
			if sp.steps++; sp.steps%64 == 0 && sp.stop != nil && sp.stop() {
				w.reset()
				sp.cur = sp.cur[:0]
				return s, false
			}
			if d > 0 {
				sp.goTo(w, d, r)
				s.nodes += r.weight
				s.updates += r.weight * float64(r.cost)
				s.weight = max(s.weight, r.weight)
			}
			i := w.choose()
			if !sp.noCost {
				s.updates += r.weight * float64(w.coverCost(i))
			}
			sp.buf = w.options(i, sp.buf[:0])
			for _, x := range sp.buf {
				// asked here too: on a large board a node's options
				// alone can take seconds
				if sp.steps++; sp.steps%64 == 0 && sp.stop != nil && sp.stop() {
					w.reset()
					sp.cur = sp.cur[:0]
					return s, false
				}
				u := w.commit(i, x)
				switch j := w.dead(); {
				case j < 0: // a leaf: a solution if the bounds hold
					s.nodes += r.weight
					s.updates += r.weight * float64(u)
					if w.solved() {
						s.solutions += r.weight * weight()
						s.hit = true
					}
				case j == 0: // a dead end: DLX1 covers an empty item
					s.nodes += r.weight
					s.updates += r.weight * float64(u+1)
				default:
					c := rep{parent: int32(k), item: int32(i), option: x, cost: u, weight: r.weight}
					key := sp.stratum(w)
					if at, ok := sp.index[key]; ok {
						exact = false
						kept := &next[at]
						kept.weight += r.weight
						if rng.Float64()*kept.weight < r.weight {
							c.weight = kept.weight
							*kept = c
						}
					} else {
						sp.index[key] = int32(len(next))
						next = append(next, c)
					}
				}
				w.undo()
			}
		}
		sp.levels[d+1] = next
		level = next
		if len(next) > 0 {
			s.depth = d + 1
		}
	}
	w.reset()
	sp.cur = sp.cur[:0]
	if sp.noCost {
		s.updates = 0
	}
	return s, exact
}

// next returns the emptied buffer of level d, growing sp.levels to hold it.
func (sp *sampler) next(d int) []rep {
	for len(sp.levels) <= d {
		sp.levels = append(sp.levels, nil)
	}
	return sp.levels[d][:0]
}
