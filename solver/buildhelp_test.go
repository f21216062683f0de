package solver

import (
	"context"
	"testing"
)

// testEngine is p's dancing-links structure, built without a deadline.
func testEngine(t testing.TB, p *Problem) *engine {
	t.Helper()
	e, err := newEngine(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// madeSearch is the next search of maker mk, which has no deadline.
func madeSearch(t testing.TB, mk func() (taskSearch, error)) taskSearch {
	t.Helper()
	s, err := mk()
	if err != nil {
		t.Fatal(err)
	}
	return s
}
