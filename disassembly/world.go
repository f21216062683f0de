package disassembly

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"polyviz/geometry"
)

// free is the gap between two pieces that never meet along an axis.
const free = math.MaxInt32

// removeAmount is the distance a removal asks for: more than any gap
// between pieces that meet (the packing is at most MaxExtent across).
const removeAmount = 1 << 24

// boxWeight is the weight of the box's walls: heavier than any piece, so
// that the walls never move (a move of a group with the walls in it is
// the move of the others the other way).
const boxWeight = 1 << 20

// world holds the pieces (with the box's walls as one more piece, the
// last, when there is a box), their weights and groups, the axes of the
// moves and the movement cache of one Disassemble call.
type world struct {
	pieces []geometry.Shape
	real   int   // the pieces given to Disassemble (without the walls)
	weight []int // a group moves only when it is not heavier than the rest
	group  []int // 0: must come apart; the same g > 0: may stay together
	axes   []int // 0 x, 1 y, 2 z: the moves are ±axis
	walls  []geometry.Cell
	box    geometry.Shape

	lines [][3]map[[2]int32][]int32 // per piece and axis: cells on each line along the axis
	cache map[pairKey][3]int32      // gaps between two pieces at an offset

	maxStates, states int
	unknown           bool // a search reached the bound
}

// pairKey names the relative placement of two pieces: j is at offset d
// from i.
type pairKey struct {
	i, j int32
	d    [3]int32
}

// newWorld checks the pieces, builds the box's walls and the pieces'
// lines along each axis.
func newWorld(pieces []geometry.Shape, opt Options) (*world, error) {
	w := &world{real: len(pieces), maxStates: opt.MaxStates, box: opt.Box, cache: map[pairKey][3]int32{}}
	w.axes = []int{0, 1, 2}
	if opt.Planar {
		w.axes = []int{0, 1}
		if len(opt.Box) > 0 && opt.Open.X == 0 && opt.Open.Y == 0 {
			w.axes = []int{0, 1, 2}
		}
	}
	if opt.Groups != nil && len(opt.Groups) != len(pieces) {
		return nil, fmt.Errorf("%w: %d groups for %d pieces", ErrBadGroups, len(opt.Groups), len(pieces))
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
		g := 0
		if opt.Groups != nil {
			g = opt.Groups[i]
			if g < 0 {
				return nil, fmt.Errorf("%w: piece %d in group %d", ErrBadGroups, i, g)
			}
		}
		w.group = append(w.group, g)
		w.weight = append(w.weight, 1)
	}
	all = append(all, opt.Box...)
	if lo, hi := geometry.NewShape(all...).Bounds(); max(hi.X-lo.X, hi.Y-lo.Y, hi.Z-lo.Z) >= MaxExtent {
		return nil, fmt.Errorf("%w: %v to %v (at most %d cells across)", ErrTooLarge, lo, hi, MaxExtent)
	}
	w.pieces = slices.Clone(pieces)
	if len(opt.Box) > 0 {
		if abs(opt.Open.X)+abs(opt.Open.Y)+abs(opt.Open.Z) != 1 {
			return nil, fmt.Errorf("%w: %v", ErrBadOpenSide, opt.Open)
		}
		w.walls = wallsOf(opt.Box, opt.Open)
		for _, c := range w.walls {
			if i, ok := seen[c]; ok {
				return nil, fmt.Errorf("%w: piece %d holds cell %v outside the box", ErrOverlap, i, c)
			}
		}
		w.pieces = append(w.pieces, w.walls)
		w.group = append(w.group, 0)
		w.weight = append(w.weight, boxWeight)
	}
	if len(w.pieces) > MaxPieces {
		return nil, fmt.Errorf("%w: %d with the box (at most %d)", ErrTooManyPieces, len(w.pieces), MaxPieces)
	}
	w.lines = make([][3]map[[2]int32][]int32, len(w.pieces))
	for i, p := range w.pieces {
		for a := range 3 {
			m := map[[2]int32][]int32{}
			for _, c := range p {
				v := [3]int32{int32(c.X), int32(c.Y), int32(c.Z)}
				k := perp(v, a)
				m[k] = append(m[k], v[a])
			}
			for _, l := range m {
				slices.Sort(l)
			}
			w.lines[i][a] = m
		}
	}
	return w, nil
}

// perp returns the two coordinates of v across axis a.
func perp(v [3]int32, a int) [2]int32 {
	switch a {
	case 0:
		return [2]int32{v[1], v[2]}
	case 1:
		return [2]int32{v[0], v[2]}
	}
	return [2]int32{v[0], v[1]}
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

// gaps returns, for each axis, how many cells piece i can slide in the
// positive direction before it meets piece j, when j is at offset d from
// i (free when they never meet). It is BurrTools' movement cache: the
// value depends only on the two pieces and their relative placement.
func (w *world) gaps(i, j int, d [3]int32) [3]int32 {
	k := pairKey{int32(i), int32(j), d}
	if g, ok := w.cache[k]; ok {
		return g
	}
	var g [3]int32
	for a := range 3 {
		best := int32(free)
		for pk, li := range w.lines[i][a] {
			var q [3]int32
			q[a] = 0
			switch a {
			case 0:
				q[1], q[2] = pk[0]-d[1], pk[1]-d[2]
			case 1:
				q[0], q[2] = pk[0]-d[0], pk[1]-d[2]
			default:
				q[0], q[1] = pk[0]-d[0], pk[1]-d[1]
			}
			lj, ok := w.lines[j][a][perp(q, a)]
			if !ok {
				continue
			}
			// the least gap from a cell of i to a cell of j ahead of it
			t := 0
			for _, x := range li {
				for t < len(lj) && lj[t]+d[a] <= x {
					t++
				}
				if t == len(lj) {
					break
				}
				if gp := lj[t] + d[a] - x - 1; gp < best {
					best = gp
				}
			}
		}
		g[a] = best
	}
	w.cache[k] = g
	return g
}

// A signed direction sd is 2*axis for +axis and 2*axis+1 for -axis, as
// BurrTools numbers them: +x -x +y -y +z -z.
func dirCell(sd int) geometry.Cell {
	s := 1 - 2*(sd&1)
	switch sd >> 1 {
	case 0:
		return geometry.Cell{X: s}
	case 1:
		return geometry.Cell{Y: s}
	}
	return geometry.Cell{Z: s}
}

// node is one state of a search: the positions (offsets from the packing)
// of the part's pieces, the state it was reached from and the move that
// reached it: the pieces moved (local bits), the direction and distance.
type node struct {
	pos    []geometry.Cell
	parent int32
	moved  uint64
	sd     int8
	amount int32
}

// part is the search of one separation: the part's pieces (indices into
// w.pieces) and the gap matrix of the state being expanded.
type part struct {
	w     *world
	idx   []int
	m     int
	full  uint64
	gap   []int32 // [axis][i][j]: how far i slides +axis before meeting j
	nodes []node
	seen  map[string]struct{}
	key   []byte
}

// found is the outcome of one search: the node before the separation,
// the pieces removed (local bits) and their direction.
type found struct {
	status  Status
	at      int
	removed uint64
	sd      int
}

func newPart(w *world, idx []int, pos []geometry.Cell) *part {
	m := len(idx)
	p := &part{w: w, idx: idx, m: m, full: uint64(1)<<m - 1, gap: make([]int32, 3*m*m), seen: map[string]struct{}{}}
	if m == 64 {
		p.full = ^uint64(0)
	}
	p.nodes = []node{{pos: pos, parent: -1}}
	p.seen[p.keyOf(pos)] = struct{}{}
	return p
}

// keyOf encodes a state as BurrTools compares them: the positions
// relative to the first piece's.
func (p *part) keyOf(pos []geometry.Cell) string {
	b := p.key[:0]
	base := pos[0]
	for _, o := range pos[1:] {
		o = o.Sub(base)
		b = binary.AppendVarint(b, int64(o.X))
		b = binary.AppendVarint(b, int64(o.Y))
		b = binary.AppendVarint(b, int64(o.Z))
	}
	p.key = b
	return string(b)
}

// analyse fills the gap matrix for the state pos.
func (p *part) analyse(pos []geometry.Cell) {
	m := p.m
	for i := range m {
		for j := range m {
			if i == j {
				continue
			}
			d := pos[j].Sub(pos[i])
			g := p.w.gaps(p.idx[i], p.idx[j], [3]int32{int32(d.X), int32(d.Y), int32(d.Z)})
			for a := range 3 {
				p.gap[(a*m+i)*m+j] = g[a]
			}
		}
	}
}

// gapDir is how far local piece i slides in direction sd before it meets
// local piece j.
func (p *part) gapDir(sd, i, j int) int32 {
	a := sd >> 1
	if sd&1 == 0 {
		return p.gap[(a*p.m+i)*p.m+j]
	}
	return p.gap[(a*p.m+j)*p.m+i]
}

// closure returns the pieces that move when piece s moves k cells in
// direction sd: s and every piece a moving piece would meet within k
// cells, and so on; ok is false when more than most pieces would move.
func (p *part) closure(s, sd int, k int32, most int) (g uint64, ok bool) {
	g = 1 << s
	n := 1
	var stack [64]int
	stack[0] = s
	top := 1
	for top > 0 {
		top--
		i := stack[top]
		for j := range p.m {
			if g&(1<<j) == 0 && k > p.gapDir(sd, i, j) {
				if n++; n > most {
					return 0, false
				}
				g |= 1 << j
				stack[top] = j
				top++
			}
		}
	}
	return g, true
}

// orient returns the move of group g in direction sd as BurrTools makes
// it: when the pieces that move are heavier than those that stay, the
// others move the other way instead.
func (p *part) orient(g uint64, sd int) (uint64, int) {
	mw, sw := 0, 0
	for k, i := range p.idx {
		if g&(1<<k) != 0 {
			mw = max(mw, p.w.weight[i])
		} else {
			sw = max(sw, p.w.weight[i])
		}
	}
	if sw < mw {
		return p.full ^ g, sd ^ 1
	}
	return g, sd
}

// child returns the state reached from node n by moving group g k cells
// in direction sd.
func (p *part) child(n int, g uint64, sd int, k int32) node {
	cur := p.nodes[n].pos
	next := make([]geometry.Cell, len(cur))
	d := dirCell(sd)
	step := geometry.Cell{X: d.X * int(k), Y: d.Y * int(k), Z: d.Z * int(k)}
	for i, o := range cur {
		if g&(1<<i) != 0 {
			o = o.Add(step)
		}
		next[i] = o
	}
	return node{pos: next, parent: int32(n), moved: g, sd: int8(sd), amount: k}
}

// search is BurrTools' breadth-first search for the first separation:
// states in the order found; from each, first the single pieces that can
// leave (per direction, per piece), then the groups of at most half the
// pieces that can, then every move of a group of at most half the pieces
// by 1, 2, ... cells (per direction, per seed piece), each followed by its
// merges with the moves found before in that direction by as many cells.
func (p *part) search(ctx context.Context) (found, error) {
	w := p.w
	m := p.m
	var sds []int
	for _, a := range w.axes {
		sds = append(sds, 2*a, 2*a+1)
	}
	type local struct {
		key    string
		moved  uint64 // pieces moving in direction sd
		amount int32
	}
	var locals []local
	movedIn := func(g uint64, gsd, sd int) uint64 {
		if gsd != sd {
			return p.full ^ g
		}
		return g
	}
	for head := 0; head < len(p.nodes); head++ {
		if head%256 == 0 {
			if err := ctx.Err(); err != nil {
				return found{}, err
			}
		}
		p.analyse(p.nodes[head].pos)
		// single pieces that leave, then groups
		for _, most := range []int{1, m / 2} {
			for _, sd := range sds {
				for s := range m {
					if g, ok := p.closure(s, sd, removeAmount, most); ok {
						g, gsd := p.orient(g, sd)
						return found{status: Apart, at: head, removed: g, sd: gsd}, nil
					}
				}
			}
		}
		// moves
		emit := func(c node) bool {
			k := p.keyOf(c.pos)
			if _, ok := p.seen[k]; ok {
				return true
			}
			if w.states++; w.states > w.maxStates {
				return false
			}
			p.seen[k] = struct{}{}
			p.nodes = append(p.nodes, c)
			return true
		}
		for _, sd := range sds {
			locals = locals[:0]
			for s := range m {
				for k := int32(1); ; k++ {
					g, ok := p.closure(s, sd, k, m/2)
					if !ok {
						break
					}
					g, gsd := p.orient(g, sd)
					c := p.child(head, g, gsd, k)
					key := p.keyOf(c.pos)
					if slices.ContainsFunc(locals, func(l local) bool { return l.key == key }) {
						continue
					}
					mine := movedIn(g, gsd, sd)
					locals = append(locals, local{key, mine, k})
					if !emit(c) {
						return found{status: Unknown}, nil
					}
					// merges with the moves found before, newest first
					for o := len(locals) - 2; o >= 0; o-- {
						other := locals[o]
						if other.amount != k {
							continue
						}
						u := mine | other.moved
						if u == 0 || u == p.full || u == mine || u == other.moved {
							continue
						}
						mg, msd := p.orient(u, sd)
						mc := p.child(head, mg, msd, k)
						mkey := p.keyOf(mc.pos)
						if slices.ContainsFunc(locals, func(l local) bool { return l.key == mkey }) {
							continue
						}
						locals = append(locals, local{mkey, u, k})
						if !emit(mc) {
							return found{status: Unknown}, nil
						}
					}
				}
			}
		}
	}
	return found{status: Locked}, nil
}

// bitsCount is the number of pieces in g.
func bitsCount(g uint64) int { return bits.OnesCount64(g) }
