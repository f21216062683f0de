package assets_test

// The BurrTools entries (spheres, triangular prisms, rhombic tetrahedra),
// read with package burrtools through the format registry.

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/burrtools"
	"polyviz/puzzle"
	"polyviz/solver"
)

// TestBurrToolsEntries checks each BurrTools entry against its file: one
// problem, the grid, the result shape's index box (the entry's
// Dimensions), and a comment in the file.
func TestBurrToolsEntries(t *testing.T) {
	grids := map[string]int{}
	for _, e := range assets.Catalog() {
		if e.Format != assets.BurrTools {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			if !strings.HasSuffix(e.File, ".xmpuzzle") {
				t.Errorf("file %s is not named .xmpuzzle", e.File)
			}
			if !strings.Contains(string(e.Data()), "<comment>") {
				t.Error("the file has no comment saying what it is")
			}
			x, err := burrtools.Read(e.File, e.Data())
			if err != nil {
				t.Fatal(err)
			}
			if len(x.Problems) != 1 {
				t.Errorf("%d problems, want 1", len(x.Problems))
			}
			l := loadEntry(t, e)
			g := l.Puzzle.Grid()
			if g == nil {
				t.Fatal("on the cube grid; the library's BurrTools files use the other grids")
			}
			grids[g.Name()]++
			lo, hi := l.Puzzle.Box.Bounds()
			ext := []int{hi.X - lo.X + 1, hi.Y - lo.Y + 1, hi.Z - lo.Z + 1}
			slices.Sort(ext)
			if got := fmt.Sprintf("%dx%dx%d", ext[0], ext[1], ext[2]); got != e.Dimensions {
				t.Errorf("index box %s, entry says %s", got, e.Dimensions)
			}
		})
	}
	for _, g := range []string{"spheres", "triangular prisms", "rhombic tetrahedra"} {
		if grids[g] == 0 {
			t.Errorf("no entry on the %s grid", g)
		}
	}
}

// TestBurrToolsCounts recounts every count of the BurrTools entries: raw
// with both engines, and up to rotation and up to rotation and reflection
// with the distinct counter (BurrTools' own count is the last).
func TestBurrToolsCounts(t *testing.T) {
	for _, e := range assets.Catalog() {
		if e.Format != assets.BurrTools {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			if testing.Short() && e.Cells > 48 {
				t.Skip("short: large board")
			}
			l := loadEntry(t, e)
			c := e.Counts
			for _, engine := range []solver.Engine{solver.EngineDLX, solver.EngineBits} {
				st, err := solver.Solve(context.Background(), l.Problem, solver.Options{Engine: engine}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Solutions != c.Raw.N {
					t.Errorf("engine %v: %d solutions, catalogue says %d", engine, st.Solutions, c.Raw.N)
				}
			}
			for _, k := range []struct {
				mode puzzle.Distinct
				want assets.Count
			}{{puzzle.DistinctRotations, c.Rotations}, {puzzle.DistinctAll, c.All}} {
				if !k.want.Known() {
					t.Errorf("%v: no count", k.mode)
					continue
				}
				st, err := l.Puzzle.SolveDistinct(context.Background(), k.mode, solver.Options{}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Distinct != k.want.N || st.Raw != c.Raw.N {
					t.Errorf("%v: %d distinct (%d raw), catalogue says %d (%d)", k.mode, st.Distinct, st.Raw, k.want.N, c.Raw.N)
				}
			}
		})
	}
}
