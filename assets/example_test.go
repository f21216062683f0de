package assets_test

import (
	"bytes"
	"fmt"

	"polyviz/assets"
)

func ExampleLookup() {
	e, ok := assets.Lookup("pentomino-6x10")
	if !ok {
		return
	}
	c := e.Counts
	fmt.Println(e.Title)
	fmt.Println(e.Format, e.Dimensions, e.Cells, "cells", e.Pieces, "pieces")
	fmt.Println("raw", c.Raw.N, "rotations", c.Rotations.N, "all", c.All.N)
	fmt.Println(bytes.HasPrefix(e.Data(), []byte("| Pentominoes")))
	// Output:
	// Pentominoes: 6x10 rectangle
	// polyomino 6x10 60 cells 12 pieces
	// raw 9356 rotations 4678 all 2339
	// true
}

func ExampleCatalog() {
	for _, e := range assets.Catalog() {
		if e.Format == assets.Polycube && e.Dimensions == "4x4x4" {
			d, _ := e.Counts.Distinct()
			fmt.Printf("%s: %d\n", e.Name, d.N)
		}
	}
	// Output:
	// bedlam: 19186
	// tetris-cube: 9839
	// big-brother: 14177
}
