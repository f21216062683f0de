package puzzle

import (
	"context"
	"slices"
	"testing"

	"polyviz/geometry"
	"polyviz/solver"
)

// TestPolyhexDLX: a hand-worked polyhex-dlx file. The dihex has 3
// orientations (00 10, its 60° turn 00 01, and 01 10); the 2x2 rhombus
// 00 01 10 11 has 5 pairs of touching hexagons (00 and 11 do not touch).
func TestPolyhexDLX(t *testing.T) {
	spec := "[0-1][0-1]\nD 00 10\n"
	want := "| [0-1][0-1]\n| D 00 10\n| this file was created by polyhex-dlx from that data\n" +
		" 00 01 10 11 D\nD 00 10\nD 01 11\nD 00 01\nD 10 11\nD 01 10\n"
	pz, err := ParseSpecOn("t.txt", []byte(spec), geometry.Hexagons())
	if err != nil {
		t.Fatal(err)
	}
	var out bytesBuffer
	if err := pz.WriteDLX(&out); err != nil {
		t.Fatal(err)
	}
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
	if got, want := pz.Summary(), "Altogether 4 cells, 1 pieces, 3 base placements, 13 nodes."; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

type bytesBuffer struct{ b []byte }

func (w *bytesBuffer) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }
func (w *bytesBuffer) String() string              { return string(w.b) }

// hexImages lists the distinct images of a hexagon shape under the 12
// symmetries of the plane, normalized, without package geometry: in cube
// coordinates (x, y, z) = (q, −q−r, r) a 60° turn is (x,y,z) ↦ (−z,−x,−y)
// and swapping x and z is a reflection.
func hexImages(s []geometry.Cell) [][]geometry.Cell {
	var out [][]geometry.Cell
	seen := map[string]bool{}
	cur := slices.Clone(s)
	for range 6 {
		for _, mirror := range []bool{false, true} {
			img := make([]geometry.Cell, len(cur))
			for i, c := range cur {
				x, z := c.X, c.Y // cube coordinates x and z (y = −x−z)
				if mirror {
					x, z = z, x
				}
				img[i] = geometry.Cell{X: x, Y: z}
			}
			minX, minY := img[0].X, img[0].Y
			for _, c := range img {
				minX, minY = min(minX, c.X), min(minY, c.Y)
			}
			for i := range img {
				img[i].X -= minX
				img[i].Y -= minY
			}
			slices.SortFunc(img, geometry.Cell.Compare)
			if k := geometry.Shape(img).String(); !seen[k] {
				seen[k] = true
				out = append(out, img)
			}
		}
		for i, c := range cur { // turn by 60°: new x = −z, new z = −y
			y, z := -c.X-c.Y, c.Y
			cur[i] = geometry.Cell{X: -z, Y: -y}
		}
	}
	return out
}

// bruteForce counts the packings of the pieces (each once) in the box by
// backtracking: the first empty cell is covered by some unused piece in
// some image, with the image's first cell on it.
func bruteForce(box []geometry.Cell, pieces [][]geometry.Cell) int {
	free := map[geometry.Cell]bool{}
	for _, c := range box {
		free[c] = true
	}
	order := slices.Clone(box)
	slices.SortFunc(order, geometry.Cell.Compare)
	images := make([][][]geometry.Cell, len(pieces))
	for i, p := range pieces {
		images[i] = hexImages(p)
	}
	used := make([]bool, len(pieces))
	var count func(from int) int
	count = func(from int) int {
		for from < len(order) && !free[order[from]] {
			from++
		}
		if from == len(order) {
			return 1
		}
		at, n := order[from], 0
		for i := range pieces {
			if used[i] {
				continue
			}
			for _, img := range images[i] {
				d := at.Sub(img[0])
				ok := true
				for _, c := range img {
					ok = ok && free[c.Add(d)]
				}
				if !ok {
					continue
				}
				for _, c := range img {
					free[c.Add(d)] = false
				}
				used[i] = true
				n += count(from + 1)
				used[i] = false
				for _, c := range img {
					free[c.Add(d)] = true
				}
			}
		}
		return n
	}
	return count(0)
}

const tetrahexes = "I4 00 10 20 30\nJ4 00 10 20 21\nP4 00 10 20 11\nS4 00 10 11 21\nU4 01 10 20 21\nY4 01 11 20 12\nO4 00 10 01 11\n"

// TestPolyhexBruteForce: the exact-cover counts of polyhex specs equal a
// brute-force count that shares no code with geometry's orientations; and
// the distinct counts of David Goodger's Polyform Puzzler
// (puzzler/puzzles/tetrahexes.py): the 7 tetrahexes fill the 4x7
// parallelogram in 9 ways and his "coin" in 4.
func TestPolyhexBruteForce(t *testing.T) {
	tests := []struct {
		name, spec string
		distinct   int64 // up to all symmetries; -1 unknown
	}{
		{"polyhexes of 1 to 3 cells in a 2x6 parallelogram", "[0-5][0-1]\nH1 00\nI2 00 10\nI3 00 10 20\nV3 00 10 11\nA3 00 10 01\n", -1},
		{"tetrahexes 4x7", "[0-6][0-3]\n" + tetrahexes, 9},
		{"tetrahex coin", "[2-6]0 [1-6]1 [0-2]2 [4-6]2 [0-5]3 [0-4]4\n" + tetrahexes, 4},
		{"dihex, trihexes in a hexagon of 7 less 2", "1[0-2] 2[0-1] 0[1-2] 00\nI2 00 10\nI3 00 10 20\nV3 00 10 11\n", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Load("t.txt", []byte(tc.spec), FormatPolyhex)
			if err != nil {
				t.Fatal(err)
			}
			var pieces [][]geometry.Cell
			for _, pc := range l.Puzzle.Pieces {
				pieces = append(pieces, pc.Orientations[0])
			}
			want := bruteForce(l.Puzzle.Box, pieces)
			for _, engine := range []solver.Engine{solver.EngineDLX, solver.EngineBits} {
				st, err := solver.Solve(context.Background(), l.Problem, solver.Options{Engine: engine}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Solutions != int64(want) {
					t.Errorf("engine %v: %d solutions, brute force %d", engine, st.Solutions, want)
				}
			}
			if tc.distinct >= 0 {
				st, err := l.Puzzle.SolveDistinct(context.Background(), DistinctAll, solver.Options{}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Distinct != tc.distinct || st.Raw != int64(want) {
					t.Errorf("%d distinct, %d raw; want %d (Goodger), %d", st.Distinct, st.Raw, tc.distinct, want)
				}
			}
			t.Logf("%d packings", want)
		})
	}
}
