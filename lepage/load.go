package lepage

import (
	"context"
	"fmt"

	"polyviz/puzzle"
	"polyviz/solver"
)

// Format is the name of Lepage's format, as --format spells it.
const Format puzzle.Format = "lepage"

// Load reads a problem file as package formats loads every input: his
// matrix as the exact-cover problem, the packing puzzle for drawing, his
// lock and constraints as Restrictions, and the *File as Source; with
// opt.NoProblem, BuildProblem builds his matrix when it is needed. A problem
// estimated to need more than opt.MaxBytes (its rows, the puzzle's
// placements, the problem and one search) is refused with a *MemoryError
// before anything is built.
func Load(name string, data []byte, opt puzzle.LoadOptions) (*puzzle.Loaded, error) {
	lp, err := ParseLimited(name, data, Limits{MaxBytes: opt.MaxBytes, Workers: 1, Puzzle: true})
	if err != nil {
		return nil, err
	}
	l := &puzzle.Loaded{Name: name, Format: Format, Puzzle: lp.Puzzle(), Restrictions: lp.Notes(), Source: lp}
	if opt.NoProblem {
		// his matrix, not the puzzle's problem (names and order differ):
		// the memory check above counted it
		l.BuildProblem = lp.ProblemContext
	} else {
		ctx := opt.Context
		if ctx == nil {
			ctx = context.Background()
		}
		if l.Problem, err = lp.ProblemContext(ctx); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// Limits bound the memory ParseLimited lets a problem take.
type Limits struct {
	// MaxBytes, if positive, is the most memory the problem may need (an
	// estimate from the number of rows and their cells).
	MaxBytes int64
	// Workers is how many workers will search the matrix, each with its
	// own copy of the dancing links; one is counted at least.
	Workers int
	// Puzzle says File.Puzzle will be built too (its placements take
	// about twice what the rows take).
	Puzzle bool
}

// Peak resident memory per row of his matrix, beyond the problem and its
// searches (solver.EstimateMemory), rounded up from what /usr/bin/time
// measured, less the 10 MB of a tiny problem: boxes of 8^3 to 13^3 with his
// 41 pieces (4.8 cells a row), of 12^3 with 400 monocubes or 150 dicubes,
// of 11^3 with the 29 pentacubes twice; 0.2 to 1.0 million rows. polyviz
// lepage took 228 to 505 bytes a row with one worker or none (the estimate
// says 272 to 592), 284 to 657 with two (320 to 704); solve, which builds
// the puzzle too, 473 to 1,088 with one dancing-links worker (528 to 1,232).
const (
	rowBytes, rowCellBytes             = 128, 48 // a Row, its cells, buildRows' keys and the collector's slack
	placementBytes, placementCellBytes = 160, 96 // a puzzle.Placement, its cells and items
)

// needBytes estimates the memory his matrix of rows rows covering cells
// cells in all needs under lim (MaxBytes aside): its rows, the exact-cover
// problem and lim.Workers searches of it, and the puzzle if lim.Puzzle.
func (lp *File) needBytes(rows, cells int64, lim Limits) int64 {
	need := solver.EstimateMemory(int64(lp.Columns()), rows, rows+cells, lim.Workers) +
		rows*rowBytes + cells*rowCellBytes
	if lim.Puzzle {
		need += rows*placementBytes + cells*placementCellBytes
	}
	return need
}

// MemoryError refuses a problem estimated to need more than
// Limits.MaxBytes. It is the Err of a *parse.Error at the pieces list,
// and unwraps to ErrTooLarge and to puzzle.ErrTooBig (the memory refusal of
// every format).
type MemoryError struct {
	Placements  int64 // the rows of his matrix
	Workers     int   // the searches counted (Limits.Workers, at least 1)
	Need, Limit int64 // bytes
}

func (e *MemoryError) Error() string {
	searched := ""
	if e.Workers > 1 {
		searched = fmt.Sprintf(", searched by %d workers,", e.Workers)
	}
	return fmt.Sprintf("%v: %d placements in all%s need about %s of memory, more than the limit of %s",
		ErrTooLarge, e.Placements, searched, solver.FormatBytes(e.Need), solver.FormatBytes(e.Limit))
}

func (e *MemoryError) Unwrap() []error { return []error{ErrTooLarge, puzzle.ErrTooBig} }

// checkMemory refuses, with a *MemoryError, a problem whose matrix would
// need more than lim.MaxBytes (0: no limit).
func (lp *File) checkMemory(lim Limits) error {
	if lim.MaxBytes <= 0 {
		return nil
	}
	rows, cells := lp.placementSize()
	if need := lp.needBytes(rows, cells, lim); need > lim.MaxBytes {
		return &MemoryError{Placements: rows, Workers: max(lim.Workers, 1), Need: need, Limit: lim.MaxBytes}
	}
	return nil
}
