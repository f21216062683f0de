package solver

import (
	"context"
	"errors"
	"testing"
)

// TestResumeChecked: Solve refuses to resume a checkpoint whose figures do
// not agree with each other or with the problem (its solutions raised by
// one, counts past MaxCount), as merge refuses such a result.
func TestResumeChecked(t *testing.T) {
	p := loadTestdata(t, "dlx/pentomino-3x20.dlx")
	if d := SolutionDepth(p); d != 12 {
		t.Fatalf("SolutionDepth(pentomino 3x20) = %d, want 12 (twelve pieces)", d)
	}
	var last Checkpoint
	st, err := Solve(context.Background(), p, Options{Workers: 1, Engine: EngineDLX, Checkpoint: func(c Checkpoint) { last = c }}, nil)
	if err != nil || !last.Done || last.Solutions != st.Solutions {
		t.Fatalf("checkpointed run: %v, %+v", err, last)
	}
	if err := last.Check(p); err != nil {
		t.Fatalf("the final checkpoint fails its check: %v", err)
	}
	for _, c := range []struct {
		name string
		edit func(c *Checkpoint)
	}{
		{"solutions+1", func(c *Checkpoint) { c.Solutions++ }},
		{"nodes+1", func(c *Checkpoint) { c.Nodes++ }},
		{"past MaxCount", func(c *Checkpoint) { c.Updates = MaxCount + 1 }},
		{"negative counter", func(c *Checkpoint) { c.Counters = map[string]int64{"raw": -1} }},
	} {
		bad := last
		bad.Profile = append([]int64(nil), last.Profile...)
		c.edit(&bad)
		_, err := Solve(context.Background(), p, Options{Workers: 1, Resume: &bad}, nil)
		if !errors.Is(err, ErrCheckpointBad) {
			t.Errorf("%s: err = %v, want ErrCheckpointBad", c.name, err)
		}
	}
}
