package solver_test

import (
	"context"
	"fmt"
	"strings"

	"polyviz/solver"
)

// The example in the introduction of Knuth's DLX1: five primary items A-E,
// two secondary items F and G, six options, one solution.
func Example() {
	const dlx = `| A simple example
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
`
	p, err := solver.ParseDLX(strings.NewReader(dlx), "example.dlx")
	if err != nil {
		fmt.Println(err)
		return
	}
	st, err := solver.Solve(context.Background(), p, solver.Options{Workers: 1}, func(s solver.Solution) bool {
		for _, c := range s.Choices {
			fmt.Printf("%s (%d of %d)\n", strings.Join(p.OptionItems(c.Option), " "), c.K, c.D)
		}
		return true
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("Altogether %d solution, %d updates, %d nodes.\n", st.Solutions, st.Updates, st.Nodes)
	// Output:
	// A D (2 of 2)
	// C E F (1 of 1)
	// B G (1 of 1)
	// Altogether 1 solution, 30 updates, 6 nodes.
}

// Building a problem in code: cover a 2x2 board with dominoes.
func ExampleNewProblem() {
	p := solver.NewProblem([]string{"a1", "a2", "b1", "b2"}, nil)
	p.AddOption("a1", "a2")
	p.AddOption("b1", "b2")
	p.AddOption("a1", "b1")
	p.AddOption("a2", "b2")
	st, _ := solver.Solve(context.Background(), p, solver.Options{}, func(s solver.Solution) bool {
		fmt.Println(s.Options)
		return true
	})
	fmt.Println(st.Solutions, "solutions")
	// Unordered output:
	// [0 1]
	// [2 3]
	// 2 solutions
}
