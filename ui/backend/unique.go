package backend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/ui"
	"polyviz/unique"
)

// makeUnique is Edit > Make It Unique…: package unique's proposals for
// p, each proved by a full count, with the changed spec of each when p was
// read from one (the window opens it).
func makeUnique(ctx context.Context, p *ui.Puzzle, progress func(string)) (ui.UniqueReport, error) {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Problem == nil {
		return ui.UniqueReport{}, errors.New("make it unique is for packing puzzles")
	}
	res, err := unique.Find(ctx, l.Problem, unique.Options{Progress: func(pr unique.Progress) {
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
	case res.Fixable == 0:
		r.Summary += ": no piece can be fixed in place to change the count (each lies in the same place in every solution)."
	case len(res.Proposals) == 0:
		r.Summary += ": fixing up to three pieces in place never leaves exactly one."
	default:
		pieces := "1 piece"
		if res.Changes > 1 {
			pieces = fmt.Sprintf("%d pieces", res.Changes)
		}
		r.Summary += ". Fixing " + pieces + " in place leaves exactly one solution; each proposal below was proved by counting again."
	}
	base := strings.TrimSuffix(filepath.Base(p.Name), filepath.Ext(p.Name))
	for i, pr := range res.Proposals {
		var fix []string
		for _, c := range pr.Changes {
			fix = append(fix, c.String())
		}
		up := ui.UniqueProposal{Text: "fix " + strings.Join(fix, "; ")}
		var buf bytes.Buffer
		if err := unique.WriteSpec(&buf, l.Puzzle, pr); err == nil {
			up.Spec, up.Name = buf.Bytes(), fmt.Sprintf("%s-unique-%d.txt", base, i+1)
		}
		r.Proposals = append(r.Proposals, up)
	}
	return r, nil
}
