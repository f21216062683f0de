package disassembly

import (
	"context"
	"errors"
	"fmt"
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
)

// MaxExtent bounds the packing's extent on each axis, in cells.
const MaxExtent = 1024

// Options sets up Disassemble. The zero value is a boxless 3D puzzle with
// the default bound.
type Options struct {
	// Planar restricts moves to ±x and ±y (a 2D puzzle lying in z = 0).
	Planar bool
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
	// Levels is the level of every separation, in the order made.
	Levels []int
	// Moves is the whole sequence, separations in order; for a packing
	// that does not come apart, the moves found before the part that
	// would not.
	Moves []Move
	// States is the number of states searched (each separation's start
	// included); MaxStates the bound.
	States, MaxStates int
}

// LevelString writes Levels as BurrTools does, joined by dots ("2.1.1").
func (r Result) LevelString() string {
	parts := make([]string, len(r.Levels))
	for i, l := range r.Levels {
		parts[i] = strconv.Itoa(l)
	}
	return strings.Join(parts, ".")
}

// Disassemble finds how the pieces (each a set of cells, in place in the
// packing) come apart: the fewest moves before the first piece or group
// comes out, and then the same for each part. It returns ctx.Err() when
// cancelled, and an error for more than MaxPieces pieces, pieces that
// overlap (or overlap the box's walls), a piece with no cells, a packing
// more than MaxExtent cells across, or a bad open side.
func Disassemble(ctx context.Context, pieces []geometry.Shape, opt Options) (Result, error) {
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
	all := make([]int, len(pieces))
	for i := range all {
		all[i] = i
	}
	start := make([]geometry.Cell, len(pieces))
	var seps []separation
	st, err := w.takeApart(ctx, all, start, len(opt.Box) > 0, &res, &seps)
	res.States = w.states
	if err != nil {
		return res, err
	}
	res.Status = st
	if len(res.Levels) > 0 {
		res.Level = res.Levels[0]
	}
	w.place(res.Moves, seps)
	return res, nil
}

// separation remembers, for a removal, which pieces came out and which
// stayed, so that the pieces can be placed in space without meeting.
type separation struct {
	move        int    // index of the removal in the moves
	group, rest uint64 // pieces (global bits)
}

// takeApart separates the part made of the given pieces (at offsets off
// from their places in the packing), then its two parts, appending the
// moves to res. It returns Apart when every piece came free.
func (w *world) takeApart(ctx context.Context, idx []int, off []geometry.Cell, boxed bool, res *Result, seps *[]separation) (Status, error) {
	if len(idx) == 0 || (len(idx) == 1 && !boxed) {
		return Apart, nil
	}
	found, err := w.search(ctx, idx, off, boxed)
	if err != nil {
		return Unknown, err
	}
	if found.status != Apart {
		return found.status, nil
	}
	res.Levels = append(res.Levels, len(found.moves))
	var group, rest []int
	var gOff, rOff []geometry.Cell
	for k, i := range idx {
		if found.group&(1<<k) != 0 {
			group, gOff = append(group, i), append(gOff, found.end[k])
		} else {
			rest, rOff = append(rest, i), append(rOff, found.end[k])
		}
	}
	res.Moves = append(res.Moves, found.moves...)
	*seps = append(*seps, separation{move: len(res.Moves) - 1, group: bitsOf(group), rest: bitsOf(rest)})
	// the group that came out first, then what is left
	st1, err := w.takeApart(ctx, group, gOff, false, res, seps)
	if err != nil {
		return Unknown, err
	}
	st2, err := w.takeApart(ctx, rest, rOff, boxed, res, seps)
	if err != nil {
		return Unknown, err
	}
	return combine(st1, st2), nil
}

// combine is the status of a packing whose two parts have statuses a and
// b: locked when either part is known not to come apart.
func combine(a, b Status) Status {
	if a == Locked || b == Locked {
		return Locked
	}
	return max(a, b)
}

func bitsOf(idx []int) uint64 {
	var b uint64
	for _, i := range idx {
		b |= 1 << i
	}
	return b
}
