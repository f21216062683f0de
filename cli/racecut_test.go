package cli

import "testing"

// pureComputation skips a test under the race detector: the test renders
// or searches on one goroutine (or through the solver, whose concurrency
// the solver's own race tests cover), and takes minutes there; the plain
// pass runs it.
func pureComputation(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
}
