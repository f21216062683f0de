package formats

import (
	"context"
	"errors"
	"io"

	"polyviz/antislide"
	"polyviz/burrtools"
	"polyviz/fillomino"
	"polyviz/lepage"
	"polyviz/polystick"
	"polyviz/puzzle"
)

// list is the registry: every format polyviz reads, in the order Detect
// asks them (a format sure of an input by its name or signature before one
// that only guesses from the first line). Adding a format is adding its
// entry here, with its own package below this one. (It is set in init
// because writeDLX asks the list what a format can do.)
var list []*Format

func init() { list = registry() }

func registry() []*Format {
	return []*Format{
		{
			Name: burrtools.Format, Aliases: []string{"burrtools"},
			Title: "BurrTools puzzle file (.xmpuzzle, gzip-compressed XML)",
			Kind:  Packing, Can: Solid | Multiplicities | Optional | Colours | Problems | Generated,
			Detect: func(name string, data []byte) Match { return yesIf(burrtools.Detect(name, data)) },
			Load:   burrtools.Load,
			Write:  writeXMPuzzle,
		},
		{
			Name:  puzzle.FormatDLX,
			Title: "Knuth's DLX exact-cover file",
			Kind:  Packing, Can: Planar | Solid | Multiplicities | Optional,
			Detect: func(name string, data []byte) Match {
				if puzzle.IsDLXName(name) {
					return Yes
				}
				return maybeIf(puzzle.DetectContent(data) == puzzle.FormatDLX)
			},
			Load:  knuth(puzzle.FormatDLX),
			Write: writeDLX,
		},
		{
			Name:  lepage.Format,
			Title: "Marc Lepage's polycube-solver problem file",
			Kind:  Packing, Can: Planar | Solid | Restrictions,
			Detect: func(_ string, data []byte) Match { return yesIf(lepage.Detect(data)) },
			Load:   lepage.Load,
			Write:  writeLepage,
		},
		{
			Name:  "antislide",
			Title: "antislide problem (antislide box AxBxC brick axbxc)",
			Kind:  Antislide, Can: Solid, Refusal: ErrAntislide,
			Detect: func(_ string, data []byte) Match { return yesIf(antislide.Detect(data)) },
		},
		{
			Name:  "fillomino",
			Title: "fillomino grid (FILLOMINO-DLX's input)",
			Kind:  Fillomino, Can: Planar, Refusal: ErrFillomino,
			Detect: func(_ string, data []byte) Match { return yesIf(fillomino.Detect(data)) },
		},
		{
			Name: Polysticks, Aliases: []string{"sticks"},
			Title: "polysticks spec (pieces of unit segments; named by a first line \"| polysticks\" or --format)",
			Kind:  Packing, Can: Planar | Multiplicities,
			Detect: func(_ string, data []byte) Match { return yesIf(polystick.Marked(data)) },
			Load:   loadPolysticks,
		},
		{
			Name: puzzle.FormatPolyiamond, Aliases: []string{"triangles"},
			Title: "Knuth's POLYIAMOND-DLX spec (triangles; named by a comment line \"| polyiamond\" or --format)",
			Kind:  Packing, Can: Triangles | Multiplicities | Optional | Generated,
			Detect: func(_ string, data []byte) Match {
				return yesIf(puzzle.LatticeComment(data) == puzzle.FormatPolyiamond)
			},
			Load: knuth(puzzle.FormatPolyiamond),
		},
		{
			Name: puzzle.FormatPolyhex, Aliases: []string{"hexagons"},
			Title: "polyviz's polyhex spec (POLYOMINO-DLX's syntax on hexagons; named by \"| polyhex\" or --format)",
			Kind:  Packing, Can: Hexagons | Multiplicities | Optional | Generated,
			Detect: func(_ string, data []byte) Match {
				return yesIf(puzzle.LatticeComment(data) == puzzle.FormatPolyhex)
			},
			Load: knuth(puzzle.FormatPolyhex),
		},
		{
			Name: puzzle.FormatPolyomino, Aliases: []string{"2d"},
			Title: "Knuth's POLYOMINO-DLX spec (2D)",
			Kind:  Packing, Can: Planar | Multiplicities | Optional | Generated,
			Detect: func(_ string, data []byte) Match {
				return maybeIf(puzzle.DetectContent(data) == puzzle.FormatPolyomino)
			},
			// a POLYIAMOND-DLX spec is a valid POLYOMINO-DLX spec too
			Ambiguous: puzzle.CheckLatticeGuess,
			Load:      knuth(puzzle.FormatPolyomino),
		},
		{
			Name: puzzle.FormatPolycube, Aliases: []string{"3d"},
			Title: "Knuth's POLYCUBE-DLX spec (3D)",
			Kind:  Packing, Can: Solid | Multiplicities | Generated,
			Detect: func(_ string, data []byte) Match {
				return maybeIf(puzzle.DetectContent(data) == puzzle.FormatPolycube)
			},
			Load: knuth(puzzle.FormatPolycube),
		},
	}
}

func yesIf(ok bool) Match {
	if ok {
		return Yes
	}
	return No
}

func maybeIf(ok bool) Match {
	if ok {
		return Maybe
	}
	return No
}

// knuth reads one of Knuth's formats with package puzzle.
func knuth(f puzzle.Format) func(string, []byte, puzzle.LoadOptions) (*puzzle.Loaded, error) {
	return func(name string, data []byte, opt puzzle.LoadOptions) (*puzzle.Loaded, error) {
		return puzzle.LoadWith(name, data, f, opt)
	}
}

// Polysticks is the polysticks spec's format name.
const Polysticks puzzle.Format = "polysticks"

// loadPolysticks reads a polysticks spec: the Loaded holds its exact cover
// problem and, as Source, the *polystick.Build (no packing of cells). With
// opt.NoProblem, the spec is checked as Build would check it, Source is
// the *polystick.Puzzle, and BuildProblem lists the placements.
func loadPolysticks(name string, data []byte, opt puzzle.LoadOptions) (*puzzle.Loaded, error) {
	p, err := polystick.Parse(name, data)
	if err != nil {
		return nil, err
	}
	if opt.NoProblem {
		if err := p.Check(); err != nil {
			return nil, err
		}
		return &puzzle.Loaded{Name: name, Format: Polysticks, Source: p, BuildProblem: p.BuildProblem}, nil
	}
	ctx := opt.Context
	if ctx == nil {
		ctx = context.Background()
	}
	b, err := p.BuildContext(ctx)
	if err != nil {
		return nil, err
	}
	return &puzzle.Loaded{Name: name, Format: Polysticks, Problem: b.Problem, Source: b}, nil
}

// errNoProblem: the loaded input holds no exact-cover problem to write.
var errNoProblem = errors.New("no exact cover problem")

// writeDLX writes Knuth's DLX file: for a format whose placements are
// generated (a spec, a BurrTools file), his generator's output with the
// spec echoed; else the problem as read (a DLX file, Lepage's matrix).
func writeDLX(w io.Writer, l *puzzle.Loaded) error {
	if f := ByName(l.Format); l.Puzzle != nil && f != nil && f.Can.Has(Generated) {
		return l.Puzzle.WriteDLX(w)
	}
	if l.Problem != nil {
		return l.Problem.WriteDLX(w)
	}
	return errNoProblem
}

// writeXMPuzzle writes a packing puzzle as a gzip-compressed BurrTools
// file, when BurrTools can hold it (see burrtools.FromPuzzle).
func writeXMPuzzle(w io.Writer, l *puzzle.Loaded) error {
	if l.Puzzle == nil {
		return errors.New("not a puzzle of pieces")
	}
	x, err := burrtools.FromPuzzle(l.Puzzle)
	if err != nil {
		return err
	}
	return x.Write(w)
}

// writeLepage writes a Lepage problem back as a problem file; other
// inputs cannot be written in his format.
func writeLepage(w io.Writer, l *puzzle.Loaded) error {
	lp, ok := l.Source.(*lepage.File)
	if !ok {
		return errors.New("only a Lepage problem file can be written in his format")
	}
	_, err := io.WriteString(w, lp.String())
	return err
}
