package disassembly

import (
	"fmt"
	"math"

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
	w.moves, w.axes = cubeMoves{}, []int{0, 1, 2}
	switch {
	case opt.Hexagons:
		w.moves, w.axes = hexMoves{}, []int{0, 1, 2, 3, 4, 5} // all in the plane
	case opt.Prisms && opt.Triangles:
		w.moves, w.axes = prismMoves{}, []int{1, 2, 3} // a board: no step from layer to layer
	case opt.Prisms:
		w.moves, w.axes = prismMoves{}, []int{0, 1, 2, 3}
	case opt.Planar:
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
		if opt.Hexagons {
			return nil, fmt.Errorf("%w: no box on hexagons", ErrBadOpenSide)
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
