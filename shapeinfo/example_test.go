package shapeinfo_test

import (
	"context"
	"fmt"

	"polyviz/geometry"
	"polyviz/shapeinfo"
)

func ExampleDescribe() {
	space := shapeinfo.Space{Lattice: geometry.Cubes()}
	a := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{X: 1, Z: 1})
	b := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{Y: 1, Z: 1})
	infos, err := shapeinfo.Describe(context.Background(), space, []shapeinfo.Named{{Name: "A", Shape: a}, {Name: "B", Shape: b}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, in := range infos {
		fmt.Printf("%s: %d cells, order %d, chiral %v, mirror image %v, connected via %s\n", in.Name, in.Cells, in.Order, in.Chiral, in.Mirrors, in.Connected)
		for _, e := range in.Symmetry {
			fmt.Printf("  %s: %s\n", e.Name, e.Map)
		}
	}
	// Output:
	// A: 4 cells, order 2, chiral true, mirror image [B], connected via face
	//   identity: (x,y,z) ↦ (x,y,z)
	//   half turn about y+z: (x,y,z) ↦ (−x,z,y)
	// B: 4 cells, order 2, chiral true, mirror image [A], connected via face
	//   identity: (x,y,z) ↦ (x,y,z)
	//   half turn about x+z: (x,y,z) ↦ (z,−y,x)
}
