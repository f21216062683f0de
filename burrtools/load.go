package burrtools

import (
	"strings"

	"polyviz/puzzle"
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
	pz, err := x.Puzzle(name, opt.Problem)
	if err != nil {
		return nil, err
	}
	prob, err := pz.Problem()
	if err != nil {
		return nil, err
	}
	l := &puzzle.Loaded{Name: name, Format: Format, Puzzle: pz, Problem: prob, Source: x, Chosen: opt.Problem}
	l.Warnings = x.Warnings(name, opt.Problem)
	if len(x.Problems) > 1 {
		for _, pr := range x.Problems {
			l.Problems = append(l.Problems, pr.Name)
		}
	}
	return l, nil
}
