package disassembly

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"polyviz/geometry"
)

// MaxPieces is the largest number of pieces Disassemble accepts.
const MaxPieces = 64

// DefaultMaxStates is the bound on the states searched when
// Options.MaxStates is zero.
const DefaultMaxStates = 200000

// Errors Disassemble returns for input it cannot work on.
var (
	ErrTooManyPieces = errors.New("too many pieces")
	ErrOverlap       = errors.New("pieces overlap")
	ErrBadOpenSide   = errors.New("the open side must be one unit step along an axis")
	ErrEmptyPiece    = errors.New("a piece has no cells")
	ErrTooLarge      = errors.New("the packing is too large")
	ErrBadGroups     = errors.New("bad piece groups")
)

// MaxExtent bounds the packing's extent on each axis, in cells.
const MaxExtent = 1024

// Options sets up Disassemble. The zero value is a boxless 3D puzzle with
// the default bound.
type Options struct {
	// Planar restricts moves to ±x and ±y (a 2D puzzle lying in z = 0).
	Planar bool
	// Prisms takes the cells as BurrTools' triangular prisms (gridType 1,
	// geometry.Prisms) and moves the pieces as BurrTools does there: along
	// four directions, each either way: (0,0,1) from layer to layer,
	// (2,0,0) along a row to the next triangle of the same orientation,
	// and (1,1,0) and (-1,1,0) across the rows; a step is free when the
	// cells a triangle passes over and lands on are (see prismMoves).
	// Planar is ignored, and there can be no Box.
	Prisms bool
	// Triangles takes the cells as Knuth's triangles (geometry.Triangles:
	// Z is the kind, 0 Δ or 1 ∇), a board one layer thick: they move as
	// BurrTools' prisms do (Prisms; Δ xy is prism 2x+y of row y, ∇ xy the
	// next one), in their plane only, along the lattice's three directions
	// each way. The moves' directions are Knuth's: (1,0,0) along a row,
	// (0,1,0) and (-1,1,0) across. There can be no Box.
	Triangles bool
	// Hexagons takes the cells as Knuth's hexagons (geometry.Hexagons,
	// axial: Z is 0), a board one layer thick: a piece steps across an
	// edge, along (1,0,0), (0,1,0) or (-1,1,0), or toward a corner, along
	// (1,1,0), (-1,2,0) or (2,-1,0), each either way, passing over the two
	// hexagons next to both ends (see hexMoves). There can be no Box;
	// Planar and Prisms are ignored.
	Hexagons bool
	// Box, when not empty, is fixed: its walls are the cells next to it
	// (across a face, edge or corner) that are not in it, except those
	// beyond its open side.
	Box geometry.Shape
	// Open is the open side of the box, a unit step along an axis
	// ({Z: 1}: the top is open). It is needed when Box is set.
	Open geometry.Cell
	// MaxStates bounds the number of states searched, over all the
	// separations; 0 means DefaultMaxStates.
	MaxStates int
	// Groups, when not nil, gives each piece's group, as BurrTools'
	// "group" of a piece: pieces of the same group g > 0 may stay
	// together (a part made only of them need not come apart); group 0
	// (the default) must come apart.
	Groups []int
	// Cache, when not nil, is the movement cache to use (and fill): one
	// shared by the calls on the packings of one puzzle saves work.
	Cache *Cache
	// LevelsOnly skips choosing the distances of the removals (Moves
	// then has them 0): for a tally of levels, where no one replays the
	// moves.
	LevelsOnly bool
}

// Status says how far a packing comes apart.
type Status int

const (
	// Apart: every piece comes free.
	Apart Status = iota
	// Locked: some part cannot come apart by these moves; every state
	// reachable from it was searched.
	Locked
	// Unknown: the bound on states was reached before the answer.
	Unknown
)

func (s Status) String() string {
	switch s {
	case Apart:
		return "apart"
	case Locked:
		return "locked"
	}
	return "unknown"
}

// Move is one move: the pieces (indices into the pieces given to
// Disassemble) slide together by Dist cells in direction Dir, a unit step
// along an axis.
type Move struct {
	Pieces []int
	Dir    geometry.Cell
	Dist   int
	// Removal is true for the move that takes the group free of the pieces
	// it was with; Dist is then a distance that takes it clear of them,
	// chosen so that no later move meets it.
	Removal bool
}

// AxisName writes a unit direction as "+x", "-z" (or the vector).
func AxisName(d geometry.Cell) string {
	switch d {
	case geometry.Cell{X: 1}:
		return "+x"
	case geometry.Cell{X: -1}:
		return "-x"
	case geometry.Cell{Y: 1}:
		return "+y"
	case geometry.Cell{Y: -1}:
		return "-y"
	case geometry.Cell{Z: 1}:
		return "+z"
	case geometry.Cell{Z: -1}:
		return "-z"
	}
	return fmt.Sprintf("(%d,%d,%d)", d.X, d.Y, d.Z)
}

// ParseAxis reads "+x", "-y", "z" (meaning +z) as a unit direction.
func ParseAxis(s string) (geometry.Cell, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	sign := 1
	switch {
	case strings.HasPrefix(t, "+"):
		t = t[1:]
	case strings.HasPrefix(t, "-"):
		sign, t = -1, t[1:]
	}
	switch t {
	case "x":
		return geometry.Cell{X: sign}, nil
	case "y":
		return geometry.Cell{Y: sign}, nil
	case "z":
		return geometry.Cell{Z: sign}, nil
	}
	return geometry.Cell{}, fmt.Errorf("%w: %s (want +x, -x, +y, -y, +z or -z)", ErrBadOpenSide, strconv.Quote(s))
}

// Result is what Disassemble found.
type Result struct {
	Status Status
	// Level is the number of moves up to and including the first removal
	// (0 when nothing comes out).
	Level int
	// Levels is the number of moves of every separation, in BurrTools'
	// order: a separation, then the part that stayed, then the part that
	// came out.
	Levels []int
	// Notation is BurrTools' level string ("4.9.3"): see LevelString.
	Notation string
	// Together lists the parts that stayed together because all their
	// pieces are in one group (Options.Groups).
	Together []Cluster
	// Moves is the whole sequence, separations in order; for a packing
	// that does not come apart, the moves found before the part that
	// would not.
	Moves []Move
	// States is the number of states searched (each separation's start
	// included); MaxStates the bound.
	States, MaxStates int
}

// Separates reports whether the packing comes apart in BurrTools' sense:
// it comes apart and at least one move separates two parts. A single
// piece, or pieces that may all stay together (one group), has nothing to
// take apart, and BurrTools does not count such an assembly as a solution.
func (r Result) Separates() bool {
	return r.Status == Apart && len(r.Levels) > 0
}

// Cluster is a part that stayed together: its pieces, all of group Group.
type Cluster struct {
	Group  int
	Pieces []int
}

// LevelString is BurrTools' level notation: the moves of the first
// separation, then, after a dot, the notation of the part that stayed,
// then of the part that came out, each written only when somewhere in it
// a separation takes more than one move ("1.1.1" is written "1").
func (r Result) LevelString() string {
	return r.Notation
}

// sepTree is one separation: its number of moves and the separations of
// the part that stayed (left) and the part that came out (removed); nil
// for a part of one piece or of one group.
type sepTree struct {
	moves         int
	left, removed *sepTree
}

func (t *sepTree) multi() bool {
	return t != nil && (t.moves > 1 || t.left.multi() || t.removed.multi())
}

func (t *sepTree) text(b *strings.Builder) {
	b.WriteString(strconv.Itoa(t.moves))
	for _, c := range []*sepTree{t.left, t.removed} {
		if c.multi() {
			b.WriteByte('.')
			c.text(b)
		}
	}
}

// Disassemble finds how the pieces (each a set of cells, in place in the
// packing) come apart, as BurrTools' disassembler does: the fewest moves
// before a piece or group comes out, found breadth first in BurrTools'
// order, and then the same for the part that stayed and the part that came
// out. It returns ctx.Err() when cancelled, and an error for more than
// MaxPieces pieces, pieces that overlap (or overlap the box's walls), a
// piece with no cells, a packing more than MaxExtent cells across, a bad
// open side or bad groups.
func Disassemble(ctx context.Context, pieces []geometry.Shape, opt Options) (Result, error) {
	if !opt.Triangles {
		return disassemble(ctx, pieces, opt)
	}
	if len(opt.Box) > 0 {
		return Result{}, fmt.Errorf("%w: no box on triangles", ErrBadOpenSide)
	}
	prisms := make([]geometry.Shape, len(pieces))
	for i, p := range pieces {
		prisms[i] = make(geometry.Shape, len(p))
		for k, c := range p {
			prisms[i][k] = geometry.Cell{X: 2*c.X + c.Y + c.Z, Y: c.Y}
		}
	}
	opt.Prisms = true
	r, err := disassemble(ctx, prisms, opt)
	for k, m := range r.Moves {
		// a prism step (dx, dy) is dy rows across and (dx-dy)/2 along
		r.Moves[k].Dir = geometry.Cell{X: (m.Dir.X - m.Dir.Y) / 2, Y: m.Dir.Y}
	}
	return r, err
}

// disassemble is Disassemble on cubes or BurrTools' prisms.
func disassemble(ctx context.Context, pieces []geometry.Shape, opt Options) (Result, error) {
	if len(pieces) > MaxPieces {
		return Result{}, fmt.Errorf("%w: %d (at most %d)", ErrTooManyPieces, len(pieces), MaxPieces)
	}
	if opt.MaxStates <= 0 {
		opt.MaxStates = DefaultMaxStates
	}
	w, err := newWorld(pieces, opt)
	if err != nil {
		return Result{}, err
	}
	res := Result{Status: Apart, MaxStates: opt.MaxStates}
	all := make([]int, len(w.pieces))
	for i := range all {
		all[i] = i
	}
	start := make([]geometry.Cell, len(w.pieces))
	var seps []separation
	if len(all) < 2 {
		return res, nil
	}
	tree, st, err := w.takeApart(ctx, all, start, &res, &seps)
	w.cache.scratch.nodes, w.cache.scratch.arena = w.nodes[:0], w.arena[:0]
	res.States = w.states
	if err != nil {
		return res, err
	}
	res.Status = st
	if tree != nil {
		var b strings.Builder
		tree.text(&b)
		res.Notation = b.String()
		res.Level = tree.moves
	} else if len(res.Levels) > 0 {
		res.Level = res.Levels[0]
	}
	if !opt.LevelsOnly {
		w.place(res.Moves, seps)
	}
	return res, nil
}

// separation remembers, for a removal, which pieces came out and which
// stayed, so that the pieces can be placed in space without meeting.
type separation struct {
	move        int    // index of the removal in the moves
	group, rest uint64 // pieces (global bits)
}

// takeApart separates the part made of the given pieces (indices into
// w.pieces, at offsets pos from their places in the packing), then the
// part that stayed, then the part that came out, appending the moves to
// res. It returns the separation tree, or nil and why not.
func (w *world) takeApart(ctx context.Context, idx []int, pos []geometry.Cell, res *Result, seps *[]separation) (*sepTree, Status, error) {
	p := newPart(w, idx, pos)
	w.states++
	f, err := p.search(ctx)
	w.nodes = p.nodes[:0] // the storage, for the next search
	if err != nil {
		return nil, Unknown, err
	}
	if f.status != Apart {
		return nil, f.status, nil
	}
	// the moves up to the node before the separation, then the removal
	var path []int
	for k := f.at; p.nodes[k].parent >= 0; k = int(p.nodes[k].parent) {
		path = append(path, k)
	}
	slices.Reverse(path)
	for _, k := range path {
		n := p.nodes[k]
		res.Moves = append(res.Moves, Move{Pieces: pieceList(idx, n.moved), Dir: w.moves.dir(int(n.sd)), Dist: int(n.amount)})
	}
	res.Moves = append(res.Moves, Move{Pieces: pieceList(idx, f.removed), Dir: w.moves.dir(f.sd), Removal: true})
	tree := &sepTree{moves: len(path) + 1}
	res.Levels = append(res.Levels, tree.moves)
	var stay, gone []int
	var sPos, gPos []geometry.Cell
	end := p.nodes[f.at].pos
	for k, i := range idx {
		if f.removed&(1<<k) != 0 {
			gone, gPos = append(gone, i), append(gPos, end[k])
		} else {
			stay, sPos = append(stay, i), append(sPos, end[k])
		}
	}
	*seps = append(*seps, separation{move: len(res.Moves) - 1, group: bitsOf(gone), rest: bitsOf(stay)})
	var st Status
	if tree.left, st, err = w.sub(ctx, stay, sPos, res, seps); err != nil || st != Apart {
		return nil, st, err
	}
	if tree.removed, st, err = w.sub(ctx, gone, gPos, res, seps); err != nil || st != Apart {
		return nil, st, err
	}
	return tree, Apart, nil
}

// sub takes apart one part of a separation: nothing to do for one piece
// or for pieces all of one group g > 0 (they may stay together).
func (w *world) sub(ctx context.Context, idx []int, pos []geometry.Cell, res *Result, seps *[]separation) (*sepTree, Status, error) {
	if len(idx) == 1 {
		return nil, Apart, nil
	}
	if g := w.commonGroup(idx); g > 0 {
		res.Together = append(res.Together, Cluster{Group: g, Pieces: slices.Clone(idx)})
		return nil, Apart, nil
	}
	return w.takeApart(ctx, idx, pos, res, seps)
}

// commonGroup returns the group of the pieces when they all have the same
// one, else 0.
func (w *world) commonGroup(idx []int) int {
	g := w.group[idx[0]]
	for _, i := range idx[1:] {
		if w.group[i] != g {
			return 0
		}
	}
	return g
}

func pieceList(idx []int, g uint64) []int {
	var out []int
	for k, i := range idx {
		if g&(1<<k) != 0 {
			out = append(out, i)
		}
	}
	return out
}

func bitsOf(idx []int) uint64 {
	var b uint64
	for _, i := range idx {
		b |= 1 << i
	}
	return b
}
