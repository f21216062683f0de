package cli

import (
	"strings"
	"testing"
)

// TestEstimateBudgetSpent: a budget spent before any probe ends (1 ns)
// stops the probes of the count and of the tree searched, even in the
// middle of one (they used to look at the budget only between probes, and
// the nodes' 25 probes not at all: a 62x62 board took 54 s with --budget
// 2s), and the report says the figures are unknown rather than "exactly
// 0 solutions".
func TestEstimateBudgetSpent(t *testing.T) {
	code, out, errs := run(t, "", "estimate", "--budget", "1ns", "pentomino-6x10")
	if code != 0 || !strings.Contains(out, "solutions unknown: no probe finished within the budget") ||
		!strings.Contains(out, "nodes:   unknown: no probe of") || strings.Contains(out, "exactly 0") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
