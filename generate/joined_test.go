package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
	"polyviz/polyform"
)

// pieceFacts lists a result's pieces as comparable lines, in order: each
// piece's cells as given and the facts found about it.
func pieceFacts(res Result) []string {
	var out []string
	for _, p := range res.Pieces {
		out = append(out, fmt.Sprintf("%s subsets %d order %d chiral %v %s holes %d notch %v mill %v",
			p.Cells, p.Subsets, p.Order, p.Chiral, p.Connected, p.Holes, p.Notchable, p.Millable))
	}
	return out
}

// TestJoinedMatchesSubsets: growing the joined pieces finds what trying
// every subset finds, on random templates of the four lattices (holes in
// them, fixed cells apart or none) under random filters: the same pieces
// in the same order, each drawn from the same subset, made by as many
// subsets, with the same facts. The subsets grown are those of the right
// size that hold the fixed cells, each once.
func TestJoinedMatchesSubsets(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 7))
	lattices := []struct {
		l     *geometry.Lattice
		sides []int
	}{
		{geometry.Cubes(), []int{3, 3, 2}},
		{geometry.Squares(), []int{4, 4}},
		{geometry.Triangles(), []int{3, 3}},
		{geometry.Hexagons(), []int{4, 4}},
	}
	cases := 120
	if testing.Short() {
		cases = 30
	}
	for c := range cases {
		lt := lattices[c%len(lattices)]
		var fixed, optional geometry.Shape
		for _, cell := range Box(lt.l, lt.sides...) {
			switch k := r.IntN(10); {
			case k == 0:
				fixed = append(fixed, cell)
			case k < 8:
				optional = append(optional, cell)
			}
		}
		if len(fixed) > 2 {
			fixed = fixed[:r.IntN(3)]
		}
		if len(optional) > 14 {
			optional = optional[:14]
		}
		tp, err := NewTemplate(lt.l, fixed, optional)
		if err != nil {
			continue
		}
		n := len(tp.Fixed) + len(tp.Optional)
		f := Filter{Connected: Faces, Unique: Unique(r.IntN(4)), NoHoles: r.IntN(3) == 0,
			Chiral: r.IntN(5) == 0, Asymmetric: r.IntN(6) == 0, Min: r.IntN(4), Max: 1 + r.IntN(n)}
		f.Min = min(f.Min, f.Max)
		if lt.l == geometry.Cubes() && r.IntN(3) == 0 {
			f.Notchable = true
		}
		want, err := Generate(context.Background(), tp, Options{Filter: f})
		if err != nil {
			t.Fatalf("case %d (%v %v): %v", c, lt.l, f, err)
		}
		got, err := Generate(context.Background(), tp, Options{Filter: f, grow: true})
		if err != nil {
			t.Fatalf("case %d (%v %v) grown: %v", c, lt.l, f, err)
		}
		if want.Joined || !got.Joined {
			t.Fatalf("case %d: joined %v and %v", c, want.Joined, got.Joined)
		}
		if got.Different != want.Different || !slices.Equal(pieceFacts(got), pieceFacts(want)) {
			t.Errorf("case %d: %v, fixed %v, optional %v, %v:\ngrown %d different %v\nevery subset %d different %v",
				c, lt.l, tp.Fixed, tp.Optional, f, got.Different, pieceFacts(got), want.Different, pieceFacts(want))
		}
		// without filters that drop pieces, every subset grown is in one
		if !f.NoHoles && !f.Chiral && !f.Asymmetric && !f.Notchable {
			sum := uint64(0)
			for _, p := range got.Pieces {
				sum += uint64(p.Subsets)
			}
			if sum != got.Tried {
				t.Errorf("case %d: %d subsets grown, the pieces made of %d", c, got.Tried, sum)
			}
		}
	}
}

// TestJoinedBigTemplates: past the subsets that can be tried one by one,
// the pieces of a bounded size joined through faces are grown: in a 4x4x4
// box (64 optional cells) and a 10x10 board, the free polyforms of up to
// 5 and 6 cells that fit, as polyform's own enumeration counts them; on
// triangles and hexagons likewise. Without a largest size, or joined
// otherwise than through faces, the template is refused as before; the
// pieces grown are bounded by MaxSubsets.
func TestJoinedBigTemplates(t *testing.T) {
	for _, c := range []struct {
		l     *geometry.Lattice
		sides []int
		most  int
		known int // the free polyforms of up to most cells, where all fit
	}{
		{geometry.Cubes(), []int{4, 4, 4}, 5, 0},
		{geometry.Squares(), []int{10, 10}, 6, 56},
		{geometry.Triangles(), []int{6, 6}, 6, 22},
		{geometry.Hexagons(), []int{9, 9}, 4, 12},
	} {
		tp, err := NewTemplate(c.l, nil, Box(c.l, c.sides...))
		if err != nil {
			t.Fatal(err)
		}
		res, err := Generate(context.Background(), tp, Options{Filter: Filter{Connected: Faces, Unique: Mirror, Max: c.most}})
		if err != nil {
			t.Fatalf("%v %v: %v", c.l, c.sides, err)
		}
		if !res.Joined {
			t.Errorf("%v %v: not grown", c.l, c.sides)
		}
		// the literature's counts (1+1+2+5+12+35 polyominoes, 1+1+1+3+4+12
		// polyiamonds, 1+1+3+7 polyhexes), every one fitting the board
		if c.known > 0 && len(res.Pieces) != c.known {
			t.Errorf("%v %v: %d pieces of up to %d cells, want %d", c.l, c.sides, len(res.Pieces), c.most, c.known)
		}
		// triangles and hexagons: a parallelogram board, which a turn does
		// not keep; checked against polyform on squares and cubes only
		if c.l == geometry.Cubes() || c.l == geometry.Squares() {
			if want := fittingUpTo(t, c.l, polyform.Free, c.sides, c.most); len(res.Pieces) != want {
				t.Errorf("%v %v: %d pieces of up to %d cells, want %d", c.l, c.sides, len(res.Pieces), c.most, want)
			}
		}
		for _, p := range res.Pieces {
			if len(p.Cells) > c.most {
				t.Errorf("%v: a piece of %d cells", c.l, len(p.Cells))
			}
		}
	}
	tp, _ := NewTemplate(geometry.Cubes(), nil, Box(geometry.Cubes(), 4, 4, 4))
	for _, f := range []Filter{{Connected: Faces}, {Connected: Edges, Max: 4}} {
		if _, err := Generate(context.Background(), tp, Options{Filter: f}); !errors.Is(err, ErrTooMany) {
			t.Errorf("%v: %v, want too many subsets", f, err)
		}
	}
	_, err := Generate(context.Background(), tp, Options{Filter: Filter{Connected: Faces, Max: 6}, MaxSubsets: 1000})
	if tm := (*TooManyError)(nil); !errors.As(err, &tm) || !tm.Joined || tm.Max != 6 {
		t.Errorf("grown past the limit: %v", err)
	}
	// a template too large for the tables is refused before they are made
	huge, _ := NewTemplate(geometry.Cubes(), nil, Box(geometry.Cubes(), 28, 28, 28))
	if _, err := Generate(context.Background(), huge, Options{Filter: Filter{Connected: Faces, Max: 2}}); err == nil || !strings.Contains(err.Error(), "at most 20000") {
		t.Errorf("28x28x28: %v, want a refusal", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, tp, Options{Filter: Filter{Connected: Faces, Max: 8}}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestKeyerListForms: the canonical form and the symmetry of a subset
// made from the list of its cells (pieces grown) are those made by walking
// the template, on every lattice, for random subsets in random order.
func TestKeyerListForms(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, l := range []*geometry.Lattice{geometry.Cubes(), geometry.Squares(), geometry.Triangles(), geometry.Hexagons()} {
		var cells geometry.Shape
		for _, c := range box(4, 3, 3) {
			if !l.Planar() || c.Z < l.Kinds() {
				cells = append(cells, c)
			}
		}
		group := l.Group()
		proper := make([]bool, len(group))
		for m, g := range group {
			proper[m] = l.Proper(g)
		}
		for _, motions := range [][]geometry.Transform{group, Rotation.equivalence().Motions(l), Translation.equivalence().Motions(l)} {
			k, err := newKeyer(l, cells, motions)
			if err != nil {
				t.Fatal(err)
			}
			in := make([]bool, len(cells))
			for range 200 {
				var list []int
				for i := range in {
					if in[i] = r.IntN(3) == 0; in[i] {
						list = append(list, i)
					}
				}
				if len(list) == 0 {
					continue
				}
				r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
				want := slices.Clone(k.canonical(in))
				if got := k.canonicalOf(list); !slices.Equal(got, want) {
					t.Fatalf("%v: canonical form from the list %v, from the template %v", l, got, want)
				}
				if len(motions) == len(group) {
					o1, m1 := k.symmetry(in, proper)
					o2, m2 := k.symmetryOf(list, proper)
					if o1 != o2 || m1 != m2 {
						t.Fatalf("%v: symmetry from the list %d %v, from the template %d %v", l, o2, m2, o1, m1)
					}
				}
			}
		}
	}
}
