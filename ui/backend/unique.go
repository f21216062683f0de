package backend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/color"
	"path/filepath"
	"slices"
	"strings"

	"polyviz/burrtools"
	"polyviz/editor"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/ui"
	"polyviz/unique"
)

// makeUnique is Edit > Make It Unique…: package unique's proposals for
// p, each proved by a full count, with its changes for the window to
// apply as an edit, and the changed spec when p was read from one (the
// window opens it).
func makeUnique(ctx context.Context, p *ui.Puzzle, progress func(string)) (ui.UniqueReport, error) {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Problem == nil {
		return ui.UniqueReport{}, errors.New("make it unique is for packing puzzles")
	}
	var optional []string
	if l.Puzzle != nil {
		optional = unique.OptionalCells(l.Puzzle)
	}
	res, err := unique.Find(ctx, l.Problem, unique.Options{Optional: optional, Progress: func(pr unique.Progress) {
		if progress == nil {
			return
		}
		switch pr.Stage {
		case "counting":
			progress(fmt.Sprintf("Counting the solutions: %d so far…", pr.Solutions))
		case "searching":
			progress(fmt.Sprintf("%d solutions; looking for the fewest pieces to fix…", pr.Solutions))
		case "proving":
			progress(fmt.Sprintf("Proving each proposal by a full count: %d of %d…", pr.Done+1, pr.Total))
		}
	}})
	if err != nil {
		return ui.UniqueReport{}, err
	}
	var r ui.UniqueReport
	r.Summary = fmt.Sprintf("%s: %d raw solutions", p.Name, res.Solutions)
	if l.Puzzle != nil && len(l.Restrictions) == 0 {
		if st, err := l.Puzzle.SolveDistinct(ctx, puzzle.DistinctAll, solver.Options{AnyOrder: true}, nil); err == nil {
			r.Summary += fmt.Sprintf(" (%d up to rotation and reflection)", st.Distinct)
		}
	}
	switch {
	case res.Unique:
		r.Summary += ": already unique, nothing to change."
	case res.Fixable == 0 && res.Cells == 0:
		r.Summary += ": no piece can be fixed in place to change the count (each lies in the same place in every solution)."
	case len(res.Proposals) == 0:
		r.Summary += ": up to three changes never leave exactly one."
	default:
		r.Summary += fmt.Sprintf(". %s exactly one solution; each proposal below was proved by counting again. Apply makes it an edit you can undo; Open opens the changed puzzle.", changesLeave(res.Changes))
		if res.CellChanges > 0 {
			r.Summary += fmt.Sprintf(" From %d on, optional cells alone: %s exactly one.", res.Main+1, changesLeave(res.CellChanges))
		}
	}
	base := strings.TrimSuffix(filepath.Base(p.Name), filepath.Ext(p.Name))
	for i, pr := range res.Proposals {
		var fix []string
		for _, c := range pr.Changes {
			fix = append(fix, c.String())
		}
		up := ui.UniqueProposal{Text: strings.Join(fix, "; "), Changes: uiChanges(l.Puzzle, pr)}
		var buf bytes.Buffer
		if x, ok := l.Source.(*burrtools.File); ok {
			// its problem, a piece fixed said by colour constraints
			if err := unique.WriteXM(&buf, x, l.Chosen, l.Puzzle, pr); err == nil {
				up.Spec, up.Name = buf.Bytes(), fmt.Sprintf("%s-unique-%d.xmpuzzle", base, i+1)
			}
		} else if err := unique.WriteSpec(&buf, l.Puzzle, pr); err == nil {
			up.Spec, up.Name = buf.Bytes(), fmt.Sprintf("%s-unique-%d.txt", base, i+1)
		}
		r.Proposals = append(r.Proposals, up)
	}
	return r, nil
}

// changesLeave says "1 change leaves", "2 changes leave".
func changesLeave(n int) string {
	if n == 1 {
		return "1 change leaves"
	}
	return fmt.Sprintf("%d changes leave", n)
}

// uiChanges gives a proposal's changes in cells, for the window to apply
// to the editor's document (nil when pz has no cells to name them by).
func uiChanges(pz *puzzle.Puzzle, p unique.Proposal) []ui.UniqueChange {
	if pz == nil {
		return nil
	}
	pls := pz.Placements()
	var out []ui.UniqueChange
	for _, c := range p.Changes {
		if c.Kind == unique.FixPiece {
			out = append(out, ui.UniqueChange{Piece: c.Piece, Cells: geometry.NewShape(pls[c.Option].Cells...)})
			continue
		}
		i := slices.IndexFunc(pz.Optional, func(cell geometry.Cell) bool { return pz.CellName(cell) == c.Cell })
		if i < 0 {
			return nil
		}
		out = append(out, ui.UniqueChange{Cells: geometry.Shape{pz.Optional[i]}, Fill: c.Kind == unique.FillCell})
	}
	return out
}

// inPlaceCells returns, for each piece of pz a "| in-place" line fixes,
// its one placement's cells (for the editor's document).
func inPlaceCells(pz *puzzle.Puzzle) map[int]geometry.Shape {
	named := map[string]bool{}
	for _, l := range pz.Lines {
		rest, ok := strings.CutPrefix(l, "|")
		if f := strings.Fields(rest); ok && len(f) > 1 && f[0] == "in-place" {
			for _, n := range f[1:] {
				named[n] = true
			}
		}
	}
	if len(named) == 0 {
		return nil
	}
	out := map[int]geometry.Shape{}
	for _, pl := range pz.Placements() {
		if named[pz.Pieces[pl.Piece].Name] {
			out[pl.Piece] = geometry.NewShape(pl.Cells...)
		}
	}
	return out
}

// colourInPlace says the pieces of d fixed in place in x, the BurrTools
// file saveXMPuzzle makes of d (piece i is shape i, the result last), by
// colour constraints, as unique.WriteXM does: the result one colour, each
// piece fixed and its cells a colour of their own, allowed on itself.
func colourInPlace(x *burrtools.File, d editor.Document) error {
	if err := d.CheckInPlace(); err != nil {
		return err
	}
	res := &x.Shapes[len(x.Shapes)-1]
	res.Colors = map[geometry.Cell]int{}
	for _, c := range d.Box {
		res.Colors[c] = 1
	}
	x.Colors = []color.RGBA{{R: 200, G: 200, B: 200, A: 255}}
	pr := &x.Problems[0]
	for i, pc := range d.Pieces {
		if len(pc.InPlace) == 0 {
			continue
		}
		colour := len(x.Colors) + 1
		x.Colors = append(x.Colors, inPlaceColours[(colour-2)%len(inPlaceColours)])
		x.Shapes[i].Colors = map[geometry.Cell]int{}
		for _, c := range x.Shapes[i].Filled {
			x.Shapes[i].Colors[c] = colour
		}
		for _, c := range pc.InPlace {
			res.Colors[c] = colour
		}
		pr.Allowed = append(pr.Allowed, [2]int{colour, colour})
	}
	return nil
}

// inPlaceColours are the colours of pieces fixed in place, in turn.
var inPlaceColours = []color.RGBA{{220, 60, 50, 255}, {50, 110, 220, 255}, {60, 170, 70, 255}}

// keepsProblems says why a document with pieces fixed in place cannot be
// saved over the BurrTools file l came from: the colours that fix them are
// written in a file of the problem alone, which would drop the file's
// other problems.
func keepsProblems(l *puzzle.Loaded) error {
	if x, ok := l.Source.(*burrtools.File); ok && len(x.Problems) > 1 {
		return fmt.Errorf("%s has %d problems, and a piece fixed in place is written (by colours) in a file of its problem alone: save it as a spec (.txt), or undo the pieces fixed", filepath.Base(l.Name), len(x.Problems))
	}
	return nil
}
