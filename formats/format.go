// Package formats is the registry of the input formats polyviz reads: for
// each, how an input is recognised (by name and content), how it is read
// (to an exact-cover problem, and a packing puzzle when it is one, with
// positioned parse errors), how a loaded input is written in it where it
// can be, and what it can express. The CLI and the window both choose and
// read their inputs through it, so that they agree on every file.
//
// The formats themselves live in their own packages (puzzle for Knuth's
// specs and DLX files, lepage, burrtools, fillomino, antislide); this
// package only lists them (list.go) and sits above them all.
package formats

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"polyviz/puzzle"
)

// Format is one input format: its names, what it holds, and the functions
// that recognise, read and write it.
type Format struct {
	// Name is the format's name as --format spells it ("polycube").
	Name puzzle.Format
	// Aliases are other names --format accepts for it ("3d").
	Aliases []string
	// Title says what the format is, for help and messages.
	Title string
	// Kind is the kind of puzzle the format holds: Packing formats are
	// read by Load; the others are read by their own package, and Load
	// refuses them with Refusal.
	Kind Kind
	// Can lists what the format can express.
	Can Can
	// Detect says whether an input (its name and bytes) is in this format.
	// Nil: the format is never guessed, only named with --format.
	Detect func(name string, data []byte) Match
	// Ambiguous, when not nil, is a reason not to guess this format for an
	// input its Detect answered Maybe for: the input reads as well in
	// another format (a POLYIAMOND-DLX spec is a valid POLYOMINO-DLX spec).
	// Detect then returns the format with a Load that fails with that
	// error, so that the input is refused, with its position, rather than
	// read the wrong way; naming the format with --format reads it.
	Ambiguous func(name string, data []byte) error
	// Load reads an input of Kind Packing. Its errors carry the position
	// of the fault (a *parse.Error) where it has one.
	Load func(name string, data []byte, opt puzzle.LoadOptions) (*puzzle.Loaded, error)
	// Refusal is Load's error for a format of another kind.
	Refusal error
	// Write writes a loaded input (of any packing format) in this format;
	// nil when polyviz does not write it.
	Write func(w io.Writer, l *puzzle.Loaded) error
}

// Kind is the kind of puzzle a format holds.
type Kind int

const (
	// Packing is an exact-cover problem, and a packing of pieces in a box
	// when it is one: puzzle.Loaded holds it.
	Packing Kind = iota
	// Fillomino is a fillomino grid (package fillomino).
	Fillomino
	// Antislide is an antislide problem (package antislide).
	Antislide
)

// Can is a set of things a format can express.
type Can uint

const (
	// Planar: 2D boards of squares.
	Planar Can = 1 << iota
	// Solid: 3D boxes of cubes.
	Solid
	// Multiplicities: a piece used a number of times, or a range of them.
	Multiplicities
	// Optional: cells that may stay empty (secondary items).
	Optional
	// Colours: colour rules on where a piece's cells may go.
	Colours
	// Problems: several problems in one file.
	Problems
	// Restrictions: the file's own cuts of symmetric solutions.
	Restrictions
	// Generated: the placements are generated from pieces and a box as
	// Knuth's POLYCUBE-DLX does, and the input's DLX file is his
	// generator's output, input lines echoed (else it is the problem's
	// options as read).
	Generated
	// Triangles: boards of triangles (polyiamonds).
	Triangles
	// Hexagons: boards of hexagons (polyhexes).
	Hexagons
)

// Has reports whether c includes every capability of d.
func (c Can) Has(d Can) bool { return c&d == d }

// Match is how sure a format's Detect is that an input is its own.
type Match int

const (
	// No: the input is not in this format.
	No Match = iota
	// Maybe: the input may be in this format, if no format is sure of it
	// (Knuth's formats, told apart by their first line).
	Maybe
	// Yes: the input's name or signature says it is in this format.
	Yes
)

// Errors of Load for the formats that are not exact-cover packings.
var (
	// ErrAntislide: the input is an antislide problem, whose packings are
	// partial and counted by their own search.
	ErrAntislide = errors.New("an antislide problem (count its packings with polyviz antislide FILE)")
	// ErrFillomino: the input is a fillomino grid, which is not a packing.
	ErrFillomino = errors.New("a fillomino grid (use polyviz solve, fillomino-dlx or fillomino-check)")
)

// All returns the formats in the registry's order, the order in which
// Detect asks them.
func All() []*Format { return list }

// Names lists the names --format accepts, in the registry's order, for
// help and messages: "xmpuzzle, dlx, ... or polycube". Given kinds, only
// the formats of those kinds.
func Names(kinds ...Kind) string {
	var names []string
	for _, f := range list {
		if len(kinds) == 0 || slices.Contains(kinds, f.Kind) {
			names = append(names, string(f.Name))
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Lookup finds a format by the name --format gives it (or an alias, any
// case); "" and "auto" give nil, which Detect resolves.
func Lookup(name string) (*Format, error) {
	s := strings.ToLower(name)
	if s == "" || s == "auto" {
		return nil, nil
	}
	for _, f := range list {
		if s == string(f.Name) {
			return f, nil
		}
		for _, a := range f.Aliases {
			if s == a {
				return f, nil
			}
		}
	}
	return nil, fmt.Errorf("unknown format %q (want %s)", name, Names())
}

// ByName is the format named name, nil if there is none.
func ByName(name puzzle.Format) *Format {
	for _, f := range list {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Detect recognises an input among the formats: the first, in the
// registry's order, whose Detect answers Yes; failing that, the first that
// answers Maybe; failing that, Knuth's POLYCUBE-DLX spec.
func Detect(name string, data []byte) *Format {
	var maybe *Format
	for _, f := range list {
		if f.Detect == nil {
			continue
		}
		switch f.Detect(name, data) {
		case Yes:
			return f
		case Maybe:
			if maybe == nil {
				maybe = f
			}
		}
	}
	if maybe != nil {
		if maybe.Ambiguous != nil {
			if err := maybe.Ambiguous(name, data); err != nil {
				refused := *maybe
				refused.Load = func(string, []byte, puzzle.LoadOptions) (*puzzle.Loaded, error) { return nil, err }
				return &refused
			}
		}
		return maybe
	}
	return ByName(puzzle.FormatPolycube)
}

// Choose is the format of an input: the one named (see Lookup), or, for
// "" and "auto", the one Detect recognises.
func Choose(name string, data []byte, format string) (*Format, error) {
	f, err := Lookup(format)
	if err != nil || f != nil {
		return f, err
	}
	return Detect(name, data), nil
}

// Load reads an input in the named format ("" or "auto": Detect) as an
// exact-cover problem; a format of another kind is refused with its
// Refusal, wrapped with the input's name.
func Load(name string, data []byte, format string, opt puzzle.LoadOptions) (*puzzle.Loaded, error) {
	f, err := Choose(name, data, format)
	if err != nil {
		return nil, err
	}
	return f.Read(name, data, opt)
}

// Read reads an input in format f (see Load).
func (f *Format) Read(name string, data []byte, opt puzzle.LoadOptions) (*puzzle.Loaded, error) {
	if f.Load == nil {
		return nil, fmt.Errorf("%s: %w", name, f.Refusal)
	}
	return f.Load(name, data, opt)
}

// ErrNoWriter: a format polyviz reads but does not write.
var ErrNoWriter = errors.New("polyviz does not write this format")

// Write writes a loaded input in the named format.
func Write(w io.Writer, format puzzle.Format, l *puzzle.Loaded) error {
	f := ByName(format)
	if f == nil || f.Write == nil {
		return fmt.Errorf("%s: %w", format, ErrNoWriter)
	}
	return f.Write(w, l)
}
