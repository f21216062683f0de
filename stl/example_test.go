package stl_test

import (
	"fmt"

	"polyviz/geometry"
	"polyviz/stl"
)

// A 2×1×1 box of two dominoes side by side, 10 mm cells, written as one
// assembled file: two shells of 19.6 × 9.6 × 9.6 mm, 0.4 mm apart.
func ExampleAssembled() {
	a := []geometry.Cell{{X: 0, Y: 0}, {X: 1, Y: 0}}
	b := []geometry.Cell{{X: 0, Y: 1}, {X: 1, Y: 1}}
	m, err := stl.Assembled([][]geometry.Cell{a, b}, stl.Options{Cube: 10, Clearance: 0.2}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := m.Check()
	lo, hi := m.Bounds()
	fmt.Printf("%d shells, %.1f mm³, %.1f × %.1f × %.1f mm, %v\n", r.Shells, r.Volume, hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2], err)
	// Output: 2 shells, 3612.7 mm³, 19.6 × 19.6 × 9.6 mm, <nil>
}

// A cube of 10 mm with its edges bevelled by 1 mm: 1000 - 60 + 6 mm³.
func ExamplePiece() {
	m := stl.Piece([]geometry.Cell{{}}, stl.Options{Cube: 10, Bevel: 1})
	r, err := m.Check()
	fmt.Printf("%.1f mm³, %v\n", r.Volume, err)
	// Output: 946.0 mm³, <nil>
}
