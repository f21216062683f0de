package shapeinfo

import (
	"math"

	"polyviz/geometry"
)

// Space is where shapes live: one of geometry's lattices (cubes, squares,
// triangles, hexagons) or one of BurrTools' grids (prisms, spheres,
// rhombic tetrahedra, tetra-octa). Exactly one of the two is set.
type Space struct {
	Lattice *geometry.Lattice
	Grid    *geometry.Grid
}

// Element is one symmetry of a space, taken about a point and up to
// translation: a member of the lattice's group (geometry.Lattice.Group) or
// one of the grid's maps (geometry.Grid.NumMaps).
type Element struct {
	// Index is the element's place in the lattice's group or the grid's
	// maps.
	Index int `json:"index"`
	// Proper is true for a rotation, false for a reflection, the central
	// inversion or a rotoreflection.
	Proper bool `json:"proper"`
	// Name says it in words: "identity", "quarter turn about z",
	// "reflection across the plane x=y".
	Name string `json:"name"`
	// Map is its action on coordinates on cubes and squares, where every
	// symmetry permutes the axes and changes signs: "(x,y,z) ↦ (y,−x,z)".
	Map string `json:"map,omitempty"`
}

// Name returns the space's name: "cubes", "squares", ..., or the grid's.
func (s Space) Name() string {
	if s.Grid != nil {
		return s.Grid.Name()
	}
	return s.Lattice.Name()
}

// planar reports whether the space is a planar lattice.
func (s Space) planar() bool { return s.Lattice != nil && s.Lattice.Planar() }

// Elements returns the space's symmetries in the order of its group, the
// identity first, each named.
func (s Space) Elements() []Element {
	if s.Grid != nil {
		out := make([]Element, s.Grid.NumMaps())
		for k := range out {
			out[k] = Element{Index: k, Proper: s.Grid.Proper(k), Name: name3D(s.Grid.Matrix(k))}
		}
		return out
	}
	l := s.Lattice
	group := l.Group()
	out := make([]Element, len(group))
	for k, t := range group {
		e := Element{Index: k, Proper: l.Proper(t)}
		switch {
		case !l.Planar():
			e.Name = name3D(toFloat(t.M))
			e.Map = mapFormula(t.M, 3)
		case l == geometry.Squares():
			e.Name = name2D([2][2]float64{{float64(t.M[0][0]), float64(t.M[0][1])}, {float64(t.M[1][0]), float64(t.M[1][1])}})
			e.Map = mapFormula(t.M, 2)
		default:
			e.Name = name2D(skewToCartesian(t.M))
		}
		out[k] = e
	}
	return out
}

func toFloat(m [3][3]int) [3][3]float64 {
	var out [3][3]float64
	for i := range 3 {
		for j := range 3 {
			out[i][j] = float64(m[i][j])
		}
	}
	return out
}

// skewToCartesian turns the linear part of a triangle or hexagon map on
// x and y, which count steps along e1 = (1, 0) and e2 = (½, √3/2), into
// its matrix in an orthonormal frame: B·M·B⁻¹ with B = (e1 e2).
func skewToCartesian(m [3][3]int) [2][2]float64 {
	h := math.Sqrt(3) / 2
	b := [2][2]float64{{1, 0.5}, {0, h}}
	binv := [2][2]float64{{1, -0.5 / h}, {0, 1 / h}}
	mm := [2][2]float64{{float64(m[0][0]), float64(m[0][1])}, {float64(m[1][0]), float64(m[1][1])}}
	return mul2(mul2(b, mm), binv)
}

func mul2(a, b [2][2]float64) [2][2]float64 {
	var out [2][2]float64
	for i := range 2 {
		for j := range 2 {
			for k := range 2 {
				out[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return out
}

// image returns shape sh under element k, normalized; false when it does
// not lie on the grid (only spheres' extra turns can fail).
func (s Space) image(k int, sh geometry.Shape) (geometry.Shape, bool) {
	if s.Grid != nil {
		return s.Grid.Orient(k, sh)
	}
	return s.Lattice.ApplyShape(s.Lattice.Group()[k], sh), true
}

// normalize translates sh to the space's origin.
func (s Space) normalize(sh geometry.Shape) geometry.Shape {
	if s.Grid != nil {
		return s.Grid.Normalize(sh)
	}
	return s.Lattice.Normalize(sh)
}

// isCell reports whether an index triple is a cell.
func (s Space) isCell(c geometry.Cell) bool {
	if s.Grid != nil {
		return s.Grid.IsCell(c)
	}
	return s.Lattice.IsCell(c)
}

// neighbours returns the cells that share a face with c (an edge in the
// plane; spheres: that touch it).
func (s Space) neighbours(c geometry.Cell) []geometry.Cell {
	if s.Grid != nil {
		return s.Grid.Neighbours(c)
	}
	return s.Lattice.Neighbours(c)
}

// corners returns the corners of cell c as points of a frame where
// touching cells share theirs; nil when the space has none (spheres).
func (s Space) corners(c geometry.Cell) []geometry.Cell {
	if s.Grid != nil {
		return s.Grid.Vertices(c)
	}
	l := s.Lattice
	switch l {
	case geometry.Cubes():
		out := make([]geometry.Cell, 0, 8)
		for d := range 8 {
			out = append(out, c.Add(geometry.Cell{X: d & 1, Y: d >> 1 & 1, Z: d >> 2}))
		}
		return out
	case geometry.Squares():
		return []geometry.Cell{{X: c.X, Y: c.Y}, {X: c.X + 1, Y: c.Y}, {X: c.X, Y: c.Y + 1}, {X: c.X + 1, Y: c.Y + 1}}
	}
	if g := l.Solids(); g != nil {
		return g.Vertices(c)
	}
	return nil
}

// untagged returns sh with the tags of a planar lattice's cells dropped
// (Knuth's cell suffixes), its kinds kept.
func (s Space) untagged(sh geometry.Shape) geometry.Shape {
	if !s.planar() {
		return sh
	}
	out := make([]geometry.Cell, len(sh))
	for i, c := range sh {
		out[i] = geometry.Cell{X: c.X, Y: c.Y, Z: s.Lattice.Kind(c)}
	}
	return geometry.NewShape(out...)
}

// neighbourCache answers neighbours on a grid from offsets kept per class
// of cells under the grid's translations along the axes: a grid finds a
// cell's neighbours by a search about it, too slow for every cell of a
// box.
type neighbourCache struct {
	s       Space
	period  [3]int // 0 when the grid has no translation along an axis within reach
	offsets map[geometry.Cell][]geometry.Cell
}

func newNeighbourCache(s Space) *neighbourCache {
	nc := &neighbourCache{s: s, offsets: map[geometry.Cell][]geometry.Cell{}}
	if s.Grid == nil {
		return nc
	}
	for axis := range 3 {
		for p := 1; p <= 12; p++ {
			d := geometry.Cell{}
			switch axis {
			case 0:
				d.X = p
			case 1:
				d.Y = p
			default:
				d.Z = p
			}
			if s.Grid.IsTranslation(d) {
				nc.period[axis] = p
				break
			}
		}
	}
	return nc
}

func (nc *neighbourCache) neighbours(c geometry.Cell) []geometry.Cell {
	p := nc.period
	if nc.s.Grid == nil || p[0] == 0 || p[1] == 0 || p[2] == 0 {
		return nc.s.neighbours(c)
	}
	class := geometry.Cell{X: floorMod(c.X, p[0]), Y: floorMod(c.Y, p[1]), Z: floorMod(c.Z, p[2])}
	offs, ok := nc.offsets[class]
	if !ok {
		for _, n := range nc.s.neighbours(class) {
			offs = append(offs, n.Sub(class))
		}
		nc.offsets[class] = offs
	}
	out := make([]geometry.Cell, len(offs))
	for i, d := range offs {
		out[i] = c.Add(d)
	}
	return out
}

func floorMod(a, m int) int {
	r := a % m
	if r < 0 {
		r += m
	}
	return r
}

// variableIn returns the cells of variable (cells of shape) moved as
// shape was untagged and normalized into sh, so they can be compared with
// sh's images; nil when there are none.
func (s Space) variableIn(shape, sh, variable geometry.Shape) geometry.Shape {
	if len(variable) == 0 || len(sh) == 0 {
		return nil
	}
	// normalizing is a translation, which keeps the sorted order: the
	// least cells give it
	d := sh[0].Sub(geometry.NewShape(s.untagged(shape)...)[0])
	return geometry.NewShape(s.untagged(variable)...).Translate(d)
}

// imageWith is image, and also returns the image of variable (a subset of
// sh) under the same map and translation; with no variable cells it is
// image.
func (s Space) imageWith(k int, sh, variable geometry.Shape) (img, varImg geometry.Shape, ok bool) {
	if len(variable) == 0 {
		img, ok = s.image(k, sh)
		return img, nil, ok
	}
	var out []geometry.Cell
	if s.Grid != nil {
		if out, ok = s.Grid.OrientCells(k, sh); !ok {
			return nil, nil, false
		}
	} else {
		l := s.Lattice
		t := l.Group()[k]
		out = make([]geometry.Cell, len(sh))
		for i, c := range sh {
			out[i] = l.Apply(t, c)
		}
		// normalize as Lattice.ApplyShape does
		lo, _ := geometry.Shape(out).Bounds()
		if s.planar() {
			lo.Z = 0
		}
		for i := range out {
			out[i] = out[i].Sub(lo)
		}
	}
	var vs []geometry.Cell
	for i, c := range sh {
		if variable.Contains(c) {
			vs = append(vs, out[i])
		}
	}
	return geometry.NewShape(out...), geometry.NewShape(vs...), true
}
