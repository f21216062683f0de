package cli

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"polyviz/estimate"
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

// TestEstimateExactDistinct: a distinct count whose cut tree the probes
// walk whole is that search's, run: the count solve --distinct prints,
// exact, not the weighted probes of the raw tree (an interval).
func TestEstimateExactDistinct(t *testing.T) {
	for _, c := range []struct{ name, mode string }{
		{"pentomino-3x20", "all"}, {"soma", "all"}, {"soma", "rotations"}, {"polyomino-123-square", "all"},
	} {
		_, js, errs := run(t, "", "estimate", "-j", "1", "--json", "--distinct", c.mode, c.name)
		var est estimateReport
		if err := json.Unmarshal([]byte(js), &est); err != nil {
			t.Fatalf("estimate %s: %v: %q %q", c.name, err, js, errs)
		}
		_, sol, errs := run(t, "", "solve", "-j", "1", "--json", "--distinct", c.mode, c.name)
		var st struct{ Distinct float64 }
		if err := json.Unmarshal([]byte(sol), &st); err != nil || st.Distinct == 0 {
			t.Fatalf("solve %s: %v: %q %q", c.name, err, sol, errs)
		}
		if !est.Exact || est.Solutions != st.Distinct || est.SolutionsLow != st.Distinct || est.SolutionsHigh != st.Distinct {
			t.Errorf("%s --distinct %s: estimate %s, solve counts %v", c.name, c.mode, js, st.Distinct)
		}
	}
}

// TestEstimateNoSolutionBuildsNoProblem: why.Quick settles a board its
// pieces cannot fill before the exact-cover problem is built, which on a
// large board lists millions of placements.
func TestEstimateNoSolutionBuildsNoProblem(t *testing.T) {
	std := IO{Stdin: strings.NewReader("[0-9][0-9]\nA 00 01\n"), Stdout: io.Discard, Stderr: io.Discard}
	rep, in, err := estimateArg(context.Background(), std, "-", estimateRun{problem: 1, opt: estimate.Options{Workers: 1}, calibrate: time.Millisecond})
	if err != nil || rep.NoSolution == "" {
		t.Fatalf("no solution not seen: %+v, %v", rep, err)
	}
	if in.Problem != nil {
		t.Errorf("the problem was built (%d options) for a puzzle with no solution", in.Problem.NumOptions())
	}
}
