package solver

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGoldenSolutions prints every solution of small problems as DLX1 prints
// them (its option m1) and compares with testdata/NAME.solutions, so that a
// change in the order of the search shows.
func TestGoldenSolutions(t *testing.T) {
	for _, name := range []string{"pentomino-3x20", "dlx3-example"} {
		t.Run(name, func(t *testing.T) {
			var p *Problem
			if raceEnabled && name != "dlx3-example" {
				t.Skip("too slow under the race detector")
			}
			if name == "dlx3-example" {
				p = mustParse(t, "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
			} else {
				p = loadRef(t, name+".dlx")
			}
			var out bytes.Buffer
			n := 0
			st, err := Solve(context.Background(), p, Options{Workers: 2, Ordered: true}, func(s Solution) bool {
				n++
				fmt.Fprintf(&out, "%d:\n", n)
				for _, c := range s.Choices {
					fmt.Fprintln(&out, p.FormatChoice(c))
				}
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&out, "Altogether %d solutions, %d updates, %d nodes.\n", st.Solutions, st.Updates, st.Nodes)
			golden := filepath.Join("testdata", name+".solutions")
			if *update {
				if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("solutions differ from %s:\n%s", golden, out.String())
			}
		})
	}
}
