package disassembly

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"

	"polyviz/geometry"
)

// inf is the distance a piece can slide when nothing is in its way.
const inf = math.MaxInt32

// world holds the pieces, the directions of the moves, the box's walls and
// the work buffers of one Disassemble call.
type world struct {
	pieces    []geometry.Shape
	dirs      []geometry.Cell
	walls     []geometry.Cell
	box       geometry.Shape
	maxStates int
	states    int

	grid []uint8 // occupancy of the state being analysed: 0 empty, i+1 piece i, 255 wall
	dist []int32 // [dir][i][j] how far local piece i slides in dir before meeting j (j = m: walls)
}

const wallID = 255

// newWorld checks the pieces and builds the walls of the box.
func newWorld(pieces []geometry.Shape, opt Options) (*world, error) {
	w := &world{pieces: pieces, maxStates: opt.MaxStates, box: opt.Box}
	// the directions, +z first so that a piece that can lift out does
	w.dirs = []geometry.Cell{{Z: 1}, {X: 1}, {Y: 1}, {X: -1}, {Y: -1}, {Z: -1}}
	if opt.Planar {
		w.dirs = []geometry.Cell{{X: 1}, {Y: 1}, {X: -1}, {Y: -1}}
		if len(opt.Box) > 0 && opt.Open.X == 0 && opt.Open.Y == 0 {
			w.dirs = append(w.dirs, geometry.Cell{Z: 1}, geometry.Cell{Z: -1})
		}
	}
	seen := map[geometry.Cell]int{}
	var all []geometry.Cell
	for i, p := range pieces {
		if len(p) == 0 {
			return nil, fmt.Errorf("%w: piece %d", ErrEmptyPiece, i)
		}
		all = append(all, p...)
		for _, c := range p {
			if j, ok := seen[c]; ok {
				return nil, fmt.Errorf("%w: pieces %d and %d both hold cell %v", ErrOverlap, j, i, c)
			}
			seen[c] = i
		}
	}
	all = append(all, opt.Box...)
	if lo, hi := geometry.NewShape(all...).Bounds(); max(hi.X-lo.X, hi.Y-lo.Y, hi.Z-lo.Z) >= MaxExtent {
		return nil, fmt.Errorf("%w: %v to %v (at most %d cells across)", ErrTooLarge, lo, hi, MaxExtent)
	}
	if len(opt.Box) == 0 {
		return w, nil
	}
	if abs(opt.Open.X)+abs(opt.Open.Y)+abs(opt.Open.Z) != 1 {
		return nil, fmt.Errorf("%w: %v", ErrBadOpenSide, opt.Open)
	}
	w.walls = wallsOf(opt.Box, opt.Open)
	for _, c := range w.walls {
		if i, ok := seen[c]; ok {
			return nil, fmt.Errorf("%w: piece %d holds cell %v outside the box", ErrOverlap, i, c)
		}
	}
	return w, nil
}

// wallsOf returns the cells next to the box (across a face, an edge or a
// corner) that are not in it and not beyond its open side: the projection
// on the open direction of a wall cell is at most the box's greatest.
func wallsOf(box geometry.Shape, open geometry.Cell) []geometry.Cell {
	top := math.MinInt
	for _, c := range box {
		top = max(top, dot(c, open))
	}
	var walls []geometry.Cell
	seen := map[geometry.Cell]bool{}
	for _, c := range box {
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				for dz := -1; dz <= 1; dz++ {
					n := c.Add(geometry.Cell{X: dx, Y: dy, Z: dz})
					if seen[n] || box.Contains(n) || dot(n, open) > top {
						continue
					}
					seen[n] = true
					walls = append(walls, n)
				}
			}
		}
	}
	return geometry.NewShape(walls...)
}

func dot(a, b geometry.Cell) int { return a.X*b.X + a.Y*b.Y + a.Z*b.Z }

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// node is one state of a search: the offsets of the part's pieces, the
// state it was reached from and the move that reached it.
type node struct {
	off    []geometry.Cell
	parent int
	group  uint64 // local bits of the pieces moved
	dir    int
	dist   int
}

// found is the outcome of one search: the moves up to and including the
// removal, the group removed (local bits) and the offsets before it left.
type found struct {
	status Status
	moves  []Move
	group  uint64
	end    []geometry.Cell
}

// search finds, breadth first, the fewest moves after which a group of the
// part's pieces can slide away to infinity.
func (w *world) search(ctx context.Context, idx []int, off []geometry.Cell, boxed bool) (found, error) {
	m := len(idx)
	nodes := []node{{off: off, parent: -1}}
	seen := map[string]bool{w.key(off, boxed): true}
	if w.states++; w.states > w.maxStates {
		return found{status: Unknown}, nil
	}
	full := uint64(1)<<m - 1
	if m == 64 {
		full = ^uint64(0)
	}
	for head := 0; head < len(nodes); head++ {
		if head%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return found{}, err
			}
		}
		cur := nodes[head].off
		w.analyse(idx, cur, boxed)
		if g, d, ok := w.removable(idx, full, boxed); ok {
			return w.path(idx, nodes, head, g, d), nil
		}
		// every move: for each direction and seed piece, the smallest
		// group that can slide k cells, for growing k
		type mv struct {
			g    uint64
			d, k int
		}
		tried := map[mv]bool{}
		for d := range w.dirs {
			for s := range m {
				for k := 1; ; {
					g, ok := w.closure(m, s, d, k)
					if !ok || (g == full && !boxed) {
						break
					}
					top := w.reach(m, g, d)
					if top == inf {
						break
					}
					// without a box, moving a group is moving the others the
					// other way: move the smaller side
					mg, md := g, d
					if !boxed && smaller(full^g, g) {
						mg, md = full^g, w.opposite(d)
					}
					for kk := k; kk <= top; kk++ {
						if tried[mv{mg, md, kk}] {
							continue
						}
						tried[mv{mg, md, kk}] = true
						next := moved(cur, mg, w.dirs[md], kk)
						key := w.key(next, boxed)
						if seen[key] {
							continue
						}
						if w.states++; w.states > w.maxStates {
							return found{status: Unknown}, nil
						}
						seen[key] = true
						nodes = append(nodes, node{off: next, parent: head, group: mg, dir: md, dist: kk})
					}
					k = top + 1
				}
			}
		}
	}
	return found{status: Locked}, nil
}

// path returns the moves from the start to node n, then the removal of
// group g in direction d.
func (w *world) path(idx []int, nodes []node, n int, g uint64, d int) found {
	var moves []Move
	for k := n; nodes[k].parent >= 0; k = nodes[k].parent {
		moves = append(moves, Move{Pieces: pieceList(idx, nodes[k].group), Dir: w.dirs[nodes[k].dir], Dist: nodes[k].dist})
	}
	for i, j := 0, len(moves)-1; i < j; i, j = i+1, j-1 {
		moves[i], moves[j] = moves[j], moves[i]
	}
	moves = append(moves, Move{Pieces: pieceList(idx, g), Dir: w.dirs[d], Removal: true})
	return found{status: Apart, moves: moves, group: g, end: nodes[n].off}
}

func pieceList(idx []int, g uint64) []int {
	var out []int
	for k, i := range idx {
		if g&(1<<k) != 0 {
			out = append(out, i)
		}
	}
	return out
}

// moved returns the offsets with the pieces of g moved k steps along d.
func moved(off []geometry.Cell, g uint64, d geometry.Cell, k int) []geometry.Cell {
	next := make([]geometry.Cell, len(off))
	step := geometry.Cell{X: d.X * k, Y: d.Y * k, Z: d.Z * k}
	for i, o := range off {
		if g&(1<<i) != 0 {
			o = o.Add(step)
		}
		next[i] = o
	}
	return next
}

// key encodes a state: the offsets, relative to the first piece's when
// there is no box (only relative positions matter then).
func (w *world) key(off []geometry.Cell, boxed bool) string {
	var base geometry.Cell
	if !boxed {
		base = off[0]
	}
	b := make([]byte, 0, 6*len(off))
	for _, o := range off {
		o = o.Sub(base)
		b = binary.LittleEndian.AppendUint16(b, uint16(o.X))
		b = binary.LittleEndian.AppendUint16(b, uint16(o.Y))
		b = binary.LittleEndian.AppendUint16(b, uint16(o.Z))
	}
	return string(b)
}

// smaller reports whether group a has fewer pieces than b, or as many and
// does not hold the first piece (so that the first piece stays put).
func smaller(a, b uint64) bool {
	na, nb := bits.OnesCount64(a), bits.OnesCount64(b)
	return na < nb || (na == nb && a&1 == 0)
}

// opposite returns the index of the direction opposite to direction d.
func (w *world) opposite(d int) int {
	o := geometry.Cell{X: -w.dirs[d].X, Y: -w.dirs[d].Y, Z: -w.dirs[d].Z}
	for k, e := range w.dirs {
		if e == o {
			return k
		}
	}
	return d
}

// removable returns the smallest group that can slide away to infinity:
// fewest pieces, then the first direction (+z first: lifting out), then
// fewest cubes, then the first seed.
// Without a box, a group leaving is the others leaving the other way: the
// smaller side is the one that leaves.
func (w *world) removable(idx []int, full uint64, boxed bool) (uint64, int, bool) {
	m := len(idx)
	best, bestDir, ok := uint64(0), 0, false
	size := func(g uint64) (int, int) {
		cubes := 0
		for k, i := range idx {
			if g&(1<<k) != 0 {
				cubes += len(w.pieces[i])
			}
		}
		return bits.OnesCount64(g), cubes
	}
	better := func(g uint64, d int) bool {
		if !ok {
			return true
		}
		n, c := size(g)
		bn, bc := size(best)
		if n != bn {
			return n < bn
		}
		if d != bestDir {
			return d < bestDir
		}
		if c != bc {
			return c < bc
		}
		return g&1 == 0 && best&1 != 0
	}
	for d := range w.dirs {
		for s := range m {
			g, free := w.closure(m, s, d, inf)
			if !free || (g == full && !boxed) {
				continue
			}
			if better(g, d) {
				best, bestDir, ok = g, d, true
			}
			if o := w.opposite(d); !boxed && better(full^g, o) {
				best, bestDir = full^g, o
			}
		}
	}
	return best, bestDir, ok
}

// closure returns the smallest group holding piece s that can slide k
// cells in direction d: s and, repeatedly, every piece that a member would
// meet within k cells. ok is false when a member would meet a wall.
func (w *world) closure(m, s, d, k int) (g uint64, ok bool) {
	g = 1 << s
	stack := []int{s}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		row := w.dist[(d*m+i)*(m+1):][:m+1]
		if int(row[m]) < k {
			return 0, false
		}
		for j := range m {
			if g&(1<<j) == 0 && int(row[j]) < k {
				g |= 1 << j
				stack = append(stack, j)
			}
		}
	}
	return g, true
}

// reach returns how far group g can slide in direction d: the least
// distance from a member to a piece outside it or a wall.
func (w *world) reach(m int, g uint64, d int) int {
	top := inf
	for i := range m {
		if g&(1<<i) == 0 {
			continue
		}
		row := w.dist[(d*m+i)*(m+1):][:m+1]
		for j := range m + 1 {
			if (j == m || g&(1<<j) == 0) && int(row[j]) < top {
				top = int(row[j])
			}
		}
	}
	return top
}

// analyse fills w.dist for the part's pieces at offsets off: for every
// direction, piece i and piece j (or the walls), how many cells i can slide
// before one of its cubes meets one of j's. Each cube looks along the
// direction through an occupancy grid of the state.
func (w *world) analyse(idx []int, off []geometry.Cell, boxed bool) {
	m := len(idx)
	// the grid's bounds
	lo := geometry.Cell{X: math.MaxInt, Y: math.MaxInt, Z: math.MaxInt}
	hi := geometry.Cell{X: math.MinInt, Y: math.MinInt, Z: math.MinInt}
	grow := func(c geometry.Cell) {
		lo = geometry.Cell{X: min(lo.X, c.X), Y: min(lo.Y, c.Y), Z: min(lo.Z, c.Z)}
		hi = geometry.Cell{X: max(hi.X, c.X), Y: max(hi.Y, c.Y), Z: max(hi.Z, c.Z)}
	}
	for k, i := range idx {
		for _, c := range w.pieces[i] {
			grow(c.Add(off[k]))
		}
	}
	if boxed {
		for _, c := range w.walls {
			grow(c)
		}
	}
	nx, ny, nz := hi.X-lo.X+1, hi.Y-lo.Y+1, hi.Z-lo.Z+1
	size := nx * ny * nz
	if cap(w.grid) < size {
		w.grid = make([]uint8, size)
	}
	grid := w.grid[:size]
	clear(grid)
	at := func(c geometry.Cell) int { return ((c.Z-lo.Z)*ny+(c.Y-lo.Y))*nx + (c.X - lo.X) }
	for k, i := range idx {
		for _, c := range w.pieces[i] {
			grid[at(c.Add(off[k]))] = uint8(k + 1)
		}
	}
	if boxed {
		for _, c := range w.walls {
			grid[at(c)] = wallID
		}
	}
	n := len(w.dirs) * m * (m + 1)
	if cap(w.dist) < n {
		w.dist = make([]int32, n)
	}
	w.dist = w.dist[:n]
	for i := range w.dist {
		w.dist[i] = inf
	}
	// look along each direction from every cube
	for d, dir := range w.dirs {
		stride := dir.X + dir.Y*nx + dir.Z*nx*ny
		for k, i := range idx {
			row := w.dist[(d*m+k)*(m+1):][:m+1]
			for _, c := range w.pieces[i] {
				c = c.Add(off[k])
				p := at(c)
				// steps left before leaving the grid
				left := 0
				switch {
				case dir.X > 0:
					left = hi.X - c.X
				case dir.X < 0:
					left = c.X - lo.X
				case dir.Y > 0:
					left = hi.Y - c.Y
				case dir.Y < 0:
					left = c.Y - lo.Y
				case dir.Z > 0:
					left = hi.Z - c.Z
				case dir.Z < 0:
					left = c.Z - lo.Z
				}
				for t := range left {
					p += stride
					v := grid[p]
					if v == 0 || int(v) == k+1 {
						continue
					}
					j := m
					if v != wallID {
						j = int(v) - 1
					}
					if int32(t) < row[j] {
						row[j] = int32(t)
					}
				}
			}
		}
	}
}
