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
