package ui

import (
	"image/color"
	"math"
	"slices"

	"polyviz/geometry"
)

// look says what the view shows of a puzzle beyond the solution itself.
type look struct {
	// layer hides every cell above this z (for 3D); negative shows all.
	layer int
	// explode pushes the pieces apart from the box's centre: 0 packed, 1
	// twice as far apart.
	explode float64
	// play is how far the assembly animation has got, in pieces: piece k of
	// the solution is in flight while k <= play < k+1; negative shows all.
	// With a plan, it counts the plan's steps instead.
	play float64
	// plan, when it has steps, is the path Play follows.
	plan *AssemblyPlan
	// opacity, if not nil, is the opacity of some options of the solution
	// (Puzzle.Blocking); 0 hides the piece.
	opacity map[int]float64
	// hidden, if not nil, says for each piece of the puzzle whether it is
	// hidden (not drawn), so that the inside of a packing shows.
	hidden []bool
	// focus, when positive, is one more than the piece selected: it is
	// drawn as is and every other piece faint.
	focus int
}

// focusFaint is the opacity of the pieces other than the one selected.
const focusFaint = 0.3

// isHidden says whether piece i is hidden.
func (l *look) isHidden(i int) bool { return hiddenAt(l.hidden, i) }

// hiddenAt says whether hidden marks piece i (out of range: not hidden).
func hiddenAt(hidden []bool, i int) bool { return i >= 0 && i < len(hidden) && hidden[i] }

// opacityOf is the opacity of piece i under the focus.
func (l *look) opacityOf(i int) float64 {
	if l.focus > 0 && i != l.focus-1 {
		return focusFaint
	}
	return 1
}

// fullLook shows everything, packed.
var fullLook = look{layer: -1, play: -1}

// colors returns the piece colours of p.
func colors(b *Backend, p *Puzzle) []color.NRGBA {
	cs := make([]color.NRGBA, len(p.Pieces))
	for i := range cs {
		if b.PieceColor != nil {
			cs[i] = b.PieceColor(i, len(p.Pieces))
		} else {
			cs[i] = fallbackColor(i)
		}
	}
	return cs
}

// fallbackColor is used when the backend has no palette.
func fallbackColor(i int) color.NRGBA {
	palette := []color.NRGBA{
		{0xe6, 0x7e, 0x6f, 0xff}, {0x6f, 0xa8, 0xe6, 0xff}, {0x8f, 0xd1, 0x7a, 0xff},
		{0xf0, 0xc0, 0x5a, 0xff}, {0xb3, 0x8c, 0xe0, 0xff}, {0x5a, 0xd0, 0xc8, 0xff},
	}
	return palette[i%len(palette)]
}

// puzzleScene is the empty box of p.
func puzzleScene(p *Puzzle) *Scene {
	return &Scene{Planar: p.Planar, Box: p.Box, Grid: p.Grid, Wrap: p.Wrap}
}

// explodedFrame is the frame that stays put around box when Explode (e)
// pushes its contents apart: the box's bounds about its centre, scaled by
// 1 + e.
func explodedFrame(box []geometry.Cell, e float64) *[2][3]float64 {
	lo, hi := geometry.Shape(box).Bounds()
	f := 1 + e
	mid := [3]float64{float64(lo.X+hi.X+1) / 2, float64(lo.Y+hi.Y+1) / 2, float64(lo.Z+hi.Z+1) / 2}
	half := [3]float64{float64(hi.X-lo.X+1) / 2 * f, float64(hi.Y-lo.Y+1) / 2 * f, float64(hi.Z-lo.Z+1) / 2 * f}
	return &[2][3]float64{
		{mid[0] - half[0], mid[1] - half[1], mid[2] - half[2]},
		{mid[0] + half[0], mid[1] + half[1], mid[2] + half[2]},
	}
}

// solutionScene is p's box with solution s packed in it, seen with l.
func solutionScene(p *Puzzle, cs []color.NRGBA, s Solution, l look) *Scene {
	sc := puzzleScene(p)
	centre := boxCentre(p.Box)
	if len(p.Box) > 0 {
		sc.Frame = explodedFrame(p.Box, l.explode)
	}
	if sc.Frame != nil && l.play >= 0 {
		widenForPlay(sc.Frame, p, s, l)
	}
	order := assemblyOrder(p, s)
	var planOff [][3]float64
	var planShown []bool
	index := map[int]int{} // option -> its index in s
	if l.play >= 0 && l.plan != nil && len(l.plan.Steps) > 0 {
		planOff, planShown = l.plan.at(len(s), l.play)
		for k, o := range s {
			index[o] = k
		}
	}
	for k, opt := range order {
		pl := p.Placements[opt]
		if l.isHidden(pl.Piece) {
			continue
		}
		sp := ScenePiece{Piece: pl.Piece, Cells: pl.Cells, Opacity: 1}
		if l.focus > 0 && pl.Piece != l.focus-1 {
			sp.Opacity = focusFaint
		}
		if o, ok := l.opacity[opt]; ok {
			sp.Opacity = o
		}
		if pl.Piece >= 0 && pl.Piece < len(p.Pieces) {
			sp.Name, sp.Color = p.Pieces[pl.Piece].Name, cs[pl.Piece]
		}
		if l.layer >= 0 && !p.Planar {
			sp.Cells = cellsUpTo(sp.Cells, l.layer)
		}
		if l.explode > 0 {
			c := boxCentre(pl.Cells)
			for a := range 3 {
				sp.Offset[a] = (c[a] - centre[a]) * l.explode
			}
		}
		if planOff != nil {
			i := index[opt]
			if !planShown[i] {
				continue // not yet come in
			}
			for a := range 3 {
				sp.Offset[a] += planOff[i][a]
			}
		} else if l.play >= 0 {
			t := l.play - float64(k)
			if t <= 0 {
				continue // not yet thrown in
			}
			if t < 1 {
				flyIn(&sp, t, p.Planar)
			}
		}
		if len(sp.Cells) > 0 {
			sc.Pieces = append(sc.Pieces, sp)
		}
	}
	if p.Labels != nil {
		sc.Labels = dropUnshown(followPieces(p.Labels(s), sc.Pieces), p, s, sc.Pieces)
	}
	// a board of triangles or hexagons shows through where pieces are not
	// (yet) in it, as squares' floor does
	sc.GridFloor = p.Grid.FlatBoard(p.Box, p.Planar) && (l.play >= 0 || l.explode > 0 || len(sc.Pieces) < len(order))
	return sc
}

// dropUnshown drops the labels on cells of the solution's pieces that the
// scene does not show (not yet thrown in by Play, or above the layer
// shown), so that a numbered piece's number does not float in the box
// before the piece arrives.
func dropUnshown(labels []CellLabel, p *Puzzle, s Solution, pieces []ScenePiece) []CellLabel {
	if len(labels) == 0 {
		return labels
	}
	shown := map[geometry.Cell]bool{}
	for _, sp := range pieces {
		for _, c := range sp.Cells {
			shown[c] = true
		}
	}
	covered := map[geometry.Cell]bool{}
	for _, o := range s {
		if o >= 0 && o < len(p.Placements) {
			for _, c := range p.Placements[o].Cells {
				covered[c] = true
			}
		}
	}
	out := labels[:0]
	for _, l := range labels {
		if !covered[l.Cell] || shown[l.Cell] {
			out = append(out, l)
		}
	}
	return out
}

// followPieces moves each label with the scene piece that holds its cell,
// and drops the labels of cells whose piece is not shown (not yet thrown in,
// or above the layer shown); a label on a cell no piece covers stays put.
func followPieces(labels []CellLabel, pieces []ScenePiece) []CellLabel {
	if len(labels) == 0 {
		return nil
	}
	want := make(map[geometry.Cell]int, len(labels)) // cell -> piece, -1 none yet
	for _, l := range labels {
		want[l.Cell] = -1
	}
	for i, sp := range pieces {
		for _, c := range sp.Cells {
			if _, ok := want[c]; ok {
				want[c] = i
			}
		}
	}
	out := make([]CellLabel, 0, len(labels))
	for _, l := range labels {
		if i := want[l.Cell]; i >= 0 {
			l.Offset = pieces[i].Offset
		}
		out = append(out, l)
	}
	return out
}

// assemblyOrder lists the options of s in the order Play brings them in:
// bottom layer first, and within a layer from back to front and left to
// right, so that no piece drops through one already in place; a planar
// board is laid from left to right. Options that are not placements are left out.
func assemblyOrder(p *Puzzle, s Solution) []int {
	type keyed struct {
		opt int
		key [3]int
	}
	var ks []keyed
	for _, o := range s {
		if o < 0 || o >= len(p.Placements) || len(p.Placements[o].Cells) == 0 {
			continue
		}
		lo, _ := geometry.Shape(p.Placements[o].Cells).Bounds()
		k := [3]int{lo.Z, lo.Y, lo.X}
		if p.Planar {
			k = [3]int{lo.X, lo.Y, 0}
		}
		ks = append(ks, keyed{o, k})
	}
	slices.SortStableFunc(ks, func(a, b keyed) int {
		for i := range 3 {
			if a.key[i] != b.key[i] {
				return a.key[i] - b.key[i]
			}
		}
		return 0
	})
	out := make([]int, len(ks))
	for i, k := range ks {
		out[i] = k.opt
	}
	return out
}

// flyDistance is how far (in cells) a piece starts from its place when it
// flies in (see flyIn).
const flyDistance = 6

// playMargin bounds how far, as a share of the board's larger side, Play
// widens the view around a board (see widenForPlay).
const playMargin = 0.4

// widenForPlay widens frame, the box, to hold every piece of solution s
// wherever Play puts it: along the assembly plan (its offsets at each step,
// where a piece's path turns) or, with no plan, the stretch above the box
// (in front of a board) that pieces fly in through. The frame is the same
// for the whole of Play, so the camera does not move with the pieces.
//
// A board (a planar puzzle, seen from above) widens by at most
// playMargin of its larger side each way: pieces taken out of it slide
// far (16 to 20 cells on hexiamond 6x6), and a frame holding all their
// paths showed the board at a third of the view; they come in from
// beyond its edge instead.
func widenForPlay(frame *[2][3]float64, p *Puzzle, s Solution, l look) {
	if p.Planar {
		board := *frame
		defer func() {
			m := playMargin * math.Max(board[1][0]-board[0][0], board[1][1]-board[0][1])
			for a := range 2 {
				frame[0][a] = math.Max(frame[0][a], board[0][a]-m)
				frame[1][a] = math.Min(frame[1][a], board[1][a]+m)
			}
		}()
	}
	grow := func(lo, hi [3]float64) {
		for a := range 3 {
			frame[0][a] = math.Min(frame[0][a], lo[a])
			frame[1][a] = math.Max(frame[1][a], hi[a])
		}
	}
	if l.plan == nil || len(l.plan.Steps) == 0 {
		lo, hi := frame[0], frame[1]
		if p.Planar {
			lo[1] -= flyDistance
			hi[0] += flyDistance / 2
		} else {
			hi[2] += flyDistance
		}
		grow(lo, hi)
		return
	}
	bounds := make([][2][3]float64, len(s))
	for k, opt := range s {
		if opt >= 0 && opt < len(p.Placements) && len(p.Placements[opt].Cells) > 0 {
			lo, hi := geometry.Shape(p.Placements[opt].Cells).Bounds()
			bounds[k] = [2][3]float64{{float64(lo.X), float64(lo.Y), float64(lo.Z)}, {float64(hi.X + 1), float64(hi.Y + 1), float64(hi.Z + 1)}}
		}
	}
	for step := range len(l.plan.Steps) + 1 {
		// just after the step starts: a piece that enters there is shown,
		// still at the far end of its path
		off, shown := l.plan.at(len(s), math.Min(float64(step)+1e-9, float64(len(l.plan.Steps))))
		for k := range s {
			if !shown[k] {
				continue
			}
			b := bounds[k]
			for a := range 3 {
				b[0][a] += off[k][a]
				b[1][a] += off[k][a]
			}
			grow(b[0], b[1])
		}
	}
}

// flyIn moves a piece that is a fraction t of the way into its place: it
// drops from above (from the front for a planar board), easing out, and fades in.
func flyIn(sp *ScenePiece, t float64, planar bool) {
	u := 1 - t
	ease := u * u * u // cubic ease-out: fast start, gentle landing
	d := flyDistance * ease
	if planar {
		sp.Offset[1] -= d
		sp.Offset[0] += d / 2
	} else {
		sp.Offset[2] += d
	}
	sp.Opacity = 0.35 + 0.65*t
}

// orientationScene shows orientation o of piece i on its own.
func orientationScene(p *Puzzle, cs []color.NRGBA, i, o int) *Scene {
	pc := p.Pieces[i]
	if o < 0 || o >= len(pc.Orientations) {
		return &Scene{Planar: p.Planar}
	}
	return &Scene{Planar: p.Planar, Grid: p.Grid, Pieces: []ScenePiece{{
		Piece: i, Name: pc.Name, Cells: pc.Orientations[o], Color: cs[i], Opacity: 1,
	}}}
}

// cellsUpTo keeps the cells at height z <= layer.
func cellsUpTo(cells []geometry.Cell, layer int) []geometry.Cell {
	var out []geometry.Cell
	for _, c := range cells {
		if c.Z <= layer {
			out = append(out, c)
		}
	}
	return out
}

// boxCentre is the centre of the unit cubes of cells.
func boxCentre(cells []geometry.Cell) [3]float64 {
	var c [3]float64
	if len(cells) == 0 {
		return c
	}
	for _, p := range cells {
		c[0] += float64(p.X)
		c[1] += float64(p.Y)
		c[2] += float64(p.Z)
	}
	n := float64(len(cells))
	return [3]float64{c[0]/n + 0.5, c[1]/n + 0.5, c[2]/n + 0.5}
}

// height is the number of layers of a 3D box.
func height(p *Puzzle) int {
	if len(p.Box) == 0 {
		return 0
	}
	lo, hi := geometry.Shape(p.Box).Bounds()
	return hi.Z - lo.Z + 1
}
