package crosscheck

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"polyviz/burrtools"
	"polyviz/geometry"
	"polyviz/puzzle"
)

// Case is one random puzzle: the bytes of a file polyviz reads, and the
// name and format to read them by.
type Case struct {
	// Name is the file's name: "random.txt", or "random.xmpuzzle" for a
	// BurrTools file.
	Name string
	// Lattice is the lattice of the cells; Grid the BurrTools grid, when
	// the case is on one of its other grids (then Lattice is the cubes,
	// as polyviz reads such a file).
	Lattice *geometry.Lattice
	Grid    *geometry.Grid
	// Format is the spec format (FormatPolycube, FormatPolyomino,
	// FormatPolyiamond, FormatPolyhex) or burrtools.Format.
	Format puzzle.Format
	// Data is the file: a spec whose first line is a comment saying how it
	// was made (and, on triangles and hexagons, naming the lattice, so that
	// `polyviz solve` reads it as such), or BurrTools' XML.
	Data []byte
	// About says in a few words how the case was made.
	About string
}

// Load reads the case as polyviz reads its file.
func (c Case) Load() (*puzzle.Puzzle, error) {
	if c.Format == burrtools.Format {
		l, err := burrtools.Load(c.Name, c.Data, puzzle.LoadOptions{})
		if err != nil {
			return nil, err
		}
		return l.Puzzle, nil
	}
	l, err := puzzle.Load(c.Name, c.Data, c.Format)
	if err != nil {
		return nil, err
	}
	if l.Puzzle == nil {
		return nil, fmt.Errorf("%s: not read as a packing puzzle", c.Name)
	}
	return l.Puzzle, nil
}

// String returns the case as a file to save and replay with `polyviz
// solve`, after a line naming the file and its format.
func (c Case) String() string {
	return fmt.Sprintf("---- %s (%s; %s)\n%s", c.Name, c.Format, c.About, c.Data)
}

// Options choose what Generate makes.
type Options struct {
	// Lattices to choose from; all four when empty.
	Lattices []*geometry.Lattice
}

// Generate returns a random puzzle that has a solution: a random region of
// a random lattice (a box or board, a ball, a parallelogram; with holes or
// without), cut into connected pieces, often following a random subgroup of
// the region's symmetries so that pieces come with their images (identical
// copies, or mirror images on cubes). The pieces are written one a line,
// or identical ones merged into a multiplicity; on a board one piece may be
// made optional ("0:1|") beside an optional stranger of its size; a cubic
// case is sometimes a BurrTools file whose box has cells that may stay
// empty. The cases are small, but nothing bounds their solutions: Solve's
// limit turns the large ones away.
func Generate(r *rand.Rand, opt Options) Case {
	ls := opt.Lattices
	if len(ls) == 0 {
		ls = []*geometry.Lattice{geometry.Cubes(), geometry.Squares(), geometry.Triangles(), geometry.Hexagons()}
	}
	g := &generator{r: r, l: ls[r.IntN(len(ls))]}
	g.mirrored = g.l == geometry.Cubes() && r.IntN(2) == 0
	var region geometry.Shape
	var pieces []geometry.Shape
	if g.l == geometry.Cubes() && r.IntN(4) == 0 {
		region, pieces = g.mirrorPairs()
	} else {
		region = g.region()
		pieces = g.carve(region, g.subgroup(region))
	}
	if g.l == geometry.Cubes() && r.IntN(4) == 0 {
		return g.xmpuzzle(region, pieces)
	}
	return g.spec(region, pieces)
}

// generator holds the random source, the lattice, and what it did.
type generator struct {
	r     *rand.Rand
	l     *geometry.Lattice
	about []string
	// mirrored asks for a box with an axis of 4 or more, cut symmetrically
	// under one or two reflections across such axes, its first piece
	// chiral: chiral pieces come with mirror images (and copies).
	mirrored bool
}

func (g *generator) say(format string, a ...any) {
	g.about = append(g.about, fmt.Sprintf(format, a...))
}

// region returns a random region of the lattice, normalized: a box or board
// (a parallelogram on triangles and hexagons), or a ball of cells around a
// cell or a pair of cells, sometimes with holes.
func (g *generator) region() geometry.Shape {
	r := g.r
	var s geometry.Shape
	switch g.l {
	case geometry.Cubes():
		dims := [][3]int{{2, 2, 2}, {2, 2, 3}, {2, 2, 4}, {2, 3, 3}, {3, 3, 3}, {2, 3, 4}, {2, 2, 5}, {3, 3, 1}, {4, 3, 1}, {4, 4, 1},
			{3, 2, 4}, {2, 4, 4}, {3, 3, 2}, {4, 2, 2}, {2, 2, 4}, {2, 4, 4}, {4, 2, 4}, {2, 2, 6}, {2, 3, 4}}
		if g.mirrored {
			dims = [][3]int{{2, 2, 4}, {2, 3, 4}, {2, 4, 4}, {4, 2, 2}, {4, 2, 4}, {2, 2, 6}, {3, 2, 4}, {4, 4, 2}}
		}
		d := dims[r.IntN(len(dims))]
		s = g.block(d[0], d[1], d[2])
		g.say("%dx%dx%d box", d[0], d[1], d[2])
	case geometry.Squares():
		if r.IntN(3) == 0 {
			s = g.ball(2+r.IntN(2), r.IntN(2) == 0)
		} else {
			w, h := 3+r.IntN(4), 3+r.IntN(3)
			s = g.block(w, h, 1)
			g.say("%dx%d board", w, h)
		}
	case geometry.Triangles():
		if r.IntN(2) == 0 {
			s = g.ball(2+r.IntN(3), r.IntN(2) == 0)
		} else {
			w, h := 2+r.IntN(3), 2+r.IntN(2)
			s = g.block(w, h, 2)
			g.say("%dx%d parallelogram", w, h)
		}
	case geometry.Hexagons():
		if r.IntN(2) == 0 {
			s = g.ball(1+r.IntN(2), r.IntN(2) == 0)
		} else {
			w, h := 2+r.IntN(4), 2+r.IntN(3)
			s = g.block(w, h, 1)
			g.say("%dx%d parallelogram", w, h)
		}
	}
	if len(s) > 6 && r.IntN(3) == 0 && !g.mirrored {
		c := s[r.IntN(len(s))]
		hole := geometry.Shape{c}
		symmetric := r.IntN(2) == 0
		if symmetric {
			for _, sym := range g.l.BoxSymmetries(s) {
				hole = append(hole, sym.Apply(c))
			}
		}
		if rest := slices.DeleteFunc(slices.Clone(s), func(c geometry.Cell) bool { return slices.Contains(hole, c) }); len(rest) >= 4 {
			s = rest
			if symmetric {
				g.say("symmetric hole")
			} else {
				g.say("hole")
			}
		}
	}
	return g.l.Normalize(s)
}

// block returns the cells x < w, y < h (z < d in 3D; on triangles, d = 2
// gives both kinds of cell).
func (g *generator) block(w, h, d int) geometry.Shape {
	var s geometry.Shape
	for z := range d {
		for y := range h {
			for x := range w {
				s = append(s, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	return geometry.NewShape(s...)
}

// ball returns the cells at most radius steps from a cell (or from either
// of two neighbouring cells, when pair).
func (g *generator) ball(radius int, pair bool) geometry.Shape {
	start := geometry.Cell{X: 20, Y: 20}
	front := []geometry.Cell{start}
	if pair {
		front = append(front, g.l.Neighbours(start)[0])
		g.say("ball of radius %d about two cells", radius)
	} else {
		g.say("ball of radius %d", radius)
	}
	seen := map[geometry.Cell]bool{}
	for _, c := range front {
		seen[c] = true
	}
	for range radius {
		var next []geometry.Cell
		for _, c := range front {
			for _, n := range g.l.Neighbours(c) {
				if !seen[n] {
					seen[n] = true
					next = append(next, n)
				}
			}
		}
		front = next
	}
	var s geometry.Shape
	for c := range seen {
		s = append(s, c)
	}
	return geometry.NewShape(s...)
}

// subgroup returns a random subgroup of the region's symmetries as
// permutations of its cells (the identity alone, often): the closure of
// up to two random symmetries.
func (g *generator) subgroup(region geometry.Shape) [][]int {
	index := map[geometry.Cell]int{}
	for i, c := range region {
		index[c] = i
	}
	id := make([]int, len(region))
	for i := range id {
		id[i] = i
	}
	group := [][]int{id}
	syms := g.l.BoxSymmetries(region)
	gens := g.r.IntN(3)
	if g.mirrored {
		gens = 1 + g.r.IntN(2)
	}
	if len(syms) < 2 || gens == 0 {
		return group
	}
	var gen [][]int
	for range gens {
		s := syms[1+g.r.IntN(len(syms)-1)]
		if g.mirrored || (!g.l.Reflects() && g.r.IntN(3) > 0) {
			// a reflection of the box in a plane across an axis: pieces
			// come with their mirror images (with two, also with copies)
			// across an axis of length 4 or more, so that the halves are
			// thick enough for chiral pieces
			_, hi := region.Bounds()
			size := [3]int{hi.X + 1, hi.Y + 1, hi.Z + 1}
			var mirrors []geometry.Symmetry
			for _, s := range syms {
				m := s.T.M
				if m[0][1]|m[0][2]|m[1][0]|m[1][2]|m[2][0]|m[2][1] != 0 || m[0][0]+m[1][1]+m[2][2] != 1 {
					continue
				}
				for a := range 3 {
					if m[a][a] == -1 && size[a] >= 4 {
						mirrors = append(mirrors, s)
					}
				}
			}
			if len(mirrors) > 0 {
				s = mirrors[g.r.IntN(len(mirrors))]
			}
		}
		p := make([]int, len(region))
		for i, c := range region {
			p[i] = index[s.Apply(c)]
		}
		gen = append(gen, p)
	}
	key := func(p []int) string { return fmt.Sprint(p) }
	seen := map[string]bool{key(id): true}
	for i := 0; i < len(group); i++ {
		for _, q := range gen {
			p := make([]int, len(region))
			for k := range p {
				p[k] = q[group[i][k]]
			}
			if !seen[key(p)] {
				seen[key(p)] = true
				group = append(group, p)
			}
		}
	}
	if len(group) > 1 {
		g.say("cut by a subgroup of order %d", len(group))
	}
	return group
}

// carve cuts the region into connected pieces. Each piece is grown at
// random from a free cell; its images under the subgroup are taken with it
// when they are free and do not overlap it (else it is grown again smaller,
// and at last taken alone).
func (g *generator) carve(region geometry.Shape, group [][]int) []geometry.Shape {
	lo, hi := 2, 5
	switch g.l {
	case geometry.Cubes():
		lo = 3 // more chiral pieces
	case geometry.Triangles():
		lo, hi = 2, 6
	case geometry.Hexagons():
		lo, hi = 1, 4
	}
	index := map[geometry.Cell]int{}
	for i, c := range region {
		index[c] = i
	}
	// grow pieces in a fundamental domain (each cell the least of its
	// orbit), so that their images fall outside it
	domain := make([]bool, len(region))
	for i := range region {
		domain[i] = true
		for _, h := range group {
			if h[i] < i {
				domain[i] = false
			}
		}
	}
	taken := make([]bool, len(region))
	var pieces []geometry.Shape
	for {
		var free, inDomain []int
		for i, t := range taken {
			if !t {
				free = append(free, i)
				if domain[i] {
					inDomain = append(inDomain, i)
				}
			}
		}
		if len(free) == 0 {
			break
		}
		if len(inDomain) > 0 {
			free = inDomain
		}
		seed := free[g.r.IntN(len(free))]
		want := lo + g.r.IntN(hi-lo+1)
		if g.r.IntN(10) == 0 {
			want = 1
		}
		var took [][]int
		for try := 0; want >= 1 && took == nil; try++ {
			p := g.grow(region, index, taken, domain, free[g.r.IntN(len(free))], want)
			if (len(pieces) == 0 || g.mirrored) && len(group) > 1 && try < 40 && !g.chiral(region, p) {
				continue // chiral pieces in a symmetric cut (the first, or all when mirrored), if they can be
			}
			took = g.images(p, group, taken)
			if try%8 == 7 && try >= 40 {
				want--
			}
		}
		if took == nil {
			took = [][]int{{seed}}
		}
		for _, p := range took {
			var s geometry.Shape
			for _, i := range p {
				taken[i] = true
				s = append(s, region[i])
			}
			pieces = append(pieces, geometry.NewShape(s...))
		}
	}
	return pieces
}

// chiral reports whether the piece made of cells p of the region is
// chiral on cubes (its mirror image is none of its rotations).
func (g *generator) chiral(region geometry.Shape, p []int) bool {
	if g.l.Reflects() {
		return false
	}
	var s geometry.Shape
	for _, i := range p {
		s = append(s, region[i])
	}
	return g.chiralShape(g.l.Normalize(geometry.NewShape(s...)))
}

// grow returns up to want free cells, connected, grown at random from
// seed, in the domain when seed is.
func (g *generator) grow(region geometry.Shape, index map[geometry.Cell]int, taken, domain []bool, seed, want int) []int {
	p := []int{seed}
	in := map[int]bool{seed: true}
	for len(p) < want {
		var front []int
		for _, i := range p {
			for _, n := range g.l.Neighbours(region[i]) {
				if j, ok := index[n]; ok && !taken[j] && !in[j] && (domain[j] || !domain[seed]) {
					front = append(front, j)
				}
			}
		}
		if len(front) == 0 {
			break
		}
		j := front[g.r.IntN(len(front))]
		in[j] = true
		p = append(p, j)
	}
	return p
}

// images returns the distinct images of p under the group when they are
// free and pairwise disjoint (p first), nil otherwise.
func (g *generator) images(p []int, group [][]int, taken []bool) [][]int {
	var out [][]int
	used := map[int]bool{}
	seen := map[string]bool{}
	for _, h := range group {
		img := make([]int, len(p))
		for k, i := range p {
			img[k] = h[i]
		}
		slices.Sort(img)
		if seen[fmt.Sprint(img)] {
			continue
		}
		seen[fmt.Sprint(img)] = true
		for _, i := range img {
			if taken[i] || used[i] {
				return nil
			}
			used[i] = true
		}
		out = append(out, img)
	}
	return out
}

// mirrorPairs returns a region of cubes made of two copies of a random
// chiral piece (and now and then a small third piece) beside their mirror
// images, mirrored across a plane: repeated copies of a chiral piece
// together with its mirror image, in a region a reflection maps onto
// itself while it swaps the copies with the mirror images.
func (g *generator) mirrorPairs() (geometry.Shape, []geometry.Shape) {
	var p geometry.Shape
	for try := 0; try < 100; try++ {
		p = g.polyform(4 + g.r.IntN(2))
		if g.chiralShape(p) {
			break
		}
	}
	half := []geometry.Shape{p}
	taken := map[geometry.Cell]bool{}
	for _, c := range p {
		taken[c] = true
	}
	// a copy of it, turned at random, touching it
	os := g.l.Orientations(p)
	for try := 0; try < 1000 && len(half) < 2; try++ {
		q := os[g.r.IntN(len(os))].Translate(geometry.Cell{X: g.r.IntN(7) - 3, Y: g.r.IntN(7) - 3, Z: g.r.IntN(7) - 3})
		if g.fitsBeside(q, taken) {
			half = append(half, q)
			for _, c := range q {
				taken[c] = true
			}
		}
	}
	if g.r.IntN(2) == 0 {
		for try := 0; try < 1000; try++ {
			q := g.polyform(1 + g.r.IntN(3)).Translate(geometry.Cell{X: g.r.IntN(7) - 3, Y: g.r.IntN(7) - 3, Z: g.r.IntN(7) - 3})
			if g.fitsBeside(q, taken) {
				half = append(half, q)
				for _, c := range q {
					taken[c] = true
				}
				break
			}
		}
	}
	// the half moved to the origin, and its mirror image across x = hi.X + 1/2
	var all geometry.Shape
	for c := range taken {
		all = append(all, c)
	}
	lo, _ := geometry.NewShape(all...).Bounds()
	_, hi := geometry.NewShape(all...).Translate(geometry.Cell{X: -lo.X, Y: -lo.Y, Z: -lo.Z}).Bounds()
	var region geometry.Shape
	var pieces []geometry.Shape
	for _, h := range half {
		h = h.Translate(geometry.Cell{X: -lo.X, Y: -lo.Y, Z: -lo.Z})
		m := make(geometry.Shape, len(h))
		for i, c := range h {
			m[i] = geometry.Cell{X: 2*hi.X + 1 - c.X, Y: c.Y, Z: c.Z}
		}
		pieces = append(pieces, h, geometry.NewShape(m...))
		region = append(region, h...)
		region = append(region, m...)
	}
	g.say("two copies of a chiral %d-cube beside their mirror images (%d pieces)", len(p), len(pieces))
	return geometry.NewShape(region...), pieces
}

// chiralShape reports whether a shape of cubes is chiral.
func (g *generator) chiralShape(s geometry.Shape) bool {
	m := geometry.Transform{M: [3][3]int{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}.ApplyShape(s)
	return shapeKey(g.l, s) != shapeKey(g.l, m)
}

// fitsBeside reports whether q overlaps no taken cell and touches one.
func (g *generator) fitsBeside(q geometry.Shape, taken map[geometry.Cell]bool) bool {
	touches := false
	for _, c := range q {
		if taken[c] {
			return false
		}
		for _, n := range g.l.Neighbours(c) {
			touches = touches || taken[n]
		}
	}
	return touches
}
