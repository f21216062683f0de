package puzzle

import (
	"context"
	"errors"
	"polyviz/solver"
	"runtime"
	"testing"
)

// TestCutBytes: the estimate of the symmetry cut's setup covers what the
// setup allocates (the peak can be no more), on boxes where the images
// under the symmetries dominate and on boards of many pieces; and it is
// not wildly above it.
func TestCutBytes(t *testing.T) {
	tests := []struct{ name, spec string }{
		{"cube box, one tricube", "[0-9][0-9][0-9]\nL 000 001 010\n"},
		{"slab, two pieces", "[0-h][0-h][0-1]\nL 000 001 010\nI 000 100 200 300\n"},
		{"board, many one-cell pieces", "[0-9][0-9]\n" + manyPieces(500)},
		{"one cell, many pieces", "00\n" + manyPieces(20000)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := FormatPolycube
			if tt.spec[len("[0-9][0-9]")] == '\n' || tt.spec[2] == '\n' {
				f = FormatPolyomino
			}
			l, err := Load("box.txt", []byte(tt.spec), f)
			if err != nil {
				t.Fatal(err)
			}
			pz := l.Puzzle
			est := pz.CutBytes()
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			dc, _, err := pz.bySymmetryCut(context.Background())
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			runtime.KeepAlive(dc)
			used := int64(after.TotalAlloc - before.TotalAlloc)
			t.Logf("%d placements: allocated %d bytes, estimate %d (%.2fx)", len(pz.Placements()), used, est, float64(est)/float64(used))
			if used > est {
				t.Errorf("the setup allocated %d bytes, more than the estimate of %d", used, est)
			}
			if est > 8*used {
				t.Errorf("the estimate of %d bytes is more than 8 times the %d allocated", est, used)
			}
		})
	}
}

// manyPieces is n piece lines of one cell each.
func manyPieces(n int) string {
	b := make([]byte, 0, n*10)
	for i := range n {
		b = append(b, 'P')
		b = appendInt(b, i)
		b = append(b, " 00\n"...)
	}
	return string(b)
}

func appendInt(b []byte, i int) []byte {
	if i >= 10 {
		b = appendInt(b, i/10)
	}
	return append(b, byte('0'+i%10))
}

// TestProblemBytesManyPieces: the estimate made before a spec's problem is
// built covers what building it allocates when the pieces, not their
// placements, are the bulk: a board of one cell and 20,000 pieces.
func TestProblemBytesManyPieces(t *testing.T) {
	spec := []byte("00\n" + manyPieces(20000))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	l, err := Load("pieces.txt", spec, FormatPolyomino)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	est, err := l.Puzzle.ProblemBytes(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if used := int64(after.TotalAlloc - before.TotalAlloc); used > est || est > 8*used {
		t.Errorf("loading allocated %d bytes, the estimate is %d", used, est)
	}
}

// TestCutRefusedUnderLimit: a puzzle loaded under a memory limit refuses a
// distinct count whose cut would pass it, with a *TooBigError, whichever
// caller asks (split's DistinctProblem, estimate's, the window's); a count
// by symmetry goes on the whole tree instead, which the load found fits.
func TestCutRefusedUnderLimit(t *testing.T) {
	spec := []byte("[0-9][0-9][0-9]\nL 000 001 010\n")
	l, err := LoadWith("box.txt", spec, FormatPolycube, LoadOptions{MaxBytes: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	need := l.Puzzle.CutBytes()
	// a limit the problem fits under but the cut does not
	limit := l.Problem.MemoryEstimate(1) + need/2
	l, err = LoadWith("box.txt", spec, FormatPolycube, LoadOptions{MaxBytes: limit})
	if err != nil {
		t.Fatalf("the problem alone fits under %d: %v", limit, err)
	}
	if _, err := l.Puzzle.DistinctProblem(DistinctAll); !errors.Is(err, ErrTooBig) {
		t.Errorf("DistinctProblem under %d (the cut needs %d): %v, want ErrTooBig", limit, need, err)
	}
	if _, err := l.Puzzle.SolveDistinct(context.Background(), DistinctRotations, solver.Options{Workers: 1}, nil); !errors.Is(err, ErrTooBig) {
		t.Errorf("SolveDistinct: %v, want ErrTooBig", err)
	}
	if _, ok, err := l.Puzzle.CountBySymmetry(context.Background(), solver.Options{Workers: 1}, nil); ok || err != nil {
		t.Errorf("CountBySymmetry: ok %v, %v; want the whole tree instead", ok, err)
	}
}
