package backend

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"io"

	"polyviz/formats"
	"polyviz/polystick"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/solver"
	"polyviz/ui"
)

// loadPolysticks reads a polysticks spec through the registry: a flat board
// whose picture is render.DrawSticks', solved as its exact cover problem,
// raw or up to the board's symmetry (polystick.Count).
func loadPolysticks(name string, data []byte, f *formats.Format, opt puzzle.LoadOptions) (*ui.Puzzle, error) {
	l, err := f.Read(name, data, opt)
	if err != nil {
		return nil, loadError(name, err)
	}
	b := l.Source.(*polystick.Build)
	p := &ui.Puzzle{Name: name, Planar: true, Source: b, Options: len(b.Placements), Distinct: true}
	// Polyform Puzzler counts polysticks up to rotation and reflection, and
	// the lock piece makes that count several times faster than the raw one
	p.StartDistinct = ui.DistinctAll
	optional := 0
	for _, pc := range b.Pieces {
		if pc.Min == 0 {
			optional++
		}
	}
	p.Info = fmt.Sprintf("Polysticks · %d sticks · %d pieces (%d may stay out) · %d placements · %d inner points",
		len(b.Board), len(b.Pieces), optional, len(b.Placements), len(b.Inner))
	if b.Cross {
		p.Info += " · crossing allowed"
	}
	p.Option = func(i int) string {
		items := b.Problem.OptionItems(i)
		s := items[0]
		for _, it := range items[1:] {
			s += " " + it
		}
		return s
	}
	p.Pieces = stickPieces(b)
	p.PieceOf = func(o int) int { return b.Placements[o].Piece }
	p.DrawBoard = func(s ui.Solution, _ bool, w, h int) image.Image { return drawPolysticks(b, s, w, h) }
	p.PickBoard = func(s ui.Solution, w, h, x, y int) (int, bool) {
		sb := b.StickBoard(s)
		k, ok := render.StickPieceAt(sb, w, h, stickMaxUnit, x, y)
		if !ok {
			return 0, false
		}
		return sb.Colour[k], true
	}
	p.BoardSVG = func(s ui.Solution, w io.Writer) error {
		return render.WriteSticksSVG(w, b.StickBoard(s), render.SticksOptions{})
	}
	return p, nil
}

// stickPieces are the pieces for the pieces panel: each drawn as sticks
// in its orientations (every motion of the square, or the rotations of a
// one-sided puzzle), with its placements counted.
func stickPieces(b *polystick.Build) []ui.Piece {
	places := make([]int, len(b.Pieces))
	for _, pl := range b.Placements {
		places[pl.Piece]++
	}
	motion := ""
	if b.OneSided {
		motion = "one-sided"
	}
	out := make([]ui.Piece, len(b.Pieces))
	for i, pc := range b.Pieces {
		orients := b.Orientations(i)
		out[i] = ui.Piece{Name: pc.Name, Min: pc.Min, Max: pc.Max, Cells: len(pc.Sticks), Unit: "sticks",
			Placements: places[i], Motion: motion, Turns: len(orients),
			Picture: func(o, w, h int) image.Image {
				return render.DrawSticksIn(b.PieceBoard(i, orients[o]), w, h, stickMaxUnit, viewPaper)
			}}
	}
	return out
}

// stickMaxUnit bounds a stick's length in the view, so that a small board
// or a piece alone is not drawn huge.
const stickMaxUnit = 128

// viewPaper is the view's background, around a board's picture.
var viewPaper = color.NRGBA{0xfb, 0xfb, 0xf8, 0xff}

// drawPolysticks draws the board, with solution s if not nil, centred in
// a w×h picture on the view's background.
func drawPolysticks(b *polystick.Build, s ui.Solution, w, h int) image.Image {
	return render.DrawSticksIn(b.StickBoard(s), w, h, stickMaxUnit, viewPaper)
}

// solvePolysticks counts the solutions, raw or one of each class up to the
// board's symmetry, with the bitset engine, several times faster than
// dancing links on these small problems.
func solvePolysticks(ctx context.Context, b *polystick.Build, opt ui.SolveOptions, visit func(ui.Solution) bool) (ui.SolveStats, error) {
	mode := polystick.Raw
	switch opt.Distinct {
	case ui.DistinctRotations:
		mode = polystick.Rotations
	case ui.DistinctAll:
		mode = polystick.All
	}
	so := solver.Options{Workers: opt.Workers, MaxSolutions: opt.Max, Engine: solver.EngineBits}
	if opt.Progress != nil {
		so.Progress = func(pr solver.Progress) {
			opt.Progress(ui.Progress{Solutions: pr.Solutions, Nodes: pr.Nodes, Fraction: pr.Fraction, Elapsed: pr.Elapsed})
		}
	}
	if opt.YieldToUI {
		so.OnWorkerStart = workerPriority
	}
	so.Yield = opt.Animating
	st, err := b.Count(ctx, mode, so, func(s solver.Solution) bool { return visit(ui.Solution(s.Options)) })
	stats := ui.SolveStats{Solutions: st.Distinct, Nodes: st.Nodes, Elapsed: st.Elapsed}
	if mode != polystick.Raw {
		stats.Raw = st.Raw
		stats.Note = fmt.Sprintf("Counted up to the board's %d symmetries.", st.Group)
	}
	return stats, err
}
