package backend

import (
	"context"
	"errors"
	"fmt"

	"polyviz/generate"
	"polyviz/geometry"
	"polyviz/ui"
)

// generatePieces is the window's piece generator: the document's box is
// the template (its optional cells optional, all of them when it has
// none), the request's choices the filter, as `polyviz generate` reads its
// flags.
func generatePieces(ctx context.Context, r ui.GenerateRequest, progress func(done, total uint64)) ([]geometry.Shape, string, error) {
	l, gr := r.Doc.Lattice.Geometry(), r.Doc.Lattice.Grid()
	if l == nil && gr == nil {
		return nil, "", fmt.Errorf("the generator does not work on %s", r.Doc.Lattice)
	}
	var fixed, optional geometry.Shape
	for _, c := range r.Doc.Box {
		if len(r.Doc.Optional) == 0 || r.Doc.Optional.Contains(c) {
			optional = append(optional, c)
		} else {
			fixed = append(fixed, c)
		}
	}
	var t generate.Template
	var err error
	if gr != nil { // one of BurrTools' grids: its rotations and translations
		t, err = generate.NewGridTemplate(gr, fixed, optional)
	} else {
		t, err = generate.NewTemplate(l, fixed, optional)
	}
	if err != nil {
		return nil, "", err
	}
	f := generate.Filter{NoHoles: r.NoHoles, Chiral: r.Chiral, Asymmetric: r.Asymmetric,
		Millable: r.Millable, Notchable: r.Notchable, Min: r.Min, Max: r.Max}
	if f.Connected, err = generate.ParseJoined(r.Connected); err != nil {
		return nil, "", err
	}
	if f.Unique, err = generate.ParseUnique(r.Unique); err != nil {
		return nil, "", err
	}
	res, err := generate.Generate(ctx, t, generate.Options{Filter: f, Progress: progress})
	if tm := (*generate.TooManyError)(nil); errors.As(err, &tm) {
		switch {
		case tm.Joined:
			return nil, "", fmt.Errorf("%w: give a smaller largest size (Cells … to)", err)
		case t.Grid == nil && f.Connected == generate.Faces:
			return nil, "", fmt.Errorf("%w: give a largest size (Cells … to) and the pieces joined through faces of at most that many cells are grown instead", err)
		}
	}
	if err != nil {
		return nil, "", err
	}
	pieces := make([]geometry.Shape, len(res.Pieces))
	for i, p := range res.Pieces {
		pieces[i] = p.Cells
	}
	subsets := fmt.Sprintf("%d subsets", res.Tried)
	if res.Joined {
		subsets = fmt.Sprintf("%d joined subsets of %s", res.Tried, f.Sizes())
	}
	summary := fmt.Sprintf("Generated %d pieces from %s of the box's %d optional cells (%d fixed): %s.",
		len(pieces), subsets, len(optional), len(fixed), f)
	return pieces, summary, nil
}
