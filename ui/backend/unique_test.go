package backend

import (
	"context"
	"strings"
	"testing"

	"polyviz/puzzle"
	"polyviz/solver"
)

// TestMakeUnique: the window's Make It Unique on the twelve pentominoes in
// 3x20 (8 raw solutions, 2 classes): ten proposals of one piece fixed,
// each a spec that the window loads and that has exactly one solution.
func TestMakeUnique(t *testing.T) {
	if raceEnabled {
		t.Skip("pure computation; runs in the plain pass")
	}
	b := New()
	var said []string
	r, err := b.Unique(context.Background(), library(t, b, "pentomino-3x20"), func(s string) { said = append(said, s) })
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Summary, "8 raw solutions (2 up to rotation and reflection)") || len(r.Proposals) != 10 {
		t.Fatalf("summary %q, %d proposals", r.Summary, len(r.Proposals))
	}
	if len(said) == 0 {
		t.Error("no progress told")
	}
	for _, pr := range r.Proposals {
		if !strings.HasPrefix(pr.Text, "fix ") || strings.Contains(pr.Text, ";") || pr.Spec == nil {
			t.Fatalf("proposal %+v: want one piece fixed and a spec", pr)
		}
		p, err := b.Load(pr.Name, pr.Spec)
		if err != nil {
			t.Fatalf("%s: %v\n%s", pr.Name, err, pr.Spec)
		}
		st, err := solver.Solve(context.Background(), p.Source.(*puzzle.Loaded).Problem, solver.Options{}, nil)
		if err != nil || st.Solutions != 1 {
			t.Errorf("%s (%s): %d solutions (%v), want 1", pr.Name, pr.Text, st.Solutions, err)
		}
	}
}
