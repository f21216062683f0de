package puzzle

import (
	"context"
	"fmt"

	"polyviz/geometry"
)

// Reach returns what the placements reach, without listing them: covered
// holds every cell some placement covers (its Cells: the drawable ones)
// and placed, by piece, whether some placement places it. A board of
// millions of placements is walked in a second and nothing is kept, so a
// reason to give up (a cell no piece covers) costs no problem; the walk
// ends once every cell is covered, and a piece not placed by then is
// looked for alone. It stops, returning ctx.Err(), when ctx is cancelled.
func (p *Puzzle) Reach(ctx context.Context) (covered map[geometry.Cell]bool, placed []bool, err error) {
	covered, placed = map[geometry.Cell]bool{}, make([]bool, len(p.Pieces))
	cells, pieces := 0, 0
	for _, c := range p.cells {
		if p.primary(c) {
			cells++
		}
	}
	// a placement reached: true when all is
	reach := func(piece int, cs []geometry.Cell) bool {
		if !placed[piece] {
			placed[piece] = true
			pieces++
		}
		for _, c := range cs {
			if !covered[c] {
				covered[c] = true
				cells--
			}
		}
		return cells <= 0 && pieces == len(p.Pieces)
	}
	p.placeMu.Lock()
	listed := p.explicit != nil || p.placed
	p.placeMu.Unlock()
	if listed {
		for i, pl := range p.Placements() {
			if i&(1<<14-1) == 0 && ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			reach(pl.Piece, pl.Cells) // all of them: a listed one's cells need not be the box's
		}
		return covered, placed, nil
	}
	wrapped := p.wrap.On() // fitsSomewhere does not wrap
	var seen occupancy     // the box's cells are in its range: faster than the map
	err = p.eachPlacementContext(ctx, func(j int, d geometry.Cell) bool {
		b := p.Bases[j]
		if !placed[b.Piece] {
			placed[b.Piece] = true
			pieces++
		}
		for _, c := range b.Shape {
			if c = p.at(c.Add(d)); p.primary(c) && !seen.has(c) {
				seen.add(c)
				covered[c] = true
				cells--
			}
		}
		return cells > 0 || pieces < len(p.Pieces) && wrapped
	})
	if err != nil {
		return nil, nil, err
	}
	if wrapped {
		return covered, placed, nil
	}
	// every cell covered: a piece not placed yet needs one base that fits
	for _, b := range p.Bases {
		if !placed[b.Piece] && p.fitsSomewhere(b) {
			placed[b.Piece] = true
		}
	}
	return covered, placed, nil
}

// SamePlacements reports whether p and q place the same pieces (by name)
// on the same cells, deciding it from their boxes and base placements
// rather than by listing the placements: two sets of translates of shapes
// are equal when the same shapes, up to translation, fit somewhere. ok is
// false when it cannot be decided so: a puzzle whose placements are
// listed (a DLX file's, BurrTools' colours or grids), whose board wraps,
// with suffixed cells, or on a lattice other than squares and cubes.
func SamePlacements(p, q *Puzzle) (same, ok bool) {
	for _, z := range []*Puzzle{p, q} {
		if l := z.lattice(); z.explicit != nil || z.grid != nil || z.wrap.On() || len(z.Suffixes) > 0 ||
			l != geometry.Squares() && l != geometry.Cubes() {
			return false, false
		}
		for _, b := range z.Bases {
			if lo, _ := b.Shape.Bounds(); lo != (geometry.Cell{}) {
				return false, false // its placements are not all its translates
			}
		}
	}
	if !geometry.NewShape(p.cells...).Equal(geometry.NewShape(q.cells...)) {
		return false, true
	}
	a, b := p.fittingShapes(), q.fittingShapes()
	if len(a) != len(b) {
		return false, true
	}
	for name, s := range a {
		t, found := b[name]
		if !found || len(s) != len(t) {
			return false, true
		}
		for k := range s {
			if !t[k] {
				return false, true
			}
		}
	}
	return true, true
}

// fittingShapes returns, by piece name, the shapes (as keys)
// of the base placements that fit somewhere in the box; a piece that fits
// nowhere is left out, as it places nothing.
func (p *Puzzle) fittingShapes() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, b := range p.Bases {
		if !p.fitsSomewhere(b) {
			continue
		}
		name := p.Pieces[b.Piece].Name
		if out[name] == nil {
			out[name] = map[string]bool{}
		}
		out[name][fmt.Sprint(geometry.NewShape(b.Shape...))] = true
	}
	return out
}

// fitsSomewhere reports whether some shift of base b puts it in the box,
// the shifts eachPlacementContext tries (on a lattice that does not wrap).
func (p *Puzzle) fitsSomewhere(b Base) bool {
	zlo, zhi := p.boxLo.Z, p.boxHi.Z-b.max.Z
	if p.lattice().Axes() == 2 {
		zlo, zhi = 0, 0
	}
	for dx := p.boxLo.X; dx <= p.boxHi.X-b.max.X; dx++ {
		for dy := p.boxLo.Y; dy <= p.boxHi.Y-b.max.Y; dy++ {
			for dz := zlo; dz <= zhi; dz++ {
				if p.fits(b.Shape, geometry.Cell{X: dx, Y: dy, Z: dz}) {
					return true
				}
			}
		}
	}
	return false
}
