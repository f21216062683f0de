package cli

import (
	"strings"
	"testing"
)

// TestEstimateBudgetSpent: the budget covers the setup (the input read,
// the problem built, its symmetry cut), which on a huge board used to
// pass it whole before the budget began; a budget spent during the setup
// stops it and says so (exit 0, as a budget spent before any probe
// ends), rather than "exactly 0 solutions". A probe cut short by the
// budget leaves the figures unknown too.
func TestEstimateBudgetSpent(t *testing.T) {
	code, out, errs := run(t, "", "estimate", "--budget", "1ms", "hexomino-parallelogram")
	if code != 0 || out != "hexomino-parallelogram: solutions unknown: the 1ms budget ran out during the setup (reading the input, building the problem and its symmetry cut), before the first probe (a longer --budget may tell)\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = run(t, "", "estimate", "--budget", "1ms", "--json", "--distinct", "all", "hexomino-parallelogram")
	if code != 0 || !strings.Contains(out, `"setup_over_budget":true`) || !strings.Contains(out, `"budget":0.001`) || !strings.Contains(out, `"exact":false`) {
		t.Errorf("--json: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	r := estimateReport{Name: "p", Distinct: "none", Budget: 10, Workers: 1}
	if s := r.text(); !strings.Contains(s, "solutions unknown: no probe finished within the budget") ||
		!strings.Contains(s, "nodes:   unknown: no probe of") || strings.Contains(s, "exactly 0") {
		t.Errorf("no probe finished: %q", s)
	}
}
