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
	axes   []int // the axes moved along: the moves are ±axis (cubes: 0 x, 1 y, 2 z)
	sds    []int // the signed directions of the moves, in BurrTools' order
	moves  mover // the grid's directions and gaps
	walls  []geometry.Cell
	box    geometry.Shape

	cache *Cache
	shape []int32         // each piece's shape in the cache
	base  []geometry.Cell // and its offset from it

	maxStates, states int

	seen  map[string]struct{} // the states of the search under way, reused
	nodes []node              // its nodes' storage, reused
	arena []geometry.Cell     // storage for the nodes' positions
}

// newWorld checks the pieces, builds the box's walls and the pieces'
// lines along each axis.
func newWorld(pieces []geometry.Shape, opt Options) (*world, error) {
	w := &world{real: len(pieces), maxStates: opt.MaxStates, box: opt.Box, cache: opt.Cache}
	if w.cache == nil {
		w.cache = NewCache()
	}
	// the storage of the searches, reused from the cache's last call
	sc := &w.cache.scratch
	if sc.seen == nil {
		sc.seen = map[string]struct{}{}
	}
	w.seen, w.nodes, w.arena = sc.seen, sc.nodes[:0], sc.arena[:0]
	w.moves = cubeMoves{}
	if opt.Prisms {
		w.moves = prismMoves{}
	}
	w.axes = []int{0, 1, 2}
	if opt.Prisms {
		w.axes = []int{0, 1, 2, 3}
	} else if opt.Planar {
		w.axes = []int{0, 1}
		if len(opt.Box) > 0 && opt.Open.X == 0 && opt.Open.Y == 0 {
			w.axes = []int{0, 1, 2}
		}
	}
	for _, a := range w.axes {
		w.sds = append(w.sds, 2*a, 2*a+1)
	}
	w.group = make([]int, 0, len(pieces)+1)
	w.weight = make([]int, 0, len(pieces)+1)
	w.shape = make([]int32, 0, len(pieces)+1)
	w.base = make([]geometry.Cell, 0, len(pieces)+1)
	if opt.Groups != nil && len(opt.Groups) != len(pieces) {
		return nil, fmt.Errorf("%w: %d groups for %d pieces", ErrBadGroups, len(opt.Groups), len(pieces))
	}
	lo := geometry.Cell{X: math.MaxInt, Y: math.MaxInt, Z: math.MaxInt}
	hi := geometry.Cell{X: math.MinInt, Y: math.MinInt, Z: math.MinInt}
	grow := func(c geometry.Cell) {
		lo = geometry.Cell{X: min(lo.X, c.X), Y: min(lo.Y, c.Y), Z: min(lo.Z, c.Z)}
		hi = geometry.Cell{X: max(hi.X, c.X), Y: max(hi.Y, c.Y), Z: max(hi.Z, c.Z)}
	}
	for i, p := range pieces {
		if len(p) == 0 {
			return nil, fmt.Errorf("%w: piece %d", ErrEmptyPiece, i)
		}
		for _, c := range p {
			grow(c)
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
	for _, c := range opt.Box {
		grow(c)
	}
	if max(hi.X-lo.X, hi.Y-lo.Y, hi.Z-lo.Z) >= MaxExtent {
		return nil, fmt.Errorf("%w: %v to %v (at most %d cells across)", ErrTooLarge, lo, hi, MaxExtent)
	}
	// who holds each cell: an array over the bounds (one cell wider, for
	// the walls) when it is small, else a map
	lo, hi = lo.Sub(geometry.Cell{X: 1, Y: 1, Z: 1}), hi.Add(geometry.Cell{X: 1, Y: 1, Z: 1})
	nx, ny, nz := hi.X-lo.X+1, hi.Y-lo.Y+1, hi.Z-lo.Z+1
	var grid []int32
	var big map[geometry.Cell]int
	if nx*ny*nz <= 1<<22 {
		grid = reuse(sc.grid, nx*ny*nz)
		sc.grid = grid
	} else {
		big = map[geometry.Cell]int{}
	}
	owner := func(c geometry.Cell) (int, bool) {
		if grid == nil {
			i, ok := big[c]
			return i, ok
		}
		if c.X < lo.X || c.Y < lo.Y || c.Z < lo.Z || c.X > hi.X || c.Y > hi.Y || c.Z > hi.Z {
			return 0, false
		}
		v := grid[((c.Z-lo.Z)*ny+(c.Y-lo.Y))*nx+(c.X-lo.X)]
		return int(v) - 1, v != 0
	}
	for i, p := range pieces {
		for _, c := range p {
			if j, ok := owner(c); ok {
				return nil, fmt.Errorf("%w: pieces %d and %d both hold cell %v", ErrOverlap, j, i, c)
			}
			if grid == nil {
				big[c] = i
			} else {
				grid[((c.Z-lo.Z)*ny+(c.Y-lo.Y))*nx+(c.X-lo.X)] = int32(i + 1)
			}
		}
	}
	w.pieces = make([]geometry.Shape, len(pieces), len(pieces)+1)
	copy(w.pieces, pieces)
	if len(opt.Box) > 0 {
		if opt.Prisms {
			return nil, fmt.Errorf("%w: no box on the prism grid", ErrBadOpenSide)
		}
		if abs(opt.Open.X)+abs(opt.Open.Y)+abs(opt.Open.Z) != 1 {
			return nil, fmt.Errorf("%w: %v", ErrBadOpenSide, opt.Open)
		}
		w.walls = wallsOf(opt.Box, opt.Open)
		for _, c := range w.walls {
			if i, ok := owner(c); ok {
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
	for _, p := range w.pieces {
		id, base := w.cache.shape(p)
		w.shape, w.base = append(w.shape, id), append(w.base, base)
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
	nsd   int // the number of signed directions
	full  uint64
	rows  []int32     // [sd][i][j]: how far i slides in direction sd before meeting j
	blk   []uint64    // [sd][i]: the pieces i would meet sliding in direction sd
	touch []uint64    // [sd][i]: the pieces i meets at once sliding in direction sd
	pairs []*pairGaps // [i][j]: the cache of the two pieces' shapes
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
	nsd := 2 * w.moves.axes()
	sc := &w.cache.scratch
	sc.rows, sc.blk, sc.touch = reuse(sc.rows, nsd*m*m), reuse(sc.blk, nsd*m), reuse(sc.touch, nsd*m)
	sc.pairs = reuse(sc.pairs, m*m)
	p := &part{w: w, idx: idx, m: m, nsd: nsd, full: uint64(1)<<m - 1, seen: w.seen,
		rows: sc.rows, blk: sc.blk, touch: sc.touch, pairs: sc.pairs}
	for i, a := range idx {
		for j, b := range idx {
			if i != j {
				p.pairs[i*m+j] = w.cache.pair(w.shape[a], w.shape[b])
			}
		}
	}
	if m == 64 {
		p.full = ^uint64(0)
	}
	clear(p.seen)
	p.nodes = append(w.nodes[:0], node{pos: pos, parent: -1})
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
	clear(p.blk)
	clear(p.touch)
	_, cube := p.w.moves.(cubeMoves)
	for i := range m {
		a := p.idx[i]
		at := pos[i].Add(p.w.base[a])
		for j := range m {
			if i == j {
				continue
			}
			b := p.idx[j]
			d := pos[j].Add(p.w.base[b]).Sub(at)
			var g [4]int32
			if cube {
				// the cube grid's gaps straight from the cache, without
				// the interface call
				g3 := p.w.cache.gap(p.pairs[i*m+j], [3]int32{int32(d.X), int32(d.Y), int32(d.Z)})
				g = [4]int32{g3[0], g3[1], g3[2], 0}
			} else {
				g = p.w.moves.gap(p, i, j, d)
			}
			for a := range p.nsd / 2 {
				// i slides +a toward j, and j slides -a toward i
				v := g[a]
				p.rows[((2*a)*m+i)*m+j] = v
				p.rows[((2*a+1)*m+j)*m+i] = v
				if v < free {
					p.blk[(2*a)*m+i] |= 1 << j
					p.blk[(2*a+1)*m+j] |= 1 << i
					if v == 0 {
						p.touch[(2*a)*m+i] |= 1 << j
						p.touch[(2*a+1)*m+j] |= 1 << i
					}
				}
			}
		}
	}
}

// reuse returns buf with length n, cleared, reusing its storage.
func reuse[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// gapDir is how far local piece i slides in direction sd before it meets
// local piece j.
func (p *part) gapDir(sd, i, j int) int32 {
	return p.rows[(sd*p.m+i)*p.m+j]
}

// closure returns the pieces that move when piece s moves k cells in
// direction sd: s and every piece a moving piece would meet within k
// cells, and so on; ok is false when more than most pieces would move.
func (p *part) closure(s, sd int, k int32, most int) (g uint64, ok bool) {
	g = 1 << s
	todo := g
	for todo != 0 {
		i := bits.TrailingZeros64(todo)
		todo &^= 1 << i
		var meet uint64
		switch {
		case k >= removeAmount:
			meet = p.blk[sd*p.m+i]
		case k == 1:
			meet = p.touch[sd*p.m+i]
		default:
			for j, v := range p.rows[(sd*p.m+i)*p.m:][:p.m] {
				if k > v {
					meet |= 1 << j
				}
			}
		}
		if meet &^= g | 1<<i; meet != 0 {
			g |= meet
			todo |= meet
			if bits.OnesCount64(g) > most {
				return 0, false
			}
		}
	}
	return g, true
}

// reach returns how far group g can slide in direction sd before a
// member meets a piece outside it.
func (p *part) reach(g uint64, sd int) int32 {
	top := int32(free)
	for i := range p.m {
		if g&(1<<i) == 0 {
			continue
		}
		for j := range p.m {
			if g&(1<<j) == 0 {
				top = min(top, p.gapDir(sd, i, j))
			}
		}
	}
	return top
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

// moveKey writes into p.key the key of the state reached from node n by
// moving group g k cells in direction sd, without making the state.
func (p *part) moveKey(n int, g uint64, sd int, k int32) []byte {
	cur := p.nodes[n].pos
	d := p.w.moves.dir(sd)
	step := geometry.Cell{X: d.X * int(k), Y: d.Y * int(k), Z: d.Z * int(k)}
	base := cur[0]
	if g&1 != 0 {
		base = base.Add(step)
	}
	b := p.key[:0]
	for i, o := range cur[1:] {
		if g&(2<<i) != 0 {
			o = o.Add(step)
		}
		o = o.Sub(base)
		b = binary.AppendVarint(b, int64(o.X))
		b = binary.AppendVarint(b, int64(o.Y))
		b = binary.AppendVarint(b, int64(o.Z))
	}
	p.key = b
	return b
}

// child returns the state reached from node n by moving group g k cells
// in direction sd.
func (p *part) child(n int, g uint64, sd int, k int32) node {
	cur := p.nodes[n].pos
	if len(p.w.arena)+len(cur) > cap(p.w.arena) {
		p.w.arena = make([]geometry.Cell, 0, max(64, len(p.nodes))*len(cur))
	}
	at := len(p.w.arena)
	p.w.arena = p.w.arena[:at+len(cur)]
	next := p.w.arena[at : at+len(cur) : at+len(cur)]
	d := p.w.moves.dir(sd)
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
	sds := w.sds
	// the moves found from a state in one direction, by distance: the
	// pieces that move that way, in the order found (two moves reach the
	// same state exactly when these and the distances are equal); their
	// storage is the cache's, for the next search
	sc := &w.cache.scratch
	locals, used := sc.locals, sc.used[:0]
	for k := range locals {
		locals[k] = locals[k][:0]
	}
	defer func() { sc.locals, sc.used = locals, used }()
	known := func(u uint64, k int32) bool {
		return slices.Contains(locals[k], u)
	}
	for head := 0; head < len(p.nodes); head++ {
		if head%256 == 0 {
			if err := ctx.Err(); err != nil {
				return found{}, err
			}
		}
		p.analyse(p.nodes[head].pos)
		// single pieces that leave, then groups
		for _, sd := range sds {
			for s := range m {
				if p.blk[sd*m+s] == 0 {
					g, gsd := p.orient(1<<s, sd)
					return found{status: Apart, at: head, removed: g, sd: gsd}, nil
				}
			}
		}
		if m/2 > 1 {
			for _, sd := range sds {
				for s := range m {
					if g, ok := p.closure(s, sd, removeAmount, m/2); ok {
						g, gsd := p.orient(g, sd)
						return found{status: Apart, at: head, removed: g, sd: gsd}, nil
					}
				}
			}
		}
		// moves: a new state is queued
		emit := func(g uint64, sd int, k int32) bool {
			key := p.moveKey(head, g, sd, k)
			if _, ok := p.seen[string(key)]; ok {
				return true
			}
			if w.states++; w.states > w.maxStates {
				return false
			}
			p.seen[string(key)] = struct{}{}
			p.nodes = append(p.nodes, p.child(head, g, sd, k))
			return true
		}
		for _, sd := range sds {
			for _, k := range used {
				locals[k] = locals[k][:0]
			}
			used = used[:0]
			for s := range m {
				var g0 uint64
				var top int32
				for k := int32(1); ; k++ {
					if k > top {
						// the group grows: the seed pushes more pieces
						var ok bool
						if g0, ok = p.closure(s, sd, k, m/2); !ok {
							break
						}
						if top = p.reach(g0, sd); top >= removeAmount {
							break // cannot happen: it would have been removed
						}
					}
					g, gsd := p.orient(g0, sd)
					mine := g
					if gsd != sd {
						mine = p.full ^ g
					}
					for int(k) >= len(locals) {
						locals = append(locals, nil)
					}
					if known(mine, k) {
						continue
					}
					if len(locals[k]) == 0 {
						used = append(used, k)
					}
					locals[k] = append(locals[k], mine)
					if !emit(g, gsd, k) {
						return found{status: Unknown}, nil
					}
					// merges with the moves found before by as many
					// cells, newest first
					for o := len(locals[k]) - 2; o >= 0; o-- {
						other := locals[k][o]
						u := mine | other
						if u == p.full || u == mine || u == other || known(u, k) {
							continue
						}
						locals[k] = append(locals[k], u)
						mg, msd := p.orient(u, sd)
						if !emit(mg, msd, k) {
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
