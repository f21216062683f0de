package backend

import (
	"context"
	"fmt"
	"math"
	"strings"

	"polyviz/antislide"
	"polyviz/ui"
)

// antislideSource is the backend's handle on an antislide problem.
type antislideSource struct {
	p      *antislide.Problem
	copies int // pieces listed, so that each brick of a packing has its colour
}

// loadAntislide turns an antislide problem file into a puzzle for the
// window. Its pieces are numbered copies of the one piece (as many as fit
// in the box), so that the bricks of a packing get different colours: the
// k-th piece of a packing is placed as copy k, option k·M + m for move m.
func loadAntislide(name string, data []byte) (*ui.Puzzle, error) {
	p, err := antislide.ParseFile(name, data)
	if err != nil {
		return nil, loadError(name, err)
	}
	copies := p.NumCells() / len(p.Piece)
	m := p.NumMoves()
	pz := &ui.Puzzle{Name: name, Box: p.BoxShape(), Distinct: true, Options: copies * m,
		Source: &antislideSource{p: p, copies: copies}}
	pz.Info = fmt.Sprintf("Antislide · %d×%d×%d box · %d-cell piece, %d orientations · %d placements",
		p.Size.X, p.Size.Y, p.Size.Z, len(p.Piece), len(p.Orientations), m)
	pz.Option = func(i int) string {
		return fmt.Sprintf("%d %s", i/m+1, p.MoveShape(i%m).String())
	}
	orientation := make([]int, m)
	for i := range m {
		sh := p.MoveShape(i).Normalize()
		for o, os := range p.Orientations {
			if os.Equal(sh) {
				orientation[i] = o
			}
		}
	}
	pz.Blocking = func(s ui.Solution, i int) (map[int]float64, string, bool) {
		return antislideBlocking(p, m, s, i)
	}
	pz.Labels = func(s ui.Solution) []ui.CellLabel {
		var out []ui.CellLabel
		for _, o := range s {
			cells := p.MoveShape(o % m)
			top := cells[0]
			for _, c := range cells {
				if c.Z > top.Z {
					top = c
				}
			}
			out = append(out, ui.CellLabel{Cell: top, Text: fmt.Sprint(o/m + 1)})
		}
		return out
	}
	for k := range copies {
		pz.Pieces = append(pz.Pieces, ui.Piece{Name: fmt.Sprintf("%d", k+1), Min: 0, Max: 1,
			Cells: len(p.Piece), Orientations: p.Orientations, Placements: m})
		for i := range m {
			pz.Placements = append(pz.Placements, ui.Placement{Piece: k, Orientation: orientation[i], Cells: p.MoveShape(i)})
		}
	}
	return pz, nil
}

// solveAntislide lists the packings grouped by number of pieces, the
// sparsest first (the empty box left out): it counts them by number of
// pieces, then visits each group in turn.
func solveAntislide(ctx context.Context, src *antislideSource, opt ui.SolveOptions, visit func(ui.Solution) bool) (ui.SolveStats, error) {
	p := src.p
	ao := antislide.Options{Workers: opt.Workers, MinPieces: 1, Distinct: opt.Distinct != ui.DistinctRaw,
		Rotations: opt.Distinct == ui.DistinctRotations}
	var st ui.SolveStats
	first, err := antislide.Count(ctx, p, ao)
	st.Nodes = first.Nodes
	if err != nil {
		return st, err
	}
	counts := first.Raw
	if ao.Distinct {
		counts, st.Raw = first.Distinct, first.TotalRaw()
	}
	total := int64(0)
	for _, n := range counts {
		total += n
	}
	// the command line's total counts the empty box too, as Knuth's
	// ANTISLIDE3 does: said here, or the two totals differ by one unexplained
	st.Note = fmt.Sprintf("Antislide packings, %s, grouped by number of pieces (the sparsest first); %d symmetries. "+
		"The empty box is not listed (the antislide command counts it).",
		strings.TrimPrefix(p.Description(), "box "), first.Group)
	done := int64(0)
	m := p.NumMoves()
	for k, n := range counts {
		if n == 0 {
			continue
		}
		stopped := false
		ao.MinPieces, ao.MaxPieces, ao.Ordered = k, k, true
		ao.Visit = func(moves []int) bool {
			sol := make(ui.Solution, len(moves))
			for i, mv := range moves {
				sol[i] = i*m + mv
			}
			st.Solutions++
			if !visit(sol) || (opt.Max > 0 && st.Solutions >= opt.Max) {
				stopped = true
				return false
			}
			return true
		}
		if opt.Progress != nil {
			base := done
			ao.Progress = func(pr antislide.Progress) {
				opt.Progress(ui.Progress{Solutions: st.Solutions, Nodes: st.Nodes + pr.Nodes,
					Fraction: (float64(base) + pr.Fraction()*float64(n)) / math.Max(1, float64(total)), Elapsed: pr.Elapsed})
			}
		}
		r, err := antislide.Count(ctx, p, ao)
		st.Nodes += r.Nodes
		done += n
		if err != nil {
			return st, err
		}
		if stopped {
			break
		}
	}
	return st, nil
}

// antislideBlocking shows what holds piece i of packing s in place: the
// piece opaque, the pieces that block it half transparent, the others
// faint, and a line per direction.
func antislideBlocking(p *antislide.Problem, m int, s ui.Solution, i int) (map[int]float64, string, bool) {
	if i < 0 || i >= len(s) || s[i]/m != i {
		return nil, "", false
	}
	moves := make([]int, len(s))
	for j, o := range s {
		moves[j] = o % m
	}
	opacity := make(map[int]float64, len(s))
	for _, o := range s {
		opacity[o] = 0.08
	}
	opacity[s[i]] = 1
	var parts []string
	for _, b := range p.Blockers(moves)[i] {
		what := "free!"
		switch {
		case b.Wall:
			what = "wall"
		case len(b.Pieces) > 0:
			nums := make([]string, len(b.Pieces))
			for k, o := range b.Pieces {
				opacity[s[o]] = 0.55
				nums[k] = fmt.Sprint(o + 1)
			}
			what = strings.Join(nums, ",")
		}
		parts = append(parts, b.Dir.String()+" "+what)
	}
	return opacity, fmt.Sprintf("%d held by: %s", i+1, strings.Join(parts, "  ")), true
}
