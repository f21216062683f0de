package estimate

import (
	"context"
	"testing"

	"polyviz/assets"
	"polyviz/formats"
	"polyviz/puzzle"
	"polyviz/solver"
)

// load reads a library puzzle.
func load(t testing.TB, name string) *puzzle.Loaded {
	t.Helper()
	e, ok := assets.Lookup(name)
	if !ok {
		t.Fatalf("no library puzzle %s", name)
	}
	l, err := formats.Load(e.File, e.Data(), "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return l
}

// TestWalkIsDLX1sTree walks the whole tree the probes sample and compares
// its figures with the dancing-links engine's: the same nodes and updates
// mean the probes sample the very tree the engine searches.
func TestWalkIsDLX1sTree(t *testing.T) {
	for _, tt := range []struct {
		name  string
		plain bool // no multiplicities: DLX1's figures must agree
	}{
		{"soma", true}, {"soma-bathtub", true}, {"pentomino-3x20", true},
		{"tetracube-2x2x8", true}, {"tetromino-4x10", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			l := load(t, tt.name)
			got, err := Walk(context.Background(), l.Problem)
			if err != nil {
				t.Fatal(err)
			}
			st, err := solver.Solve(context.Background(), l.Problem, solver.Options{Workers: 1, Engine: solver.EngineDLX}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got.Solutions != st.Solutions {
				t.Errorf("walk finds %d solutions, solver %d", got.Solutions, st.Solutions)
			}
			if tt.plain && (got.Nodes != st.Nodes || got.Updates != st.Updates) {
				t.Errorf("walk: %d nodes, %d updates; solver: %d nodes, %d updates", got.Nodes, got.Updates, st.Nodes, st.Updates)
			}
		})
	}
}
