package lepage

import (
	"polyviz/puzzle"
)

// Format is the name of Lepage's format, as --format spells it.
const Format puzzle.Format = "lepage"

// Load reads a problem file as package formats loads every input: his
// matrix as the exact-cover problem, the packing puzzle for drawing, his
// lock and constraints as Restrictions, and the *File as Source.
func Load(name string, data []byte, _ puzzle.LoadOptions) (*puzzle.Loaded, error) {
	lp, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	return &puzzle.Loaded{
		Name: name, Format: Format, Puzzle: lp.Puzzle(), Problem: lp.Problem(),
		Restrictions: lp.Notes(), Source: lp,
	}, nil
}
