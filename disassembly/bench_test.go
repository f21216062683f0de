package disassembly_test

import (
	"context"
	"testing"

	"polyviz/disassembly"
	"polyviz/geometry"
	"polyviz/puzzle"
)

func benchmarkPacking(b *testing.B, pieces []geometry.Shape, opt disassembly.Options) {
	b.ReportAllocs()
	states := 0
	for b.Loop() {
		r, err := disassembly.Disassemble(context.Background(), pieces, opt)
		if err != nil {
			b.Fatal(err)
		}
		states = r.States
	}
	b.ReportMetric(float64(states), "states/op")
}

// BenchmarkSoma takes apart the first Soma solution (six separations of one
// move each).
func BenchmarkSoma(b *testing.B) {
	_, sols := solutions(b, "soma", puzzle.DistinctNone, 1)
	benchmarkPacking(b, sols[0], disassembly.Options{})
}

// BenchmarkBedlam takes apart the first Bedlam solution (13 pieces).
func BenchmarkBedlam(b *testing.B) {
	_, sols := solutions(b, "bedlam", puzzle.DistinctNone, 1)
	benchmarkPacking(b, sols[0], disassembly.Options{})
}

// BenchmarkLockedSearch walks every state of a packing that cannot come
// apart: a ring in the plane with a long room inside, holding three
// monominoes that shuffle in it.
func BenchmarkLockedSearch(b *testing.B) {
	pieces := picture(`
		aaaaaaaaaa
		a.b..c.d.a
		aaaaaaaaaa`)
	benchmarkPacking(b, pieces, disassembly.Options{Planar: true})
}
