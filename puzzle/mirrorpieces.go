package puzzle

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"polyviz/geometry"
)

// mirrorPieces maps each piece to the piece its placements become under a
// reflection of the box: itself when its orientations are closed under
// reflection (an achiral piece, or a free planar piece, whose reflections
// Knuth's generators make), otherwise a piece whose orientations are their
// mirror images (a one-sided or fixed piece's partner); -1 when there is
// none.
//
// The map must be a permutation of the pieces (an involution), or a
// reflection would not map solutions to solutions. Identical pieces are
// interchangeable shapes under different names (C, D, E below), so a
// chiral shape given k times pairs with its mirror shape given k times:
// the i-th copy (in the order of the spec) with the i-th mirror copy, and
// neither pairs at all when the two numbers differ. A reflection r then
// acts on a solution by moving each piece's cells by r and renaming it by
// this map; as the renaming is one fixed involution and a rotation renames
// nothing, the box's group acts on the labelled solutions, so orbits
// partition them and their sizes add up to the raw count, whichever copy
// pairs with which (another pairing is this one conjugated by a renaming
// of identical pieces, which maps orbits to orbits one to one).
//
// For example, with A and G one chiral tetracube and F and H its mirror
// image, A pairs with F and G with H; mapping both A and G to F (the first
// mirror found) sends a solution to a packing that uses F twice, which is
// no solution, and the counts by symmetry were wrong.
func (p *Puzzle) mirrorPieces() []int {
	out := make([]int, len(p.Pieces))
	l := p.lattice()
	var flip geometry.Transform // a reflection of the lattice
	for _, t := range l.Group() {
		if !l.Proper(t) {
			flip = t
			break
		}
	}
	var rots []geometry.Transform // the lattice's rotations, off a grid (key)
	if p.grid == nil {
		rots = l.Rotations()
	}
	// key names a set of orientations by its closure under the lattice's
	// rotations, with the piece's multiplicity: a puzzle read from a DLX
	// file knows only the orientations that fit in the box (the 1x5 bar
	// lies along a 3x30 board), and their closure is the whole piece's.
	// BurrTools' grids generate every rotation already.
	// The closure is the union of the orientations' orbits: an orientation
	// already named lies in an orbit already taken whole, so it is skipped
	// (a piece's 24 orientations are one orbit: 24 images, not 576).
	// On a grid whose rotations form a group (all but the spheres' extra
	// turns) a piece's orientations are one orbit of the rotations, named
	// by its least shape: two orbits are equal or apart. Its cells are
	// written as varints, which name them as surely as their digits and
	// cost far less (a stick's 189 cells in digits, one string each, were
	// most of this on HexSticks).
	orbits := p.grid != nil && p.grid.GridType() != 2
	key := func(os []geometry.Shape, pc *Piece) string {
		if orbits {
			least := slices.MinFunc(os, func(a, b geometry.Shape) int { return slices.CompareFunc(a, b, geometry.Cell.Compare) })
			b := fmt.Appendf(make([]byte, 0, 24+3*len(least)), "%d:%d:", pc.Min, pc.Max)
			for _, c := range least {
				b = binary.AppendVarint(binary.AppendVarint(binary.AppendVarint(b, int64(c.X)), int64(c.Y)), int64(c.Z))
			}
			return string(b)
		}
		var names []string
		seen := map[string]bool{}
		for _, o := range os {
			if p.grid != nil {
				names = append(names, o.String())
				continue
			}
			if seen[o.String()] {
				continue
			}
			for _, r := range rots {
				n := l.ApplyShape(r, o).String()
				seen[n] = true
				names = append(names, n)
			}
		}
		slices.Sort(names)
		return fmt.Sprintf("%d:%d:%s", pc.Min, pc.Max, strings.Join(slices.Compact(names), ";"))
	}
	own := make([]string, len(p.Pieces))
	copies := map[string][]int{} // key -> the pieces with it, in order
	var keys []string            // the keys in order of first piece
	for i := range p.Pieces {
		pc := &p.Pieces[i]
		out[i] = -1
		if len(pc.Orientations) == 0 {
			continue
		}
		own[i] = key(pc.Orientations, pc)
		if copies[own[i]] == nil {
			keys = append(keys, own[i])
		}
		copies[own[i]] = append(copies[own[i]], i)
	}
	// mirrorKey is the key of piece i's mirror images. On a grid whose
	// rotations form a group they are the orbit of the first orientation's
	// image, which is a piece's orbit when it holds that image (one image
	// made, not one per orientation).
	mirrorKey := func(i int) string {
		pc := &p.Pieces[i]
		if orbits {
			m := p.grid.Mirror(pc.Orientations[0])
			for _, k := range keys {
				q := &p.Pieces[copies[k][0]]
				if q.Min == pc.Min && q.Max == pc.Max && slices.ContainsFunc(q.Orientations, m.Equal) {
					return k
				}
			}
			return "" // no piece of the same multiplicity has that shape
		}
		m := make([]geometry.Shape, len(pc.Orientations))
		for k, o := range pc.Orientations {
			if p.grid != nil {
				m[k] = p.grid.Mirror(o)
			} else {
				m[k] = l.ApplyShape(flip, o)
			}
		}
		return key(m, pc)
	}
	for _, k := range keys {
		same := copies[k]
		mk := mirrorKey(same[0])
		if mk == k { // closed under reflection: every copy is its own mirror image
			for _, j := range same {
				out[j] = j
			}
			continue
		}
		other := copies[mk]
		if len(other) != len(same) {
			continue // some copy has no mirror partner: reflections do not act
		}
		for n := range same {
			out[same[n]] = other[n]
		}
	}
	return out
}
