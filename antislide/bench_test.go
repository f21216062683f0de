package antislide

import (
	"context"
	"flag"
	"slices"
	"testing"
	"time"

	"polyviz/geometry"
)

var long = flag.Bool("long", false, "run the long antislide counts (5x5x5)")

// BenchmarkCount444 counts the 4x4x4 box with 2x2x1 bricks, raw and
// distinct, on one worker.
func BenchmarkCount444(b *testing.B) {
	p, _ := NewProblem(geometry.Cell{X: 4, Y: 4, Z: 4}, Brick(2, 2, 1))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Count(context.Background(), p, Options{Workers: 1, Distinct: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCount445 counts the 4x4x5 box, raw only, on one worker.
func BenchmarkCount445(b *testing.B) {
	p, _ := NewProblem(geometry.Cell{X: 4, Y: 4, Z: 5}, Brick(2, 2, 1))
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		r, err := Count(context.Background(), p, Options{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		nodes = r.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes")
}

// TestLong555 counts every class of the 5x5x5 box with 2x2x1 bricks (go
// test -run Long555 -long -v); it takes minutes, so it runs only on request.
func TestLong555(t *testing.T) {
	if !*long {
		t.Skip("needs -long")
	}
	p, _ := NewProblem(geometry.Cell{X: 5, Y: 5, Z: 5}, Brick(2, 2, 1))
	began := time.Now()
	var last time.Duration
	r, err := Count(context.Background(), p, Options{Distinct: true, Progress: func(pr Progress) {
		if pr.Elapsed-last >= 10*time.Second {
			last = pr.Elapsed
			t.Logf("%.0f s: stage %d/%d %s, %d/%d tasks, %d nodes", pr.Elapsed.Seconds(), pr.StageNo, pr.Stages, pr.Stage, pr.TasksDone, pr.Tasks, pr.Nodes)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("5x5x5: %d raw, %d distinct, %d nodes, %v", r.TotalRaw(), r.TotalDistinct(), r.Nodes, time.Since(began))
	t.Logf("raw by pieces %v", r.Raw)
	t.Logf("distinct by pieces %v", r.Distinct)
	// our own figures (Burnside's divisibility check held for every number
	// of bricks); no published figure to compare
	wantRaw := []int64{24: 592, 25: 102216, 26: 4714692, 27: 51598936, 28: 206713224, 29: 243736128, 30: 30852648}
	wantDistinct := []int64{24: 16, 25: 2130, 26: 98287, 27: 1074999, 28: 4306887, 29: 5077836, 30: 643031}
	wantRaw[0], wantDistinct[0] = 1, 1
	if !slices.Equal(r.Raw, wantRaw) || !slices.Equal(r.Distinct, wantDistinct) {
		t.Errorf("5x5x5 changed: raw %v, distinct %v", r.Raw, r.Distinct)
	}
}
