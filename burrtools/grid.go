package burrtools

import (
	"context"
	"errors"
	"math"
	"slices"

	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/puzzle"
)

// ErrGridCell is a filled or variable voxel at an index triple that is no
// cell of the file's grid (a sphere grid's triple with an odd sum, say).
var ErrGridCell = errors.New("voxel is not a cell of the grid")

// checkGridCells reports the first shape with a voxel off the grid.
func (r *xmReader) checkGridCells(x *File) error {
	g := geometry.GridType(x.GridType)
	if g == nil {
		return nil
	}
	for i, s := range x.Shapes {
		for _, set := range []geometry.Shape{s.Filled, s.Variable} {
			for _, c := range set {
				if !g.IsCell(c) {
					return &parse.Error{File: r.file, Line: s.line, Col: s.col,
						Err: detail(ErrGridCell, "shape %d: voxel %d,%d,%d is not one of the %s", i+1, c.X, c.Y, c.Z, g.Name())}
				}
			}
		}
	}
	return nil
}

// gridPlacements turns a puzzle built as if on cubes into one on grid g:
// each piece's orientations are the grid's rotations of its shape (see
// geometry.Grid), its placements every translation of the grid that keeps
// it inside the result, kept (with colours) when some rotation giving it
// puts every coloured voxel on a result voxel whose colour the problem
// allows.
// pieces are the sorted cells of the used parts' shapes; names are the
// item names of pz.Box's cells; a placement's items are their numbers
// (puzzle.Placement.Numbers), and its cells are made only when asked for
// (puzzle.Puzzle.SetGrid). It returns ctx.Err() when ctx is cancelled:
// a large result has millions of translations to try.
func (x *File) gridPlacements(ctx context.Context, pz *puzzle.Puzzle, pr Problem, used []Part, pieces []geometry.Shape, g *geometry.Grid, names []string) error {
	pz.Lines = append([]string{"BurrTools grid: " + g.Name() + " (cells are BurrTools' index triples)"}, pz.Lines...)
	coloured := x.coloured(pr, used)
	allowed := map[[2]int]bool{}
	for _, a := range pr.Allowed {
		allowed[a] = true
	}
	resultColour := x.Shapes[pr.Result].Colors
	lo, hi := pz.Box.Bounds()
	box := newBoxIndex(lo, hi, pz.Box)
	step := g.TranslationStep()
	var rel []int // the box's dense offsets of an orientation's cells
	var numbers []int32
	// a base per rotation at most: grown by appends, these took a
	// dozen small arrays of sizes the command had not used yet
	bases := make([]puzzle.Base, 0, g.NumRotations()*len(pieces))
	// room for HexSticks' 180 at once: grown from nothing, they took
	// nine arrays, each of a size the command had not used yet
	placements := make([]puzzle.Placement, 0, 256)
	hint := 0 // room for every rotation's image of every piece
	for _, cells := range pieces {
		hint += g.NumRotations() * len(cells)
	}
	cellArena := arena[geometry.Cell]{next: min(hint, 1<<16)}
	kept := arena[int32]{next: 1 << 14} // the numbers of every placement kept
	// every piece's orientations, a piece's a part
	allShapes := make([]geometry.Shape, 0, g.NumRotations()*len(pieces))
	bounds := make([][2]geometry.Cell, 0, g.NumRotations()) // a piece's shapes' least and greatest corners
	tried := 0                                              // translations tried, most of them not kept
	for i, cells := range pieces {
		s := x.Shapes[used[i].Shape]
		// Every rotation's image, grouped by shape; with colours, the
		// colour maps each rotation gives that shape.
		shapes := allShapes[len(allShapes) : len(allShapes) : len(allShapes)+g.NumRotations()]
		bounds = bounds[:0]
		var colours [][]map[geometry.Cell]int
		// a few dozen shapes at most, each sorted: an image is compared
		// with each (a stick's 189 cells are sorted by a bitmap, faster
		// than a binary search of each cell in the shape), its middle and
		// last cells first, where unlike shapes of a stick differ (a hash
		// of every cell of every image cost more)
		var buf []geometry.Cell
		clo, chi := cells.Bounds()
		for k := 0; k < g.NumRotations(); k++ {
			// sorted where it is kept if new: no copy of a new shape.
			// OrientSortedInto sorts as it orients; the colours need the
			// image in the order of cells, then sorted apart.
			var img, sorted geometry.Shape
			var lo, hi geometry.Cell
			ok := false
			if coloured {
				if img, ok = g.OrientCellsInto(buf, k, cells); ok {
					buf = img
					sorted = geometry.SortCells(append(cellArena.room(len(img)), img...))
					lo, hi = sorted.Bounds()
				}
			} else {
				sorted, lo, hi, ok = g.OrientBoundsInto(cellArena.room(len(cells)), k, cells, clo, chi)
			}
			if !ok {
				continue
			}
			j := slices.IndexFunc(shapes, func(sh geometry.Shape) bool { return sameSorted(sh, sorted) })
			if j < 0 {
				cellArena.take(len(sorted))
				j = len(shapes)
				shapes = append(shapes, sorted[:len(sorted):len(sorted)])
				bounds = append(bounds, [2]geometry.Cell{lo, hi})
				if coloured {
					colours = append(colours, nil)
				}
			}
			if coloured {
				cm := map[geometry.Cell]int{}
				for n, c := range cells {
					if col := s.Colors[c]; col != 0 {
						cm[img[n]] = col
					}
				}
				colours[j] = append(colours[j], cm)
			}
		}
		pz.Pieces[i].Orientations = shapes[:len(shapes):len(shapes)]
		allShapes = allShapes[:len(allShapes)+len(shapes)]
		for j, sh := range shapes {
			base := len(bases)
			min, max := bounds[j][0], bounds[j][1]
			bases = append(bases, puzzle.Base{Piece: i, Shape: sh, Orientation: j})
			rel = box.offsets(rel, sh)
			first := len(placements)
			fail := 0 // the cell of sh that fell outside last
			// the numbers of the base's placements, made as they are
			// checked, then kept in one array of their size
			numbers = numbers[:0]
			// A normalized shape need not touch 0 (its least corner's
			// anchor is at 0), so shifts can be negative; only multiples
			// of the step can be translations.
			for dz := ceilTo(lo.Z-min.Z, step); dz <= hi.Z-max.Z; dz += step {
				for dy := ceilTo(lo.Y-min.Y, step); dy <= hi.Y-max.Y; dy += step {
					for dx := ceilTo(lo.X-min.X, step); dx <= hi.X-max.X; dx += step {
						if tried&(1<<12-1) == 0 && ctx.Err() != nil {
							return ctx.Err()
						}
						tried++
						d := geometry.Cell{X: dx, Y: dy, Z: dz}
						if !g.IsTranslation(d) {
							continue
						}
						numbers = slices.Grow(numbers, len(sh))
						if out := box.numbersAt(numbers[len(numbers):len(numbers)+len(sh)], sh, d, rel, fail); out >= 0 {
							fail = out
							continue
						}
						if coloured && !anyColourFits(colours[j], d, resultColour, allowed) {
							continue
						}
						numbers = numbers[:len(numbers)+len(sh)]
						placements = append(placements, puzzle.Placement{Piece: i, Base: base, Orientation: j, Offset: d})
					}
				}
			}
			items := kept.clone(numbers)
			for n := range placements[first:] {
				placements[first+n].Numbers = items[n*len(sh) : (n+1)*len(sh) : (n+1)*len(sh)]
			}
		}
	}
	pz.SetGrid(g, bases, placements, names)
	return nil
}

// ceilTo returns the least multiple of step at or above a.
func ceilTo(a, step int) int {
	r := a % step
	if r < 0 {
		r += step
	}
	if r == 0 {
		return a
	}
	return a - r + step
}

// sameSorted reports whether two sorted shapes are the same: their
// lengths, middle and last cells first.
func sameSorted(a, b geometry.Shape) bool {
	n := len(a)
	return n == len(b) && (n == 0 || a[n/2] == b[n/2] && a[n-1] == b[n-1] && slices.Equal(a, b))
}

// An arena hands out slices from a few large arrays rather than one
// small array each. The cells of orientations: an image is sorted in the
// arena's free room and taken only when it is a new shape; the first array
// holds every image of a puzzle like HexSticks (its pages untouched past
// the shapes kept), a piece of 100,000 voxels gets arrays of its own size.
// The item numbers of placements: HexSticks' 60 bases each took an array
// of 2 to 3 KB, of a size the command had not used before, and the
// runtime's first spans and span lists of those sizes cost a page fault
// each (14 microseconds on a virtual machine), more than the copying.
type arena[T any] struct {
	free []T
	next int // the size of the next array, at least
}

// room returns the arena's next n free elements, empty (as append's
// destination): they are another room's until take.
func (a *arena[T]) room(n int) []T {
	if len(a.free) < n {
		a.free = make([]T, max(n, a.next))
		a.next = 1 << 14
	}
	return a.free[:0:n]
}

// take keeps the first n elements of the last room.
func (a *arena[T]) take(n int) { a.free = a.free[n:] }

// clone returns a copy of s in the arena, of capacity len(s).
func (a *arena[T]) clone(s []T) []T {
	c := append(a.room(len(s)), s...)
	a.take(len(s))
	return c
}

// A boxIndex numbers the cells of a box: a dense array over its bounds
// when they are small, a map otherwise. A grid's pieces have hundreds of
// cells (189 for a stick of the rhombic grid), each looked up at every
// translation: hashing them took most of a stick puzzle's placements.
type boxIndex struct {
	lo, size geometry.Cell
	// cell number + 1, 0 off the box: in 16 bits when every number fits
	// (HexSticks' 35³ bounds took 171 KB in 32, a tenth of its setup's
	// fresh memory), else in 32
	dense  []uint16
	dense4 []int32
	sparse map[geometry.Cell]int32
}

func newBoxIndex(lo, hi geometry.Cell, box geometry.Shape) *boxIndex {
	b := &boxIndex{lo: lo, size: hi.Sub(lo).Add(geometry.Cell{X: 1, Y: 1, Z: 1})}
	vol := b.size.X * b.size.Y * b.size.Z
	switch {
	case vol > 32*len(box)+1<<16:
		b.sparse = make(map[geometry.Cell]int32, len(box))
	case len(box) < math.MaxUint16:
		b.dense = make([]uint16, vol)
	default:
		b.dense4 = make([]int32, vol)
	}
	for i, c := range box {
		d := c.Sub(lo)
		switch at := (d.X*b.size.Y+d.Y)*b.size.Z + d.Z; {
		case b.dense != nil:
			b.dense[at] = uint16(i) + 1
		case b.dense4 != nil:
			b.dense4[at] = int32(i) + 1
		default:
			b.sparse[c] = int32(i)
		}
	}
	return b
}

// at returns the number of cell c in the box, or -1.
func (b *boxIndex) at(c geometry.Cell) int32 {
	if b.sparse != nil {
		if n, ok := b.sparse[c]; ok {
			return n
		}
		return -1
	}
	d := c.Sub(b.lo)
	if d.X < 0 || d.Y < 0 || d.Z < 0 || d.X >= b.size.X || d.Y >= b.size.Y || d.Z >= b.size.Z {
		return -1
	}
	at := (d.X*b.size.Y+d.Y)*b.size.Z + d.Z
	if b.dense == nil {
		return b.dense4[at] - 1
	}
	return int32(b.dense[at]) - 1
}

// inside reports whether s moved by d lies in the box.
func (b *boxIndex) inside(s geometry.Shape, d geometry.Cell) bool {
	for _, c := range s {
		if b.at(c.Add(d)) < 0 {
			return false
		}
	}
	return true
}

// offsets returns, for a dense index, each cell's offset in the dense
// array less that of the box's least corner (nil for a sparse one), in
// buf: the array is linear in the cell, so cell c moved by d is at
// offsets(c) plus d's own offset.
func (b *boxIndex) offsets(buf []int, s geometry.Shape) []int {
	if b.sparse != nil {
		return nil
	}
	buf = slices.Grow(buf[:0], len(s))[:len(s)]
	for i, c := range s {
		buf[i] = b.linear(c)
	}
	return buf
}

// linear is c's place in the dense array when c is in the box's bounds.
func (b *boxIndex) linear(c geometry.Cell) int {
	return (c.X*b.size.Y+c.Y)*b.size.Z + c.Z
}

// numbersAt writes into items (len(s) of them) the numbers in the box of
// the cells of s moved by d, and returns -1 when they all lie in it; else
// it stops at a cell outside and returns its index (items is then
// partly written). With rel, the offsets of s in a dense index, only the
// cells are looked up: the caller moves s only within the box's bounds.
// Cell first is looked up first: the caller passes the one that fell
// outside at the last translation, as likely to at the next. One pass
// checks and numbers a placement kept (a stick of HexSticks covers 189
// cells, and checking then numbering read each twice).
func (b *boxIndex) numbersAt(items []int32, s geometry.Shape, d geometry.Cell, rel []int, first int) int {
	if rel == nil {
		for n, c := range s {
			if items[n] = b.at(c.Add(d)); items[n] < 0 {
				return n
			}
		}
		return -1
	}
	// at may be negative (a cell's offset can be): no slice of the index
	// from it
	at := b.linear(d.Sub(b.lo))
	items = items[:len(rel)]
	if b.dense == nil {
		if first >= 0 && first < len(rel) && b.dense4[rel[first]+at] == 0 {
			return first
		}
		dense := b.dense4
		for n, r := range rel {
			v := dense[r+at]
			if v == 0 {
				return n
			}
			items[n] = v - 1
		}
		return -1
	}
	if first >= 0 && first < len(rel) && b.dense[rel[first]+at] == 0 {
		return first
	}
	dense := b.dense // a local: the stores to items would reload the field
	for n, r := range rel {
		v := dense[r+at]
		if v == 0 {
			return n
		}
		items[n] = int32(v) - 1
	}
	return -1
}

func anyColourFits(maps []map[geometry.Cell]int, d geometry.Cell, result map[geometry.Cell]int, allowed map[[2]int]bool) bool {
	for _, m := range maps {
		ok := true
		for c, pc := range m {
			if rc := result[c.Add(d)]; rc != 0 && !allowed[[2]int{pc, rc}] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
