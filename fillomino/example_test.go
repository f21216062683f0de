package fillomino_test

import (
	"context"
	"fmt"
	"os"

	"polyviz/fillomino"
)

// Knuth's little test: the trailing blank line is a sixth row.
func Example() {
	g, err := fillomino.Parse("tiny.txt", []byte(".31\n134\n314\n3.4\n22.\n\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Summary())
	sols, err := g.Solutions(context.Background(), 0, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d solution:\n%s", len(sols), fillomino.FormatLabels(g.Rows, g.Cols, sols[0]))
	// Output:
	// OK, I've read 12 clues <= 4, for a 6x3 board.
	// 1 solution:
	// 331
	// 134
	// 314
	// 334
	// 224
	// 333
}

// The DLX file of a 2x2 board with one clue, as FILLOMINO-DLX writes it.
func ExampleBuild_WriteDLX() {
	g, _ := fillomino.Parse("t.txt", []byte("2.\n..\n"))
	b, _ := g.Build(context.Background(), fillomino.BuildOptions{})
	b.WriteDLX(os.Stdout)
	// Output:
	// | fillomino-dlx:
	// | 2.
	// | ..
	// 00 01 10 11 | v111 v112 h111 h112
	//  01 h111
	//  10 v111
	//  11 h111 v111
	//  00 01 h112
	//  00 10 v112
}
