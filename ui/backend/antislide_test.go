package backend

import (
	"context"
	"strings"
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
	if want := "Antislide · 4×4×4 box · 4-cell piece, 3 orientations · 108 placements"; p.Info != want {
		t.Errorf("panel line %q, want %q", p.Info, want)
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
	// ANTISLIDE3's 1171 and `polyviz antislide`'s 48556 count the empty box
	if !strings.Contains(st.Note, "empty box") {
		t.Errorf("the note does not say why the count is one short of the command line's: %q", st.Note)
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

// TestAntislideBlocking: selecting a brick of a packing shows it, its
// blockers and says what blocks it each way.
func TestAntislideBlocking(t *testing.T) {
	b := New()
	p := library(t, b, "antislide-4x4x4")
	var first ui.Solution
	b.Solve(context.Background(), p, ui.SolveOptions{Distinct: ui.DistinctAll, Max: 1}, func(s ui.Solution) bool {
		first = append(ui.Solution(nil), s...)
		return false
	})
	if len(first) != 12 || p.Blocking == nil || p.Labels == nil {
		t.Fatalf("first packing %v", first)
	}
	opacity, text, ok := p.Blocking(first, 4)
	if !ok || opacity[first[4]] != 1 || len(opacity) != 12 || !strings.HasPrefix(text, "5 held by: +x ") || strings.Contains(text, "free") {
		t.Errorf("blocking: %v %q %v", opacity, text, ok)
	}
	half := 0
	for _, o := range opacity {
		if o > 0.5 && o < 1 {
			half++
		}
	}
	if half == 0 {
		t.Errorf("no blocker shown: %v", opacity)
	}
	if _, _, ok := p.Blocking(first, 12); ok {
		t.Error("brick 13 of a 12-brick packing")
	}
	if labels := p.Labels(first); len(labels) != 12 || labels[0].Text != "1" {
		t.Errorf("labels %v", labels)
	}
}
