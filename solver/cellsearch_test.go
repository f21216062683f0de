package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// cellSet runs the cell search on p by itself (one task, the whole tree)
// and returns its solutions as sorted option lists, sorted, with its node
// count.
func cellSet(t testing.TB, c *cellPlan, noRegion bool) ([][]int, int64) {
	t.Helper()
	return cellSetWith(t, c, func(s *cellSearch) { s.noRegion = noRegion })
}

// cellSetWith is cellSet with the search set up by set before it runs.
func cellSetWith(t testing.TB, c *cellPlan, set func(*cellSearch)) ([][]int, int64) {
	t.Helper()
	s := newCellSearch(c)
	set(s)
	var sols [][]int
	s.solution = func() bool {
		sol := s.solutionAt().Options
		slices.Sort(sol)
		sols = append(sols, sol)
		return true
	}
	s.replay(nil)
	if !s.search(0) {
		t.Fatal("stopped")
	}
	if int(s.count) != len(sols) {
		t.Fatalf("counted %d, visited %d", s.count, len(sols))
	}
	return sortSolutions(sols), s.nodes
}

// The cell search, as the engine of Solve (EngineCell), finds exactly the
// solutions of dancing links on Knuth's reference files (the small ones as
// sets, the big ones as counts against DLX1's), with the same figures with
// one worker or three, and with the region test or without (run by
// itself, one task).
func TestCellSearchReference(t *testing.T) {
	for _, ref := range []struct {
		file  string
		big   bool
		count int64
	}{
		{"pentomino-3x20.dlx", false, 8},
		{"soma-3x3x3.dlx", raceEnabled, 11520}, // 20 s under the race detector
		{"pentomino-4x15.dlx", true, 1472},
		{"pentomino-5x12.dlx", true, 4040},
		{"pentomino-6x10.dlx", true, 9356},
		{"pentomino-8x8-hole.dlx", true, 520},
		{"pentacube-2x3x10.dlx", true, 96},
		{"pentacube-2x5x6.dlx", true, 2112},
	} {
		t.Run(ref.file, func(t *testing.T) {
			if ref.big && (testing.Short() || raceEnabled) {
				t.Skip("big file")
			}
			p := loadRef(t, ref.file)
			c, why := newCellPlan(p)
			if c == nil {
				t.Fatalf("cell search does not apply: %s", why)
			}
			if !c.region {
				t.Errorf("no region test on %s", ref.file)
			}
			got, st := solveSet(t, p, Options{Workers: 2, Engine: EngineCell})
			if st.Engine != EngineCell || st.Solutions != ref.count || int64(len(got)) != ref.count {
				t.Fatalf("engine %v: %d solutions (Stats %d), DLX1 %d", st.Engine, len(got), st.Solutions, ref.count)
			}
			one, err := Solve(context.Background(), p, Options{Workers: 1, Engine: EngineCell}, nil)
			if err != nil {
				t.Fatal(err)
			}
			three, err := Solve(context.Background(), p, Options{Workers: 3, Engine: EngineCell}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if one.Nodes != three.Nodes || one.Updates != three.Updates || one.Solutions != three.Solutions ||
				one.Nodes != sumProfile(one.Profile) || one.Nodes != st.Nodes {
				t.Errorf("1 worker %d/%d/%d (profile %d), 3 workers %d/%d/%d, 2 workers %d nodes", one.Solutions, one.Nodes, one.Updates,
					sumProfile(one.Profile), three.Solutions, three.Nodes, three.Updates, st.Nodes)
			}
			alone, nodes := cellSet(t, c, false)
			if !reflect.DeepEqual(alone, got) || nodes != one.Nodes {
				t.Errorf("by itself: %d solutions, %d nodes; through Solve %d, %d", len(alone), nodes, len(got), one.Nodes)
			}
			if !ref.big {
				want, _ := solveSet(t, p, Options{Workers: 1, Engine: EngineDLX})
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("solution sets differ: %d against dancing links' %d", len(got), len(want))
				}
				plain, plainNodes := cellSet(t, c, true)
				if !reflect.DeepEqual(plain, got) {
					t.Fatalf("without the region test: %d solutions, with it %d", len(plain), len(got))
				}
				if nodes > plainNodes {
					t.Errorf("the region test grew the tree: %d nodes against %d", nodes, plainNodes)
				}
			}
		})
	}
}

// randomPacking returns a packing problem in Knuth's form (piece first,
// then its cells): a board of up to 8x8 squares with random holes and some
// cells optional (secondary), and random polyominoes of 1 to 5 squares,
// each in every rotation and reflection, some placed at most once
// (secondary piece items are not cell-search packings, so every piece is
// primary), sizes mixed so that the region test's subset sums are used.
func randomPacking(r *rand.Rand) *Problem {
	w, h := 1+r.IntN(5), 1+r.IntN(6)
	type pt struct{ x, y int }
	board := map[pt]bool{} // cell -> optional
	var cells []pt
	for y := range h {
		for x := range w {
			if r.IntN(12) == 0 {
				continue // a hole
			}
			pc := pt{x, y}
			board[pc] = false
			cells = append(cells, pc)
		}
	}
	name := func(c pt) string { return fmt.Sprintf("c%d_%d", c.x, c.y) }
	dirs := []pt{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	// carve the board into pieces (so most problems have solutions), and
	// make the cells left over optional, or one piece in five a decoy
	taken := map[pt]bool{}
	var pieces [][]pt
	for _, at := range cells {
		if taken[at] || len(pieces) >= 8 {
			continue
		}
		size := 2 + r.IntN(4)
		if r.IntN(10) == 0 {
			size = 1
		}
		shape := []pt{at}
		taken[at] = true
		for tries := 0; len(shape) < size && tries < 20; tries++ {
			b := shape[r.IntN(len(shape))]
			d := dirs[r.IntN(4)]
			n := pt{b.x + d.x, b.y + d.y}
			if _, in := board[n]; in && !taken[n] {
				taken[n] = true
				shape = append(shape, n)
			}
		}
		if r.IntN(5) == 0 && len(shape) > 1 {
			shape = shape[:len(shape)-1] // a piece that does not fit its hole
		}
		pieces = append(pieces, shape)
	}
	for _, c := range cells {
		if !taken[c] || r.IntN(15) == 0 {
			board[c] = true
		}
	}
	var prim, sec []string
	for i := range pieces {
		prim = append(prim, fmt.Sprintf("P%d", i))
	}
	for _, c := range cells {
		if board[c] {
			sec = append(sec, name(c))
		} else {
			prim = append(prim, name(c))
		}
	}
	p := NewProblem(prim, sec)
	for i, shape := range pieces {
		seen := map[string]bool{}
		for t := range 8 {
			var img []pt
			for _, c := range shape {
				x, y := c.x, c.y
				for range t % 4 {
					x, y = -y, x
				}
				if t >= 4 {
					x = -x
				}
				img = append(img, pt{x, y})
			}
			for _, at := range cells {
				var items []string
				ok := true
				for _, c := range img {
					q := pt{c.x - img[0].x + at.x, c.y - img[0].y + at.y}
					if _, in := board[q]; !in {
						ok = false
						break
					}
					items = append(items, name(q))
				}
				if !ok {
					continue
				}
				sorted := slices.Clone(items)
				slices.Sort(sorted)
				key := strings.Join(sorted, " ")
				if seen[key] {
					continue
				}
				seen[key] = true
				if err := p.AddOption(append([]string{fmt.Sprintf("P%d", i)}, items...)...); err != nil {
					panic(err)
				}
			}
		}
	}
	return p
}

// On random packings (holes, optional cells, repeated and mixed sizes),
// the cell search finds the solution set of dancing links, through Solve
// with one worker and three (the same figures), and by itself with and
// without the region test.
func TestCellSearchRandomPackings(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 1))
	applied, solved := 0, 0
	trials := 600
	if raceEnabled {
		// the same first 50 (the search is the same code; the race
		// detector makes the 600 take minutes)
		trials = 50
	}
	for trial := range trials {
		p := randomPacking(r)
		if p.Err() != nil {
			continue // an empty board: no pieces
		}
		c, why := newCellPlan(p)
		if c == nil {
			if why != "an option covers no primary cell" {
				t.Fatalf("trial %d: does not apply: %s", trial, why)
			}
			continue
		}
		applied++
		var want [][]int
		if _, err := Solve(context.Background(), p, Options{Workers: 1, Engine: EngineDLX}, func(s Solution) bool {
			want = append(want, slices.Sorted(slices.Values(s.Options)))
			return len(want) < 20000
		}); err != nil {
			t.Fatal(err)
		}
		if len(want) >= 20000 {
			continue // too many to compare
		}
		want = sortSolutions(want)
		if len(want) > 0 {
			solved++
		}
		var nodes int64
		for _, workers := range []int{1, 3} {
			got, st := solveSet(t, p, Options{Workers: workers, Engine: EngineCell})
			if st.Engine != EngineCell || len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
				var buf strings.Builder
				p.WriteDLX(&buf)
				t.Fatalf("trial %d (Solve, %d workers, %v):\n%s got %d solutions, want %d", trial, workers, st.Engine, buf.String(), len(got), len(want))
			}
			if workers == 3 && st.Nodes != nodes {
				t.Fatalf("trial %d: %d nodes with 3 workers, %d with one", trial, st.Nodes, nodes)
			}
			nodes = st.Nodes
		}
		for _, noRegion := range []bool{false, true} {
			got, _ := cellSet(t, c, noRegion)
			if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
				var buf strings.Builder
				p.WriteDLX(&buf)
				t.Fatalf("trial %d (noRegion %v):\n%s got %d solutions, want %d", trial, noRegion, buf.String(), len(got), len(want))
			}
		}
	}
	if applied < trials/2 || solved < trials/3 {
		t.Fatalf("applied to %d of %d problems, %d with solutions", applied, trials, solved)
	}
	t.Logf("%d problems, %d with solutions", applied, solved)
}

// withMarks returns a copy of p with n marks (Problem.SetMark), each
// covered by a few random options: "not both" constraints, as the
// distinct search's second cut adds.
func withMarks(r *rand.Rand, p *Problem, n int) *Problem {
	var prim, sec []string
	for i := range p.NumItems() {
		if i < p.NumPrimary() {
			prim = append(prim, p.ItemName(i))
		} else {
			sec = append(sec, p.ItemName(i))
		}
	}
	extra := make([][]string, p.NumOptions())
	for k := range n {
		name := fmt.Sprintf("#m%d", k)
		sec = append(sec, name)
		for range 2 + r.IntN(6) {
			o := r.IntN(p.NumOptions())
			if !slices.Contains(extra[o], name) {
				extra[o] = append(extra[o], name)
			}
		}
	}
	q := NewProblem(prim, sec)
	for k := range n {
		if err := q.SetMark(fmt.Sprintf("#m%d", k)); err != nil {
			panic(err)
		}
	}
	for o := range p.NumOptions() {
		if err := q.AddOption(append(p.OptionItems(o), extra[o]...)...); err != nil {
			panic(err)
		}
	}
	return q
}

// Marks (Problem.SetMark) are no cells for the cell search: on random
// packings with random "not both" marks it finds the solution set of
// dancing links and of the bitset engine, with the region test on exactly
// when it is on without the marks (a mark counted as a cell would change
// the pieces' sizes, and a piece size one too big prunes wrongly), and it
// still applies to a board of 64 cells with marks.
func TestCellSearchMarks(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 2))
	applied, solved, cut := 0, 0, 0
	trials := 300
	if raceEnabled {
		trials = 20 // the same first 20, the workers under the detector; the plain pass runs 300
	}
	for trial := range trials {
		plain := randomPacking(r)
		if plain.Err() != nil || plain.NumOptions() == 0 {
			continue
		}
		p := withMarks(r, plain, 1+r.IntN(6))
		c0, _ := newCellPlan(plain)
		c, why := newCellPlan(p)
		if c0 == nil {
			continue
		}
		if c == nil {
			t.Fatalf("trial %d: does not apply with marks: %s", trial, why)
		}
		if c.region != c0.region || c.regionMod != c0.regionMod || !slices.Equal(c.size, c0.size) {
			t.Fatalf("trial %d: the marks changed the region test: %v %v %v, want %v %v %v", trial, c.region, c.regionMod, c.size, c0.region, c0.regionMod, c0.size)
		}
		applied++
		want, _ := solveSet(t, p, Options{Workers: 1, Engine: EngineDLX})
		all, _ := solveSet(t, plain, Options{Workers: 1, Engine: EngineDLX})
		if len(want) > 0 {
			solved++
		}
		if len(want) < len(all) {
			cut++
		}
		for _, e := range []Engine{EngineBits, EngineCell} {
			got, st := solveSet(t, p, Options{Workers: 2, Engine: e})
			if st.Engine != e || !reflect.DeepEqual(got, want) {
				var buf strings.Builder
				p.WriteDLX(&buf)
				t.Fatalf("trial %d (%v ran %v):\n%s got %d solutions, want %d", trial, e, st.Engine, buf.String(), len(got), len(want))
			}
		}
		for _, noRegion := range []bool{false, true} {
			if got, _ := cellSet(t, c, noRegion); !reflect.DeepEqual(got, want) {
				t.Fatalf("trial %d (noRegion %v): got %d solutions, want %d", trial, noRegion, len(got), len(want))
			}
		}
	}
	if applied < trials/3 || solved < trials/6 || cut < trials/20 {
		t.Fatalf("applied to %d of %d problems, %d with solutions, %d cut by the marks", applied, trials, solved, cut)
	}
	t.Logf("%d problems, %d with solutions, %d cut by the marks", applied, solved, cut)

	// 64 cells (an 8x8 board of dominoes) and marks: it still applies
	var cells []string
	for i := range 64 {
		cells = append(cells, fmt.Sprintf("c%d", i))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "D %s | #a #b\n", strings.Join(cells, " "))
	b.WriteString("D c0 c1 #a\nD c0 c8 #a #b\n")
	p := mustParse(t, b.String())
	for _, m := range []string{"#a", "#b"} {
		if err := p.SetMark(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.SetMark("c1"); err == nil {
		t.Fatal("a primary item became a mark")
	}
	if c, why := newCellPlan(p); c == nil {
		t.Fatalf("64 cells and a mark: %s", why)
	}
}

// The cell search refuses what it cannot do, with the reason.
func TestCellPlanApplies(t *testing.T) {
	for _, tc := range []struct{ dlx, why string }{
		{"A B c d | x\nA c x\nB d\n", ""},
		{"A B | x\nx:red A\n", "colours"},
		{"2:3|A B\nA B\n", "multiplicities"},
		{"A B | x\nx A\n", "an option begins with a secondary item"},
		{"A B c\nA B c\nB c\n", "an option names two pieces"},
	} {
		p := mustParse(t, tc.dlx)
		_, why := newCellPlan(p)
		if why != tc.why {
			t.Errorf("%q: %q, want %q", tc.dlx, why, tc.why)
		}
	}
}

// BenchmarkCellSearch measures the cell search against the option-bitset
// search (DLX1's tree, the bitset engine's default today), one worker,
// without the task split, on the packings, with CPU time beside
// the wall clock (the machine is shared) and the nodes of each tree.
func BenchmarkCellSearch(b *testing.B) {
	for _, file := range []string{"soma-3x3x3.dlx", "pentomino-5x12.dlx", "pentomino-6x10.dlx", "pentomino-8x8-hole.dlx",
		"pentacube-2x5x6.dlx", "pentacube-3x4x5.dlx", "bedlam-4x4x4.dlx"} {
		p := loadRef(b, file)
		for _, search := range []string{"options", "cells", "cells-noregion", "cells-noroot"} {
			b.Run(strings.TrimSuffix(file, ".dlx")+"/"+search, func(b *testing.B) {
				var nodes, count int64
				cpu := cpuTime()
				for b.Loop() {
					switch search {
					case "options":
						o := optFactory(p)()
						o.replay(nil)
						o.search(0)
						nodes, count = o.figures().nodes, o.figures().count
					default:
						c, why := newCellPlanRoot(p, search != "cells-noroot")
						if c == nil {
							b.Fatal(why)
						}
						s := newCellSearch(c)
						s.noRegion = strings.HasSuffix(search, "noregion")
						s.search(0)
						count, nodes = s.count, s.nodes
					}
				}
				b.ReportMetric(float64(nodes), "nodes")
				b.ReportMetric(float64(count), "solutions")
				b.ReportMetric(float64((cpuTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// TestCellSearchNoPieceFits: a board where no piece has a placement (a
// tromino on a 2x2 board written as Knuth's generator writes it) has no
// solution, with the cell search too: its region test used to divide by
// the sizes' greatest common divisor, 0 with no option at all.
func TestCellSearchNoPieceFits(t *testing.T) {
	p := mustParse(t, "| [0-1][0-1]\n| A 00 01 02\n 00 01 10 11 A\n")
	for _, e := range []Engine{EngineCell, EngineBits, EngineDLX} {
		st, err := Solve(context.Background(), p, Options{Engine: e, Workers: 1}, nil)
		if err != nil || st.Solutions != 0 {
			t.Errorf("%v: %d solutions, %v", e, st.Solutions, err)
		}
	}
}
