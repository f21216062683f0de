package backend

// The window holds three kinds of puzzle, each with its adapter in a file
// of its own: packings and exact-cover problems of any packing format
// (packing.go, Source a *puzzle.Loaded), fillomino grids (fillomino.go,
// Source a *fillomino.Build) and antislide problems (antislide.go, Source
// an *antislideSource). The functions here send each request to the
// adapter of the puzzle's kind; the format registry (package formats)
// says which kind an input is.

import (
	"context"
	"errors"
	"fmt"
	"io"

	"polyviz/fillomino"
	"polyviz/formats"
	"polyviz/internal/memlimit"
	"polyviz/parse"
	"polyviz/polystick"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/ui"
)

// loadPuzzle reads any input the format registry knows (see
// loadInput).
func loadPuzzle(name string, data []byte) (*ui.Puzzle, error) {
	return loadInput(name, data, puzzle.LoadOptions{})
}

// loadInput recognises an input with the format registry and hands it to
// the adapter of its kind: a fillomino grid, an antislide problem, or (any
// other format) a packing or exact-cover problem read by the registry.
// opt.Problem chooses a problem of a file that holds several.
func loadInput(name string, data []byte, opt puzzle.LoadOptions) (*ui.Puzzle, error) {
	data = parse.TrimBOM(data) // as the command line reads its inputs
	return loadFormat(name, data, formats.Detect(name, data), opt)
}

// loadAs reads an input in the format named, as --format does: the
// window's answer to a LoadError's Choices.
func loadAs(name string, data []byte, format string) (*ui.Puzzle, error) {
	data = parse.TrimBOM(data)
	f, err := formats.Choose(name, data, format)
	if err != nil {
		return nil, &ui.LoadError{File: name, Err: err}
	}
	return loadFormat(name, data, f, puzzle.LoadOptions{})
}

// loadFormat hands an input in format f to the adapter of its kind. A
// packing is sized before it is built, against the same limit as the
// command line's default --max-memory (memlimit): a huge box is refused
// with what it needs rather than the window killed while building it.
func loadFormat(name string, data []byte, f *formats.Format, opt puzzle.LoadOptions) (*ui.Puzzle, error) {
	if opt.MaxBytes == 0 {
		opt.MaxBytes = windowMemory()
		memlimit.CollectWithinRoom() // and the collector's limit with it
	}
	switch f.Kind {
	case formats.Fillomino:
		return loadFillomino(name, data)
	case formats.Antislide:
		return loadAntislide(name, data)
	}
	if f.Name == formats.Polysticks {
		return loadPolysticks(name, data, f, opt)
	}
	p, err := loadPacking(name, data, f, opt)
	if p != nil {
		p.MemoryLimit = opt.MaxBytes // the cut and the searches fit it too (cutFits)
	}
	return p, err
}

// cutFits reports whether the symmetry cut of l (puzzle.CutBytes) and a
// search of l's problem on workers fit in the memory p was loaded under,
// as solve's --max-memory checks (cli's cutFits), and what they need: the
// window died of out-of-memory building a cut past it.
func cutFits(p *ui.Puzzle, l *puzzle.Loaded, workers int) (need int64, ok bool) {
	if p.MemoryLimit <= 0 || l.Puzzle == nil || l.Problem == nil {
		return 0, true
	}
	need = l.Problem.MemoryEstimate(workers) + l.Puzzle.CutBytes()
	return need, need <= p.MemoryLimit
}

// searchTooBig refuses a search of l's problem on workers that needs
// more than the memory p was loaded under (every worker copies the
// dancing-links structure), as solve does; nil when it fits.
func searchTooBig(p *ui.Puzzle, l *puzzle.Loaded, workers int) error {
	if need := l.Problem.MemoryEstimate(workers); p.MemoryLimit > 0 && need > p.MemoryLimit {
		return fmt.Errorf("searching it needs about %s of memory, more than the window's limit of %s (half the memory it may have)",
			solver.FormatBytes(need), solver.FormatBytes(p.MemoryLimit))
	}
	return nil
}

// cutTooBig refuses a count of distinct solutions whose cut does not fit
// the window's limit (cutFits).
func cutTooBig(p *ui.Puzzle, need int64) error {
	return fmt.Errorf("counting distinct solutions needs about %s of memory for the symmetry cut and its search, more than the window's limit of %s (half the memory it may have)",
		solver.FormatBytes(need), solver.FormatBytes(p.MemoryLimit))
}

// loadError gives a parse error of any reader the position the dialog shows.
// A spec that reads as triangles and as squares alike gets the two for
// the window to ask between.
func loadError(name string, err error) error {
	le := &ui.LoadError{File: name, Err: err}
	var pe *parse.Error
	if errors.As(err, &pe) {
		le = &ui.LoadError{File: pe.File, Line: pe.Line, Col: pe.Col, Err: pe.Err}
	}
	if errors.Is(err, puzzle.ErrWhichLattice) {
		le.Choices = latticeChoices
	}
	var tb *puzzle.TooBigError
	if errors.As(err, &tb) && le.Line == 0 {
		le.Err = windowTooBig{tb}
	}
	return le
}

// windowTooBig is a refusal for memory in the window's words: the dialog
// names the file, and the window has no --max-memory.
type windowTooBig struct{ *puzzle.TooBigError }

func (e windowTooBig) Error() string {
	return e.Reason() + "; the window's limit is half the memory it may have (the machine's, the control group's or what ulimit -v leaves)"
}

func (e windowTooBig) Unwrap() error { return e.TooBigError }

// windowMemory is the window's memory limit, measured at each load: the
// window loads once its graphics libraries have taken their address
// space, which the limit must not count as room (a variable: the tests
// lower it).
var windowMemory = memlimit.Now

// latticeChoices are the two readings of a spec with cells such as "00'".
var latticeChoices = []ui.FormatChoice{
	{Format: string(puzzle.FormatPolyiamond), Title: "Triangles: Knuth's POLYIAMOND-DLX (00' is the ∇ right of Δ 00)"},
	{Format: string(puzzle.FormatPolyomino), Title: "Squares: Knuth's POLYOMINO-DLX (00' is square 00 with a suffix)"},
}

// solvePuzzle hands a solve to the adapter of the puzzle's kind (its
// Source's type, set by loadInput).
func solvePuzzle(ctx context.Context, p *ui.Puzzle, opt ui.SolveOptions, visit func(ui.Solution) bool) (ui.SolveStats, error) {
	if opt.YieldToUI {
		// what comes before the workers (the problem, its symmetries, the
		// cut into tasks) also runs below the UI, as the workers do, on a
		// thread of its own that ends with it
		var st ui.SolveStats
		var err error
		done := make(chan struct{})
		go func() {
			defer close(done)
			lowerThreadPriority()
			st, err = solveKind(ctx, p, opt, visit)
		}()
		<-done
		return st, err
	}
	return solveKind(ctx, p, opt, visit)
}

// solveKindStarts, if not nil, is called first thing by solveKind (tests:
// on which thread the setup runs).
var solveKindStarts func()

// solveKind is solvePuzzle on the calling goroutine.
func solveKind(ctx context.Context, p *ui.Puzzle, opt ui.SolveOptions, visit func(ui.Solution) bool) (ui.SolveStats, error) {
	if solveKindStarts != nil {
		solveKindStarts()
	}
	switch src := p.Source.(type) {
	case *fillomino.Build:
		return solveFillomino(ctx, src, opt, visit)
	case *antislideSource:
		return solveAntislide(ctx, src, opt, visit)
	case *polystick.Build:
		return solvePolysticks(ctx, src, opt, visit)
	case *puzzle.Loaded:
		if src.Problem != nil {
			return solvePacking(ctx, p, src, opt, visit)
		}
	}
	return ui.SolveStats{}, errors.New("no exact cover problem")
}

// writeDLX writes Knuth's DLX file of the puzzle: FILLOMINO-DLX's for a
// fillomino grid, and for a packing format the registry's DLX writer (the
// generator's output for a spec, the problem as read for a DLX file).
func writeDLX(p *ui.Puzzle, w io.Writer) error {
	switch src := p.Source.(type) {
	case *fillomino.Build:
		return src.WriteDLX(w)
	case *polystick.Build:
		return src.Problem.WriteDLX(w)
	case *puzzle.Loaded:
		return formats.Write(w, puzzle.FormatDLX, src)
	}
	return errors.New("no exact cover problem")
}
