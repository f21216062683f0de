package solver

import (
	"context"
	"runtime"
	"testing"
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
