package puzzle

import (
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"strings"

	"polyviz/geometry"
)

// ErrBadWrapLine is a "| wrap" line that names no axis, an axis twice, an
// axis the lattice has not, or comes a second time; or a wrap on a
// lattice other than squares and cubes.
var ErrBadWrapLine = errors.New("bad wrap line")

// readWrapLine reads which edges of the board (faces of the box) are
// joined, from a comment line after the box (Knuth's programs read it as
// a comment, and pack a flat board):
//
//	| wrap x        a cylinder: the left and right edges are joined
//	| wrap y        a cylinder: the bottom and top edges are joined
//	| wrap x y      a torus (also written "| wrap xy")
//	| wrap xyz      a box of cubes joined across all three pairs of faces
//
// Along a joined axis the period is the box's extent (its greatest
// coordinate less its least, plus one), and a piece may straddle the join:
// its cells are taken modulo the period (see Puzzle.Wrap). Boards of
// squares and boxes of cubes wrap; the other lattices do not.
func (r *specReader) readWrapLine() error {
	pz := r.pz
	seen := false
	for i, line := range pz.Lines {
		word, ok := commentWord(line)
		if !ok || word != "wrap" {
			continue
		}
		rest, _ := strings.CutPrefix(line, "|")
		if !ok || i+1 <= pz.boxAt.line {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 || f[0] != "wrap" {
			continue
		}
		after := strings.Index(line, "wrap") + len("wrap")
		at := func(col int, msg string) error {
			return &ParseError{File: r.file, Line: i + 1, Col: col + 1, Err: detail(ErrBadWrapLine, "%s", msg)}
		}
		if seen {
			return at(after-len("wrap"), "the board's wrap is given twice")
		}
		seen = true
		l := pz.lattice()
		if l != geometry.Squares() && l != geometry.Cubes() {
			return at(after-len("wrap"), "only boards of squares and boxes of cubes wrap, not "+l.Name())
		}
		if len(f) == 1 {
			return at(after, `name the axes joined: "| wrap x", "| wrap x y" or "| wrap xyz"`)
		}
		var axes [3]bool
		for p := after; p < len(line); p++ {
			c := line[p]
			if c == ' ' || c == '\t' {
				continue
			}
			a := strings.IndexByte("xyz", c|0x20)
			switch {
			case a < 0:
				return at(p, "unknown axis "+string(rune(c))+" (want x, y or z)")
			case a == 2 && pz.Planar:
				return at(p, "a board has no z axis to join")
			case axes[a]:
				return at(p, "axis "+string(rune(c))+" is joined twice")
			}
			axes[a] = true
		}
		if len(pz.cells) == 0 {
			return at(after-len("wrap"), "the box is empty")
		}
		w := geometry.Wrap{Lo: pz.boxLo}
		size := pz.boxHi.Sub(pz.boxLo).Add(geometry.Cell{X: 1, Y: 1, Z: 1})
		if axes[0] {
			w.Period.X = size.X
		}
		if axes[1] {
			w.Period.Y = size.Y
		}
		if axes[2] {
			w.Period.Z = size.Z
		}
		pz.wrap = w
	}
	return nil
}

// Wrap returns how the box's faces are joined: the zero Wrap for a flat
// board or box. Along a joined axis a placement's cells are taken modulo
// the period, so that a piece may straddle the join; a placement two of
// whose cells would fall on one there is left out (a piece longer than
// the period may still go round where none do),
// and the offsets and orientations of a piece that cover the same cells
// give one placement. The box's symmetries then include the translations
// along the joined axes (see Symmetry).
func (p *Puzzle) Wrap() geometry.Wrap { return p.wrap }

// eachWrappedPlacement is eachPlacementContext for a box that wraps:
// along a joined axis every offset in one period is tried, each cell is
// taken modulo the period, a placement whose cells meet is skipped, and a
// set of cells a piece has already been placed on is skipped too (the
// first offset and base in Knuth's order stands for it).
func (p *Puzzle) eachWrappedPlacement(ctx context.Context, f func(j int, d geometry.Cell) bool) error {
	w := p.wrap
	seen := map[string]bool{}
	var key []byte
	var cells []geometry.Cell
	n := 0
	for j, b := range p.Bases {
		lo, hi := p.shiftRange(b)
		for dx := lo.X; dx <= hi.X; dx++ {
			for dy := lo.Y; dy <= hi.Y; dy++ {
				for dz := lo.Z; dz <= hi.Z; dz++ {
					if n++; n&(1<<12-1) == 0 && ctx.Err() != nil {
						return ctx.Err()
					}
					d := geometry.Cell{X: dx, Y: dy, Z: dz}
					cells = cells[:0]
					in := true
					for _, c := range b.Shape {
						c = w.Reduce(c.Add(d))
						if !p.occupied.has(c) {
							in = false
							break
						}
						cells = append(cells, c)
					}
					if !in {
						continue
					}
					slices.SortFunc(cells, geometry.Cell.Compare)
					if len(slices.Compact(slices.Clone(cells))) != len(cells) {
						continue // the piece would overlap itself across the join
					}
					key = binary.AppendUvarint(key[:0], uint64(b.Piece))
					for _, c := range cells {
						key = binary.AppendUvarint(key, uint64(c.X))
						key = binary.AppendUvarint(key, uint64(c.Y))
						key = binary.AppendUvarint(key, uint64(c.Z))
					}
					if seen[string(key)] {
						continue
					}
					seen[string(key)] = true
					if !f(j, d) {
						return nil
					}
				}
			}
		}
	}
	return nil
}

// shiftRange returns the least and greatest shifts of base b that
// eachPlacement tries: those that keep it within the box's extreme
// coordinates, and along a joined axis one whole period.
func (p *Puzzle) shiftRange(b Base) (lo, hi geometry.Cell) {
	lo, hi = p.boxLo, p.boxHi.Sub(b.max)
	if p.lattice().Axes() == 2 {
		lo.Z, hi.Z = 0, 0 // Z is a kind and tag, not translated
	}
	per := p.wrap.Period
	if per.X > 0 {
		hi.X = lo.X + per.X - 1
	}
	if per.Y > 0 {
		hi.Y = lo.Y + per.Y - 1
	}
	if per.Z > 0 {
		hi.Z = lo.Z + per.Z - 1
	}
	return lo, hi
}

// at returns cell c of a placement shifted into the box: c itself on a
// flat box, c modulo the periods on one that wraps.
func (p *Puzzle) at(c geometry.Cell) geometry.Cell {
	if p.wrap.On() {
		return p.wrap.Reduce(c)
	}
	return c
}

// groupBound is an upper bound on the order of the box's symmetry group:
// the lattice's (or a grid's) times the translations along joined axes.
func (p *Puzzle) groupBound() int64 {
	group := int64(48) // the cube's: no lattice or grid has more
	if p.grid == nil {
		group = int64(len(p.lattice().Group()))
	}
	for _, per := range []int{p.wrap.Period.X, p.wrap.Period.Y, p.wrap.Period.Z} {
		group *= int64(max(1, per))
	}
	return group
}
