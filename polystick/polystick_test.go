package polystick

import (
	"context"
	"errors"
	"flag"
	"os"
	"slices"
	"strings"
	"testing"

	"polyviz/parse"
	"polyviz/polyform"
	"polyviz/solver"
)

var long = flag.Bool("long", false, "run the searches that take more than a minute")

// tetrasticks are Polyform Puzzler's sixteen, named as there.
const tetrasticks = `F H00 H10 V00 V10
H H00 H10 V10 H11
I H00 H10 H20 H30
J H00 H10 V20 H11
L H00 H10 H20 V30
N H00 H10 V20 H21
O H00 V10 H01 V00
P V00 H01 V10 H10
R V00 H01 H11 V11
T H00 H10 V10 V11
U H00 H10 V00 V20
V H00 H10 V20 V21
W H00 V10 H11 V21
X H01 H11 V10 V11
Y H00 H10 H20 V20
Z V00 H01 H11 V21
`

// spec makes a spec of a board line, options and the tetrasticks, each
// with the prefix pre[name] ("" for once, "0-1|" for at most once, "-"
// to leave it out).
func spec(board, options string, pre map[string]string, def string) string {
	var b strings.Builder
	b.WriteString(Marker + "\nboard " + board + "\n" + options)
	for line := range strings.Lines(tetrasticks) {
		name := line[:1]
		p, ok := pre[name]
		if !ok {
			p = def
		}
		if p != "-" {
			b.WriteString(p + line)
		}
	}
	return b.String()
}

func build(t *testing.T, text string) *Build {
	t.Helper()
	p, err := Parse("test.txt", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.Build()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTetrastickShapes checks the sixteen against the enumeration: all
// different, and every free tetrastick.
func TestTetrastickShapes(t *testing.T) {
	b := build(t, spec("5x5", "", nil, ""))
	free, err := polyform.EnumerateSticks(context.Background(), 4, polyform.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, pc := range b.Pieces {
		key := fmtSticks(polyform.CanonicalSticks(pc.Sticks, polyform.Free))
		if other, dup := seen[key]; dup {
			t.Errorf("%s and %s are the same tetrastick", pc.Name, other)
		}
		seen[key] = pc.Name
	}
	for _, f := range free {
		if _, ok := seen[fmtSticks(f.Sticks)]; !ok {
			t.Errorf("tetrastick %v missing", f.Sticks)
		}
	}
}

func fmtSticks(s []polyform.Stick) string {
	var names []string
	for _, x := range s {
		names = append(names, x.String())
	}
	return strings.Join(names, " ")
}

// TestPlacements counts placements worked out by hand on the 5x5 square
// (6x6 points): the I lies in 6 rows of 2 and 6 columns of 2, and passes
// straight through 3 inner points unless it lies on the frame; the O sits
// on each of the 25 unit squares and passes straight through nothing; the
// X is centred on each of the 16 inner points, which it covers; the L's
// 4x2 box of points fits 3x5 ways in each of its 8 orientations.
func TestPlacements(t *testing.T) {
	b := build(t, spec("5x5", "", nil, ""))
	count := map[string]int{}
	for _, pl := range b.Placements {
		name := b.Pieces[pl.Piece].Name
		count[name]++
		want := -1
		switch name {
		case "X":
			want = 1
		case "O":
			want = 0
		case "I":
			want = 3
			if onFrame(pl.Sticks[0], 5) {
				want = 0
			}
		}
		if want >= 0 && len(pl.Points) != want {
			t.Errorf("%s placement %v passes through %v, want %d points", name, pl.Sticks, pl.Points, want)
		}
	}
	want := map[string]int{"I": 24, "O": 25, "X": 16, "L": 8 * 3 * 5}
	for name, n := range want {
		if count[name] != n {
			t.Errorf("%s: %d placements, want %d", name, count[name], n)
		}
	}
	if len(b.Inner) != 16 {
		t.Errorf("%d inner points, want 16", len(b.Inner))
	}
}

// onFrame reports whether a stick lies on the frame of the n x n square.
func onFrame(s polyform.Stick, n int) bool {
	if s.Vertical {
		return s.X == 0 || s.X == n
	}
	return s.Y == 0 || s.Y == n
}

// crosses reports whether two placements cross: one passes straight
// through a point across, the other up and down.
func crosses(a, b Placement) bool {
	across := func(p Placement) (h, v []Point) {
		for _, s := range p.Sticks {
			ex, ey := s.End()
			if slices.Contains(p.Sticks, polyform.Stick{X: ex, Y: ey, Vertical: s.Vertical}) {
				if s.Vertical {
					v = append(v, Point{ex, ey})
				} else {
					h = append(h, Point{ex, ey})
				}
			}
		}
		return
	}
	ah, av := across(a)
	bh, bv := across(b)
	for _, p := range ah {
		if slices.Contains(bv, p) {
			return true
		}
	}
	for _, p := range av {
		if slices.Contains(bh, p) {
			return true
		}
	}
	return false
}

// solutions lists every solution of b.
func solutions(t *testing.T, b *Build) [][]int {
	t.Helper()
	var out [][]int
	_, err := b.Count(context.Background(), Raw, solver.Options{Workers: 1}, func(s solver.Solution) bool {
		out = append(out, slices.Sorted(slices.Values(s.Options)))
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCrossing holds the inner points to the rule they stand for: the
// solutions of a puzzle are exactly the solutions of the same puzzle with
// crossings allowed in which no two pieces cross (checked here by looking
// at the sticks, with no inner points).
func TestCrossing(t *testing.T) {
	if raceEnabled {
		t.Skip("a search of a few thousand solutions: skipped under the race detector")
	}
	// any tetrasticks on a 3x3 square, each at most once
	strict := build(t, spec("3x3", "", nil, "0-1|"))
	free := build(t, spec("3x3", "cross\n", nil, "0-1|"))
	var want []string
	for _, s := range solutions(t, free) {
		pls := free.Decode(s)
		ok := true
		for i := range pls {
			for j := range i {
				ok = ok && !crosses(pls[i], pls[j])
			}
		}
		if ok {
			want = append(want, describe(free, s))
		}
	}
	var got []string
	for _, s := range solutions(t, strict) {
		got = append(got, describe(strict, s))
	}
	slices.Sort(want)
	slices.Sort(got)
	if len(got) == 0 || len(want) == len(solutions(t, free)) {
		t.Fatalf("%d solutions, %d with crossings allowed: the test needs crossings to rule out", len(got), len(solutions(t, free)))
	}
	t.Logf("%d solutions, %d with crossings allowed", len(got), len(solutions(t, free)))
	if !slices.Equal(got, want) {
		t.Errorf("%d solutions, want the %d without crossings", len(got), len(want))
	}
}

// describe names a solution by its placements, independently of option numbers.
func describe(b *Build, s []int) string {
	var parts []string
	for _, pl := range b.Decode(s) {
		parts = append(parts, b.Pieces[pl.Piece].Name+":"+fmtSticks(pl.Sticks))
	}
	slices.Sort(parts)
	return strings.Join(parts, " / ")
}

// TestBurnside checks Count's classes against Burnside's lemma over the
// board's group: the classes are the average number of solutions each
// symmetry fixes. It tries both of Count's ways: with a lock piece (F once)
// and without one (every piece optional).
func TestBurnside(t *testing.T) {
	for _, tc := range []struct {
		name string
		text string
		lock bool
	}{
		{"lock", spec("3x3", "", map[string]string{"F": ""}, "0-1|"), true},
		{"walk", spec("3x3", "", nil, "0-1|"), false},
		{"symmetric", tristicks(t, "2x2", "0-4|"), false},
		{"one-sided", spec("3x3", "one-sided\n", map[string]string{"F": ""}, "0-1|"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if raceEnabled && (tc.name == "lock" || tc.name == "walk") {
				t.Skip("a search of a few thousand solutions: skipped under the race detector")
			}
			b := build(t, tc.text)
			if (b.Lock() >= 0) != tc.lock {
				t.Fatalf("lock piece %d", b.Lock())
			}
			raw := solutions(t, b)
			if st, err := b.Count(context.Background(), Raw, solver.Options{Workers: 1}, nil); err != nil || st.Raw != int64(len(raw)) || st.Distinct != st.Raw {
				t.Errorf("a plain count says %d (%d), the solutions are %d; %v", st.Raw, st.Distinct, len(raw), err)
			}
			for _, m := range []Mode{Rotations, All} {
				group := b.Group(m)
				fixed := 0
				for _, g := range group {
					for _, s := range raw {
						img, ok := b.Image(g, s)
						if ok && slices.Equal(img, s) {
							fixed++
						}
					}
				}
				if tc.name == "symmetric" && fixed == len(raw) {
					t.Errorf("%v: no symmetric solution to test", m)
				}
				if fixed%len(group) != 0 {
					t.Fatalf("%v: %d fixed points over a group of %d", m, fixed, len(group))
				}
				st, err := b.Count(context.Background(), m, solver.Options{Workers: 1}, nil)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%v: %d classes of %d solutions", m, st.Distinct, st.Raw)
				if st.Distinct != int64(fixed/len(group)) || st.Raw != int64(len(raw)) {
					t.Errorf("%v: %d classes of %d, want %d of %d", m, st.Distinct, st.Raw, fixed/len(group), len(raw))
				}
			}
		})
	}
}

// tristicks makes a spec of the five tristicks, each with prefix pre, on
// a board.
func tristicks(t *testing.T, board, pre string) string {
	pieces, err := polyform.EnumerateSticks(context.Background(), 3, polyform.Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := Marker + "\nboard " + board + "\n"
	for _, p := range pieces {
		text += pre + "T" + p.Name + " " + fmtSticks(p.Sticks) + "\n"
	}
	return text
}

// TestTetrasticks5x5 counts Polyform Puzzler's figures: fifteen of the
// sixteen tetrasticks in the 5x5 square, no two crossing, counted up to
// the square's eight symmetries (his solver keeps one asymmetric piece to
// the placements that no symmetry maps onto one another, as Count does):
// 72 solutions without H, 382 without J, 607 without L, 530 without N, 204
// without Y, 1,795 in all (no other piece can be left out). The raw
// counts are eight times these, since no solution is symmetric.
func TestTetrasticks5x5(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("searches of 5 to 30 s (the others with -long): skipped with -short and under the race detector")
	}
	want := map[string]int64{"H": 72, "J": 382, "L": 607, "N": 530, "Y": 204}
	omit := []string{"H"}
	if *long {
		omit = append(omit, "J", "L", "N", "Y", "all")
	}
	for _, o := range omit {
		t.Run(o, func(t *testing.T) {
			text := spec("5x5", "", map[string]string{o: "-"}, "")
			if o == "all" {
				text = spec("5x5", "", map[string]string{"H": "0-1|", "J": "0-1|", "L": "0-1|", "N": "0-1|", "Y": "0-1|"}, "")
				want[o] = 1795
			}
			b := build(t, text)
			st, err := b.Count(context.Background(), All, solver.Options{Workers: 2, Engine: solver.EngineBits}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Distinct != want[o] || st.Raw != 8*want[o] {
				t.Errorf("%d distinct, %d raw; want %d and %d", st.Distinct, st.Raw, want[o], 8*want[o])
			}
		})
	}
}

// TestParseErrors checks the reader's errors and their positions.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		text      string
		line, col int
		err       error
	}{
		{"board 5x5\nA H00 Q10\n", 2, 7, ErrBadStick},
		{"board 5x5\nA H00 H00\n", 2, 7, ErrRepeated},
		{"board 5x5\nA H00 H20\n", 2, 3, ErrDisconnected},
		{"board 5x5\nA H00\nA H10\n", 3, 1, ErrDuplicateName},
		{"board 5x5\nx|A H00\n", 2, 1, ErrBadCount},
		{"board 5x5\n2-1|A H00\n", 2, 1, ErrBadCount},
		{"board 5x5\n1001|A H00\n", 2, 1, ErrBadCount}, // the bound its message states
		{"board 5x0\nA H00\n", 1, 7, ErrBadRectangle},
		{"board 2x2 H00\nA H00\n", 1, 11, ErrRepeated},
		{"A H00\n", 2, 1, ErrNoBoard},
		{"A H00", 2, 1, ErrNoBoard},
		{"board 2x2\n", 2, 1, ErrNoPieces},
		{"board 2x2\n\n| c\n", 4, 1, ErrNoPieces},
		{"board 2x2\nH00 H10\n", 2, 1, ErrNameClash},
		{"board 2x2\nA*B H10\n", 2, 1, ErrBadName},
		{"board 2x2\nA\n", 2, 1, ErrNoSticks},
	}
	for _, tc := range tests {
		_, err := Parse("bad.txt", []byte(tc.text))
		var pe *parse.Error
		if !errors.As(err, &pe) || !errors.Is(err, tc.err) || pe.Line != tc.line || pe.Col != tc.col {
			t.Errorf("%q: %v, want %v at %d:%d", tc.text, err, tc.err, tc.line, tc.col)
		}
	}
}

// TestLibrarySpec reads the library's puzzle: 60 sticks, the pieces of
// Polyform Puzzler, five of them optional, F the lock piece.
func TestLibrarySpec(t *testing.T) {
	data, err := os.ReadFile("../assets/puzzles/tetrastick-5x5.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !Marked(data) {
		t.Error("not marked")
	}
	b := build(t, string(data))
	if len(b.Board) != 60 || len(b.Pieces) != 16 || b.Pieces[b.Lock()].Name != "F" {
		t.Errorf("%d sticks, %d pieces, lock %d", len(b.Board), len(b.Pieces), b.Lock())
	}
	ref := build(t, spec("5x5", "", map[string]string{"H": "0-1|", "J": "0-1|", "L": "0-1|", "N": "0-1|", "Y": "0-1|"}, ""))
	if len(ref.Placements) != len(b.Placements) {
		t.Errorf("%d placements, want %d", len(b.Placements), len(ref.Placements))
	}
}

// TestKnuthPlacements compares the options with those Knuth's POLYSTICKS
// generator writes for the same pieces and board (testdata/README.md):
// the same items, and the same options as sets of items.
func TestKnuthPlacements(t *testing.T) {
	data, err := os.ReadFile("testdata/knuth-tetrasticks-5x5.dlx")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	b := build(t, spec("5x5", "", nil, ""))
	var items []string
	for i := range b.Problem.NumItems() {
		items = append(items, b.Problem.ItemName(i))
	}
	if got, want := strings.Join(items, " "), strings.Join(strings.Fields(strings.ReplaceAll(lines[0], "|", "")), " "); got != want {
		t.Errorf("items\n%s\nKnuth's\n%s", got, want)
	}
	option := func(words []string) string {
		rest := slices.Clone(words[1:])
		slices.Sort(rest)
		return words[0] + " " + strings.Join(rest, " ")
	}
	var knuth, ours []string
	for _, l := range lines[1:] {
		knuth = append(knuth, option(strings.Fields(l)))
	}
	for i := range b.Problem.NumOptions() {
		ours = append(ours, option(b.Problem.OptionItems(i)))
	}
	slices.Sort(knuth)
	slices.Sort(ours)
	if len(ours) != 1529 || !slices.Equal(ours, knuth) {
		t.Errorf("%d options, Knuth's generator writes %d, not the same", len(ours), len(knuth))
	}
}
