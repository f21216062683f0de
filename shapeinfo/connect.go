package shapeinfo

import "polyviz/geometry"

// Connectivity: a shape is connected via faces when its cells are joined
// through shared faces (shared edges in the plane; spheres: touching),
// else via edges when shared edges are enough (two shared corners), else
// via corners (one shared corner), else not at all. On cubes these are the
// 6, 18 and 26 neighbours of a cell; on squares the 4 and 8.

// Connectivity levels, finest first.
const (
	ViaFaces   = "face"
	ViaEdges   = "edge"
	ViaCorners = "corner"
	ViaTouch   = "touching" // spheres, which have faces nor corners
	NotJoined  = "none"
)

// connectivity returns the finest level at which sh is connected.
func connectivity(s Space, sh geometry.Shape) string {
	first := ViaFaces
	switch {
	case s.planar():
		first = ViaEdges
	case len(sh) > 0 && s.corners(sh[0]) == nil:
		first = ViaTouch
	}
	if len(sh) <= 1 || joined(sh, newNeighbourCache(s).neighbours) {
		return first
	}
	if s.corners(sh[0]) == nil {
		return NotJoined
	}
	if !s.planar() && sharingCorners(s, sh, 2) {
		return ViaEdges
	}
	if sharingCorners(s, sh, 1) {
		return ViaCorners
	}
	return NotJoined
}

// joined reports whether the cells of sh form one component when each is
// joined to its neighbours (as next gives them) in sh.
func joined(sh geometry.Shape, next func(geometry.Cell) []geometry.Cell) bool {
	index := make(map[geometry.Cell]int, len(sh))
	for i, c := range sh {
		index[c] = i
	}
	u := newUnion(len(sh))
	for i, c := range sh {
		for _, n := range next(c) {
			if j, ok := index[n]; ok {
				u.join(i, j)
			}
		}
	}
	return u.parts == 1
}

// sharingCorners reports whether sh is connected when two cells that share
// at least k corners are joined.
func sharingCorners(s Space, sh geometry.Shape, k int) bool {
	at := map[geometry.Cell][]int{}
	for i, c := range sh {
		for _, v := range s.corners(c) {
			at[v] = append(at[v], i)
		}
	}
	u := newUnion(len(sh))
	if k <= 1 {
		for _, cells := range at {
			for _, j := range cells[1:] {
				u.join(cells[0], j)
			}
		}
		return u.parts == 1
	}
	shared := map[[2]int]int{}
	for _, cells := range at {
		for a := range cells {
			for b := a + 1; b < len(cells); b++ {
				p := [2]int{cells[a], cells[b]}
				if shared[p]++; shared[p] == k {
					u.join(p[0], p[1])
				}
			}
		}
	}
	return u.parts == 1
}

// union is a disjoint-set forest that counts its parts.
type union struct {
	parent []int
	parts  int
}

func newUnion(n int) *union {
	u := &union{parent: make([]int, n), parts: n}
	for i := range u.parent {
		u.parent[i] = i
	}
	return u
}

func (u *union) find(i int) int {
	for u.parent[i] != i {
		u.parent[i] = u.parent[u.parent[i]]
		i = u.parent[i]
	}
	return i
}

func (u *union) join(i, j int) {
	if a, b := u.find(i), u.find(j); a != b {
		u.parent[a] = b
		u.parts--
	}
}
