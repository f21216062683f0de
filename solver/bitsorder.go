package solver

import (
	"math"
	"slices"
)

// The order of the branch items. The search always branches on the first
// uncovered branch item in a fixed order, with the options whose first
// branch item it is as candidates; at that point every earlier item is
// covered. So a good order makes the candidate lists short. It is built
// greedily: first the item with the fewest options (the X pentomino, with
// its 32 placements in a 6x10 box: as DLX1 would), then at each step the
// item with the smallest share of its options that touch no item already
// in the order (ties: the first in the file). That stays next to what is
// already ordered and, in a box, goes across its short dimension (6x10: ten
// columns of six). An item all of whose options touch earlier items (share
// zero) goes at once: reached uncovered, it is a dead end.

// bitsOrder returns the branch items (primary items to be covered exactly
// once) of p in search order.
//
// The order by distance from a far corner (slices across the long
// dimension) wins on pentacube 2x3x10 but loses on Soma, pentomino 6x10 and
// pentacube 2x5x6 (7x the nodes), and no static score tells them apart, so
// the search uses the order by counts.
func bitsOrder(p *Problem) []int32 {
	order, _ := greedyOrder(p, false)
	return order
}

// greedyOrder builds an order, by distance from a far corner first if
// byDist, and returns it with its score: the sum of the logarithms of the
// number of candidates of each item, a static estimate of the tree's size.
func greedyOrder(p *Problem, byDist bool) ([]int32, float64) {
	return orderItems(p, byDist, newItemOptions(p))
}

// orderItems is greedyOrder on the options of p's items, cols.
func orderItems(p *Problem, byDist bool, cols itemOptions) ([]int32, float64) {
	np := p.nPrimary
	isBranch := make([]bool, np)
	for i, it := range p.items[:np] {
		isBranch[i] = it.min == 1 && it.max == 1
	}
	// count[i]: options of item i that touch no ordered item yet
	count := make([]int, np)
	for i := range np {
		if isBranch[i] {
			count[i] = len(cols.of(int32(i)))
		}
	}
	// the distance of each item from a far corner, through the cells
	// side by side (items in each other's H, bitsHitting): ordering by it
	// first fills the box in slices across its long dimension
	dist := make([]int, np)
	if byDist {
		dist = cellDistances(p, isBranch, count)
	}
	score := 0.0
	total := slices.Clone(count)
	touched := make([]bool, p.NumOptions())
	ordered := make([]bool, np)
	var order []int32
	// the most constrained item first (ties: the first in the file)
	first := -1
	for i := range np {
		if isBranch[i] && (first < 0 || count[i] < count[first]) {
			first = i
		}
	}
	if first < 0 {
		return order, score
	}
	// then the least of the others by orderKey, from a heap (orderQueue):
	// a scan of every item at every step was quadratic in the items,
	// minutes for a hundred thousand pieces
	q := &orderQueue{count: count, total: total, dist: dist}
	for i := range np {
		if isBranch[i] && i != first {
			q.push(i)
		}
	}
	// an item whose count falls is pushed once a step, with its count at
	// the step's end (pushing at each fall was most of the order's time)
	fell := make([]int32, np) // fell[i] == step+1: i's count fell this step
	var fallen []int
	for best, step := first, int32(1); best >= 0; best, step = q.pop(), step+1 {
		score += math.Log(float64(max(count[best], 1)))
		ordered[best] = true
		order = append(order, int32(best))
		fallen = fallen[:0]
		for _, o := range cols.of(int32(best)) {
			if touched[o] {
				continue
			}
			touched[o] = true
			for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
				if int(e.item) < np && isBranch[e.item] {
					count[e.item]--
					if fell[e.item] != step {
						fell[e.item] = step
						fallen = append(fallen, int(e.item))
					}
				}
			}
		}
		for _, i := range fallen {
			if !ordered[i] {
				q.push(i)
			}
		}
	}
	return order, score
}

// itemOptions are the options of each item of a problem, in increasing
// order: opts[at[i]:at[i+1]]. The first-empty engine's setup makes them
// once for its order and its dead-end test (hittingSets), which both read
// them (making them was a fifth of the order's time).
type itemOptions struct{ at, opts []int32 }

func newItemOptions(p *Problem) itemOptions {
	n := len(p.items)
	at := make([]int32, n+1)
	for _, e := range p.entries {
		at[e.item+1]++
	}
	for i := range n {
		at[i+1] += at[i]
	}
	opts := make([]int32, at[n])
	next := slices.Clone(at[:n])
	for o := range p.NumOptions() {
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			opts[next[e.item]] = int32(o)
			next[e.item]++
		}
	}
	return itemOptions{at, opts}
}

// of returns the options of item i.
func (c itemOptions) of(i int32) []int32 { return c.opts[c.at[i]:c.at[i+1]] }

// orderQueue is greedyOrder's heap of items, least orderKey first, each
// item in it once (pos: its place, -1 when out). An entry keeps the count
// its item had when last pushed; greedyOrder pushes every item whose count
// fell at the end of each step, so at a pop the entries are current, and
// a count only falls, which only moves an item up. One entry an item, not
// one a fall: the heap of stale entries was most of the order's time on
// BurrTools' rhombic grid.
type orderQueue struct {
	count, total, dist []int
	heap               []orderEntry
	pos                []int32
}

type orderEntry struct{ item, count int }

// less is the order greedyOrder takes the items in: an item with no
// option left untouched (a test: it goes at once), then the nearer to the
// far corner, then the smaller share of its options untouched, then the
// first in the file. It is the choice a scan of the items in file order
// makes, keeping the first of equals.
func (q *orderQueue) less(a, b orderEntry) bool {
	if (a.count == 0) != (b.count == 0) {
		return a.count == 0
	}
	if a.count != 0 {
		if da, db := q.dist[a.item], q.dist[b.item]; da != db {
			return da < db
		}
		if l, r := a.count*q.total[b.item], b.count*q.total[a.item]; l != r {
			return l < r
		}
	}
	return a.item < b.item
}

// push puts item i in the heap with its count, or gives its entry its
// count now (lower than before) and moves it up.
func (q *orderQueue) push(i int) {
	if q.pos == nil {
		q.pos = make([]int32, len(q.count))
		for k := range q.pos {
			q.pos[k] = -1
		}
		// an item is in the heap once at most: its room at once, not
		// grown through arrays of a dozen sizes
		q.heap = make([]orderEntry, 0, len(q.count))
	}
	j := int(q.pos[i])
	if j < 0 {
		j = len(q.heap)
		q.heap = append(q.heap, orderEntry{i, q.count[i]})
	} else {
		q.heap[j].count = q.count[i]
	}
	for j > 0 {
		parent := (j - 1) / 2
		if !q.less(q.heap[j], q.heap[parent]) {
			break
		}
		q.swap(j, parent)
		j = parent
	}
	q.pos[q.heap[j].item] = int32(j)
}

func (q *orderQueue) swap(a, b int) {
	q.heap[a], q.heap[b] = q.heap[b], q.heap[a]
	q.pos[q.heap[a].item], q.pos[q.heap[b].item] = int32(a), int32(b)
}

// pop returns the least item in the heap, or -1.
func (q *orderQueue) pop() int {
	if len(q.heap) == 0 {
		return -1
	}
	top := q.heap[0]
	last := len(q.heap) - 1
	q.swap(0, last)
	q.heap = q.heap[:last]
	q.pos[top.item] = -1
	for j := 0; ; {
		c := 2*j + 1
		if c >= last {
			break
		}
		if c+1 < last && q.less(q.heap[c+1], q.heap[c]) {
			c++
		}
		if !q.less(q.heap[c], q.heap[j]) {
			break
		}
		q.swap(j, c)
		j = c
	}
	return top.item
}

// fileOrder returns the branch items of p in the order of the file (for
// measuring the greedy order against it).
func fileOrder(p *Problem) []int32 {
	var order []int32
	for i, it := range p.items[:p.nPrimary] {
		if it.min == 1 && it.max == 1 {
			order = append(order, int32(i))
		}
	}
	return order
}

// cellDistances returns each primary item's distance, through the links of
// bitsHitting (cells side by side), from a far corner: the cell farthest
// from the cell with the fewest options. Items that are not cells (pieces)
// get a distance past every cell.
func cellDistances(p *Problem, isBranch []bool, count []int) []int {
	np := len(isBranch)
	ident := make([]int32, len(p.items))
	for i := range ident {
		ident[i] = int32(i)
	}
	h := bitsHitting(p, ident, np)
	adj := make([][]int, np)
	for v, hv := range h {
		for _, u := range hv {
			if int(u) < np && slices.Contains(h[u], int32(v)) {
				adj[v] = append(adj[v], int(u))
			}
		}
	}
	bfs := func(from int) []int {
		d := make([]int, np)
		for i := range d {
			d[i] = -1
		}
		d[from] = 0
		queue := []int{from}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			for _, u := range adj[v] {
				if d[u] < 0 {
					d[u] = d[v] + 1
					queue = append(queue, u)
				}
			}
		}
		return d
	}
	far := func(d []int) int {
		best := -1
		for i := range d {
			if d[i] >= 0 && isBranch[i] && (best < 0 || d[i] > d[best] || (d[i] == d[best] && count[i] < count[best])) {
				best = i
			}
		}
		return best
	}
	start := -1
	for i := range np {
		if isBranch[i] && len(adj[i]) > 0 && (start < 0 || count[i] < count[start]) {
			start = i
		}
	}
	if start < 0 {
		return make([]int, np) // no cells: the counts decide
	}
	d := bfs(far(bfs(start)))
	for i := range d {
		if d[i] < 0 || len(adj[i]) == 0 {
			d[i] = np // not a cell, or cut off from the far corner
		}
	}
	return d
}
