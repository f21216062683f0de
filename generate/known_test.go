package generate

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
	"polyviz/polyform"
)

// box returns the cells of an a x b x c box on cubes (c = 1 for a board).
func box(a, b, c int) geometry.Shape {
	var s geometry.Shape
	for x := range a {
		for y := range b {
			for z := range c {
				s = append(s, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	return s
}

// fitting counts the polyforms of 1..n cells (polyform's enumeration, an
// independent route) whose bounding box, sides sorted, fits in dims sorted:
// on a square or cubic box every turn only permutes the sides.
func fitting(t *testing.T, l *geometry.Lattice, e polyform.Equivalence, dims []int) int {
	n := 1
	for _, d := range dims {
		n *= d
	}
	return fittingUpTo(t, l, e, dims, n)
}

// fittingUpTo is fitting for the polyforms of at most most cells.
func fittingUpTo(t *testing.T, l *geometry.Lattice, e polyform.Equivalence, dims []int, most int) int {
	t.Helper()
	dims = slices.Clone(dims)
	slices.Sort(dims)
	count := 0
	for size := 1; size <= most; size++ {
		pieces, err := polyform.Enumerate(context.Background(), l, size, polyform.Options{Equivalence: e})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pieces {
			s := p.Cells.Size()
			got := []int{s.X, s.Y}
			if !l.Planar() {
				got = append(got, s.Z)
			}
			slices.Sort(got)
			if fits(got, dims) {
				count++
			}
		}
	}
	return count
}

func fits(a, b []int) bool {
	for i := range a {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}

// Every connected subset of a 2x2x2 cube, up to rotation and reflection, is
// one of the free polycubes of 1 to 8 cells that fit in it; up to rotation,
// one of the one-sided ones. Counted twice more: by brute force (each
// subset's own face test and polyform's canonical form), and, without
// -short, from polyform's enumeration of every polycube of up to 8 cells.
func TestCubeTemplateGivesThePolycubesThatFit(t *testing.T) {
	tp, err := NewTemplate(geometry.Cubes(), nil, box(2, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		u    Unique
		e    polyform.Equivalence
		want int
	}{{Mirror, polyform.Free, 13}, {Rotation, polyform.OneSided, 14}} {
		res := generate(t, tp, Filter{Connected: Faces, Unique: c.u})
		if len(res.Pieces) != c.want {
			t.Errorf("unique %v: %d pieces, want %d", c.u, len(res.Pieces), c.want)
		}
		if brute := bruteForce(geometry.Cubes(), box(2, 2, 2), c.e); brute != c.want {
			t.Errorf("unique %v: brute force counts %d, want %d", c.u, brute, c.want)
		}
		if !testing.Short() {
			if want := fitting(t, geometry.Cubes(), c.e, []int{2, 2, 2}); want != c.want {
				t.Errorf("unique %v: %d %v polycubes fit in 2x2x2, want %d", c.u, want, c.e, c.want)
			}
		}
	}
	if res := generate(t, tp, Filter{Connected: Faces, Unique: Mirror, Min: 4, Max: 4}); len(res.Pieces) != 3 {
		t.Errorf("%d tetracubes fit in 2x2x2 up to reflection, want 3 (square, tripod, screw)", len(res.Pieces))
	}
}

// bruteForce counts the face-joined subsets of cells, once each by
// polyform's canonical form under e.
func bruteForce(l *geometry.Lattice, cells geometry.Shape, e polyform.Equivalence) int {
	seen := map[string]bool{}
	for mask := 1; mask < 1<<len(cells); mask++ {
		var sub geometry.Shape
		for i, c := range cells {
			if mask>>i&1 == 1 {
				sub = append(sub, c)
			}
		}
		// grow one part from the first cell through shared faces
		part := map[geometry.Cell]bool{sub[0]: true}
		for grown := true; grown; {
			grown = false
			for _, c := range sub {
				if part[c] {
					continue
				}
				for _, n := range l.Neighbours(c) {
					if part[n] {
						part[c], grown = true, true
						break
					}
				}
			}
		}
		if len(part) == len(sub) {
			seen[polyform.Canonical(l, sub, e).String()] = true
		}
	}
	return len(seen)
}

// The same on squares, with holes: of the free polyominoes that fit a
// 3x3 board, two have a hole, the ring of eight and the ring without a
// corner (the one heptomino with a hole).
func TestSquareTemplate(t *testing.T) {
	tp, err := NewTemplate(geometry.Squares(), nil, box(3, 3, 1))
	if err != nil {
		t.Fatal(err)
	}
	want := bruteForce(geometry.Squares(), box(3, 3, 1), polyform.Free)
	if !testing.Short() {
		if n := fitting(t, geometry.Squares(), polyform.Free, []int{3, 3}); n != want {
			t.Errorf("polyform's enumeration: %d free polyominoes fit in 3x3, brute force %d", n, want)
		}
	}
	if res := generate(t, tp, Filter{Connected: Faces, Unique: Mirror}); len(res.Pieces) != want {
		t.Errorf("%d pieces, %d free polyominoes fit in 3x3", len(res.Pieces), want)
	}
	if res := generate(t, tp, Filter{Connected: Faces, Unique: Mirror, NoHoles: true}); len(res.Pieces) != want-2 {
		t.Errorf("%d pieces without holes, want %d", len(res.Pieces), want-2)
	}
}

// The six-piece burr's pieces: a 2x2x6 bar whose ends and the two cubes
// beside each end on one side are fixed (every piece has them), the other
// 12 cubes optional. The notchable pieces are 59 up to rotation (BurrTools'
// user guide: "all 59 notchable six-piece burr pieces"; Bill Cutler's
// figure), 37 when mirror images count once.
func TestNotchableBurrPieces(t *testing.T) {
	var fixed, optional geometry.Shape
	for _, c := range box(6, 2, 2) {
		if c.X == 0 || c.X == 5 || (c.X == 1 || c.X == 4) && c.Y == 0 {
			fixed = append(fixed, c)
		} else {
			optional = append(optional, c)
		}
	}
	tp, err := NewTemplate(geometry.Cubes(), fixed, optional)
	if err != nil {
		t.Fatal(err)
	}
	if res := generate(t, tp, Filter{Connected: Faces, Notchable: true}); len(res.Pieces) != 59 {
		t.Errorf("%d notchable burr pieces up to rotation, want 59", len(res.Pieces))
	}
	if res := generate(t, tp, Filter{Connected: Faces, Notchable: true, Unique: Mirror}); len(res.Pieces) != 37 {
		t.Errorf("%d notchable burr pieces up to reflection, want 37", len(res.Pieces))
	}
}

// Connectivity on cubes, counted over every subset of a 2x2x2 cube by a
// union of cells that differ in at most k coordinates (k = 1 faces, 2
// edges, 3 corners).
func TestConnectedLevels(t *testing.T) {
	cells := box(2, 2, 2)
	tp, _ := NewTemplate(geometry.Cubes(), nil, cells)
	for k, j := range []Joined{Faces, Edges, Corners} {
		want := 0
		for mask := 1; mask < 256; mask++ {
			parent := make([]int, 8)
			for i := range parent {
				parent[i] = i
			}
			find := func(i int) int {
				for parent[i] != i {
					i = parent[i]
				}
				return i
			}
			for a := range 8 {
				for b := range 8 {
					d := cells[a].Sub(cells[b])
					if mask>>a&1 == 1 && mask>>b&1 == 1 && abs(d.X)+abs(d.Y)+abs(d.Z) <= k+1 {
						parent[find(a)] = find(b)
					}
				}
			}
			roots := map[int]bool{}
			for a := range 8 {
				if mask>>a&1 == 1 {
					roots[find(a)] = true
				}
			}
			if len(roots) == 1 {
				want++
			}
		}
		if res := generate(t, tp, Filter{Connected: j, Unique: Every}); len(res.Pieces) != want {
			t.Errorf("connected %v: %d subsets, want %d", j, len(res.Pieces), want)
		}
	}
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// The keyer's canonical forms are polyform's, on every lattice.
func TestKeyerIsPolyformsCanonical(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, l := range []*geometry.Lattice{geometry.Cubes(), geometry.Squares(), geometry.Triangles(), geometry.Hexagons()} {
		var cells geometry.Shape
		for _, c := range box(4, 3, 3) {
			if l.Planar() && c.Z >= l.Kinds() {
				continue
			}
			cells = append(cells, c)
		}
		for _, u := range []Unique{Rotation, Mirror, Translation} {
			k, err := newKeyer(l, cells, u.equivalence().Motions(l))
			if err != nil {
				t.Fatal(err)
			}
			in := make([]bool, len(cells))
			for range 200 {
				var sub geometry.Shape
				for i := range in {
					in[i] = r.IntN(3) == 0
					if in[i] {
						sub = append(sub, cells[i])
					}
				}
				if len(sub) == 0 {
					continue
				}
				var got geometry.Shape
				for _, v := range k.canonical(in) {
					got = append(got, geometry.Cell{X: int(v >> 20), Y: int(v >> 10 & 1023), Z: int(v & 1023)})
				}
				if want := polyform.Canonical(l, sub, u.equivalence()); !got.Equal(want) {
					t.Fatalf("%v %v: keyer %v, polyform %v", l, u, got, want)
				}
			}
		}
	}
}

// A template too big is refused before any subset is tried; a cancelled
// context stops the work.
func TestLimits(t *testing.T) {
	tp, _ := NewTemplate(geometry.Cubes(), nil, box(3, 3, 3))
	_, err := Generate(context.Background(), tp, Options{})
	if tm := (*TooManyError)(nil); !errors.As(err, &tm) || !errors.Is(err, ErrTooMany) || tm.Optional != 27 {
		t.Fatalf("3x3x3: %v, want a TooManyError for 27 optional cells", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, tp, Options{MaxSubsets: 1 << 30}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	sq, _ := NewTemplate(geometry.Squares(), nil, box(2, 2, 1))
	if _, err := Generate(context.Background(), sq, Options{Filter: Filter{Notchable: true}}); !errors.Is(err, ErrNotCubes) {
		t.Errorf("notchable on squares: %v", err)
	}
	if _, err := NewTemplate(geometry.Cubes(), box(1, 1, 1), box(2, 1, 1)); err == nil {
		t.Error("a cell both fixed and optional was accepted")
	}
	// the pieces held are bounded, every subset a piece with unique none
	// (2x2x2 holds 13 free polycubes and 167 joined subsets), tried one by
	// one or grown
	small, _ := NewTemplate(geometry.Cubes(), nil, box(2, 2, 2))
	for _, c := range []struct {
		u    Unique
		max  int
		fail bool
	}{{Every, 166, true}, {Every, 167, false}, {Mirror, 12, true}, {Mirror, 13, false}} {
		for _, grow := range []bool{false, true} {
			_, err := Generate(context.Background(), small, Options{Filter: Filter{Connected: Faces, Unique: c.u, Max: 8}, MaxPieces: c.max, grow: grow})
			if (err != nil) != c.fail || err != nil && !strings.Contains(err.Error(), "different pieces on the way") {
				t.Errorf("unique %v, at most %d pieces held, grown %v: %v", c.u, c.max, grow, err)
			}
		}
	}
}
