package solver

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// benchSolve counts all solutions of a reference file and reports DLX1's
// figure of merit, updates per second.
func benchSolve(b *testing.B, file string, workers int) {
	p := loadRef(b, file)
	b.ReportAllocs()
	var updates int64
	for b.Loop() {
		st, err := Solve(context.Background(), p, Options{Workers: workers}, nil)
		if err != nil {
			b.Fatal(err)
		}
		updates += st.Updates
	}
	b.ReportMetric(float64(updates)/b.Elapsed().Seconds()/1e6, "Mupdates/s")
}

func BenchmarkPentomino3x20(b *testing.B)    { benchSolve(b, "pentomino-3x20.dlx", 1) }
func BenchmarkSoma(b *testing.B)             { benchSolve(b, "soma-3x3x3.dlx", 1) }
func BenchmarkSomaParallel(b *testing.B)     { benchSolve(b, "soma-3x3x3.dlx", runtime.NumCPU()) }
func BenchmarkPentomino6x10(b *testing.B)    { benchSolve(b, "pentomino-6x10.dlx", 1) }
func BenchmarkPentomino6x10All(b *testing.B) { benchSolve(b, "pentomino-6x10.dlx", runtime.NumCPU()) }
func BenchmarkPentacube2x5x6(b *testing.B)   { benchSolve(b, "pentacube-2x5x6.dlx", 1) }

// BenchmarkCancel measures how long Solve takes to return once its context
// is cancelled in the middle of pentacube-2x5x6 (the "latency-ms" figure).
func BenchmarkCancel(b *testing.B) {
	p := loadRef(b, "pentacube-2x5x6.dlx")
	var total time.Duration
	n := 0
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		cancelled := make(chan time.Time, 1)
		go func() { time.Sleep(100 * time.Millisecond); cancelled <- time.Now(); cancel() }()
		if _, err := Solve(ctx, p, Options{}, nil); err != context.Canceled {
			b.Fatal(err)
		}
		total += time.Since(<-cancelled)
		n++
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(n), "latency-ms")
}
