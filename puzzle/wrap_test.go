package puzzle

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
	"polyviz/solver"
)

var long = flag.Bool("long", false, "also run the long counts (minutes)")

func wrapped(t *testing.T, spec string) *Puzzle {
	t.Helper()
	p, err := ParseSpecOn("wrap.txt", []byte(spec), geometry.Squares())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWrapLineErrors(t *testing.T) {
	for _, c := range []struct {
		spec    string
		lattice *geometry.Lattice
		at      string // line:col
		msg     string
	}{
		{"[0-4][0-2]\n| wrap\nA 00 10\n", geometry.Squares(), "2:7", "name the axes"},
		{"[0-4][0-2]\n| wrap xw\nA 00 10\n", geometry.Squares(), "2:9", "unknown axis w"},
		{"[0-4][0-2]\n| wrap z\nA 00 10\n", geometry.Squares(), "2:8", "no z axis"},
		{"[0-4][0-2]\n| wrap x yx\nA 00 10\n", geometry.Squares(), "2:11", "joined twice"},
		{"[0-4][0-2]\n| wrap x\n| wrap y\nA 00 10\n", geometry.Squares(), "3:3", "given twice"},
		{"[0-4][0-2]\n| wrap x\nA 00 10\n", geometry.Hexagons(), "2:3", "only boards of squares"},
	} {
		_, err := ParseSpecOn("w.txt", []byte(c.spec), c.lattice)
		if !errors.Is(err, ErrBadWrapLine) || !strings.HasPrefix(err.Error(), "w.txt:"+c.at+":") || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: got %v, want w.txt:%s: ...%s", c.spec, err, c.at, c.msg)
		}
	}
	// a title before the box is a comment, whatever it says
	p := wrapped(t, "| wrap x is the topic\n[0-4][0-2]\nA 00 10\n")
	if p.Wrap().On() {
		t.Errorf("a title before the box wraps the board: %+v", p.Wrap())
	}
	for _, spec := range []string{"[0-4][0-2]\n| wrap x y\n", "[0-4][0-2]\n| wrap XY\n", "[0-4][0-2]\n|wrap yx\n"} {
		if w := wrapped(t, spec).Wrap(); w.Period != (geometry.Cell{X: 5, Y: 3}) {
			t.Errorf("%q: periods %v, want 5 and 3", spec, w.Period)
		}
	}
}

// TestWrapPlacements checks the placements of a board that wraps: a piece
// straddles the join, a piece longer than the period is left out, and
// the offsets that put a piece on the same cells give one placement.
func TestWrapPlacements(t *testing.T) {
	count := func(spec string) map[string]int {
		n := map[string]int{}
		for _, pl := range wrapped(t, spec).Placements() {
			n[fmt.Sprint(pl.Piece)]++
		}
		return n
	}
	// the I pentomino round a cylinder of circumference 5 closes on itself:
	// lying along the join, one placement per row (not five), and standing
	// across it, five per column as on the flat board... of height 2: none
	if got := count("[0-4][01]\n| wrap x\nI 00 10 20 30 40\n")["0"]; got != 2 {
		t.Errorf("I round a 5x2 cylinder: %d placements, want 2", got)
	}
	// circumference 4: the I pentomino overlaps itself and fits nowhere
	if got := count("[0-3][0-4]\n| wrap x\nI 00 10 20 30 40\n")["0"]; got != 4 {
		t.Errorf("I on a 4x5 cylinder: %d placements, want 4 (upright only)", got)
	}
	// a domino on a 3x1 ring: 3 placements, one across the join
	p := wrapped(t, "[0-2]0\n| wrap x\nD 00 10\n")
	var across bool
	for _, pl := range p.Placements() {
		if slices.Equal(pl.Items, []string{"20", "00"}) {
			across = true
		}
	}
	if n := len(p.Placements()); n != 3 || !across {
		t.Errorf("domino round a ring of 3: %d placements (%v), want 3 with 20 00", n, p.Placements())
	}
	// the DLX file lists the same options
	var b bytes.Buffer
	if err := p.WriteDLX(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(b.String(), "\nD 00 10\nD 10 20\nD 20 00\n") {
		t.Errorf("DLX file:\n%s", b.String())
	}
}

// TestWrapPolyformPuzzler reproduces Polyform Puzzler's counts for the
// twelve pentominoes on a 3x20 board that wraps (David Goodger's
// Pentominoes3x20Loop and Pentominoes3x20Tube). Its loop joins the ends of
// the long side (circumference 20, height 3): 2 solutions, the flat
// board's, counted up to the 80 symmetries (20 turns round times the
// rectangle's 4). Its tube joins the long edges (circumference 3, length
// 20): 48,928 solutions up to the 12 symmetries (3 turns round times the
// rectangle's 4; the program fixes X at one turn and two of its four
// places and forbids F's mirror image), 587,136 in all.
func TestWrapPolyformPuzzler(t *testing.T) {
	loop := wrapped(t, "[0-j][0-2]\n| wrap x\n| polyforms 5\n")
	st, err := loop.SolveDistinct(context.Background(), DistinctAll, solver.Options{Workers: 1, Engine: solver.EngineAuto}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Distinct != 2 || st.Raw != 160 || st.Group != 80 {
		t.Errorf("3x20 loop: %d distinct, %d raw, group %d; want 2, 160, 80", st.Distinct, st.Raw, st.Group)
	}
	if testing.Short() || raceEnabled {
		t.Skip("the tube's 48,928 classes: in the plain pass without -short")
	}
	tube := wrapped(t, "[0-j][0-2]\n| wrap y\n| polyforms 5\n")
	st, err = tube.SolveDistinct(context.Background(), DistinctAll, solver.Options{Engine: solver.EngineAuto}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Distinct != 48928 || st.Raw != 587136 || st.Group != 12 {
		t.Errorf("3x20 tube: %d distinct, %d raw, group %d; want 48928, 587136, 12", st.Distinct, st.Raw, st.Group)
	}
}

// dlx1Figures solves a DLX file with dancing links, whose tree, node and
// update counts are DLX1's, and compares them with what Knuth's DLX1
// printed on the same file.
func dlx1Figures(t *testing.T, name string, p *Puzzle, sols, updates, nodes int64) {
	t.Helper()
	var b bytes.Buffer
	if err := p.WriteDLX(&b); err != nil {
		t.Fatal(err)
	}
	prob, err := solver.ParseDLX(&b, name)
	if err != nil {
		t.Fatal(err)
	}
	st, err := solver.Solve(context.Background(), prob, solver.Options{Engine: solver.EngineDLX}, nil)
	if err != nil || st.Solutions != sols || st.Updates != updates || st.Nodes != nodes {
		t.Errorf("%s: %d solutions, %d updates, %d nodes (%v); DLX1: %d, %d, %d", name, st.Solutions, st.Updates, st.Nodes, err, sols, updates, nodes)
	}
}

// TestWrapDLX1 checks the DLX files polyviz writes for boards that wrap
// against DLX1 (Knuth's dlx1.w, built with gcc): the same solutions,
// updates and nodes. A 5x4 torus of tetrominoes, 3 tetracubes in a 2x2x3
// box joined across all faces.
func TestWrapDLX1(t *testing.T) {
	torus := wrapped(t, "[0-4][0-3]\n| wrap x y\nT 00 10 20 11\nL 01 02 03 13\nS 21 31 32 42\nO 33 43 34 44\nI 12 22 23 24\n")
	dlx1Figures(t, "torus.dlx", torus, 2880, 2568121, 26777)
	box, err := ParseSpecOn("box.txt", []byte("[0-1][0-1][0-2]\n| wrap xyz\nL 000 100 200 010\nA 000 100 010 101\nP 000 100 010 001\n"), geometry.Cubes())
	if err != nil {
		t.Fatal(err)
	}
	dlx1Figures(t, "box.dlx", box, 48, 12985, 169)
}

// TestWrapDLXLong counts the tube's DLX file, as polyviz writes it, with
// dancing links over its whole tree: DLX1 finds 587,136 solutions on it,
// with 11,129,470,802 updates and 33,196,798 nodes.
func TestWrapDLXLong(t *testing.T) {
	if !*long {
		t.Skip("the whole tree of the 3x20 tube (a minute or more): go test -run TestWrapDLXLong -long ./puzzle/")
	}
	dlx1Figures(t, "tube.dlx", wrapped(t, "[0-j][0-2]\n| wrap y\n| polyforms 5\n"), 587136, 11129470802, 33196798)
}

// torusMaps returns every map of the box's cells c ↦ reduce(T·c + t), T in
// the lattice's group and t a shift, that is a symmetry of the cylinder or
// torus (T maps its lattice of periods onto itself) and a bijection of the
// box keeping cells that touch (across a join too) touching, with whether
// it is a rotation (some proper T gives it). It is worked out from that
// definition, not by WrappedBoxSymmetries, for the brute force below. (A
// period of 2 joins no cells that did not touch: such a box may have more
// symmetries, which are not counted.)
func torusMaps(p *Puzzle) (maps []map[geometry.Cell]geometry.Cell, proper []bool) {
	l := p.lattice()
	w := p.Wrap()
	box := p.fullCells()
	in := map[geometry.Cell]bool{}
	for _, c := range box {
		in[c] = true
	}
	axes := l.Axes()
	unit := []geometry.Cell{{X: 1}, {Y: 1}, {Z: 1}}[:axes]
	touch := func(a, b geometry.Cell) bool {
		for _, d := range unit {
			if w.Reduce(a.Add(d)) == b || w.Reduce(b.Add(d)) == a {
				return true
			}
		}
		return false
	}
	lo, hi := box.Bounds()
	span := hi.Sub(lo)
	r := max(span.X, span.Y, span.Z) + 1
	index := map[string]int{}
	periods := []int{w.Period.X, w.Period.Y, w.Period.Z}
	inLattice := func(v geometry.Cell) bool {
		for k, x := range []int{v.X, v.Y, v.Z} {
			if (periods[k] == 0 && x != 0) || (periods[k] > 0 && x%periods[k] != 0) {
				return false
			}
		}
		return true
	}
	for _, tr := range l.Group() {
		keeps := true
		for k, per := range periods {
			if per == 0 || k >= axes {
				continue
			}
			v := unit[k]
			v = geometry.Cell{X: v.X * per, Y: v.Y * per, Z: v.Z * per}
			keeps = keeps && inLattice(l.Apply(tr, v).Sub(l.Apply(tr, geometry.Cell{})))
		}
		if !keeps {
			continue
		}
		// a shift along a joined axis matters modulo its period
		from, to := [3]int{-2 * r, -2 * r, -2 * r}, [3]int{2 * r, 2 * r, 2 * r}
		for k, per := range periods {
			if per > 0 {
				from[k], to[k] = 0, per-1
			}
		}
		for tx := from[0]; tx <= to[0]; tx++ {
			for ty := from[1]; ty <= to[1]; ty++ {
				for tz := from[2]; tz <= to[2]; tz++ {
					if axes == 2 && tz != 0 {
						continue
					}
					m := map[geometry.Cell]geometry.Cell{}
					ok := true
					for _, c := range box {
						img := w.Reduce(l.Apply(tr, c).Add(geometry.Cell{X: tx, Y: ty, Z: tz}))
						if !in[img] {
							ok = false
							break
						}
						m[c] = img
					}
					for _, a := range box {
						for _, b := range box {
							if ok && touch(a, b) != touch(m[a], m[b]) {
								ok = false
							}
						}
					}
					if !ok {
						continue
					}
					var k []string
					for _, c := range box {
						k = append(k, m[c].String())
					}
					key := strings.Join(k, " ")
					if i, dup := index[key]; dup {
						proper[i] = proper[i] || l.Proper(tr)
						continue
					}
					index[key] = len(maps)
					maps = append(maps, m)
					proper = append(proper, l.Proper(tr))
				}
			}
		}
	}
	return maps, proper
}

// TestWrapRandomBrute checks counts on boards and boxes that wrap against
// brute force: random carvings (randomCarving) with one, two or three
// pairs of faces joined; the raw solutions listed by dancing links on the
// DLX file the puzzle writes, sorted into classes by every map of
// torusMaps (a reflection renaming each piece by its mirror partner where
// the lattice does not reflect); each engine's distinct counts and the
// count by symmetry must agree, with the second and third cuts.
func TestWrapRandomBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 20))
	if raceEnabled {
		t.Skip("pure computation, ten times slower under the race detector: checked in the plain pass")
	}
	trials := 40
	if testing.Short() {
		trials = 12
	}
	checked := 0
	for trial := range trials {
		spec := randomCarving(r)
		box, rest, _ := strings.Cut(spec, "\n")
		planar := strings.Count(box, "[") != 3
		wraps := []string{"x", "y", "x y"}
		if !planar {
			wraps = []string{"x", "z", "x y", "xyz"}
		}
		spec = box + "\n| wrap " + wraps[r.IntN(len(wraps))] + "\n" + rest
		l, err := Load("random.txt", []byte(spec), FormatAuto)
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, spec)
		}
		p := l.Puzzle
		p.cutDepth = 2 + trial%2
		if !p.Wrap().On() {
			t.Fatalf("trial %d: no wrap\n%s", trial, spec)
		}
		// the raw solutions, from the DLX file
		var dlx bytes.Buffer
		if err := p.WriteDLX(&dlx); err != nil {
			t.Fatal(err)
		}
		prob, err := solver.ParseDLX(&dlx, "random.dlx")
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, dlx.String())
		}
		type placed struct {
			name  string
			cells []geometry.Cell
		}
		key := func(ps []placed) string {
			var out []string
			for _, pl := range ps {
				cs := slices.Clone(pl.cells)
				slices.SortFunc(cs, geometry.Cell.Compare)
				out = append(out, fmt.Sprintf("%s=%v", pl.name, cs))
			}
			slices.Sort(out)
			return strings.Join(out, "; ")
		}
		var raw [][]placed
		rawKeys := map[string]int{}
		st, err := solver.Solve(context.Background(), prob, solver.Options{Workers: 1, Engine: solver.EngineDLX, MaxSolutions: 2001}, func(s solver.Solution) bool {
			var ps []placed
			for _, o := range s.Options {
				items := prob.OptionItems(o)
				pl := placed{}
				for _, it := range items {
					if p.PieceIndex(it) >= 0 {
						pl.name = it
					} else if c, ok := parseCell(it, p.lattice().Axes()); ok {
						pl.cells = append(pl.cells, c)
					}
				}
				ps = append(ps, pl)
			}
			rawKeys[key(ps)] = len(raw)
			raw = append(raw, ps)
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if st.Solutions > 2000 || len(raw) == 0 || len(rawKeys) != len(raw) {
			continue
		}
		maps, proper := torusMaps(p)
		mirror := p.mirrorPieces()
		// reflections act on a board, and on a box when every piece placed
		// has its mirror partner
		reflect := true
		for _, pl := range p.Placements() {
			reflect = reflect && (p.lattice().Reflects() || mirror[pl.Piece] >= 0)
		}
		for _, mode := range []Distinct{DistinctRotations, DistinctAll} {
			class := make([]int, len(raw))
			for i := range class {
				class[i] = -1
			}
			var sizes []int
			for i, sol := range raw {
				if class[i] >= 0 {
					continue
				}
				id := len(sizes)
				sizes = append(sizes, 0)
				for g, m := range maps {
					if !proper[g] && (mode == DistinctRotations || !reflect) {
						continue
					}
					var img []placed
					for _, pl := range sol {
						name := pl.name
						if !proper[g] && !p.lattice().Reflects() {
							name = p.Pieces[mirror[p.PieceIndex(name)]].Name
						}
						var cs []geometry.Cell
						for _, c := range pl.cells {
							cs = append(cs, m[c])
						}
						img = append(img, placed{name, cs})
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
				st, err := p.SolveDistinct(context.Background(), mode, solver.Options{Workers: 1, Engine: e}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Distinct != int64(len(sizes)) || st.Raw != int64(len(raw)) {
					t.Fatalf("trial %d %v %v: %d distinct, %d raw; brute force %d, %d\n%s", trial, mode, e, st.Distinct, st.Raw, len(sizes), len(raw), spec)
				}
			}
			checked++
		}
		if st, ok, err := p.CountBySymmetry(context.Background(), solver.Options{Workers: 1}, nil); err != nil || (ok && st.Raw != int64(len(raw))) {
			t.Fatalf("trial %d: by symmetry %d raw (%v, %v), want %d\n%s", trial, st.Raw, ok, err, len(raw), spec)
		}
	}
	if checked < trials/2 {
		t.Fatalf("%d counts checked of %d trials", checked, trials)
	}
	t.Logf("%d counts checked of %d trials", checked, trials)
}
