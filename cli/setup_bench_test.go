package cli

import (
	"context"
	"io"
	"testing"
)

// BenchmarkSolveHexSticks is the whole of `polyviz solve --distinct all
// -j 1` on BurrTools' HexSticks (a rhombic-grid puzzle whose reading,
// placements and engine setup cost more than its search), as in the
// burrTxt row of `polyviz bench --burrtxt`. Run it with GOGC=off, as the
// command runs.
func BenchmarkSolveHexSticks(b *testing.B) {
	benchSolveFile(b, "../burrtools/testdata/grids/HexSticks.xmpuzzle")
}

func benchSolveFile(b *testing.B, file string) {
	for b.Loop() {
		if Main(context.Background(), []string{"solve", "--distinct", "all", "-j", "1", file}, IO{Stdout: io.Discard, Stderr: io.Discard}, nil) != 0 {
			b.Fatal("solve failed")
		}
	}
}
