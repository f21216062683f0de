package editor

import (
	"fmt"
	"slices"
	"strings"

	"polyviz/geometry"
)

// Finding is one live check's verdict, in plain words for the panel.
type Finding struct {
	// Kind says which check spoke: "box", "count", "connected", "fits",
	// "same", "name".
	Kind string
	// Piece is the index of the piece concerned, or -1.
	Piece int
	// Message is the sentence the panel shows.
	Message string
}

// Check runs the live checks on d and returns what a designer should know,
// most basic first: an empty box or piece list; the cells the pieces cover
// (with their multiplicities) against the box's; a piece in several parts;
// a piece that fits nowhere in the box in the orientations its motion
// allows; two pieces of the same shape (up to rotation on cubes, rotation
// and reflection on a board, as far as their motions allow). No finding means
// none of these problems (not that the puzzle has a solution).
func Check(d Document) []Finding {
	var out []Finding
	if len(d.Box) == 0 {
		out = append(out, Finding{"box", -1, "The box is empty: add its cells first."})
	}
	if len(d.Pieces) == 0 {
		return append(out, Finding{"count", -1, "No pieces yet."})
	}
	if len(d.Box) > 0 {
		if f, ok := countFinding(d); ok {
			out = append(out, f)
		}
	}
	for i, p := range d.Pieces {
		if k := components(p.Cells, d.Lattice); k > 1 {
			out = append(out, Finding{"connected", i, fmt.Sprintf("Piece %s is in %d parts (cells touch only face to face).", p.Name, k)})
		}
	}
	if len(d.Box) > 0 {
		for i, p := range d.Pieces {
			if !fitsSomewhere(p.allowed(d.Lattice), d.Box, d.Lattice) {
				out = append(out, Finding{"fits", i, fmt.Sprintf("Piece %s fits nowhere in the box.", p.Name)})
			}
		}
	}
	out = append(out, sameShapes(d)...)
	return out
}

// countFinding compares the cells the pieces may cover with the box: the box
// needs between len(Box)-len(Optional) and len(Box) cells covered.
func countFinding(d Document) (Finding, bool) {
	lo, hi := 0, 0
	for _, p := range d.Pieces {
		lo += p.Min * len(p.Cells)
		hi += p.Max * len(p.Cells)
	}
	need, room := len(d.Box)-len(d.Optional), len(d.Box)
	pieces := cells(lo)
	if hi != lo {
		pieces = fmt.Sprintf("%d to %d cells", lo, hi)
	}
	box := cells(room)
	if need != room {
		box = fmt.Sprintf("%d cells, %d of them optional", room, room-need)
	}
	switch {
	case hi < need:
		return Finding{"count", -1, fmt.Sprintf("The pieces cover %s; the box has %s: %d too few.", pieces, box, need-hi)}, true
	case lo > room:
		return Finding{"count", -1, fmt.Sprintf("The pieces cover %s; the box has %s: %d too many.", pieces, box, lo-room)}, true
	}
	return Finding{}, false
}

// neighbours returns the face neighbours of c on the lattice (an edge in
// the plane).
func neighbours(c geometry.Cell, l Lattice) []geometry.Cell {
	return l.neighbours(c)
}

// components counts the face-connected parts of s.
func components(s geometry.Shape, l Lattice) int {
	seen := map[geometry.Cell]bool{}
	k := 0
	for _, start := range s {
		if seen[start] {
			continue
		}
		k++
		stack := []geometry.Cell{start}
		seen[start] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, n := range neighbours(c, l) {
				if s.Contains(n) && !seen[n] {
					seen[n] = true
					stack = append(stack, n)
				}
			}
		}
	}
	return k
}

// orientations returns the distinct orientations of s on the lattice, as
// the spec formats generate them (rotations in 3D; rotations and
// reflections on a board).
func orientations(s geometry.Shape, l Lattice) []geometry.Shape {
	return l.orientations(s)
}

// fitsSomewhere reports whether one of the orientations, moved, lies inside box.
func fitsSomewhere(orients []geometry.Shape, box geometry.Shape, l Lattice) bool {
	for _, o := range orients {
		for _, b := range box {
			off := b.Sub(o[0])
			if !l.isTranslation(off) {
				continue // on a grid, not every step maps cells to cells
			}
			ok := true
			for _, c := range o {
				if !box.Contains(c.Add(off)) {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
	}
	return false
}

// sameShapes reports pairs of pieces with the same shape: pieces that may
// take the same orientations, so that one could stand for the other (two
// one-sided pieces F and F' differ; a free F and a one-sided F differ too).
// Each later piece is named once, against the first piece it repeats.
func sameShapes(d Document) []Finding {
	var out []Finding
	first := map[string]int{}
	for i, p := range d.Pieces {
		if len(p.InPlace) > 0 {
			continue // a copy fixed in place (FixInPlace) is alike on purpose
		}
		key := canonical(p.allowed(d.Lattice))
		if j, ok := first[key]; ok {
			out = append(out, Finding{"same", i, fmt.Sprintf("Pieces %s and %s have the same shape (use one piece with multiplicity 2 if that is meant).", d.Pieces[j].Name, p.Name)})
			continue
		}
		first[key] = i
	}
	return out
}

// canonical names a set of orientations, in any order: their strings sorted.
func canonical(orients []geometry.Shape) string {
	keys := make([]string, len(orients))
	for i, o := range orients {
		keys[i] = o.String()
	}
	slices.Sort(keys)
	return strings.Join(keys, " / ")
}

// cells writes a number of cells: "1 cell", "27 cells".
func cells(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return fmt.Sprintf("%d cells", n)
}
