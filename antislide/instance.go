package antislide

import "slices"

// instance is what the search engine works on: cells, moves that cover
// sets of cells (with a weight, the number of pieces they place), and for
// each move the constraints "at least one of these cells is occupied" that
// placing it adds. The plain problem is an instance whose cells are the
// box's cells and whose moves are single pieces; the instance that counts
// the packings fixed by a symmetry g has the orbits of <g> on cells as its
// cells and the orbits of <g> on moves (when their pieces do not overlap)
// as its moves.
type instance struct {
	n        int       // cells
	moves    [][]int32 // cells of each move
	weight   []int32   // pieces placed by each move
	rep      []int32   // a move of the Problem that each move stands for
	movesAt  [][]int32 // moves covering each cell
	cons     [][]int32 // constraints each move adds
	conCells [][]int32 // cells of each constraint
	initial  []int32   // constraints in force before any move
	preset   []int32   // moves made before the search starts

	at, hit []uint64 // atMask and hitMask, shared by the engines (see prepare)

	orbits *orbitRoots // search by orbit roots (nil: plain)
}

// orbitRoots are the orbits of the symmetry group on moves, for a search
// that counts the packings without visiting each one.
//
// Order the orbits by their least move. Every packing P but the empty one
// has a first orbit O(P), the first that meets it, and the images of P
// have the same. The search visits only the packings that contain the
// first move r of their first orbit: the root makes r, and disallows the
// whole orbit before going on to the next one. Counting pairs (P, m) with
// m in P ∩ O: by symmetry each m of O is in as many packings with first
// orbit O as r is, so
//
//	#{P : O(P) = O} = Σ_{m ∈ O} Σ_{P ∋ m} 1/|P ∩ O| = |O| · Σ_{P ∋ r} 1/|P ∩ O|,
//
// the last sum over the packings the search visits. Each visit adds |O| to
// a count by pieces and by |P ∩ O|; the division comes at the end, and the
// total must be a whole number.
type orbitRoots struct {
	of    []int32   // orbit of each move
	moves [][]int32 // moves of each orbit, the least first; orbits by least move
	size  []int64   // |O|
}

// newOrbitRoots returns the orbits of the move permutations.
func newOrbitRoots(nmoves int, perms [][]int, spread func(m int32) int) *orbitRoots {
	o := &orbitRoots{of: make([]int32, nmoves)}
	for i := range o.of {
		o.of[i] = -1
	}
	for m := range nmoves {
		if o.of[m] >= 0 {
			continue
		}
		k := int32(len(o.moves))
		var orbit []int32
		for _, p := range perms {
			x := p[m]
			if o.of[x] < 0 {
				o.of[x] = k
				orbit = append(orbit, int32(x))
			}
		}
		slices.Sort(orbit)
		o.moves = append(o.moves, orbit)
		o.size = append(o.size, int64(len(orbit)))
	}
	// largest orbits first, and among orbits of one size the central ones:
	// the smallest tree (4x4x5: 825k nodes, 2.98M with the orbits by least
	// move, 6.4M without orbits)
	idx := make([]int, len(o.moves))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if o.size[a] != o.size[b] {
			return int(o.size[b] - o.size[a])
		}
		return spread(o.moves[a][0]) - spread(o.moves[b][0])
	})
	moves, size := make([][]int32, len(idx)), make([]int64, len(idx))
	for k, i := range idx {
		moves[k], size[k] = o.moves[i], o.size[i]
		for _, m := range o.moves[i] {
			o.of[m] = int32(k)
		}
	}
	o.moves, o.size = moves, size
	return o
}

// prepare computes the bitsets the engines share.
func (in *instance) prepare() {
	w := (len(in.moves) + 63) / 64
	in.at = in.atMask(w)
	in.hit = in.hitMask(w)
}

// instanceBuilder collects constraints, sharing identical ones.
type instanceBuilder struct {
	in   *instance
	seen map[string]int32
}

func newInstanceBuilder(n int) *instanceBuilder {
	return &instanceBuilder{in: &instance{n: n, movesAt: make([][]int32, n)}, seen: map[string]int32{}}
}

// constraint returns the id of the constraint on the given cells (sorted,
// without repetitions, by the caller).
func (b *instanceBuilder) constraint(cells []int32) int32 {
	k := make([]byte, 0, 2*len(cells))
	for _, c := range cells {
		k = append(k, byte(c), byte(c>>8))
	}
	if id, ok := b.seen[string(k)]; ok {
		return id
	}
	id := int32(len(b.in.conCells))
	b.in.conCells = append(b.in.conCells, slices.Clone(cells))
	b.seen[string(k)] = id
	return id
}

// move adds a move covering cells, placing weight pieces, standing for
// the Problem's move rep, with constraints cons.
func (b *instanceBuilder) move(cells []int32, weight int32, rep int32, cons [][]int32) {
	m := int32(len(b.in.moves))
	b.in.moves = append(b.in.moves, cells)
	b.in.weight = append(b.in.weight, weight)
	b.in.rep = append(b.in.rep, rep)
	for _, c := range cells {
		b.in.movesAt[c] = append(b.in.movesAt[c], m)
	}
	ids := make([]int32, 0, len(cons))
	for _, cc := range cons {
		id := b.constraint(cc)
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	b.in.cons = append(b.in.cons, ids)
}

// plainInstance is the Problem itself: box cells, one move per placement,
// minus the moves drop rejects (nil: keep all).
func (p *Problem) plainInstance(drop func(m int) bool) (*instance, []int32) {
	b := newInstanceBuilder(p.NumCells())
	newIndex := make([]int32, len(p.moves))
	for m, cells := range p.moves {
		if drop != nil && drop(m) {
			newIndex[m] = -1
			continue
		}
		newIndex[m] = int32(len(b.in.moves))
		var cons [][]int32
		for _, bl := range p.blocks[m] {
			if !bl.Wall {
				cons = append(cons, toInt32(bl.Front))
			}
		}
		b.move(toInt32(cells), 1, int32(m), cons)
	}
	return b.in, newIndex
}

// fixedInstance is the instance whose packings are the packings of p fixed
// by the cell permutation g (a symmetry of the problem): its cells are the
// cycles of g, its moves the cycles of g on moves whose pieces are pairwise
// disjoint, weighted by their length.
func (p *Problem) fixedInstance(g []int, movePerm []int) *instance {
	orbit := make([]int32, len(g))
	for i := range orbit {
		orbit[i] = -1
	}
	n := int32(0)
	for c := range g {
		if orbit[c] >= 0 {
			continue
		}
		for x := c; orbit[x] < 0; x = g[x] {
			orbit[x] = n
		}
		n++
	}
	b := newInstanceBuilder(int(n))
	done := make([]bool, len(p.moves))
	occ := make([]bool, len(g))
	for m := range p.moves {
		if done[m] {
			continue
		}
		var cycle []int
		for x := m; !done[x]; x = movePerm[x] {
			done[x] = true
			cycle = append(cycle, x)
		}
		// the pieces of the cycle must not overlap
		clear(occ)
		ok := true
		for _, x := range cycle {
			for _, c := range p.moves[x] {
				if occ[c] {
					ok = false
				}
				occ[c] = true
			}
		}
		if !ok {
			continue
		}
		var cells []int32
		for _, x := range cycle {
			for _, c := range p.moves[x] {
				cells = append(cells, orbit[c])
			}
		}
		cells = sortedUnique(cells)
		var cons [][]int32
		for _, bl := range p.blocks[m] {
			if bl.Wall {
				continue
			}
			f := make([]int32, len(bl.Front))
			for i, c := range bl.Front {
				f[i] = orbit[c]
			}
			f = sortedUnique(f)
			if !overlaps(f, cells) { // blocked by a piece of the same cycle: always satisfied
				cons = append(cons, f)
			}
		}
		b.move(cells, int32(len(cycle)), int32(m), cons)
	}
	return b.in
}

func toInt32(s []int) []int32 {
	out := make([]int32, len(s))
	for i, v := range s {
		out[i] = int32(v)
	}
	return out
}

func sortedUnique(s []int32) []int32 {
	slices.Sort(s)
	return slices.Compact(s)
}

// overlaps reports whether two sorted lists share an element.
func overlaps(a, b []int32) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}

// atMask returns, for each cell, the bitset of the moves through it
// (words uint64 per cell).
func (in *instance) atMask(words int) []uint64 {
	out := make([]uint64, in.n*words)
	for c, ms := range in.movesAt {
		for _, m := range ms {
			out[c*words+int(m)/64] |= 1 << (m % 64)
		}
	}
	return out
}

// hitMask returns, for each move, the bitset of the moves that meet it
// (itself included).
func (in *instance) hitMask(words int) []uint64 {
	at := in.atMask(words)
	out := make([]uint64, len(in.moves)*words)
	for m, cells := range in.moves {
		for _, c := range cells {
			for i := range words {
				out[m*words+i] |= at[int(c)*words+i]
			}
		}
	}
	return out
}
