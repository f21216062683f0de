package backend

import (
	"context"
	"testing"

	"polyviz/ui"
)

// TestAntislideGallery opens the 4x4x4 antislide problem from the gallery
// and lists its packings up to symmetry: 1170 besides the empty box, the
// three 12-brick ones first.
func TestAntislideGallery(t *testing.T) {
	b := New()
	p := library(t, b, "antislide-4x4x4")
	if len(p.Box) != 64 || len(p.Pieces) != 16 || p.Options != 16*108 || len(p.Placements) != p.Options || !p.Distinct {
		t.Fatalf("box %d cells, %d pieces, %d options, %d placements", len(p.Box), len(p.Pieces), p.Options, len(p.Placements))
	}
	var sizes []int
	st, err := b.Solve(context.Background(), p, ui.SolveOptions{Distinct: ui.DistinctAll}, func(s ui.Solution) bool {
		sizes = append(sizes, len(s))
		for i, o := range s {
			if pl := p.Placements[o]; pl.Piece != i {
				t.Fatalf("piece %d of a packing placed as copy %d", i, pl.Piece)
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if st.Solutions != 1170 || len(sizes) != 1170 || st.Raw != 48555 {
		t.Errorf("%d solutions (%d visited), raw %d; want 1170, raw 48555", st.Solutions, len(sizes), st.Raw)
	}
	if len(sizes) > 3 && (sizes[0] != 12 || sizes[2] != 12 || sizes[3] != 13 || sizes[len(sizes)-1] != 16) {
		t.Errorf("not sparsest first: %v ...", sizes[:4])
	}
	// up to rotation only: more classes
	st, err = b.Solve(context.Background(), p, ui.SolveOptions{Distinct: ui.DistinctRotations, Max: 5}, func(ui.Solution) bool { return true })
	if err != nil || st.Solutions != 5 {
		t.Errorf("rotations, max 5: %d solutions, %v", st.Solutions, err)
	}
}
