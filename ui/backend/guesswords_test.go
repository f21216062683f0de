package backend

import (
	"strings"
	"testing"

	"polyviz/estimate"
)

// TestEstimateWordsNoProbe: figures of no probe (a budget that ended
// before the first probe of a deep tree did) are no count; the line says
// so, where Sentence called the zeros "exactly 0". Figures of a walked
// tree are exact.
func TestEstimateWordsNoProbe(t *testing.T) {
	if got := estimateWords(estimate.Result{}, "distinct solutions", estimate.Rate{}, -1); got != "Estimate: no probe has finished yet" {
		t.Errorf("no probe: %q", got)
	}
	exact := estimate.Result{Probes: 1, Exact: true}
	if got := estimateWords(exact, "solutions", estimate.Rate{}, -1); !strings.HasPrefix(got, "Estimate: exactly 0 solutions") {
		t.Errorf("walked whole, none: %q", got)
	}
}
