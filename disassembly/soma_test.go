package disassembly_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"

	"polyviz/assets"
	"polyviz/disassembly"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// solutions returns the packings of a library puzzle, each as its pieces'
// cells, in the order a sequential search finds them (every raw solution,
// or one representative per class with distinct), at most max of them (0:
// all).
func solutions(t testing.TB, name string, distinct puzzle.Distinct, max int64) (*puzzle.Puzzle, [][]geometry.Shape) {
	t.Helper()
	e, ok := assets.Lookup(name)
	if !ok {
		t.Fatalf("no puzzle %s", name)
	}
	l, err := puzzle.Load(name, e.Data(), puzzle.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	pl := l.Puzzle.Placements()
	var out [][]geometry.Shape
	_, err = l.Puzzle.SolveDistinct(context.Background(), distinct, solver.Options{Workers: 1, MaxSolutions: max}, func(s puzzle.DistinctSolution) bool {
		pieces := make([]geometry.Shape, len(s.Options))
		for k, o := range s.Options {
			pieces[k] = geometry.NewShape(pl[o].Cells...)
		}
		out = append(out, pieces)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return l.Puzzle, out
}

// levelHistogram disassembles every packing and counts them by level
// (0: not apart), checking each sequence by replaying it.
func levelHistogram(t *testing.T, packings [][]geometry.Shape, opt disassembly.Options) map[int]int {
	t.Helper()
	hist := map[int]int{}
	full := map[string]int{}
	defer func() { t.Logf("levels of every separation: %v", full) }()
	for k, pieces := range packings {
		r, err := disassembly.Disassemble(context.Background(), pieces, opt)
		if err != nil {
			t.Fatalf("packing %d: %v", k+1, err)
		}
		if r.Status != disassembly.Apart {
			t.Errorf("packing %d: %v after %d states", k+1, r.Status, r.States)
		}
		checkMoves(t, pieces, opt, r)
		hist[r.Level]++
		full[r.LevelString()]++
	}
	return hist
}

func histString(h map[int]int) string {
	s := ""
	for _, l := range slices.Sorted(maps.Keys(h)) {
		s += fmt.Sprintf(" level %d: %d", l, h[l])
	}
	return s
}

// TestSomaLevels takes apart every Soma solution. The 11520 raw solutions
// are the 240 classes under the 48 symmetries of the cube, each class of 48
// (no Soma packing is symmetric), and a rotation or reflection of a packing
// comes apart by the turned moves: so the raw histogram of levels must be
// 48 times the distinct one.
func TestSomaLevels(t *testing.T) {
	_, reps := solutions(t, "soma", puzzle.DistinctAll, 0)
	if len(reps) != 240 {
		t.Fatalf("%d distinct Soma solutions, want 240", len(reps))
	}
	distinct := levelHistogram(t, reps, disassembly.Options{})
	t.Logf("240 distinct:%s", histString(distinct))
	if testing.Short() {
		return
	}
	_, raw := solutions(t, "soma", puzzle.DistinctNone, 0)
	if len(raw) != 11520 {
		t.Fatalf("%d Soma solutions, want 11520", len(raw))
	}
	rawHist := levelHistogram(t, raw, disassembly.Options{})
	t.Logf("11520 raw:%s", histString(rawHist))
	for l, n := range distinct {
		if rawHist[l] != 48*n {
			t.Errorf("level %d: %d raw, want 48 × %d distinct", l, rawHist[l], n)
		}
	}
	// in a fixed 3x3x3 box open at the top, a piece can only lift out
	// until there is room to slide: every solution still comes apart
	boxed := levelHistogram(t, raw, disassembly.Options{Box: cuboid(3, 3, 3), Open: geometry.Cell{Z: 1}})
	t.Logf("11520 raw, in a box open at the top:%s", histString(boxed))
	if boxed[1] != 11520 {
		t.Errorf("in a box open at the top:%s, want level 1: 11520", histString(boxed))
	}
}

// TestPentominoLevels takes apart one representative of each of the 2339
// classes of 6x10 pentomino packings, sliding pieces in the plane only (no
// lifting off the board).
func TestPentominoLevels(t *testing.T) {
	if testing.Short() {
		t.Skip("solving 6x10 takes seconds; run without -short")
	}
	_, reps := solutions(t, "pentomino-6x10", puzzle.DistinctAll, 0)
	if len(reps) != 2339 {
		t.Fatalf("%d distinct 6x10 packings, want 2339", len(reps))
	}
	hist := levelHistogram(t, reps, disassembly.Options{Planar: true})
	t.Logf("2339 distinct 6x10:%s", histString(hist))
}
