package assets

// Symmetry groups and polyform enumeration for the tests, independent of
// package geometry.

// xform is a signed permutation matrix acting on cells.
type xform [3][3]int

func (m xform) apply(c cell) cell {
	var r cell
	for i := range 3 {
		r[i] = m[i][0]*c[0] + m[i][1]*c[1] + m[i][2]*c[2]
	}
	return r
}

func (m xform) det() int {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}

// allXforms returns the 48 symmetries of the cube.
func allXforms() []xform {
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var out []xform
	for _, p := range perms {
		for s := range 8 {
			var m xform
			for i := range 3 {
				sign := 1
				if s&(1<<i) != 0 {
					sign = -1
				}
				m[i][p[i]] = sign
			}
			out = append(out, m)
		}
	}
	return out
}

// group returns the transforms of a puzzle's world: the 8 symmetries of the
// plane (z fixed) when planar, else the 48 of space; proper keeps only
// those with determinant +1 (in the plane: the 4 rotations).
func group(planar, proper bool) []xform {
	var out []xform
	for _, m := range allXforms() {
		if planar && m[2][2] != 1 {
			continue
		}
		d := m.det()
		if planar {
			d = m[0][0]*m[1][1] - m[0][1]*m[1][0]
		}
		if proper && d != 1 {
			continue
		}
		out = append(out, m)
	}
	return out
}

// improper reports whether m reverses orientation within its world.
func improper(m xform, planar bool) bool {
	if planar {
		return m[0][0]*m[1][1]-m[0][1]*m[1][0] < 0
	}
	return m.det() < 0
}

func transform(m xform, cells []cell) []cell {
	out := make([]cell, len(cells))
	for i, c := range cells {
		out[i] = m.apply(c)
	}
	return normalize(out)
}

// orientations lists the distinct images of a shape under the transforms
// a spec generates: 8 plane symmetries in 2D, 24 rotations in 3D.
func orientations(cells []cell, planar bool) [][]cell {
	seen := map[string]bool{}
	var out [][]cell
	for _, m := range group(planar, !planar) {
		t := transform(m, cells)
		if k := shapeKey(t); !seen[k] {
			seen[k] = true
			out = append(out, t)
		}
	}
	return out
}

// canon returns the least key of a shape's images under g.
func canon(cells []cell, g []xform) string {
	best := ""
	for i, m := range g {
		if k := shapeKey(transform(m, cells)); i == 0 || k < best {
			best = k
		}
	}
	return best
}

// enumerate returns the canonical keys of all n-cell polyforms up to the
// transforms g, grown cell by cell: polyominoes when planar, else polycubes.
func enumerate(n int, planar bool, g []xform) map[string]bool {
	steps := []cell{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}
	if planar {
		steps = steps[:4]
	}
	level := map[string][]cell{canon([]cell{{}}, g): {{}}}
	for size := 1; size < n; size++ {
		next := map[string][]cell{}
		for _, shape := range level {
			have := map[cell]bool{}
			for _, c := range shape {
				have[c] = true
			}
			for _, c := range shape {
				for _, d := range steps {
					nc := cell{c[0] + d[0], c[1] + d[1], c[2] + d[2]}
					if have[nc] {
						continue
					}
					grown := normalize(append(append([]cell(nil), shape...), nc))
					if k := canon(grown, g); next[k] == nil {
						next[k] = grown
					}
				}
			}
		}
		level = next
	}
	out := map[string]bool{}
	for k := range level {
		out[k] = true
	}
	return out
}
