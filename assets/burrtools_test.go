package assets_test

// The BurrTools entries (spheres, triangular prisms, rhombic tetrahedra,
// tetrahedra-octahedra),
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
	for _, g := range []string{"spheres", "triangular prisms", "rhombic tetrahedra", "tetrahedra-octahedra"} {
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
			if strings.Contains(e.Counts.Raw.Checked, "-long") && !*long {
				t.Skip("use -long")
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

// TestIQPyramidDeverwCount reproduces the count deverw's IQpuzzler README
// gives for the IQ Puzzler Pro pyramid, 4,360: his solver keeps the red L
// (L5) to 5 of its 24 orientations, one lying and four standing in one
// diagonal plane. Among our 26,720 packings, those whose L5 takes one of
// those five orientations (up to translation) are 4,360.
func TestIQPyramidDeverwCount(t *testing.T) {
	if !*long {
		t.Skip("use -long")
	}
	e, ok := assets.Lookup("iq-puzzler-pyramid")
	if !ok {
		t.Fatal("no iq-puzzler-pyramid")
	}
	l := loadEntry(t, e)
	// deverw's five orientations of the red L (his bin/orig.3di), in his
	// frame: layer Z, and X = 2i+Z, Y = 2j+Z for sphere (i, j) of the layer.
	his := [][][3]int{
		{{0, 0, 0}, {0, 2, 0}, {2, 0, 0}, {4, 0, 0}, {6, 0, 0}},
		{{1, 1, 1}, {2, 2, 0}, {2, 2, 2}, {3, 3, 3}, {4, 4, 4}},
		{{1, 1, 3}, {2, 2, 2}, {3, 3, 1}, {4, 4, 0}, {5, 5, 1}},
		{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {2, 2, 4}, {3, 3, 3}},
		{{0, 0, 2}, {1, 1, 3}, {2, 2, 2}, {3, 3, 1}, {4, 4, 0}},
	}
	key := func(cs [][3]int) string {
		lo := cs[0]
		for _, c := range cs {
			for i := range 3 {
				lo[i] = min(lo[i], c[i])
			}
		}
		var ks []string
		for _, c := range cs {
			ks = append(ks, fmt.Sprint(c[0]-lo[0], c[1]-lo[1], c[2]-lo[2]))
		}
		slices.Sort(ks)
		return strings.Join(ks, ";")
	}
	want := map[string]bool{}
	for _, o := range his {
		var cs [][3]int
		for _, c := range o {
			// our pyramid: sphere (i, j) of layer k at (i+j+k, i-j+4, k)
			cs = append(cs, [3]int{(c[0] + c[1]) / 2, (c[0] - c[1]) / 2, c[2]})
		}
		want[key(cs)] = true
	}
	if len(want) != 5 {
		t.Fatalf("%d distinct orientations, want 5", len(want))
	}
	pls := l.Puzzle.Placements()
	if len(pls) != l.Problem.NumOptions() {
		t.Fatalf("%d placements for %d options", len(pls), l.Problem.NumOptions())
	}
	var raw, his5 int64
	_, err := solver.Solve(context.Background(), l.Problem, solver.Options{}, func(s solver.Solution) bool {
		raw++
		for _, o := range s.Options {
			pl := pls[o]
			if l.Puzzle.Pieces[pl.Piece].Name != "L5" {
				continue
			}
			var cs [][3]int
			for _, c := range pl.Cells {
				cs = append(cs, [3]int{c.X, c.Y, c.Z})
			}
			if want[key(cs)] {
				his5++
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	if raw != e.Counts.Raw.N || his5 != 4360 {
		t.Errorf("%d packings, %d with L5 in deverw's orientations; want %d and 4,360", raw, his5, e.Counts.Raw.N)
	}
}
