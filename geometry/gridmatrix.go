package geometry

// Matrix returns map k of the grid (see NumMaps) as a real matrix acting
// on cell centres in space (Centre), rows first: the rotation or mirror
// map itself, for naming it in words. A planar lattice's drawing grid
// returns its lattice's transform's linear part on index triples.
func (g *Grid) Matrix(k int) [3][3]float64 {
	var out [3][3]float64
	if g.lattice != nil {
		t := g.lattice.group[k%len(g.lattice.group)]
		for i := range 3 {
			for j := range 3 {
				out[i][j] = float64(t.M[i][j])
			}
		}
		return out
	}
	m := g.maps[k]
	for i := range 3 {
		for j := range 3 {
			out[i][j] = m[3*i+j]
		}
	}
	return out
}
