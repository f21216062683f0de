package antislide_test

import (
	"context"
	"fmt"
	"os"

	"polyviz/antislide"
	"polyviz/geometry"
)

func ExampleCount() {
	p, err := antislide.NewProblem(geometry.Cell{X: 4, Y: 4, Z: 4}, antislide.Brick(2, 2, 1))
	if err != nil {
		panic(err)
	}
	r, err := antislide.Count(context.Background(), p, antislide.Options{Distinct: true, MaxPieces: 13})
	if err != nil {
		panic(err)
	}
	for k, n := range r.Raw {
		if n > 0 {
			fmt.Printf("%d bricks: %d packings, %d up to symmetry\n", k, n, r.Distinct[k])
		}
	}
	// Output:
	// 0 bricks: 1 packings, 1 up to symmetry
	// 12 bricks: 18 packings, 3 up to symmetry
	// 13 bricks: 24 packings, 1 up to symmetry
}

func ExampleKnuthOutput() {
	if err := antislide.KnuthOutput(context.Background(), os.Stdout, antislide.ProgramAntislide, geometry.Cell{X: 4, Y: 4, Z: 4}, 1); err != nil {
		panic(err)
	}
	// Output:
	// This problem involves 64 namechars, 108 moves, 432 nodes,
	//  1674 constraint elements, 558 clist elements.
	// Total solutions found:
	//   level 12, 4
	//   level 13, 6
}

func ExampleProblem_FormatPacking() {
	p, _ := antislide.ParseFile("tiny.txt", []byte("antislide box 2x2x3 brick 2x2x1\n"))
	antislide.Count(context.Background(), p, antislide.Options{Ordered: true, MinPieces: 1, Visit: func(moves []int) bool {
		fmt.Print(p.FormatPacking(moves))
		return false
	}})
	// Output:
	// z=0  z=1  z=2
	// AA   BB   CC
	// AA   BB   CC
}
