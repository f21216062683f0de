package antislide

import (
	"slices"

	"polyviz/geometry"
)

// Symmetries returns the symmetries of the problem: the symmetries of the
// box (48 for a cube, 16 when exactly two sides are equal, 8 otherwise;
// geometry.BoxSymmetries) that map the piece's set of orientations onto
// itself, so that they turn every packing into a packing. The identity
// comes first.
//
// The orientations are the piece's rotations, as POLYCUBE-DLX generates
// them. For a piece that is its own mirror image up to rotation (every
// brick, the L tricube, every planar polycube) the set is closed under all
// 48 symmetries of space and the whole group of the box remains. For a
// chiral piece only the rotations of the box remain: a reflection turns a
// packing of the piece into a packing of its mirror image, which is not
// one of ours.
func (p *Problem) Symmetries() []geometry.Symmetry {
	var out []geometry.Symmetry
	for _, s := range geometry.BoxSymmetries(p.BoxShape(), false) {
		if p.keepsOrientations(s.T) {
			out = append(out, s)
		}
	}
	return out
}

// keepsOrientations reports whether t maps each orientation of the piece
// onto one of them.
func (p *Problem) keepsOrientations(t geometry.Transform) bool {
	for _, o := range p.Orientations {
		img := t.ApplyShape(o)
		if !slices.ContainsFunc(p.Orientations, img.Equal) {
			return false
		}
	}
	return true
}

// group is the symmetry group acting on cells and on moves.
type group struct {
	cells [][]int // cell permutation of each symmetry
	moves [][]int // move permutation of each symmetry
}

// symmetryGroup returns the problem's symmetries as permutations (only
// the rotations when rotations is true). Symmetries that act alike on the
// cells (in a box with a side of 1, the reflection across that side moves
// nothing) are kept once: the group is the one acting on the packings.
func (p *Problem) symmetryGroup(rotations bool) group {
	var g group
	seen := map[string]bool{}
	for _, s := range p.Symmetries() {
		if rotations && !s.T.Proper() {
			continue
		}
		cp := make([]int, p.NumCells())
		for i := range cp {
			cp[i] = p.CellIndex(s.Apply(p.Cell(i)))
		}
		mp := make([]int, len(p.moves))
		img := make([]int, 0, len(p.Piece))
		for m, cells := range p.moves {
			img = img[:0]
			for _, c := range cells {
				img = append(img, cp[c])
			}
			slices.Sort(img)
			mp[m] = p.index[key(img)]
		}
		if k := permKey(cp); seen[k] {
			continue
		} else {
			seen[k] = true
		}
		g.cells = append(g.cells, cp)
		g.moves = append(g.moves, mp)
	}
	return g
}

// conjugacyClasses splits the group into classes of conjugate elements
// (h·g·h⁻¹): they fix equally many packings. It returns the index of one
// element of each class and the size of the class; the identity's class
// comes first.
func (g group) conjugacyClasses() (reps, sizes []int) {
	index := map[string]int{}
	for i, c := range g.cells {
		index[permKey(c)] = i
	}
	class := make([]int, len(g.cells))
	for i := range class {
		class[i] = -1
	}
	for i, x := range g.cells {
		if class[i] >= 0 {
			continue
		}
		k := len(reps)
		reps, sizes = append(reps, i), append(sizes, 0)
		for _, h := range g.cells {
			j := index[permKey(compose(h, compose(x, inverse(h))))]
			if class[j] < 0 {
				class[j] = k
				sizes[k]++
			}
		}
	}
	return reps, sizes
}

// compose returns a∘b: first b, then a.
func compose(a, b []int) []int {
	out := make([]int, len(b))
	for i, v := range b {
		out[i] = a[v]
	}
	return out
}

func inverse(a []int) []int {
	out := make([]int, len(a))
	for i, v := range a {
		out[v] = i
	}
	return out
}

func permKey(a []int) string {
	b := make([]byte, 0, 2*len(a))
	for _, v := range a {
		b = append(b, byte(v), byte(v>>8))
	}
	return string(b)
}

// Canonical reports whether a packing (moves of the problem, in any order)
// is the representative of its symmetry class: its increasing list of move
// numbers is lexicographically least among those of its images.
func (p *Problem) Canonical(moves []int) bool {
	return p.canonical(p.symmetryGroup(false), moves)
}

func (p *Problem) canonical(g group, moves []int) bool {
	own := slices.Sorted(slices.Values(moves))
	img := make([]int, len(own))
	for _, mp := range g.moves[1:] {
		for i, m := range own {
			img[i] = mp[m]
		}
		slices.Sort(img)
		if slices.Compare(img, own) < 0 {
			return false
		}
	}
	return true
}

// Canonicalize returns the representative of the packing's class (its
// least image, as Canonical orders them).
func (p *Problem) Canonicalize(moves []int) []int {
	g := p.symmetryGroup(false)
	best := slices.Sorted(slices.Values(moves))
	img := make([]int, len(best))
	for _, mp := range g.moves[1:] {
		for i, m := range moves {
			img[i] = mp[m]
		}
		slices.Sort(img)
		if slices.Compare(img, best) < 0 {
			best = slices.Clone(img)
		}
	}
	return best
}

// centralizerRoots returns the orbit roots of the instance fin of packings
// fixed by element x: the symmetries h that commute with x (h·x = x·h) map
// x's cycles of moves onto x's cycles, so they act on fin's moves, and the
// search by orbit roots applies to fin as to the plain problem. It returns
// nil when the identity is the only such symmetry (x is then the identity).
func (g group) centralizerRoots(p *Problem, fin *instance, x int) *orbitRoots {
	of := make([]int, len(p.moves)) // the fin move through each problem move, or -1
	for i := range of {
		of[i] = -1
	}
	for fm, rep := range fin.rep {
		for m := int(rep); of[m] < 0; m = g.moves[x][m] {
			of[m] = fm
		}
	}
	var perms [][]int
	for h := range g.cells {
		if !slices.Equal(compose(g.cells[h], g.cells[x]), compose(g.cells[x], g.cells[h])) {
			continue
		}
		perm := make([]int, len(fin.moves))
		for fm, rep := range fin.rep {
			perm[fm] = of[g.moves[h][rep]]
		}
		perms = append(perms, perm)
	}
	if len(perms) < 2 {
		return nil
	}
	return newOrbitRoots(len(fin.moves), perms, func(m int32) int { return p.spread(int(fin.rep[m])) })
}
