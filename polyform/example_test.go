package polyform_test

import (
	"context"
	"fmt"

	"polyviz/geometry"
	"polyviz/polyform"
)

func ExampleEnumerate() {
	ctx := context.Background()
	for _, e := range []polyform.Equivalence{polyform.Free, polyform.OneSided, polyform.Fixed} {
		pieces, err := polyform.Enumerate(ctx, geometry.Squares(), 4, polyform.Options{Equivalence: e})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d %s tetrominoes:", len(pieces), e)
		for _, p := range pieces {
			fmt.Printf(" %s", p.Name)
		}
		fmt.Println()
	}
	free, _ := polyform.Enumerate(ctx, geometry.Squares(), 4, polyform.Options{})
	for _, p := range free {
		fmt.Println(p.Name, p.Cells, p.Orientations, p.Chiral)
	}
	// Output:
	// 5 free tetrominoes: 4-1 4-2 4-3 4-4 4-5
	// 7 one-sided tetrominoes: 4-1 4-2 4-3 4-4 4-5 4-6 4-7
	// 19 fixed tetrominoes: 4-1 4-2 4-3 4-4 4-5 4-6 4-7 4-8 4-9 4-10 4-11 4-12 4-13 4-14 4-15 4-16 4-17 4-18 4-19
	// 4-1 000 010 020 030 2 false
	// 4-2 000 010 020 100 8 true
	// 4-3 000 010 020 110 4 false
	// 4-4 000 010 100 110 1 false
	// 4-5 000 010 110 120 4 true
}

func ExampleCanonical() {
	// the S tetromino and its mirror image, the Z
	s := geometry.NewShape(geometry.Cell{X: 0, Y: 0}, geometry.Cell{X: 1, Y: 0}, geometry.Cell{X: 1, Y: 1}, geometry.Cell{X: 2, Y: 1})
	z := geometry.NewShape(geometry.Cell{X: 0, Y: 1}, geometry.Cell{X: 1, Y: 1}, geometry.Cell{X: 1, Y: 0}, geometry.Cell{X: 2, Y: 0})
	sq := geometry.Squares()
	fmt.Println(polyform.Canonical(sq, s, polyform.Free).Equal(polyform.Canonical(sq, z, polyform.Free)))
	fmt.Println(polyform.Canonical(sq, s, polyform.OneSided).Equal(polyform.Canonical(sq, z, polyform.OneSided)))
	// Output:
	// true
	// false
}
