package cli

import (
	"strings"
	"testing"
)

// TestEstimateExactBySymmetry: when the search solve makes (by symmetry)
// is small enough for the probes to walk it whole, the count is that
// search's, exact, not an interval beside exact nodes.
func TestEstimateExactBySymmetry(t *testing.T) {
	_, out, _ := run(t, "", "estimate", "-j", "1", "soma")
	if !strings.HasPrefix(out, "soma: exactly 11,520 solutions") || !strings.Contains(out, "nodes:   exactly") {
		t.Errorf("estimate soma:\n%s", out)
	}
	_, js, _ := run(t, "", "estimate", "-j", "1", "--json", "soma")
	for _, w := range []string{`"solutions":11520,`, `"solutions_low":11520,`, `"solutions_high":11520,`, `"exact":true`, `"tree_exact":true`} {
		if !strings.Contains(js, w) {
			t.Errorf("estimate --json soma: no %s in\n%s", w, js)
		}
	}
}

// TestEstimateNoSolution: a board its pieces cannot fill has exactly no
// solution, said with why's reason, not an estimate of days of search.
func TestEstimateNoSolution(t *testing.T) {
	const spec = "[0-9][0-9]\nA 00 01\n"
	code, out, _ := run(t, spec, "estimate", "-")
	if code != 0 || out != "<stdin>: no solution, so nothing to search: the pieces have 2 cells, but the box has 100 to fill\n" {
		t.Errorf("estimate: exit %d, %q", code, out)
	}
	_, js, _ := run(t, spec, "estimate", "--json", "-")
	for _, w := range []string{`"solutions":0,`, `"exact":true`, `"no_solution":"the pieces have 2 cells`} {
		if !strings.Contains(js, w) {
			t.Errorf("estimate --json: no %s in\n%s", w, js)
		}
	}
}
