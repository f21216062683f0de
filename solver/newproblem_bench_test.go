package solver

import (
	"strconv"
	"testing"
)

// gridNames are names as a grid's problem has them: 2,256 cells of three
// or four letters and a dozen pieces (BurrTools' HexSticks).
func gridNames() (primary, secondary []string) {
	for i := range 2256 {
		primary = append(primary, strconv.FormatInt(int64(i)*37+1296, 36))
	}
	for i := range 12 {
		primary = append(primary, "P"+strconv.Itoa(i))
	}
	return primary, nil
}

// BenchmarkNewProblemGrid makes the items of a grid's problem.
func BenchmarkNewProblemGrid(b *testing.B) {
	prim, sec := gridNames()
	for b.Loop() {
		if NewProblem(prim, sec).Err() != nil {
			b.Fatal("bad names")
		}
	}
}

// BenchmarkBuildGrid makes a grid's problem as puzzle's buildProblem does:
// its items, then 180 options of a piece and 189 cells added by number,
// and the copy its memo keeps.
func BenchmarkBuildGrid(b *testing.B) {
	prim, sec := gridNames()
	opts := make([][]int32, 180)
	for o := range opts {
		for k := range 189 {
			opts[o] = append(opts[o], int32((o*7+k*11)%2256))
		}
	}
	for b.Loop() {
		p := NewProblem(prim, sec)
		p.Grow(len(opts), 190*len(opts))
		for o, items := range opts {
			if err := p.AddOptionIndexes(append([]int32{int32(2256 + o%12)}, items...)); err != nil {
				b.Fatal(err)
			}
		}
		p.Clone()
	}
}
