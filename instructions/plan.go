package instructions

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/disassembly"
	"polyviz/geometry"
	"polyviz/render"
)

// Input is a solved packing to write instructions for.
type Input struct {
	// Title names the puzzle and the solution ("soma.txt, solution 1").
	Title string
	// Packing is the finished packing: every piece in its place (offsets
	// are ignored), the box, and the grid of the cells.
	Packing *render.Scene
	// Planar is true for a 2D puzzle, seen from above.
	Planar bool
	// Kinds gives, for each piece of Packing, the puzzle's piece it is a
	// copy of, so that the piece list counts copies; nil counts by name.
	Kinds []int
	// Disassembly, when it took the packing apart (its moves index
	// Packing.Pieces), gives the steps: its moves reversed. Nil, or one
	// that did not take the packing apart, gives steps by layer.
	Disassembly *disassembly.Result
	// FixedBox is true when Disassembly held the box fixed (its walls a
	// piece that never moves): the box is drawn in the steps in it.
	FixedBox bool
	// Note says why the steps go by layer (no disassembly applies, the
	// packing is locked...); it is written on the first page.
	Note string
}

// Mode says how a sheet's steps were found.
type Mode int

const (
	// ByMoves: the reverse of a disassembly, one step a move.
	ByMoves Mode = iota
	// ByLayers: one piece a step, bottom layer first (a board: from the
	// left), each dropped in from above.
	ByLayers
)

// Sheet is a packing's assembly instructions: the piece list and the
// steps. Pages are the piece list and then one page a step.
type Sheet struct {
	Title   string
	Mode    Mode
	Note    string
	Packing *render.Scene
	Planar  bool
	// Kinds is the piece list: one entry per different piece, in order of
	// first use in Packing.
	Kinds []Kind
	Steps []Step
}

// Kind is one entry of the piece list: a piece and how many copies the
// packing uses.
type Kind struct {
	Name  string
	Count int
	// Piece is one copy of it (an index in Packing.Pieces) to draw.
	Piece int
}

// Step is one step of an assembly: Moving pieces move by Move (world
// units) from where Before has them; the other Shown pieces stay, drawn
// faint. A step with a zero Move starts a group, or (boards) lays a piece
// in its place.
type Step struct {
	Number int
	// Moving and Shown are indices into Packing.Pieces; Shown holds Moving.
	Moving, Shown []int
	// Before is the offset of every piece of Packing (world units) at the
	// start of the step; only those of Shown pieces mean anything.
	Before []mgl64.Vec3
	// Move is the moving pieces' displacement.
	Move    mgl64.Vec3
	Caption string
	// Box draws the packing's box as a ghost.
	Box bool
}

// Pages is the number of pages of the sheet: the piece list and one a step.
func (s *Sheet) Pages() int { return 1 + len(s.Steps) }

// Errors Build returns.
var (
	ErrNoPacking  = errors.New("no packing to assemble")
	ErrBadKinds   = errors.New("piece kinds do not match the pieces")
	ErrBadReplay  = errors.New("the disassembly does not replay on this packing")
	ErrIncomplete = errors.New("the steps do not assemble the packing")
)

// Build turns a packing and its disassembly into the steps of its
// assembly. With a disassembly that takes the packing apart the steps are
// its moves reversed: each part is put together in the reverse of the way
// it came apart, a step "start with piece X" where a group begins, and
// the part that came out then put in. Otherwise the steps go by layer.
func Build(in Input) (*Sheet, error) {
	if in.Packing == nil || len(in.Packing.Pieces) == 0 {
		return nil, ErrNoPacking
	}
	n := len(in.Packing.Pieces)
	if in.Kinds != nil && len(in.Kinds) != n {
		return nil, fmt.Errorf("%w: %d kinds for %d pieces", ErrBadKinds, len(in.Kinds), n)
	}
	s := &Sheet{Title: in.Title, Packing: in.Packing, Planar: in.Planar, Note: in.Note}
	s.Kinds = pieceList(in.Packing, in.Kinds)
	r := in.Disassembly
	if r != nil && r.Status == disassembly.Apart && len(r.Moves) > 0 {
		steps, err := moveSteps(in, *r)
		if err != nil {
			return nil, err
		}
		s.Mode, s.Steps = ByMoves, steps
		if s.Note == "" {
			s.Note = fmt.Sprintf("The reverse of the disassembly (level %s): no piece passes through another.", r.LevelString())
		}
	} else {
		s.Mode, s.Steps = ByLayers, layerSteps(in)
		if s.Note == "" {
			s.Note = "Steps by layer: nothing interlocks, each piece goes straight in."
		}
	}
	for k := range s.Steps {
		s.Steps[k].Number = k + 1
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return s, nil
}

// pieceList groups the packing's pieces by kind (or by name), counting copies.
func pieceList(p *render.Scene, kinds []int) []Kind {
	var out []Kind
	at := map[string]int{}
	for i, pc := range p.Pieces {
		key := "n:" + pc.Name
		if kinds != nil {
			key = fmt.Sprint("k:", kinds[i])
		}
		if k, ok := at[key]; ok {
			out[k].Count++
			continue
		}
		at[key] = len(out)
		out = append(out, Kind{Name: pc.Name, Count: 1, Piece: i})
	}
	return out
}

// part is a set of pieces being taken apart together; box is set when the
// fixed box's walls are one of them.
type part struct {
	pieces []int
	box    bool
}

func (p part) has(i int) bool { return slices.Contains(p.pieces, i) }

// needsMoves reports whether the disassembly takes the part apart: more
// than one piece (the box counts), and not a group that stays together.
func (p part) needsMoves(together []disassembly.Cluster) bool {
	if len(p.pieces)+b2i(p.box) < 2 {
		return false
	}
	for _, c := range together {
		if !p.box && sameSet(c.Pieces, p.pieces) {
			return false
		}
	}
	return true
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func sameSet(a, b []int) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(i int) bool { return !slices.Contains(b, i) })
}

// moveSteps replays the disassembly forward, noting the part each move
// takes apart and where every piece is after it (BurrTools' order: a
// separation, then the part that stayed, then the part that came out),
// and then writes the steps backwards.
func moveSteps(in Input, r disassembly.Result) ([]Step, error) {
	n := len(in.Packing.Pieces)
	g := in.Packing.Grid
	all := part{pieces: make([]int, n), box: in.FixedBox}
	for i := range n {
		all.pieces[i] = i
	}
	stack := []part{all}
	var cur *part
	parts := make([]part, len(r.Moves))
	after := make([][]mgl64.Vec3, len(r.Moves))
	shift := make([]mgl64.Vec3, len(r.Moves))
	dists := make([]int, len(r.Moves))
	off := make([]mgl64.Vec3, n)
	for k, m := range r.Moves {
		for cur == nil && len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if p.needsMoves(r.Together) {
				cur = &p
			}
		}
		if cur == nil || len(m.Pieces) == 0 || slices.ContainsFunc(m.Pieces, func(i int) bool { return i < 0 || i >= n || !cur.has(i) }) {
			return nil, fmt.Errorf("%w: move %d", ErrBadReplay, k+1)
		}
		parts[k] = *cur
		dist := m.Dist
		if m.Removal {
			dist = clearDistance(in.Packing, *cur, m.Pieces, off, worldStep(g, m.Dir))
		}
		shift[k] = worldStep(g, m.Dir).Mul(float64(dist))
		dists[k] = dist
		for _, i := range m.Pieces {
			off[i] = off[i].Add(shift[k])
		}
		after[k] = slices.Clone(off)
		if m.Removal {
			stayed := part{box: cur.box}
			for _, i := range cur.pieces {
				if !slices.Contains(m.Pieces, i) {
					stayed.pieces = append(stayed.pieces, i)
				}
			}
			stack = append(stack, part{pieces: slices.Clone(m.Pieces)}, stayed)
			cur = nil
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("%w: the moves end before a part comes apart", ErrBadReplay)
	}
	for _, p := range stack {
		if p.needsMoves(r.Together) {
			return nil, fmt.Errorf("%w: the moves end before every part comes apart", ErrBadReplay)
		}
	}
	// backwards: each move undone is a step, after a start where a group begins
	names := pieceNames(in.Packing)
	shown := make([]bool, n)
	var steps []Step
	for k := len(r.Moves) - 1; k >= 0; k-- {
		m, p := r.Moves[k], parts[k]
		var fresh []int
		for _, i := range p.pieces {
			if !shown[i] && !slices.Contains(m.Pieces, i) {
				fresh = append(fresh, i)
			}
		}
		if len(fresh) > 0 {
			caption := "Start with " + pieceWord(names, fresh) + "."
			if slices.Contains(shown, true) {
				caption = "Start a new group with " + pieceWord(names, fresh) + "."
			}
			if p.box && in.FixedBox {
				caption = "Put " + pieceWord(names, fresh) + " in the box."
			}
			steps = append(steps, Step{Moving: fresh, Shown: fresh, Before: after[k], Caption: caption, Box: p.box && in.FixedBox})
			for _, i := range fresh {
				shown[i] = true
			}
		}
		verb := "Slide"
		if m.Removal {
			verb = "Bring in"
		}
		steps = append(steps, Step{
			Moving:  slices.Clone(m.Pieces),
			Shown:   slices.Clone(p.pieces),
			Before:  after[k],
			Move:    shift[k].Mul(-1),
			Caption: fmt.Sprintf("%s %s %s.", verb, pieceWord(names, m.Pieces), moveWords(m.Dir.X, m.Dir.Y, m.Dir.Z, dists[k], in.Planar)),
			Box:     p.box && in.FixedBox,
		})
		for _, i := range m.Pieces {
			shown[i] = true
		}
	}
	return steps, nil
}

// clearDistance is how many steps ws the pieces moving (of the part) go
// for the picture of their removal: until they are a cell clear of the
// rest of the part (the box too, when it is in the part) along ws. The
// disassembly takes them further, clear of every later move, which would
// leave them far off the page.
func clearDistance(s *render.Scene, p part, moving []int, off []mgl64.Vec3, ws mgl64.Vec3) int {
	l := ws.Len()
	if l == 0 {
		return 1
	}
	e := ws.Mul(1 / l)
	lo, hi := math.Inf(1), math.Inf(-1) // the moving pieces' least, the rest's greatest along e
	if p.box {
		for _, c := range s.Box {
			hi = math.Max(hi, cellCentre(s.Grid, c).Dot(e))
		}
	}
	for _, i := range p.pieces {
		for _, c := range s.Pieces[i].Cells {
			v := cellCentre(s.Grid, c).Add(off[i]).Dot(e)
			if contains(moving, i) {
				lo = math.Min(lo, v)
			} else {
				hi = math.Max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return 1
	}
	cell := 1.0
	if s.Grid != nil {
		cell = l
	}
	return max(1, int(math.Ceil((hi-lo+2*cell)/l-1e-9)))
}

// worldStep is a unit move of the cells in world units: the cell itself on
// cubes and squares, its translation in world space on a BurrTools grid.
func worldStep(g *geometry.Grid, d geometry.Cell) mgl64.Vec3 {
	if g == nil {
		return mgl64.Vec3{float64(d.X), float64(d.Y), float64(d.Z)}
	}
	a, b := g.WorldCentre(geometry.Cell{}), g.WorldCentre(d)
	return mgl64.Vec3{b[0] - a[0], b[1] - a[1], b[2] - a[2]}
}

// moveWords says how far and which way a reversed move goes: the move
// (dx, dy, dz) by dist cells, undone.
func moveWords(dx, dy, dz, dist int, planar bool) string {
	dx, dy, dz = -dx, -dy, -dz
	dir := ""
	switch {
	case dz < 0 && dx == 0 && dy == 0:
		dir = "down"
	case dz > 0 && dx == 0 && dy == 0:
		dir = "up"
	case planar && dx > 0 && dy == 0:
		dir = "to the right"
	case planar && dx < 0 && dy == 0:
		dir = "to the left"
	case planar && dy > 0 && dx == 0:
		dir = "up the page"
	case planar && dy < 0 && dx == 0:
		dir = "down the page"
	default:
		dir = "along " + disassembly.AxisName(geometry.Cell{X: dx, Y: dy, Z: dz}) + " (the arrow)"
	}
	unit := "cells"
	if dist == 1 {
		unit = "cell"
	}
	return fmt.Sprintf("%d %s %s", dist, unit, dir)
}

func pieceNames(s *render.Scene) []string {
	out := make([]string, len(s.Pieces))
	for i, p := range s.Pieces {
		out[i] = p.Name
		if out[i] == "" {
			out[i] = fmt.Sprint(i + 1)
		}
	}
	return out
}

// pieceWord names pieces in a caption: "piece A", "pieces A and B".
func pieceWord(names []string, idx []int) string {
	ns := make([]string, len(idx))
	for k, i := range idx {
		ns[k] = names[i]
	}
	if len(ns) == 1 {
		return "piece " + ns[0]
	}
	return "pieces " + strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}

// layerSteps puts in one piece a step: a 3D packing bottom layer first, in
// an order where no piece goes under one already placed (render's
// assembly order), each dropped from above; a board from the left, each
// piece laid in its place.
func layerSteps(in Input) []Step {
	p := in.Packing
	n := len(p.Pieces)
	order := render.NewAssembly(p, in.Planar).Order
	names := pieceNames(p)
	lows := make([]int, n)
	for i, pc := range p.Pieces {
		lo, _ := geometry.NewShape(pc.Cells...).Bounds()
		lows[i] = lo.Z
	}
	levels := slices.Compact(slices.Sorted(slices.Values(lows)))
	lift := mgl64.Vec3{}
	if !in.Planar {
		lo, hi, _ := p.Bounds()
		lift = mgl64.Vec3{0, 0, math.Max(2, 0.6*(hi[2]-lo[2]))}
	}
	var steps []Step
	for k, i := range order {
		before := make([]mgl64.Vec3, n)
		before[i] = lift
		caption := "Place " + pieceWord(names, []int{i}) + "."
		if !in.Planar {
			layer, _ := slices.BinarySearch(levels, lows[i])
			caption = fmt.Sprintf("Layer %d: put %s in from above.", layer+1, pieceWord(names, []int{i}))
		}
		steps = append(steps, Step{
			Moving:  []int{i},
			Shown:   slices.Clone(order[:k+1]),
			Before:  before,
			Move:    lift.Mul(-1),
			Caption: caption,
			Box:     true,
		})
	}
	return steps
}

// Check replays the steps and reports the first that does not follow from
// the ones before (a piece shown away from where the last step left it, a
// step that moves a piece not shown), and whether they end with every
// piece in its place: a step left out or a piece never placed is an error.
func (s *Sheet) Check() error {
	if s.Packing == nil || len(s.Steps) == 0 {
		return fmt.Errorf("%w: no steps", ErrIncomplete)
	}
	n := len(s.Packing.Pieces)
	pos := make([]mgl64.Vec3, n)
	seen := make([]bool, n)
	names := pieceNames(s.Packing)
	near := func(a, b mgl64.Vec3) bool { return a.Sub(b).Len() < 1e-6 }
	for k, st := range s.Steps {
		if len(st.Before) != n {
			return fmt.Errorf("%w: step %d has %d positions for %d pieces", ErrIncomplete, k+1, len(st.Before), n)
		}
		if len(st.Moving) == 0 {
			return fmt.Errorf("%w: step %d moves nothing", ErrIncomplete, k+1)
		}
		for _, i := range st.Moving {
			if i < 0 || i >= n || !slices.Contains(st.Shown, i) {
				return fmt.Errorf("%w: step %d moves piece %d, which it does not show", ErrIncomplete, k+1, i)
			}
		}
		for _, i := range st.Shown {
			if i < 0 || i >= n {
				return fmt.Errorf("%w: step %d shows piece %d of %d", ErrIncomplete, k+1, i, n)
			}
			if seen[i] && !near(pos[i], st.Before[i]) {
				return fmt.Errorf("%w: step %d shows piece %s away from where the step before left it", ErrIncomplete, k+1, names[i])
			}
			if !seen[i] && !slices.Contains(st.Moving, i) {
				return fmt.Errorf("%w: step %d shows piece %s before any step brings it", ErrIncomplete, k+1, names[i])
			}
			seen[i], pos[i] = true, st.Before[i]
		}
		for _, i := range st.Moving {
			pos[i] = pos[i].Add(st.Move)
		}
	}
	for i := range n {
		if !seen[i] {
			return fmt.Errorf("%w: piece %s is never placed", ErrIncomplete, names[i])
		}
		if !near(pos[i], mgl64.Vec3{}) {
			return fmt.Errorf("%w: piece %s does not end in its place", ErrIncomplete, names[i])
		}
	}
	if last := s.Steps[len(s.Steps)-1]; len(last.Shown) != n {
		return fmt.Errorf("%w: the last step shows %d of %d pieces", ErrIncomplete, len(last.Shown), n)
	}
	return nil
}
