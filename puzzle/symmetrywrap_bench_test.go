package puzzle

import (
	"context"
	"testing"

	"polyviz/geometry"
)

// BenchmarkSymmetryTorus works out the symmetry of a 24x24 torus of
// monominoes and a domino: 8 rotations times 576 translations.
func BenchmarkSymmetryTorus(b *testing.B) {
	spec := []byte("[0-n][0-n]\n| wrap x y\n574|M 00\nD 00 01\n")
	for b.Loop() {
		p, err := ParseSpecOn("torus.txt", spec, geometry.Squares())
		if err != nil {
			b.Fatal(err)
		}
		p.Placements()
		if _, err := p.SymmetryContext(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
