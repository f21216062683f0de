package geometry

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

// bitRowsMax bounds the rows (x, y pairs of the bounds) of the cells a
// rowBitmap sorts.
const bitRowsMax = 1024

// A rowBitmap sorts cells within small bounds (bitmapSortCells,
// bitmapOrient): a word a row x·ey + y, with bit z, and a byte a row that
// holds any, so that the scan reads eight rows' marks at once, visits
// only the rows marked (a rhombic stick's image fills about 50 of its
// 440) and leaves the bitmap clear for the next use. Clearing 8 KiB on
// every call and testing every row, most of them empty, took more than
// half of a stick's orientation. A mark is a plain store: a bit a row
// made each cell wait on the last one's store to the same word.
type rowBitmap struct {
	words [bitRowsMax]uint64
	used  [bitRowsMax]byte
}

// rowBitmaps holds clear bitmaps: off the stack, a bitmap is not cleared
// for each call, only its rows used.
var rowBitmaps = sync.Pool{New: func() any { return new(rowBitmap) }}

// set marks bit z of row r.
func (b *rowBitmap) set(r int, z uint) {
	b.words[r] |= 1 << (z & 63) // below 64; the mask spares the check
	b.used[r] = 1
}

// drain writes the marked cells of the first rows rows into out in order,
// row r = x·ey + y and bit z giving cell (x0 + x, y0 + y, z0 + z), and
// clears the bitmap; it returns how many it wrote. out must have room for
// them all.
func (b *rowBitmap) drain(out []Cell, rows, ey, x0, y0, z0 int) int {
	n, x, y, prev := 0, 0, 0, 0
	for i := 0; i < rows; i += 8 {
		u := binary.LittleEndian.Uint64(b.used[i:])
		if u == 0 {
			continue
		}
		for ; u != 0; u &= u - 1 {
			r := i + bits.TrailingZeros64(u)/8
			// rows in order: y walks on from the last one, no division
			for y += r - prev; y >= ey; y -= ey {
				x++
			}
			prev = r
			w := b.words[r]
			b.words[r] = 0
			cx, cy := x0+x, y0+y
			for ; w != 0; w &= w - 1 {
				out[n] = Cell{cx, cy, z0 + bits.TrailingZeros64(w)}
				n++
			}
		}
	}
	clear(b.used[:rows])
	return n
}
