package assets_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"polyviz/antislide"
	"polyviz/assets"
	"polyviz/fillomino"
)

// TestFillominoAndAntislideEntries reads the library's fillomino grids and
// antislide problems with their own packages and recounts what the
// catalogue says of them: the board or box, the pieces, the counts.
func TestFillominoAndAntislideEntries(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	n := 0
	for _, e := range assets.Catalog() {
		switch e.Format {
		case assets.Fillomino:
			n++
			t.Run(e.Name, func(t *testing.T) { checkFillominoEntry(t, e) })
		case assets.Antislide:
			n++
			t.Run(e.Name, func(t *testing.T) { checkAntislideEntry(t, e) })
		}
	}
	if n < 6 {
		t.Errorf("only %d fillomino and antislide entries", n)
	}
}

func checkFillominoEntry(t *testing.T, e assets.Entry) {
	if e.Counts.Raw.Checked != assets.CheckedFillomino {
		t.Errorf("raw count checked %q", e.Counts.Raw.Checked)
	}
	g, err := fillomino.Parse(e.File, e.Data())
	if err != nil {
		t.Fatal(err)
	}
	if dims := fmt.Sprintf("%dx%d", g.Rows, g.Cols); dims != e.Dimensions || g.Rows*g.Cols != e.Cells {
		t.Errorf("board %s (%d cells), catalogue says %s (%d)", dims, g.Rows*g.Cols, e.Dimensions, e.Cells)
	}
	if testing.Short() && e.Cells > 100 {
		t.Skip("short: proving a 12x12 board unique takes seconds")
	}
	v, err := g.Check(context.Background(), fillomino.CheckOptions{Max: 2, ContradictionBudget: -1})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Complete || v.Solutions != e.Counts.Raw.N {
		t.Fatalf("%d solutions (complete %v), catalogue says %d", v.Solutions, v.Complete, e.Counts.Raw.N)
	}
	if regions := countRegions(g.Rows, g.Cols, v.First); regions != e.Pieces {
		t.Errorf("the solution has %d regions, catalogue says %d", regions, e.Pieces)
	}
}

// countRegions counts the connected regions of equal labels of a solved
// board: the fillomino's pieces.
func countRegions(rows, cols int, labels []int) int {
	seen := make([]bool, len(labels))
	n := 0
	for start := range labels {
		if seen[start] {
			continue
		}
		n++
		stack := []int{start}
		seen[start] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r, k := c/cols, c%cols
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, kk := r+d[0], k+d[1]
				if rr < 0 || kk < 0 || rr >= rows || kk >= cols {
					continue
				}
				if nb := rr*cols + kk; !seen[nb] && labels[nb] == labels[c] {
					seen[nb] = true
					stack = append(stack, nb)
				}
			}
		}
	}
	return n
}

func checkAntislideEntry(t *testing.T, e assets.Entry) {
	data := string(e.Data())
	if lines := strings.Split(data, "\n"); len(lines) < 4 || lines[0] != "# "+e.Title || lines[1] != "# polyviz library name: "+e.Name || !strings.Contains(data, "Source:") {
		t.Errorf("the header is not the title, the library name and a Source: line")
	}
	p, err := antislide.ParseFile(e.File, e.Data())
	if err != nil {
		t.Fatal(err)
	}
	dims := []int{p.Size.X, p.Size.Y, p.Size.Z}
	if got := fmt.Sprintf("%dx%dx%d", dims[0], dims[1], dims[2]); !strings.HasPrefix(e.Dimensions, got) || p.Size.X*p.Size.Y*p.Size.Z != e.Cells {
		t.Errorf("box %s, catalogue says %s with %d cells", got, e.Dimensions, e.Cells)
	}
	if testing.Short() && e.Cells > 64 {
		t.Skip("short: the 4x4x5 box takes a second")
	}
	res, err := antislide.Count(context.Background(), p, antislide.Options{Distinct: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.TotalRaw(); got != e.Counts.Raw.N {
		t.Errorf("raw %d, catalogue says %d", got, e.Counts.Raw.N)
	}
	if got := res.TotalDistinct(); got != e.Counts.All.N {
		t.Errorf("up to symmetry %d, catalogue says %d", got, e.Counts.All.N)
	}
	last := len(res.Raw) - 1
	for last > 0 && res.Raw[last] == 0 {
		last--
	}
	if last != e.Pieces {
		t.Errorf("the fullest packing has %d pieces, catalogue says %d", last, e.Pieces)
	}
}
