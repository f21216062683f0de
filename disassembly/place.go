package disassembly

import (
	"math"

	"polyviz/geometry"
)

// place chooses the distance of every removal: far enough that the group
// is clear of the pieces it left (one empty cell between), and further
// when a later move would meet it where it waits. The parts are taken
// apart independently, so only a replay of the whole sequence in one space
// shows whether two of them meet; when they do, the separation between
// the two is made longer by the length of the group that left (so that
// it clears a piece of its own size), and the replay starts again; after
// many rounds, by the size of the whole puzzle.
func (w *world) place(moves []Move, seps []separation) {
	lo, hi := geometry.Shape(w.allCells()).Bounds()
	big := max(hi.X-lo.X, hi.Y-lo.Y, hi.Z-lo.Z) + 2
	extra := make([]int, len(seps))
	for round := range 24*len(seps) + 24 {
		a, b, ok := w.replay(moves, seps, extra)
		if ok {
			return
		}
		r := separating(seps, a, b)
		if r < 0 {
			return // a piece met a wall: cannot happen for moves the search made
		}
		step := w.length(seps[r].group, moves[seps[r].move].Dir) + 1
		if round >= 8*len(seps) {
			step = big
		}
		extra[r] += step
	}
}

// length returns the extent along d of the pieces in group.
func (w *world) length(group uint64, d geometry.Cell) int {
	lo, hi := math.MaxInt, math.MinInt
	for i, p := range w.pieces {
		if group&(1<<i) == 0 {
			continue
		}
		for _, c := range p {
			lo, hi = min(lo, dot(c, d)), max(hi, dot(c, d))
		}
	}
	return max(hi-lo+1, 1)
}

// allCells returns the cells of every piece and of the box.
func (w *world) allCells() []geometry.Cell {
	var all []geometry.Cell
	for _, p := range w.pieces {
		all = append(all, p...)
	}
	return append(all, w.box...)
}

// separating returns the separation that put pieces a and b in different
// parts, or -1.
func separating(seps []separation, a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	ba, bb := uint64(1)<<a, uint64(1)<<b
	for r, s := range seps {
		if (s.group&ba != 0 && s.rest&bb != 0) || (s.group&bb != 0 && s.rest&ba != 0) {
			return r
		}
	}
	return -1
}

// replay plays the moves in one space, setting each removal's distance
// from where the pieces are then (plus its extra), and reports the first
// two pieces that meet (-1 for a wall), or ok.
func (w *world) replay(moves []Move, seps []separation, extra []int) (a, b int, ok bool) {
	pos := make([]geometry.Cell, len(w.pieces))
	owner := map[geometry.Cell]int{}
	for i, p := range w.pieces {
		for _, c := range p {
			owner[c] = i
		}
	}
	for _, c := range w.walls {
		owner[c] = -1
	}
	sep := 0
	for n := range moves {
		mv := &moves[n]
		if mv.Removal {
			for sep < len(seps) && seps[sep].move != n {
				sep++
			}
			if sep < len(seps) {
				mv.Dist = w.clearance(pos, seps[sep], mv.Dir) + extra[sep]
			}
		}
		movers := uint64(0)
		for _, i := range mv.Pieces {
			movers |= 1 << i
		}
		// sweep one step at a time, over the cells each step passes
		sd := w.sdOf(mv.Dir)
		var buf []geometry.Cell
		for t := 0; t < mv.Dist; t++ {
			for _, i := range mv.Pieces {
				for _, c := range w.pieces[i] {
					buf = w.moves.passes(buf[:0], c.Add(pos[i]).Add(scale(mv.Dir, t)), sd)
					for _, c := range buf {
						if o, hit := owner[c]; hit && (o < 0 || movers&(1<<o) == 0) {
							return i, o, false
						}
					}
				}
			}
		}
		// move the pieces in the occupancy
		for _, i := range mv.Pieces {
			for _, c := range w.pieces[i] {
				delete(owner, c.Add(pos[i]))
			}
		}
		for _, i := range mv.Pieces {
			pos[i] = pos[i].Add(scale(mv.Dir, mv.Dist))
			for _, c := range w.pieces[i] {
				owner[c.Add(pos[i])] = i
			}
		}
	}
	return 0, 0, true
}

// clearance returns the distance that takes the separation's group along d
// past the pieces of the rest and the box, with one empty cell between.
func (w *world) clearance(pos []geometry.Cell, s separation, d geometry.Cell) int {
	gMin, rMax := math.MaxInt, math.MinInt
	for i, p := range w.pieces {
		in := uint64(1) << i
		for _, c := range p {
			v := dot(c.Add(pos[i]), d)
			if s.group&in != 0 {
				gMin = min(gMin, v)
			} else if s.rest&in != 0 {
				rMax = max(rMax, v)
			}
		}
	}
	for _, c := range w.box {
		rMax = max(rMax, dot(c, d))
	}
	if gMin == math.MaxInt || rMax == math.MinInt {
		return 1
	}
	return max(1, rMax-gMin+2)
}

func scale(d geometry.Cell, k int) geometry.Cell {
	return geometry.Cell{X: d.X * k, Y: d.Y * k, Z: d.Z * k}
}
