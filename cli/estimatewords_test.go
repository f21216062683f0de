package cli

import (
	"strings"
	"testing"
)

// TestProbeWordsBudget: when the budget runs out before the probes an
// interval needs (estimate.MinProbes), the report says that, not that the
// interval is wider than the ratio (it may not be); when enough probes
// were made, that it is not within the ratio.
func TestProbeWordsBudget(t *testing.T) {
	r := estimateReport{CountProbes: 81, Probes: 81, Hits: 81, Confidence: 0.95, Ratio: 10, Budget: 10}
	if w := r.probeWords(); !strings.Contains(w, "budget ran out (--budget) before the 100 probes, 30 of them meeting a solution") || strings.Contains(w, "not within") {
		t.Errorf("81 probes: %q", w)
	}
	r = estimateReport{CountProbes: 400, Probes: 400, Hits: 12, Confidence: 0.95, Ratio: 10, Budget: 10}
	if w := r.probeWords(); !strings.Contains(w, "before the 100 probes") {
		t.Errorf("12 meeting a solution: %q", w)
	}
	r.Hits = 200
	if w := r.probeWords(); !strings.Contains(w, "not within 10x when the 10 s budget ran out") {
		t.Errorf("400 probes: %q", w)
	}
	r.Narrow = true
	if w := r.probeWords(); !strings.Contains(w, ", within 10x") || strings.Contains(w, "budget") {
		t.Errorf("narrow: %q", w)
	}
}
