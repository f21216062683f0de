package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math"

	"polyviz/geometry"
	"polyviz/solver"
)

// ErrTooBig is the reason for refusing to build a problem that would need
// more memory than allowed (see TooBigError).
var ErrTooBig = errors.New("problem too big for the memory limit")

// TooBigError says how much memory a problem would need and the limit it
// passes. It unwraps to ErrTooBig.
type TooBigError struct {
	Name        string
	Need, Limit int64 // bytes
	What        string
	// AtLeast is true when the sizing stopped once Need passed a multiple
	// of Limit (ProblemBytes): the problem needs more than Need.
	AtLeast bool
}

func (e *TooBigError) Error() string { return e.Name + ": " + e.Reason() }

// Reason is the error without the input's name, for a dialog titled by it.
func (e *TooBigError) Reason() string {
	if e.AtLeast {
		return fmt.Sprintf("%s needs more than %s of memory, over %d times the limit of %s",
			e.What, solver.FormatBytes(e.Need), e.Need/max(e.Limit, 1), solver.FormatBytes(e.Limit))
	}
	return fmt.Sprintf("%s needs about %s of memory, more than the limit of %s",
		e.What, solver.FormatBytes(e.Need), solver.FormatBytes(e.Limit))
}

// ProblemTooBig is the refusal of name's problem, sized by ProblemBytes at
// need bytes under limit.
func ProblemTooBig(name string, need, limit int64) *TooBigError {
	return &TooBigError{Name: name, What: "its exact-cover problem", Need: need, Limit: limit, AtLeast: need > countLimit(limit)}
}

// countLimit is where ProblemBytes stops counting placements: eight times
// the limit, so that a refusal says what a problem needs when it is within
// reach of a bigger limit, and a box of a billion placements is refused in
// a second rather than counted for a minute.
func countLimit(limit int64) int64 {
	if limit > math.MaxInt64/8 {
		return math.MaxInt64
	}
	return 8 * limit
}

func (e *TooBigError) Unwrap() error { return ErrTooBig }

// bytesPerNode is the memory of an exact-cover problem built from a spec,
// per node (an item of an option), with room to spare: puzzle.Load takes
// 65 to 79 bytes on the reference puzzles, and a whole solve's peak
// resident memory is 99 to 125 bytes on boxes of 12 to 63 million nodes.
const bytesPerNode = 128

// bytesPerPiece is what each piece costs beyond its placements' nodes:
// its name, its map entries, its item in the problem, its orientations;
// measured on a board of 10^5 one-cell pieces, 2,140 bytes a piece for
// the reader and the problem, rounded up. The symmetry cut costs about as
// much again (see CutBytes).
const bytesPerPiece = 2560

// BytesPerDLXByte is the memory a DLX file takes once read, per byte of the
// file: 18 to 24 for the reference files (the text itself, the problem and
// its names), rounded up.
const BytesPerDLXByte = 26

// ProblemBytes estimates the memory that Problem (and a solver's engine on
// it) needs: about 128 bytes per item of every option and 2,560 per
// piece (a board of a million one-cell pieces has few nodes but costs its
// pieces). A quick upper bound
// on the number of placements (every shift of every base placement within
// the box's bounds) answers when it is under limit; otherwise the
// placements are counted, all of them, so that a refusal says what the
// problem needs, up to eight times limit (countLimit: beyond that it says
// "more than"). limit <= 0
// means no limit (the upper bound is returned). It stops early when ctx is
// cancelled.
func (p *Puzzle) ProblemBytes(ctx context.Context, limit int64) (int64, error) {
	if p.explicit != nil {
		n := int64(0)
		for _, pl := range p.explicit {
			n += int64(pl.NumItems() + 1)
		}
		return n*bytesPerNode + int64(len(p.Pieces))*bytesPerPiece, nil
	}
	pieces := int64(len(p.Pieces)) * bytesPerPiece
	bound := p.boundNodes()*bytesPerNode + pieces
	if limit <= 0 || bound <= limit {
		return bound, nil
	}
	// counted past limit, so that a refusal says how much the problem
	// needs (the count costs time only), up to countLimit
	nodes, stop := int64(0), countLimit(limit)
	err := p.eachPlacementContext(ctx, func(j int, _ geometry.Cell) bool {
		nodes += int64(len(p.Bases[j].Shape) + 1)
		return nodes*bytesPerNode+pieces <= stop
	})
	return nodes*bytesPerNode + pieces, err
}

// boundNodes is an upper bound on the problem's nodes: every shift of every
// base placement that keeps it within the box's extreme coordinates.
func (p *Puzzle) boundNodes() int64 {
	n := int64(0)
	span := func(lo, hi int) int64 { return int64(max(0, hi-lo+1)) }
	for _, b := range p.Bases {
		lo, hi := p.shiftRange(b)
		shifts := span(lo.X, hi.X) * span(lo.Y, hi.Y) * span(lo.Z, hi.Z)
		n += shifts * int64(len(b.Shape)+1)
	}
	return n + int64(len(p.cells)+len(p.Pieces))
}
