package puzzle

import (
	"bytes"
	"fmt"
	"math/bits"

	"polyviz/geometry"
)

// bytesPerSpecCell is the memory the spec reader takes for each cell it
// holds, a cell of the box line or of a base placement, with the images it
// makes and drops on the way: measured, 184 MB resident for a piece of
// 45,360 cells (1.1 million cells of base placements), rounded up.
const bytesPerSpecCell = 160

// BytesPerSpecCell is bytesPerSpecCell, for readers that write a spec and
// read it (BurrTools' files) to size their pieces' placements before.
const BytesPerSpecCell = bytesPerSpecCell

// specReadBytes is an upper bound on the memory the spec reader takes to
// read data on lattice l, counted before it reads: each cell a line names
// (a bracketed set stands for all its cells, "[0-Z][0-Z][0-Z]" for 238,328)
// and, on a piece line, each of its images under the lattice's symmetries,
// among which its base placements are. Counting stops at the first line
// where the bound passes limit (limit > 0), which it returns with the
// bound; line is 0 when it does not pass. Malformed cells are counted as
// far as they go and left for the reader to report.
func specReadBytes(data []byte, l *geometry.Lattice, limit int64) (need int64, line int) {
	dims := l.Axes()
	// the orientations Lattice.Orientations generates: the rotations of
	// cubes, every symmetry of a plane lattice
	images := int64(len(l.Rotations()))
	if l.Planar() {
		images = int64(len(l.Group()))
	}
	boxSeen := false
	cells := int64(0)
	for n, start := 1, 0; start < len(data); n++ {
		end := len(data)
		if j := bytes.IndexByte(data[start:], '\n'); j >= 0 {
			end = start + j
		}
		text := data[start:end]
		start = end + 1
		if len(text) > 0 && text[0] == '|' {
			continue
		}
		words := bytes.Split(text, []byte(" "))
		per := int64(1)
		if boxSeen {
			words = words[1:] // the piece's name
			per = images
		}
		boxSeen = true
		for _, w := range words {
			cells += per * tokenCells(w, dims)
		}
		if need = cells * bytesPerSpecCell; limit > 0 && need > limit {
			return need, n
		}
	}
	return need, 0
}

// tokenCells counts the cells a cell token of dims coordinates names: the
// product of its coordinates' set sizes (a digit is one cell, "[1-3a]" four).
func tokenCells(w []byte, dims int) int64 {
	if len(w) == 0 {
		return 0
	}
	n := int64(1)
	p := 0
	for range dims {
		if p >= len(w) {
			break
		}
		if w[p] != '[' {
			p++
			continue
		}
		var set uint64
		lo := -1
		for p++; p < len(w) && w[p] != ']'; p++ {
			switch d := geometry.DecodeDigit(w[p]); {
			case w[p] == '-' && p+1 < len(w):
				if hi := geometry.DecodeDigit(w[p+1]); lo >= 0 && hi >= lo {
					set |= (1<<(hi+1) - 1) &^ (1<<lo - 1)
				}
			case d >= 0:
				set |= 1 << d
				lo = d
			}
		}
		p++
		n *= int64(bits.OnesCount64(set))
	}
	return n
}

// checkSpecRead refuses, with a *TooBigError, a spec whose reading would
// take more than maxBytes (see specReadBytes); maxBytes <= 0: no limit.
func checkSpecRead(name string, data []byte, l *geometry.Lattice, maxBytes int64) error {
	if maxBytes <= 0 {
		return nil
	}
	if need, line := specReadBytes(data, l, maxBytes); line > 0 {
		return &TooBigError{Name: name, What: fmt.Sprintf("reading this spec (the cells named up to line %d, and their rotations)", line), Need: need, Limit: maxBytes}
	}
	return nil
}
