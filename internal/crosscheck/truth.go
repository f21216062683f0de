package crosscheck

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// ErrTooMany is returned by Solve when the puzzle has more raw solutions
// than its limit, or its search more than a thousand nodes a solution
// allowed (and at least a million).
var ErrTooMany = errors.New("more raw solutions (or search nodes) than the limit")

// Truth is what the slow path says of a puzzle: every raw solution, and
// its classes up to rotation and up to rotation and reflection (see the
// package comment for the sameness counted).
type Truth struct {
	// Raw is the number of solutions; Rotations and All the numbers of
	// classes.
	Raw, Rotations, All int64
	// Group is the number of symmetries of the box that act on solutions
	// (reflections included when they act), RotationGroup how many of them
	// are rotations.
	Group, RotationGroup int
	// MirrorsAct reports whether reflections act: the box has some and the
	// pieces pair with mirror partners.
	MirrorsAct bool

	canon []int32          // placement -> the first placement with its piece and cells
	index map[string]int32 // a solution's key -> its number
	class [3][]int32       // [mode][solution] -> class (mode 0: each solution its own)
	size  [3][]int32       // [mode][class] -> how many solutions
}

// Solve finds every solution of p by a plain exact-cover search over its
// placements (no symmetry used), and sorts them into classes by applying
// every symmetry of the box to every solution. It returns ErrTooMany when
// there are more than limit solutions (0: no limit), and ctx.Err() when
// cancelled.
func Solve(ctx context.Context, p *puzzle.Puzzle, limit int64) (*Truth, error) {
	pls := p.Placements()
	l := p.Lattice
	if l == nil {
		return nil, fmt.Errorf("%s: the puzzle names no lattice", p.Name)
	}
	t := &Truth{index: map[string]int32{}}
	// number the cells; a placement as its piece and sorted cell numbers
	cellNo := map[geometry.Cell]int32{}
	for i, c := range p.Box {
		cellNo[c] = int32(i)
	}
	cells := make([][]int32, len(pls))
	for i, pl := range pls {
		if pl.NumItems() != len(pl.Cells) {
			return nil, fmt.Errorf("%s: a placement with secondary cells: not handled", p.Name)
		}
		for _, c := range pl.Cells {
			n, ok := cellNo[c]
			if !ok {
				return nil, fmt.Errorf("%s: placement %d covers %v, outside the box", p.Name, i, c)
			}
			cells[i] = append(cells[i], n)
		}
		slices.Sort(cells[i])
	}
	placeKey := func(piece int, cs []int32) string { return fmt.Sprint(piece, cs) }
	placeIndex := map[string]int32{}
	t.canon = make([]int32, len(pls))
	for i, pl := range pls {
		k := placeKey(pl.Piece, cells[i])
		if _, ok := placeIndex[k]; ok {
			return nil, fmt.Errorf("%s: placement %d given twice: not handled", p.Name, i)
		}
		placeIndex[k] = int32(i)
		t.canon[i] = int32(i)
	}
	sols, err := exactCover(ctx, p, cells, limit)
	if err != nil {
		return nil, err
	}
	t.Raw = int64(len(sols))
	for i, s := range sols {
		t.index[solutionKey(s)] = int32(i)
	}
	// the symmetries that act, and their maps on placements
	syms, err := actingSymmetries(p)
	if err != nil {
		return nil, err
	}
	mirror, mirrors := mirrorInvolution(p)
	var rotations, all [][]int32
	for _, sym := range syms {
		if !sym.Proper() && !mirrors {
			continue
		}
		m := make([]int32, len(pls))
		for i, pl := range pls {
			piece := pl.Piece
			if !sym.Proper() {
				piece = mirror[piece]
			}
			img := make([]int32, len(pl.Cells))
			for k, c := range pl.Cells {
				img[k] = cellNo[sym.Apply(c)]
			}
			slices.Sort(img)
			j, ok := placeIndex[placeKey(piece, img)]
			if !ok {
				return nil, fmt.Errorf("%s: the image of placement %d under a symmetry of the box is no placement", p.Name, i)
			}
			m[i] = j
		}
		all = append(all, m)
		if sym.Proper() {
			rotations = append(rotations, m)
		}
	}
	t.Group, t.RotationGroup, t.MirrorsAct = len(all), len(rotations), len(all) > len(rotations)
	t.class[0], t.size[0] = make([]int32, len(sols)), make([]int32, len(sols))
	for i := range sols {
		t.class[0][i], t.size[0][i] = int32(i), 1
	}
	for mode, group := range [][][]int32{nil, rotations, all} {
		if mode == 0 {
			continue
		}
		if t.class[mode], t.size[mode], err = t.orbits(sols, group); err != nil {
			return nil, fmt.Errorf("%s: %w", p.Name, err)
		}
	}
	t.Rotations, t.All = int64(len(t.size[1])), int64(len(t.size[2]))
	return t, nil
}

// exactCover returns every set of placements that covers each cell of the
// box that must be filled once, the others at most once, with each piece
// used Min to Max times: a plain backtrack on the first cell not yet
// decided (a cell that may stay empty is tried empty first, then covered),
// over cells as bits of a word (a box has at most 64 here).
func exactCover(ctx context.Context, p *puzzle.Puzzle, cells [][]int32, limit int64) ([][]int32, error) {
	if len(p.Box) > 64 {
		return nil, fmt.Errorf("%s: %d cells, more than the 64 handled", p.Name, len(p.Box))
	}
	pls := p.Placements()
	var box, must uint64
	for i, c := range p.Box {
		box |= 1 << i
		if !p.Optional.Contains(c) {
			must |= 1 << i
		}
	}
	masks := make([]uint64, len(cells))
	byCell := make([][]int32, len(p.Box))
	for i, cs := range cells {
		for _, c := range cs {
			masks[i] |= 1 << c
			byCell[c] = append(byCell[c], int32(i))
		}
	}
	var decided uint64 // covered, or left empty
	used := make([]int, len(p.Pieces))
	var chosen []int32
	var sols [][]int32
	nodes := 0
	var search func() error
	search = func() error {
		if nodes++; nodes%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if limit > 0 && int64(nodes) > max(1000*limit, 1<<20) {
			return ErrTooMany
		}
		open := box &^ decided
		if open == 0 {
			for i, pc := range p.Pieces {
				if used[i] < pc.Min {
					return nil
				}
			}
			if limit > 0 && int64(len(sols)) >= limit {
				return ErrTooMany
			}
			s := slices.Clone(chosen)
			slices.Sort(s)
			sols = append(sols, s)
			return nil
		}
		c := bits.TrailingZeros64(open)
		if must&(1<<c) == 0 {
			decided |= 1 << c // left empty
			if err := search(); err != nil {
				return err
			}
			decided &^= 1 << c
		}
		for _, o := range byCell[c] {
			piece := pls[o].Piece
			if masks[o]&decided != 0 || used[piece] >= p.Pieces[piece].Max {
				continue
			}
			decided |= masks[o]
			used[piece]++
			chosen = append(chosen, o)
			if err := search(); err != nil {
				return err
			}
			chosen = chosen[:len(chosen)-1]
			used[piece]--
			decided &^= masks[o]
		}
		return nil
	}
	if err := search(); err != nil {
		return nil, err
	}
	return sols, nil
}

// actingSymmetries returns the symmetries of the box that map the cells
// that may stay empty onto themselves, having checked that each maps the
// box onto itself.
func actingSymmetries(p *puzzle.Puzzle) ([]geometry.Symmetry, error) {
	var out []geometry.Symmetry
	syms := p.Lattice.BoxSymmetries(p.Box)
	if g := p.Grid(); g != nil {
		syms = g.BoxSymmetries(p.Box)
	}
	for _, sym := range syms {
		keeps := true
		for _, c := range p.Box {
			img := sym.Apply(c)
			if !p.Box.Contains(img) {
				return nil, fmt.Errorf("%s: a symmetry of the box maps %v out of it", p.Name, c)
			}
			if p.Optional.Contains(c) != p.Optional.Contains(img) {
				keeps = false
			}
		}
		if keeps {
			out = append(out, sym)
		}
	}
	return out, nil
}

// mirrorInvolution returns the renaming of pieces a reflection makes, and
// whether there is one: on planar lattices every piece keeps its name; on
// cubes (and BurrTools' other grids) an achiral piece keeps it, and the k copies of a chiral shape (in
// the order of the pieces) pair with the k copies of its mirror shape of
// the same multiplicity, first with first.
func mirrorInvolution(p *puzzle.Puzzle) ([]int, bool) {
	l := p.Lattice
	out := make([]int, len(p.Pieces))
	for i := range out {
		out[i] = i
	}
	if l.Reflects() {
		return out, true
	}
	var reflection geometry.Transform
	for _, tr := range l.Group() {
		if !l.Proper(tr) {
			reflection = tr
			break
		}
	}
	orientations := l.Orientations
	mirror := func(s geometry.Shape) geometry.Shape { return l.ApplyShape(reflection, s) }
	if g := p.Grid(); g != nil {
		orientations = func(s geometry.Shape) []geometry.Shape { os, _ := g.Orientations(s); return os }
		mirror = g.Mirror
	}
	// a piece's class: its shape up to rotation and its multiplicity
	class := func(s geometry.Shape, pc puzzle.Piece) string {
		var keys []string
		for _, o := range orientations(s) {
			keys = append(keys, o.String())
		}
		slices.Sort(keys)
		return fmt.Sprintf("%d:%d %s", pc.Min, pc.Max, strings.Join(keys, ";"))
	}
	own := make([]string, len(p.Pieces))
	mirrored := make([]string, len(p.Pieces))
	for i, pc := range p.Pieces {
		if len(pc.Orientations) == 0 {
			return nil, false
		}
		own[i] = class(pc.Orientations[0], pc)
		mirrored[i] = class(mirror(pc.Orientations[0]), pc)
	}
	for i := range p.Pieces {
		if own[i] == mirrored[i] || i > slices.Index(own, own[i]) {
			continue // achiral, or a copy paired with the first of its class
		}
		var same, other []int
		for j := range p.Pieces {
			switch own[j] {
			case own[i]:
				same = append(same, j)
			case mirrored[i]:
				other = append(other, j)
			}
		}
		if len(same) != len(other) {
			return nil, false
		}
		for k := range same {
			out[same[k]], out[other[k]] = other[k], same[k]
		}
	}
	return out, true
}

// solutionKey names a solution by its sorted placements.
func solutionKey(s []int32) string {
	b := make([]byte, 0, 4*len(s))
	for _, o := range s {
		b = binary.LittleEndian.AppendUint32(b, uint32(o))
	}
	return string(b)
}

// orbits sorts the solutions into classes under the group (maps on
// placements), returning each solution's class and each class's size.
func (t *Truth) orbits(sols [][]int32, group [][]int32) (class, size []int32, err error) {
	class = make([]int32, len(sols))
	for i := range class {
		class[i] = -1
	}
	img := make([]int32, 0, 16)
	for i, s := range sols {
		if class[i] >= 0 {
			continue
		}
		id := int32(len(size))
		size = append(size, 0)
		for _, m := range group {
			img = img[:0]
			for _, o := range s {
				img = append(img, m[o])
			}
			slices.Sort(img)
			j, ok := t.index[solutionKey(img)]
			if !ok {
				return nil, nil, fmt.Errorf("the image of a solution under a symmetry is no solution")
			}
			if class[j] < 0 {
				class[j] = id
				size[id]++
			}
		}
	}
	return class, size, nil
}

// Count returns the number of solutions (DistinctNone) or classes.
func (t *Truth) Count(d puzzle.Distinct) int64 {
	return int64(len(t.size[d]))
}

// Class returns the class of the solution made of the given options (the
// option numbers of p.Problem(), that is indices into p.Placements()), in
// mode d, and the number of solutions in that class; ok is false when the
// options make no solution.
func (t *Truth) Class(d puzzle.Distinct, options []int) (class, size int, ok bool) {
	s := make([]int32, len(options))
	for i, o := range options {
		if o < 0 || o >= len(t.canon) {
			return 0, 0, false
		}
		s[i] = t.canon[o]
	}
	slices.Sort(s)
	j, ok := t.index[solutionKey(s)]
	if !ok {
		return 0, 0, false
	}
	c := t.class[d][j]
	return int(c), int(t.size[d][c]), true
}
