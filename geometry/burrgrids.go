package geometry

import "sync"

// Grid is one of BurrTools' cell grids other than cubes. BurrTools keeps
// every grid as voxels on a cubic array of index triples; what differs is
// which triples are cells, where each cell sits in space, which
// translations map the grid onto itself, and which rotations a piece may
// take. A Grid works on BurrTools' own index triples, so a shape read from
// an .xmpuzzle file is used as it is.
//
// A rotation of a grid is a rotation of space, kept as a real matrix: it
// turns a shape's cell centres, and the turned shape is kept when every
// centre lands on a cell of the grid (after a translation of the grid).
// That is more than an affine map on triples can say: a triangle's index
// depends on its parity, and BurrTools lets flat sphere pieces take turns
// that are no symmetry of the sphere packing (see Spheres).
//
// Mirror images are treated as BurrTools treats them: a piece is placed in
// the grid's rotations only; the mirror elements (each rotation followed by
// a reflection) serve to find a piece's mirror image and the box's
// reflections, so that a solution and its mirror image count once when the
// set of pieces is closed under mirroring (as polyviz does on cubes).
type Grid struct {
	name     string
	gridType int
	// isCell reports whether an index triple is a cell.
	isCell func(Cell) bool
	// anchor returns a translation of the grid near c, a function that
	// commutes with the grid's translations: c − anchor(c) lies in one
	// fundamental region. IsTranslation(d) ⇔ anchor(d) = d.
	anchor func(Cell) Cell
	// centre is the point of space at the middle of cell c (before any
	// anchor is taken off); cellAt is its inverse, false off the grid.
	centre func(Cell) [3]float64
	cellAt func([3]float64) (Cell, bool)
	// vertices returns the corners of cell c in a doubled integer frame (for
	// face contact and drawing); nil for spheres.
	vertices func(Cell) []Cell
	// neighbourOffsets, for spheres, are the offsets of touching cells.
	neighbourOffsets []Cell
	maps             []mat3 // rotations first, then each rotation followed by a reflection
	rotations        int
	// lattice, for the drawing grid of a planar lattice (Lattice.Solids),
	// is the lattice that the symmetries are taken from; scale is its
	// vertex frame's size in world units.
	lattice *Lattice
	scale   [3]float64
	// imaps are the maps as integer maps on index triples where they are
	// (see integerMaps); step divides every translation's coordinates.
	imaps []intMap
	step  int
}

var (
	quarterZ   = mat3{0, -1, 0, 1, 0, 0, 0, 0, 1}
	quarterX   = mat3{1, 0, 0, 0, 0, -1, 0, 1, 0}
	inversion  = mat3{-1, 0, 0, 0, -1, 0, 0, 0, -1}
	cubeTurns  = sync.OnceValue(func() []mat3 { return closure(quarterZ, quarterX) })
	prismCache = sync.OnceValue(newPrisms)
	sphereGrid = sync.OnceValue(newSpheres)
	rhombGrid  = sync.OnceValue(newRhombic)
	tetraGrid  = sync.OnceValue(newTetraOcta)
)

// Prisms returns BurrTools' triangular prism grid (gridType 1): every
// triple (x, y, z) is a cell, layer z of triangles with edge 1, row y,
// pointing up when x+y is even and down when it is odd (so x runs along
// a row of alternating triangles); prisms are as high as their edge. A
// translation must keep the parity of x+y. Up triangle xy touches x±1 in
// its row and x in the row below, down triangle xy the same with the row
// above; each prism touches the ones above and below. There are 12
// rotations (the hexagonal prism's: six turns about z, each also turned
// upside down) and 24 symmetries.
func Prisms() *Grid { return prismCache() }

// Spheres returns BurrTools' sphere grid (gridType 2): the face-centred
// cubic packing, cells (x, y, z) with x+y+z even, centres at the triples
// themselves (spheres of diameter √2), each touching the 12 at offsets
// (±1, ±1, 0) and its permutations; a translation must have an even sum.
// A piece may take the 24 rotations of the cube, and, as in BurrTools, 96
// more: a cube rotation, then the 60° turn about a body diagonal, then
// another cube rotation. These are no symmetry of the packing, but they
// carry a flat piece lying in one close-packed layer onto the grid (a
// layer has six-fold symmetry, the packing only three-fold); a turn is used
// on a shape only when every sphere lands on the grid. So 120 rotations and
// 240 maps with mirrors.
func Spheres() *Grid { return sphereGrid() }

// RhombicTetrahedra returns BurrTools' rhombic tetrahedra grid (gridType
// 3): each cube of the cubic lattice is cut from its centre over each face
// and the face's four edges into 24 tetrahedra, and the cube is indexed as a
// 5x5x5 block of triples. Folding each coordinate of a triple within its
// block (0..4 to 0,1,2,1,0), the triple is a cell when the folded
// coordinates are 0, 1 and 2 in some order: 0 names the face's axis
// (block index 0 the low face, 4 the high one), 1 the edge's axis and side,
// 2 the axis the edge runs along. Translations are multiples of 5 on each
// axis; the rotations are the cube's 24, about a block's centre, 48 with
// mirrors. Rhombic dodecahedra, their stellations and the hexagonal
// sticks are unions of these cells.
func RhombicTetrahedra() *Grid { return rhombGrid() }

// TetraOcta returns BurrTools' tetrahedra-octahedra grid (gridType 4): the
// cubic lattice with cubes of two colours in a checkerboard (cube
// (a,b,c) is even when a+b+c is), each indexed as a 3x3x3 block of
// triples and cut into a central regular tetrahedron (block index 1,1,1)
// and four corner tetrahedra at the cube's corners of one parity: an even
// cube has them at block corners 200, 020, 002 and 222, an odd one at 000,
// 220, 202 and 022. Eight corner tetrahedra of eight cubes make an
// octahedron. Translations are three times (a, b, c) with a+b+c even; the
// rotations are the cube's 24 about the centre of a 6x6x6 block of two
// cubes a side, 48 with mirrors.
func TetraOcta() *Grid { return tetraGrid() }

// GridType returns the grid for BurrTools' gridType t (1 to 4), or nil
// (cubes, 0, are the Cubes lattice; other numbers are unknown).
func GridType(t int) *Grid {
	switch t {
	case 1:
		return Prisms()
	case 2:
		return Spheres()
	case 3:
		return RhombicTetrahedra()
	case 4:
		return TetraOcta()
	}
	return nil
}

// GridName names BurrTools' gridType t in words, as its window does.
func GridName(t int) string {
	switch t {
	case 0:
		return "cubes"
	case 1:
		return "triangular prisms"
	case 2:
		return "spheres"
	case 3:
		return "rhombic tetrahedra"
	case 4:
		return "tetrahedra-octahedra"
	}
	return "an unknown grid"
}

// Name returns the grid's name in words: "triangular prisms", "spheres",
// "rhombic tetrahedra", "tetrahedra-octahedra".
func (g *Grid) Name() string { return g.name }

// String returns the grid's name.
func (g *Grid) String() string { return g.name }

// GridType returns BurrTools' number for the grid.
func (g *Grid) GridType() int { return g.gridType }

// IsCell reports whether the index triple c is a cell of the grid.
func (g *Grid) IsCell(c Cell) bool { return g.isCell(c) }

// IsTranslation reports whether moving by d maps the grid onto itself,
// every cell onto a cell of the same shape and attitude.
func (g *Grid) IsTranslation(d Cell) bool { return g.anchor(d) == d }

// NumRotations returns how many rotations a piece may take (12 for prisms,
// 120 for spheres, 24 for the other two); NumMaps the rotations and their
// mirror images.
func (g *Grid) NumRotations() int { return g.rotations }

// NumMaps returns the number of rotations and mirror maps.
func (g *Grid) NumMaps() int { return len(g.maps) }

// Proper reports whether map k is a rotation.
func (g *Grid) Proper(k int) bool { return k < g.rotations }

// Vertices returns the corners of cell c in the grid's drawing frame (see
// Frame), nil for spheres.
func (g *Grid) Vertices(c Cell) []Cell {
	if g.vertices == nil {
		return nil
	}
	return g.vertices(c)
}

// Centre returns the centre of cell c in space (prisms: edge 1; spheres:
// diameter √2; rhombic tetrahedra: a cube of side 5; tetra-octa: a cube of
// side 3), up to a translation.
func (g *Grid) Centre(c Cell) [3]float64 { return g.centre(c) }

// Neighbours returns the cells that share a face with c (spheres: that
// touch it), in no particular order.
func (g *Grid) Neighbours(c Cell) []Cell {
	if g.lattice != nil {
		return g.lattice.Neighbours(c)
	}
	if g.neighbourOffsets != nil {
		out := make([]Cell, len(g.neighbourOffsets))
		for i, d := range g.neighbourOffsets {
			out[i] = c.Add(d)
		}
		return out
	}
	mine := map[Cell]bool{}
	for _, v := range g.vertices(c) {
		mine[v] = true
	}
	var out []Cell
	for dx := -5; dx <= 5; dx++ {
		for dy := -5; dy <= 5; dy++ {
			for dz := -5; dz <= 5; dz++ {
				n := c.Add(Cell{dx, dy, dz})
				if n == c || !g.isCell(n) {
					continue
				}
				shared := 0
				for _, v := range g.vertices(n) {
					if mine[v] {
						shared++
					}
				}
				if shared >= 3 {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// Normalize translates s by a translation of the grid so that it lies at
// the origin: its least corner's anchor moves to (0,0,0). Two shapes that
// are translates of each other on the grid normalize to the same shape.
func (g *Grid) Normalize(s Shape) Shape {
	if g.lattice != nil {
		return g.lattice.Normalize(s)
	}
	s = NewShape(s...)
	if len(s) == 0 {
		return s
	}
	lo, _ := s.Bounds()
	a := g.anchor(lo)
	return s.Translate(Cell{-a.X, -a.Y, -a.Z})
}

// image returns the cells of s under map k, before normalization, taken
// about the anchor of s's first cell; false when some cell does not land on
// the grid. s's cells must be cells of the grid.
func (g *Grid) image(k int, s Shape) (Shape, bool) { return g.imageInto(nil, k, s) }

// imageInto is image, written into buf when it is large enough.
func (g *Grid) imageInto(buf []Cell, k int, s Shape) (Shape, bool) {
	if len(s) == 0 {
		return s, true
	}
	a := g.anchor(s[0])
	out := buf[:0]
	if cap(out) < len(s) {
		out = make([]Cell, len(s))
	}
	out = out[:len(s)]
	if g.imaps != nil && g.imaps[k].ok {
		im := &g.imaps[k]
		for i, c := range s {
			n := im.apply(c.Sub(a))
			if !im.keepsCells && !g.isCell(n) {
				return nil, false
			}
			out[i] = n
		}
		return out, true
	}
	for i, c := range s {
		n, ok := g.cellAt(g.maps[k].apply(g.centre(c.Sub(a))))
		if !ok {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// Orient returns the image of s under map k, normalized, and false when it
// does not lie on the grid (only spheres' extra turns can fail).
func (g *Grid) Orient(k int, s Shape) (Shape, bool) {
	if g.lattice != nil {
		return g.lattice.ApplyShape(g.lattice.group[k%len(g.lattice.group)], s), true
	}
	img, ok := g.image(k, sortedShape(s))
	if !ok || len(img) == 0 {
		return img, ok
	}
	// img is a new slice: sorted and moved in place, as Normalize would
	// copy it
	img = SortCells(img)
	lo, _ := img.Bounds()
	a := g.anchor(lo)
	for i := range img {
		img[i] = img[i].Sub(a)
	}
	return img, true
}

// Orientations returns the distinct orientations a piece may take: its
// images under the rotations, normalized, in the order of the maps, and
// for each the index of the first map that gives it.
func (g *Grid) Orientations(s Shape) ([]Shape, []int) {
	if g.lattice != nil {
		return g.latticeOrientations(s)
	}
	var out []Shape
	var by []int
	seen := map[string]bool{}
	for k := 0; k < g.rotations; k++ {
		o, ok := g.Orient(k, s)
		if !ok {
			continue
		}
		if key := o.String(); !seen[key] {
			seen[key] = true
			out = append(out, o)
			by = append(by, k)
		}
	}
	return out, by
}

// Mirror returns the mirror image of s (the first mirror map), normalized.
func (g *Grid) Mirror(s Shape) Shape {
	o, _ := g.Orient(g.rotations, s)
	return o
}

// MapCell returns the image of cell c under map k about the anchor a (see
// BoxSymmetries); false off the grid.
func (g *Grid) mapCell(k int, a, c Cell) (Cell, bool) {
	return g.mapIndex(k, c.Sub(a))
}

// BoxSymmetries returns the maps of the grid that carry the box onto
// itself, each followed by the translation that puts it back, as
// Symmetries acting on the box's cells, the identity first. Rotations come
// before reflections.
func (g *Grid) BoxSymmetries(box Shape) []Symmetry {
	syms, _ := g.BoxSymmetryPerms(box)
	return syms
}

// matIsProper reports whether a map has determinant +1.
func (m mat3) proper() bool { return m.det() > 0 }

// OrientCells returns the image of each cell of s under map k, in the order
// of s, normalized as Orient normalizes the whole (so the cells of
// OrientCells(k, s) are those of Orient(k, s)); false off the grid.
func (g *Grid) OrientCells(k int, s Shape) ([]Cell, bool) {
	return g.OrientCellsInto(nil, k, s)
}

// OrientCellsInto is OrientCells, written into buf when it is large enough.
func (g *Grid) OrientCellsInto(buf []Cell, k int, s Shape) ([]Cell, bool) {
	if len(s) == 0 {
		return nil, true
	}
	if g.lattice != nil {
		return g.latticeOrientCells(k, s), true
	}
	out, ok := g.imageInto(buf, k, s)
	if !ok {
		return nil, false
	}
	lo, _ := out.Bounds() // the bounds need no sort
	b := g.anchor(lo)
	for i := range out {
		out[i] = out[i].Sub(b)
	}
	return out, true
}
