package polystick_test

import (
	"context"
	"fmt"

	"polyviz/polystick"
	"polyviz/solver"
)

// The five tristicks, each up to four times, on the twelve sticks of a
// 2x2 square: every way, and the ways up to the square's symmetries.
func Example() {
	spec := `| polysticks
board 2x2
0-4|A H00 V00 H10
0-4|B H00 V00 V10
0-4|C H00 H10 V10
0-4|D H00 H10 H20
0-4|E H00 V10 H11
`
	p, err := polystick.Parse("tristicks.txt", []byte(spec))
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := p.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	st, _ := b.Count(context.Background(), polystick.All, solver.Options{Workers: 1}, nil)
	fmt.Printf("%d sticks, %d inner point, %d placements\n", len(b.Board), len(b.Inner), len(b.Placements))
	fmt.Printf("%d solutions, %d up to rotation and reflection\n", st.Raw, st.Distinct)
	// Output:
	// 12 sticks, 1 inner point, 48 placements
	// 51 solutions, 10 up to rotation and reflection
}
