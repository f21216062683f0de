package backend

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strings"

	"polyviz/fillomino"
	"polyviz/geometry"
	"polyviz/render"
	"polyviz/solver"
	"polyviz/ui"
)

// loadFillomino reads a fillomino grid: a flat board whose picture is
// render.DrawFillomino's, solved as FILLOMINO-DLX's exact cover problem
// under Knuth's label rule.
func loadFillomino(name string, data []byte) (*ui.Puzzle, error) {
	g, err := fillomino.Parse(name, data)
	if err != nil {
		return nil, loadError(name, err)
	}
	b, err := g.Build(context.Background(), fillomino.BuildOptions{})
	if err != nil {
		return nil, loadError(name, err)
	}
	p := &ui.Puzzle{Name: name, Planar: true, Source: b, Options: len(b.Options), Box: []geometry.Cell{}}
	p.Info = fmt.Sprintf("Fillomino · %d×%d · %d clues · %d possible regions", g.Rows, g.Cols, g.Clues(), len(b.Options))
	for r := range g.Rows {
		for c := range g.Cols {
			p.Box = append(p.Box, geometry.Cell{X: c, Y: r})
		}
	}
	p.Option = func(i int) string {
		o := b.Options[i]
		items := make([]string, 0, len(o.Cells)+len(o.Edges))
		for _, c := range o.Cells {
			items = append(items, b.Primary[c])
		}
		return strings.Join(append(items, o.Edges...), " ")
	}
	p.DrawBoard = func(s ui.Solution, hideClues bool, w, h int) image.Image {
		return drawFillomino(b, s, hideClues, w, h)
	}
	return p, nil
}

// drawFillomino draws the board, with solution s if not nil, centred in a
// w×h picture on the view's background.
func drawFillomino(b *fillomino.Build, s ui.Solution, hideClues bool, w, h int) image.Image {
	g := b.Grid
	board := render.FillominoBoard{Rows: g.Rows, Cols: g.Cols, Clue: g.Clue}
	if s != nil {
		board.Label = b.Decode(solver.Solution{Options: s})
	}
	cell := max(12, min(w/(g.Cols+1), h/(g.Rows+1), 96))
	pic := render.DrawFillomino(board, render.FillominoOptions{Cell: cell, HideClues: hideClues})
	img := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.NRGBA{0xfb, 0xfb, 0xf8, 0xff}), image.Point{}, draw.Src)
	off := image.Pt((w-pic.Bounds().Dx())/2, (h-pic.Bounds().Dy())/2)
	draw.Draw(img, pic.Bounds().Add(off), pic, image.Point{}, draw.Src)
	return img
}

// solveFillomino runs the dancing-links search on the grid's problem; the
// note says whether the puzzle is unique, when the search went to the end.
func solveFillomino(ctx context.Context, b *fillomino.Build, opt ui.SolveOptions, visit func(ui.Solution) bool) (ui.SolveStats, error) {
	if opt.Distinct != ui.DistinctRaw {
		return ui.SolveStats{}, errors.New("distinct solutions need a packing puzzle")
	}
	prob, err := b.Problem()
	if err != nil {
		return ui.SolveStats{}, err
	}
	so := solver.Options{Workers: opt.Workers, MaxSolutions: opt.Max, Ordered: true}
	if opt.Progress != nil {
		so.Progress = func(pr solver.Progress) {
			opt.Progress(ui.Progress{Solutions: pr.Solutions, Nodes: pr.Nodes, Fraction: pr.Fraction, Elapsed: pr.Elapsed})
		}
	}
	if opt.YieldToUI {
		so.OnWorkerStart = workerPriority
	}
	so.Yield = opt.Animating
	st, err := solver.Solve(ctx, prob, so, func(s solver.Solution) bool { return visit(ui.Solution(s.Options)) })
	stats := ui.SolveStats{Solutions: st.Solutions, Nodes: st.Nodes, Elapsed: st.Elapsed}
	complete := err == nil && (opt.Max == 0 || st.Solutions < opt.Max)
	switch {
	case !complete && st.Solutions >= 2:
		stats.Note = fmt.Sprintf("Not unique: at least %d solutions (labels %s).", st.Solutions, b.Labels)
	case !complete:
	case st.Solutions == 1:
		stats.Note = fmt.Sprintf("Unique: exactly one solution (labels %s).", b.Labels)
	case st.Solutions == 0:
		stats.Note = fmt.Sprintf("No solution (labels %s).", b.Labels)
	default:
		stats.Note = fmt.Sprintf("Not unique: %d solutions (labels %s).", st.Solutions, b.Labels)
	}
	return stats, err
}
