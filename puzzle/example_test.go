package puzzle_test

import (
	"context"
	"fmt"

	"polyviz/puzzle"
	"polyviz/solver"
)

// The Soma cube, raw and up to rotation and reflection (the package doc's
// worked example).
func Example() {
	spec := []byte(`[0-2][0-2][0-2]
V 000 100 010
L 000 100 200 010
T 000 100 200 110
Z 000 100 110 210
A 000 100 010 101
B 000 100 010 011
P 000 100 010 001
`)
	ctx := context.Background()
	p, err := puzzle.ParseSpec("soma.txt", spec, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	prob, err := p.Problem()
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := solver.Solve(ctx, prob, solver.Options{Engine: solver.EngineDLX}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("raw:", st.Solutions, "solutions,", st.Nodes, "nodes")
	ds, err := p.SolveDistinct(ctx, puzzle.DistinctAll, solver.Options{}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("distinct:", ds.Distinct, "of", ds.Raw, "raw, lock", ds.Lock)
	// Output:
	// raw: 11520 solutions, 256917 nodes
	// distinct: 240 of 11520 raw, lock Z
}
