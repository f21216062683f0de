package burrtools

import (
	"context"
	"strings"
	"time"

	"polyviz/puzzle"
	"polyviz/solver"
)

// Format is the name of BurrTools' format, as --format spells it
// ("burrtools" is accepted too).
const Format puzzle.Format = "xmpuzzle"

// Detect reports whether an input is a BurrTools file: by its content (see
// HasSignature) or by its name, ending in ".xmpuzzle".
func Detect(name string, data []byte) bool {
	return HasSignature(data) || strings.HasSuffix(strings.ToLower(name), ".xmpuzzle")
}

// Load reads a BurrTools file as package formats loads every input:
// problem opt.Problem as a packing puzzle and its exact-cover problem, the
// names of all its problems when it has several, what polyviz does not
// apply as Warnings, and the *File as Source.
func Load(name string, data []byte, opt puzzle.LoadOptions) (*puzzle.Loaded, error) {
	x, err := Read(name, data)
	if err != nil {
		return nil, err
	}
	if err := x.checkSize(name, opt); err != nil {
		return nil, err
	}
	ctx := opt.Context
	if ctx == nil {
		ctx = context.Background()
	}
	pz, err := x.PuzzleContext(ctx, name, opt.Problem)
	if err != nil {
		return nil, err
	}
	placed := time.Now()
	var prob *solver.Problem
	if !opt.NoProblem {
		if prob, err = pz.SizedProblem(ctx, opt.MaxBytes); err != nil {
			return nil, err
		}
	}
	l := &puzzle.Loaded{Name: name, Format: Format, Puzzle: pz, Problem: prob, Source: x, Chosen: opt.Problem, Placed: placed}
	l.Warnings = x.Warnings(name, opt.Problem)
	if len(x.Problems) > 1 {
		for _, pr := range x.Problems {
			l.Problems = append(l.Problems, pr.Name)
		}
	}
	return l, nil
}

// checkSize refuses, with a *puzzle.TooBigError, a problem whose pieces'
// placements would take more than opt.MaxBytes to generate (0: no limit):
// a few bytes of XML can name the same shape of 238,328 voxels as a piece
// many times, and each is placed in every rotation. The count is an upper
// bound: every voxel of the result, and every voxel of every piece in
// each of 48 orientations (no grid of BurrTools' has more).
func (x *File) checkSize(name string, opt puzzle.LoadOptions) error {
	if opt.MaxBytes <= 0 || opt.Problem < 0 || opt.Problem >= len(x.Problems) {
		return nil // Puzzle says what is wrong with the problem's number
	}
	pr := x.Problems[opt.Problem]
	cells := int64(0)
	if pr.Result >= 0 && pr.Result < len(x.Shapes) {
		s := x.Shapes[pr.Result]
		cells += int64(len(s.Filled) + len(s.Variable))
	}
	for _, part := range pr.Parts {
		if part.Max != 0 && part.Shape >= 0 && part.Shape < len(x.Shapes) {
			s := x.Shapes[part.Shape]
			cells += 48 * int64(len(s.Filled)+len(s.Variable))
		}
	}
	// all parts counted, so that the refusal says what the file needs
	if need := cells * puzzle.BytesPerSpecCell; need > opt.MaxBytes {
		return &puzzle.TooBigError{Name: name, What: "placing its pieces", Need: need, Limit: opt.MaxBytes}
	}
	return nil
}
