package geometry

// boxProduct returns the box symmetry with map k, when map k is the
// product of a box symmetry found already and one found from its image
// (the maps are a group, all but the spheres' extra turns): its
// permutation of the box's cells is theirs composed, and only three cells
// are mapped, one for its offset and two to check it. Mapping all 2,256
// cells of a stick puzzle's box under each of 24 maps was a seventh of its
// distinct count.
func (g *Grid) boxProduct(k int, box Shape, a Cell, out []Symmetry, perms [][]int32, direct []int) (Symmetry, []int32, bool) {
	if g.gridType == 2 || len(box) == 0 {
		return Symmetry{}, nil, false
	}
	want := g.maps[k].key()
	for x := range out {
		for _, y := range direct {
			if g.maps[out[x].mapK].mul(g.maps[out[y].mapK]).key() != want {
				continue
			}
			px, py := perms[x], perms[y]
			perm := make([]int32, len(py))
			for n, m := range py {
				perm[n] = px[m] // y first, then x
			}
			c0, ok := g.mapCell(k, a, box[0])
			if !ok {
				return Symmetry{}, nil, false
			}
			shift := box[perm[0]].Sub(c0)
			for _, n := range []int{len(box) / 2, len(box) - 1} {
				if c, ok := g.mapCell(k, a, box[n]); !ok || c.Add(shift) != box[perm[n]] {
					return Symmetry{}, nil, false
				}
			}
			return Symmetry{T: Identity, grid: g, mapK: k, gridAnc: a, Offset: shift}, perm, true
		}
	}
	return Symmetry{}, nil, false
}
