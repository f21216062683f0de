package geometry

import (
	"slices"
	"strings"
)

// Shape is a finite set of cells, kept sorted in Cell.Less order without
// duplicates. Use NewShape to build one from arbitrary cells.
type Shape []Cell

// NewShape returns the cells as a Shape: sorted, each cell once.
func NewShape(cells ...Cell) Shape {
	return SortCells(slices.Clone(cells))
}

// sortedShape returns s when it is a Shape already (sorted, each cell
// once), to be read only, and NewShape(s) otherwise.
func sortedShape(s Shape) Shape {
	for i := 1; i < len(s); i++ {
		if s[i].Compare(s[i-1]) <= 0 {
			return NewShape(s...)
		}
	}
	return s
}

// SortCells is NewShape without the copy: it sorts cells in place and
// returns them, each once, as a Shape.
func SortCells(cells []Cell) Shape {
	if len(cells) < 2 {
		return Shape(cells)
	}
	lo, hi := Shape(cells).Bounds()
	sorted := true
	for i := 1; i < len(cells); i++ {
		if cells[i].Compare(cells[i-1]) <= 0 {
			sorted = false
			break
		}
	}
	switch {
	case sorted:
		return Shape(cells)
	case len(cells) >= 32 && hi.Z-lo.Z < 64 && hi.X-lo.X < bitRowsMax && hi.Y-lo.Y < bitRowsMax &&
		(hi.X-lo.X+1)*(hi.Y-lo.Y+1) <= min(bitRowsMax, 4*len(cells)):
		// a grid piece's 24 images are each sorted: by a bitmap, when
		// its rows are no more than a few a cell
		return bitmapSortCells(cells, lo, hi)
	case hi.X-lo.X < 1<<21 && hi.Y-lo.Y < 1<<21 && hi.Z-lo.Z < 1<<21:
		// Cells packed into one integer each, in the same order, sort
		// without a comparison function, by counting when the extents
		// are small.
		var buf [256]uint64
		keys := buf[:0]
		if len(cells) > len(buf) {
			keys = make([]uint64, 0, len(cells))
		}
		for _, c := range cells {
			keys = append(keys, uint64(c.X-lo.X)<<42|uint64(c.Y-lo.Y)<<21|uint64(c.Z-lo.Z))
		}
		if len(keys) >= 32 && hi.X-lo.X < radixMax && hi.Y-lo.Y < radixMax && hi.Z-lo.Z < radixMax {
			keys = radixSortKeys(keys, [3]int{hi.X - lo.X + 1, hi.Y - lo.Y + 1, hi.Z - lo.Z + 1})
		} else {
			slices.Sort(keys)
		}
		n := 0
		for i, k := range keys {
			if i > 0 && k == keys[i-1] {
				continue
			}
			cells[n] = Cell{lo.X + int(k>>42), lo.Y + int(k>>21&(1<<21-1)), lo.Z + int(k&(1<<21-1))}
			n++
		}
		return Shape(cells[:n])
	}
	slices.SortFunc(cells, Cell.Compare)
	return Shape(slices.Compact(cells))
}

// Bounds returns the least and greatest coordinate on each axis. The bounds
// of an empty shape are two zero cells.
func (s Shape) Bounds() (lo, hi Cell) {
	if len(s) == 0 {
		return Cell{}, Cell{}
	}
	// six running bounds of plain ints, taken with the min and max
	// built-ins (no branch): a rotated image's cells come in no order,
	// and branches on them mispredicted
	lx, ly, lz := s[0].X, s[0].Y, s[0].Z
	hx, hy, hz := lx, ly, lz
	for _, c := range s[1:] {
		lx, hx = min(lx, c.X), max(hx, c.X)
		ly, hy = min(ly, c.Y), max(hy, c.Y)
		lz, hz = min(lz, c.Z), max(hz, c.Z)
	}
	return Cell{lx, ly, lz}, Cell{hx, hy, hz}
}

// Size returns the extent of the shape on each axis (max - min + 1), or a zero
// cell for an empty shape.
func (s Shape) Size() Cell {
	if len(s) == 0 {
		return Cell{}
	}
	lo, hi := s.Bounds()
	return hi.Sub(lo).Add(Cell{1, 1, 1})
}

// Translate returns the shape moved by d. Translation keeps the order.
func (s Shape) Translate(d Cell) Shape {
	t := make(Shape, len(s))
	for i, c := range s {
		t[i] = c.Add(d)
	}
	return t
}

// Normalize returns the shape translated so that its least coordinate on
// every axis is 0, as Knuth normalizes typical cells.
func (s Shape) Normalize() Shape {
	lo, _ := s.Bounds()
	if lo == (Cell{}) {
		return slices.Clone(s)
	}
	return s.Translate(Cell{-lo.X, -lo.Y, -lo.Z})
}

// Equal reports whether s and t hold the same cells.
func (s Shape) Equal(t Shape) bool { return slices.Equal(s, t) }

// Contains reports whether c is one of the shape's cells.
func (s Shape) Contains(c Cell) bool {
	_, ok := slices.BinarySearchFunc(s, c, Cell.Compare)
	return ok
}

// String lists the cells in radix-62 notation separated by spaces.
func (s Shape) String() string {
	parts := make([]string, len(s))
	for i, c := range s {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

// bitmapSortCells is SortCells for cells within bounds lo, hi of at most
// 64 values of z and bitRowsMax rows: each cell sets bit z of its row's
// word, and a scan of the rows in order writes them back sorted, each
// once. Unlike counting sorts, whose counters were bumped one after
// another on a few values (a pass of dependent loads and stores for each
// axis), it makes one pass and one scan (a grid piece's 24 images are
// each sorted).
func bitmapSortCells(cells []Cell, lo, hi Cell) Shape {
	b := rowBitmaps.Get().(*rowBitmap)
	ey := hi.Y - lo.Y + 1
	for _, c := range cells {
		b.set((c.X-lo.X)*ey+c.Y-lo.Y, uint(c.Z-lo.Z))
	}
	n := b.drain(cells, (hi.X-lo.X+1)*ey, ey, lo.X, lo.Y, lo.Z)
	rowBitmaps.Put(b) // clear again; not deferred, lest a panic return it set
	return Shape(cells[:n])
}

// radixMax bounds the extent on each axis of cells sorted by radixSortKeys.
const radixMax = 256

// radixSortKeys sorts packed cells (see SortCells) by three stable
// counting sorts, on z, then y, then x, whose extents are size (each at
// most radixMax): a few passes over the keys where a comparison sort
// makes a dozen.
func radixSortKeys(keys []uint64, size [3]int) []uint64 {
	var buf [256]uint64
	tmp := buf[:0]
	if len(keys) > len(buf) {
		tmp = make([]uint64, len(keys))
	}
	tmp = tmp[:len(keys)]
	var count [radixMax + 1]int32
	src, dst := keys, tmp
	for axis, shift := range [3]uint{0, 21, 42} {
		r := size[2-axis]
		clear(count[:r+1])
		for _, k := range src {
			count[k>>shift&(1<<21-1)+1]++
		}
		for b := 1; b <= r; b++ {
			count[b] += count[b-1]
		}
		for _, k := range src {
			b := k >> shift & (1<<21 - 1)
			dst[count[b]] = k
			count[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
	return keys
}
