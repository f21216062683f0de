package puzzle

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
	"polyviz/solver"
)

// randomCarving returns the spec of a random puzzle whose box is carved
// into random connected pieces (so it has solutions): boards and boxes with
// a centre or symmetric placements (3x3, 5x5 with or without its centre,
// 3x3x3, 2x2x2, ...), so that lock placements with symmetries of their own
// are common; with some pieces given twice ("2*A", "2|A": multiplicity) and
// others of the same shape under two names.
func randomCarving(r *rand.Rand) string {
	boxes := [][3]int{{3, 3, 1}, {4, 4, 1}, {5, 5, 1}, {3, 5, 1}, {4, 6, 1}, {2, 2, 2}, {3, 3, 3}, {2, 3, 3}, {2, 2, 4}, {2, 4, 4}}
	dim := boxes[r.IntN(len(boxes))]
	planar := dim[2] == 1
	type pt struct{ x, y, z int }
	in := map[pt]bool{}
	var cells []pt
	hole := planar && dim[0]%2 == 1 && dim[1]%2 == 1 && r.IntN(2) == 0
	for z := range dim[2] {
		for y := range dim[1] {
			for x := range dim[0] {
				if hole && x == dim[0]/2 && y == dim[1]/2 {
					continue
				}
				in[pt{x, y, z}] = true
				cells = append(cells, pt{x, y, z})
			}
		}
	}
	dirs := []pt{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}
	if planar {
		dirs = dirs[:4]
	}
	taken := map[pt]bool{}
	var pieces [][]pt
	for _, at := range cells {
		if taken[at] {
			continue
		}
		size := 2 + r.IntN(4)
		if r.IntN(8) == 0 {
			size = 1
		}
		shape := []pt{at}
		taken[at] = true
		for tries := 0; len(shape) < size && tries < 30; tries++ {
			b := shape[r.IntN(len(shape))]
			d := dirs[r.IntN(len(dirs))]
			n := pt{b.x + d.x, b.y + d.y, b.z + d.z}
			if in[n] && !taken[n] {
				taken[n] = true
				shape = append(shape, n)
			}
		}
		pieces = append(pieces, shape)
	}
	cell := func(c pt) string {
		if planar {
			return fmt.Sprintf("%d%d", c.x, c.y)
		}
		return fmt.Sprintf("%d%d%d", c.x, c.y, c.z)
	}
	// shapes as written from their least cell: equal keys, equal shapes
	key := func(s []pt) string {
		s = slices.Clone(s)
		slices.SortFunc(s, func(a, b pt) int {
			return cmpInts(a.z, b.z, a.y, b.y, a.x, b.x)
		})
		var b strings.Builder
		for _, c := range s {
			fmt.Fprintf(&b, " %s", cell(pt{c.x - s[0].x + 5, c.y - s[0].y + 5, c.z - s[0].z + 5}))
		}
		return b.String()
	}
	var b strings.Builder
	if planar {
		if hole {
			// the board without its centre: list the rows around it
			for y := range dim[1] {
				for x := range dim[0] {
					if in[pt{x, y, 0}] {
						fmt.Fprintf(&b, "%d%d ", x, y)
					}
				}
			}
			b.WriteString("\n")
		} else {
			fmt.Fprintf(&b, "[0-%d][0-%d]\n", dim[0]-1, dim[1]-1)
		}
	} else {
		fmt.Fprintf(&b, "[0-%d][0-%d][0-%d]\n", dim[0]-1, dim[1]-1, dim[2]-1)
	}
	merge := r.IntN(2) == 0
	written := map[string]bool{}
	for i, s := range pieces {
		k := key(s)
		n := 0
		for _, t := range pieces {
			if key(t) == k {
				n++
			}
		}
		var cs []string
		for _, c := range s {
			cs = append(cs, cell(pt{c.x + 1, c.y + 1, c.z + 1}))
		}
		name := fmt.Sprintf("P%c", 'a'+i)
		switch {
		case merge && n > 1 && written[k]:
			continue
		case merge && n > 1 && planar:
			name = fmt.Sprintf("%d|%s", n, name)
		case merge && n > 1 && n < 10:
			name = fmt.Sprintf("%d*%s", n, name)
		}
		written[k] = true
		fmt.Fprintf(&b, "%s %s\n", name, strings.Join(cs, " "))
	}
	return b.String()
}

func cmpInts(v ...int) int {
	for i := 0; i+1 < len(v); i += 2 {
		if v[i] != v[i+1] {
			return v[i] - v[i+1]
		}
	}
	return 0
}

// TestDistinctRandomBrute checks SolveDistinct against brute force on
// random carvings: the raw solutions, as maps from cells to piece names,
// are sorted into classes by applying every symmetry of the group to the
// cells (and, for a reflection of a 3D box, the mirror piece's name); the
// distinct count must be the number of classes, the raw count derived from
// the class sizes the raw count, and each class reported exactly once,
// with its size as Images, with every engine. Many of these boxes have lock
// placements with symmetries of their own, so the second cut (distinctCut)
// runs (and on every other puzzle the third): the test counts how often.
func TestDistinctRandomBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 3))
	trials := 160
	switch {
	case raceEnabled:
		trials = 20 // the engines' workers under the detector; the plain pass checks 160
	case testing.Short():
		trials = 60
	}
	checked, stabilised, third := 0, 0, 0
	for trial := range trials {
		spec := randomCarving(r)
		l, err := Load("random.txt", []byte(spec), FormatAuto)
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, spec)
		}
		l.Puzzle.cutDepth = 2 + trial%2 // the third cut on every other puzzle
		p := l.Puzzle
		pls := p.Placements()
		// a packing as the set of its pieces' names and cells (a map from
		// cells to names would not tell two dominoes of one piece making a
		// square from the square's other two dominoes)
		type placed struct {
			piece int
			cells []geometry.Cell
		}
		key := func(ps []placed) string {
			var out []string
			for _, pl := range ps {
				var cs []string
				for _, c := range pl.cells {
					cs = append(cs, fmt.Sprintf("%d,%d,%d", c.X, c.Y, c.Z))
				}
				slices.Sort(cs)
				out = append(out, p.Pieces[pl.piece].Name+"="+strings.Join(cs, " "))
			}
			slices.Sort(out)
			return strings.Join(out, "; ")
		}
		packing := func(opts []int) []placed {
			var ps []placed
			for _, o := range opts {
				ps = append(ps, placed{pls[o].Piece, p.placementCells(pls[o])})
			}
			return ps
		}
		names := func(opts []int) string { return key(packing(opts)) }
		var raw [][]placed
		rawKeys := map[string]int{}
		st, err := p.SolveDistinct(context.Background(), DistinctNone, solver.Options{Workers: 1, MaxSolutions: 3001}, func(s DistinctSolution) bool {
			rawKeys[names(s.Options)] = len(raw)
			raw = append(raw, packing(s.Options))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if st.Raw > 3000 || len(raw) == 0 {
			continue
		}
		if len(rawKeys) != len(raw) {
			t.Fatalf("trial %d: %d raw solutions, %d different\n%s", trial, len(raw), len(rawKeys), spec)
		}
		sym := p.Symmetry()
		mirror := p.mirrorPieces()
		for _, mode := range []Distinct{DistinctRotations, DistinctAll} {
			// brute force: the class of each raw solution
			class := make([]int, len(raw))
			for i := range class {
				class[i] = -1
			}
			var sizes []int
			for i, m := range raw {
				if class[i] >= 0 {
					continue
				}
				id := len(sizes)
				sizes = append(sizes, 0)
				for _, k := range sym.group(mode) {
					g := sym.Box[sym.Acting[k]]
					var img []placed
					for _, pl := range m {
						pc := pl.piece
						if !g.Proper() && !p.lattice().Reflects() {
							pc = mirror[pc]
						}
						var cs []geometry.Cell
						for _, c := range pl.cells {
							cs = append(cs, g.Apply(c))
						}
						img = append(img, placed{pc, cs})
					}
					j, ok := rawKeys[key(img)]
					if !ok {
						t.Fatalf("trial %d: an image of a solution is no solution\n%s", trial, spec)
					}
					if class[j] < 0 {
						class[j] = id
						sizes[id]++
					}
				}
			}
			for _, e := range []solver.Engine{solver.EngineDLX, solver.EngineBits, solver.EngineCell} {
				seen := map[int]bool{}
				st, err := p.SolveDistinct(context.Background(), mode, solver.Options{Workers: 1, Engine: e}, func(s DistinctSolution) bool {
					j, ok := rawKeys[names(s.Options)]
					switch {
					case !ok:
						t.Errorf("trial %d %v %v: a representative that is no raw solution", trial, mode, e)
					case seen[class[j]]:
						t.Errorf("trial %d %v %v: class %d reported twice", trial, mode, e, class[j])
					case s.Images != sizes[class[j]]:
						t.Errorf("trial %d %v %v: %d images, the class has %d", trial, mode, e, s.Images, sizes[class[j]])
					}
					if ok {
						seen[class[j]] = true
					}
					return true
				})
				if err != nil {
					t.Fatal(err)
				}
				if st.Distinct != int64(len(sizes)) || st.Raw != int64(len(raw)) {
					t.Fatalf("trial %d %v %v: %d distinct, %d raw; brute force %d, %d\n%s", trial, mode, e, st.Distinct, st.Raw, len(sizes), len(raw), spec)
				}
				if e == solver.EngineDLX && st.Stabilised > 0 {
					stabilised++
				}
				if e == solver.EngineDLX && st.Third > 0 {
					third++
				}
			}
			checked++
		}
	}
	if checked < trials/2 || stabilised < checked/6 || third < checked/30 {
		t.Fatalf("%d counts checked, %d with a second cut, %d with a third", checked, stabilised, third)
	}
	t.Logf("%d counts checked, %d with a second cut, %d with a third", checked, stabilised, third)
}
