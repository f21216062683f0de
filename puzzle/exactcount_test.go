package puzzle

import (
	"context"
	"testing"

	"polyviz/assets"
	"polyviz/solver"
)

// TestExactCount: the count of each plan's search, run whole, is the one
// that search makes: the raw count by symmetry, the classes of a distinct
// count, every solution of the whole tree.
func TestExactCount(t *testing.T) {
	e, _ := assets.Lookup("soma")
	l, err := Load(e.File, e.Data(), FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		req  Request
		want int64
	}{
		{Request{Distinct: DistinctNone, Engine: solver.EngineAuto}, 11520}, // by symmetry
		{Request{Distinct: DistinctNone, Engine: solver.EngineBits}, 11520}, // the whole tree
		{Request{Distinct: DistinctRotations, Engine: solver.EngineAuto}, 480},
		{Request{Distinct: DistinctAll, Engine: solver.EngineDLX}, 240},
	} {
		plan := Plan(l.Puzzle, c.req)
		n, err := l.Puzzle.ExactCount(context.Background(), plan, solver.Options{Workers: 1})
		if err != nil || n != c.want {
			t.Errorf("%+v (by symmetry %v): %d, %v; want %d", c.req, plan.BySymmetry, n, err, c.want)
		}
	}
}
