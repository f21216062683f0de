package disassembly_test

import (
	"context"
	"fmt"

	"polyviz/disassembly"
	"polyviz/geometry"
)

// A monomino in a pocket: it slides left two cells (BurrTools moves the
// frame right, trying +x first), then out through the gap above, so the
// packing is level 2.
func ExampleDisassemble() {
	pieces := picture(`
		a.aaa
		a..ba
		aaaaa`)
	r, err := disassembly.Disassemble(context.Background(), pieces, disassembly.Options{Planar: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Status, "level", r.Level)
	for _, m := range r.Moves {
		fmt.Println(m.Pieces, disassembly.AxisName(m.Dir), m.Dist, m.Removal)
	}
	// Output:
	// apart level 2
	// [0] +x 2 false
	// [1] +y 3 true
}

// Two links of a chain: no move separates them.
func ExampleDisassemble_locked() {
	ring := geometry.NewShape(
		geometry.Cell{X: 0, Y: 0, Z: 1}, geometry.Cell{X: 1, Y: 0, Z: 1}, geometry.Cell{X: 2, Y: 0, Z: 1},
		geometry.Cell{X: 0, Y: 1, Z: 1}, geometry.Cell{X: 2, Y: 1, Z: 1},
		geometry.Cell{X: 0, Y: 2, Z: 1}, geometry.Cell{X: 1, Y: 2, Z: 1}, geometry.Cell{X: 2, Y: 2, Z: 1})
	hook := geometry.NewShape(
		geometry.Cell{X: 0, Y: 1, Z: 0}, geometry.Cell{X: 1, Y: 1, Z: 0},
		geometry.Cell{X: 1, Y: 1, Z: 1},
		geometry.Cell{X: 1, Y: 1, Z: 2}, geometry.Cell{X: 2, Y: 1, Z: 2})
	r, _ := disassembly.Disassemble(context.Background(), []geometry.Shape{ring, hook}, disassembly.Options{})
	fmt.Println(r.Status, "after", r.States, "state")
	// Output:
	// locked after 1 state
}
