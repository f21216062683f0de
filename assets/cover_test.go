package assets

// A small exact-cover counter for the tests: it fills the first empty cell
// (in an order that runs along the box's shorter axes first) with every
// placement whose first cell it is, as de Bruijn's pentomino program does.
// It counts the same solutions as DLX on the spec's DLX file (placements are
// generated the same way: 24 rotations in 3D, 8 symmetries in 2D, the 4
// rotations alone for a piece a "| one-sided" line names), with
// multiplicities counting each packing once. Then it sorts the solutions
// into orbits under the box's rotations and under all its symmetries.

import (
	"context"
	"slices"
	"testing"
)

type bits [4]uint64 // up to 256 cells

func (b bits) overlaps(c bits) bool {
	return b[0]&c[0] != 0 || b[1]&c[1] != 0 || b[2]&c[2] != 0 || b[3]&c[3] != 0
}

func (b bits) or(c bits) bits { return bits{b[0] | c[0], b[1] | c[1], b[2] | c[2], b[3] | c[3]} }

func (b bits) firstZero(n int) int {
	for w := range 4 {
		if b[w] != ^uint64(0) {
			for i := 0; i < 64; i++ {
				if b[w]&(1<<i) == 0 {
					if k := w*64 + i; k < n {
						return k
					}
					return -1
				}
			}
		}
	}
	return -1
}

type placement struct {
	piece int
	set   bits
	cells []int // lexicographic box indices
}

// placed is one piece of a solution: its index and its box cells. Identical
// copies of a piece (multiplicity) share the index, so a solution must be
// kept as its placements, not as a piece label per cell: two L tetrominoes
// can fill a 2x4 block in two ways that label every cell alike.
type placed struct {
	piece int
	cells []int
}

type coverResult struct {
	raw        int64
	solutions  [][]placed // each solution's placements
	rotations  int        // orbits under the box's proper symmetries
	all        int        // orbits under all its symmetries (== rotations if the set is not closed under reflection)
	reflective bool       // the piece set is closed under reflection
}

type coverOptions struct {
	lock    string // restrict this piece to its first orientation
	collect bool   // keep the solutions and count orbits
}

// countCover enumerates every packing of s.
func countCover(ctx context.Context, s tspec, opt coverOptions) (coverResult, error) {
	var res coverResult
	n := len(s.box)
	if n > 256 {
		return res, context.Canceled
	}
	lex := map[cell]int{}
	for i, c := range s.box {
		lex[c] = i
	}
	// Search order: the box's longest axis varies slowest.
	lo, hi := bounds(s.box)
	axes := []int{0, 1, 2}
	slices.SortStableFunc(axes, func(a, b int) int { return (hi[b] - lo[b]) - (hi[a] - lo[a]) })
	order := slices.Clone(s.box)
	slices.SortFunc(order, func(a, b cell) int {
		for _, ax := range axes {
			if a[ax] != b[ax] {
				return a[ax] - b[ax]
			}
		}
		return 0
	})
	search := map[cell]int{}
	for i, c := range order {
		search[c] = i
	}

	// Generate the placements, grouped by their first cell in search order.
	byFirst := make([][]placement, n)
	for pi, p := range s.pieces {
		orients := p.orientations(s.planar)
		if p.name == opt.lock {
			orients = orients[:1]
		}
		for _, o := range orients {
			_, ohi := bounds(o)
			for dx := lo[0]; dx+ohi[0] <= hi[0]; dx++ {
				for dy := lo[1]; dy+ohi[1] <= hi[1]; dy++ {
					for dz := lo[2]; dz+ohi[2] <= hi[2]; dz++ {
						pl := placement{piece: pi}
						first := n
						ok := true
						for _, c := range o {
							t := cell{c[0] + dx, c[1] + dy, c[2] + dz}
							k, in := search[t]
							if !in {
								ok = false
								break
							}
							pl.set[k/64] |= 1 << (k % 64)
							pl.cells = append(pl.cells, lex[t])
							first = min(first, k)
						}
						if ok {
							byFirst[first] = append(byFirst[first], pl)
						}
					}
				}
			}
		}
	}

	left := make([]int, len(s.pieces))
	for i, p := range s.pieces {
		left[i] = p.mult
	}
	var stack []*placement
	var nodes int64
	var walk func(filled bits) error
	walk = func(filled bits) error {
		if nodes++; nodes&0xfff == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		c := filled.firstZero(n)
		if c < 0 {
			res.raw++
			if opt.collect {
				sol := make([]placed, len(stack))
				for i, pl := range stack {
					sol[i] = placed{pl.piece, pl.cells}
				}
				res.solutions = append(res.solutions, sol)
			}
			return nil
		}
		for i := range byFirst[c] {
			pl := &byFirst[c][i]
			if left[pl.piece] == 0 || filled.overlaps(pl.set) {
				continue
			}
			left[pl.piece]--
			stack = append(stack, pl)
			err := walk(filled.or(pl.set))
			stack = stack[:len(stack)-1]
			left[pl.piece]++
			if err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(bits{}); err != nil {
		return res, err
	}
	if opt.collect {
		res.rotations, res.all, res.reflective = countOrbits(s, res.solutions)
	}
	return res, nil
}

// boxSymmetries returns, for each transform of the world that maps the box
// onto itself (up to translation), the permutation of lexicographic cell
// indices and whether it is improper.
func boxSymmetries(s tspec) (perms [][]int, improperAt []bool) {
	lex := map[cell]int{}
	for i, c := range s.box {
		lex[c] = i
	}
	lo, _ := bounds(s.box)
	for _, m := range group(s.planar, false) {
		img := make([]cell, len(s.box))
		for i, c := range s.box {
			img[i] = m.apply(c)
		}
		ilo, _ := bounds(img)
		perm := make([]int, len(s.box))
		ok := true
		for i, c := range img {
			t := cell{c[0] - ilo[0] + lo[0], c[1] - ilo[1] + lo[1], c[2] - ilo[2] + lo[2]}
			k, in := lex[t]
			if !in {
				ok = false
				break
			}
			perm[i] = k
		}
		if ok {
			perms = append(perms, perm)
			improperAt = append(improperAt, improper(m, s.planar))
		}
	}
	return perms, improperAt
}

// orientations returns the orientations the piece may take: all that the
// spec generates, or its rotations alone when it is one-sided.
func (p tpiece) orientations(planar bool) [][]cell {
	if !p.oneSided {
		return orientations(p.cells, planar)
	}
	seen := map[string]bool{}
	var out [][]cell
	for _, m := range group(planar, true) {
		t := transform(m, p.cells)
		if k := shapeKey(t); !seen[k] {
			seen[k] = true
			out = append(out, t)
		}
	}
	return out
}

// mirrorMap maps each piece to the piece its mirror image is (up to the
// transforms the spec generates for it: a one-sided piece's mirror image
// is another one-sided piece, up to rotation), or returns ok = false if
// some mirror image is not in the set.
func mirrorMap(s tspec) (mirror []byte, ok bool) {
	key := func(p tpiece, cells []cell) string {
		if p.oneSided {
			return "one-sided " + canon(cells, group(s.planar, true))
		}
		return canon(cells, group(s.planar, !s.planar))
	}
	keys := map[string]int{}
	for i, p := range s.pieces {
		keys[key(p, p.cells)] = i
	}
	flip := xform{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	for _, p := range s.pieces {
		j, in := keys[key(p, transform(flip, p.cells))]
		if !in {
			return nil, false
		}
		mirror = append(mirror, byte(j))
	}
	return mirror, true
}

func countOrbits(s tspec, sols [][]placed) (rot, all int, reflective bool) {
	perms, imp := boxSymmetries(s)
	mirror, reflective := mirrorMap(s)
	canonical := func(sol []placed, withReflections bool) string {
		best := ""
		for gi, perm := range perms {
			if imp[gi] && !withReflections {
				continue
			}
			img := make([][]byte, len(sol))
			for i, pl := range sol {
				p := pl.piece
				if imp[gi] {
					p = int(mirror[p])
				}
				// Length, sorted cells, piece: a self-delimiting record.
				rec := make([]byte, 1, len(pl.cells)+2)
				rec[0] = byte(len(pl.cells))
				for _, k := range pl.cells {
					rec = append(rec, byte(perm[k]))
				}
				slices.Sort(rec[1:])
				img[i] = append(rec, byte(p))
			}
			slices.SortFunc(img, func(a, b []byte) int { return int(a[1]) - int(b[1]) })
			k := string(slices.Concat(img...))
			if best == "" || k < best {
				best = k
			}
		}
		return best
	}
	r, a := map[string]bool{}, map[string]bool{}
	for _, sol := range sols {
		r[canonical(sol, false)] = true
		a[canonical(sol, reflective)] = true
	}
	return len(r), len(a), reflective
}

// TestOneSidedReader: a "| one-sided" line keeps its pieces to their
// rotations, and a reflection of the board maps each one-sided piece to
// its mirror image (F to F'), never to itself unless it is symmetric.
func TestOneSidedReader(t *testing.T) {
	s, err := parseSpec("[0-4][0-4]\nF 10 20 01 11 12\nF' 10 00 21 11 12\nI 00 01 02 03 04\nX 10 01 11 21 12\nW 00 10 11 21 22\n| one-sided F F' I X\n", true)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"F": 4, "F'": 4, "I": 2, "X": 1, "W": 4}
	for _, p := range s.pieces {
		if n := len(p.orientations(true)); n != want[p.name] || p.oneSided == (p.name == "W") {
			t.Errorf("%s: one-sided %v, %d orientations, want %d", p.name, p.oneSided, n, want[p.name])
		}
	}
	mirror, ok := mirrorMap(s)
	if !ok || string(mirror) != string([]byte{1, 0, 2, 3, 4}) {
		t.Errorf("mirror map %v (%v), want F and F' exchanged, the rest kept", mirror, ok)
	}
	// without F' the one-sided set is not closed under reflection
	s.pieces = s.pieces[:1]
	if _, ok := mirrorMap(s); ok {
		t.Error("a one-sided F alone is taken as its own mirror image")
	}
	if _, err := parseSpec("[0-4]0\nI 00 10\n| fixed I\n", true); err == nil {
		t.Error("a fixed piece is read, though the counter does not know fixed pieces")
	}
}
