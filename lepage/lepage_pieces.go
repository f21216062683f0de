package lepage

import (
	"slices"

	"polyviz/geometry"
)

// Piece is one of the 41 named pieces of Marc Lepage's polycube
// solver, with its cubes as his table lists them (x right, y up, z from the
// bottom of the box to the top; order kept).
type Piece struct {
	Name  string
	Group string // his comment above the piece: "tetracubes (3D)", ...
	Cubes []geometry.Cell
}

// lepageGroups are the comments of his pieces table, with its pieces.
var lepageGroups = []struct {
	group  string
	pieces []Piece
}{
	{"monocube", []Piece{
		{Name: "1_", Cubes: cubes(0, 0, 0)},
	}},
	{"dicube", []Piece{
		{Name: "2_", Cubes: cubes(0, 0, 0, 0, 1, 0)},
	}},
	{"tricubes", []Piece{
		{Name: "3I", Cubes: cubes(0, 0, 0, 0, 1, 0, 0, 2, 0)},
		{Name: "3L", Cubes: cubes(0, 1, 0, 0, 0, 0, 1, 0, 0)},
	}},
	{"tetracubes (2D tetrominoes)", []Piece{
		{Name: "4I", Cubes: cubes(0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0)},
		{Name: "4O", Cubes: cubes(0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0)},
		{Name: "4L", Cubes: cubes(0, 2, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0)},
		{Name: "4S", Cubes: cubes(0, 2, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0)},
		{Name: "4T", Cubes: cubes(0, 1, 0, 1, 1, 0, 2, 1, 0, 1, 0, 0)},
	}},
	{"tetracubes (3D)", []Piece{
		{Name: "4^", Cubes: cubes(0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)},
		{Name: "4<", Cubes: cubes(0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1)},
		{Name: "4>", Cubes: cubes(0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1)},
	}},
	{"pentacubes (2D pentominoes)", []Piece{
		{Name: "F_", Cubes: cubes(2, 2, 0, 1, 2, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0)},
		{Name: "I_", Cubes: cubes(0, 4, 0, 0, 3, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0)},
		{Name: "L_", Cubes: cubes(0, 3, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0)},
		{Name: "N_", Cubes: cubes(0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 2, 0, 1, 3, 0)},
		{Name: "P_", Cubes: cubes(0, 0, 0, 0, 1, 0, 0, 2, 0, 1, 2, 0, 1, 1, 0)},
		{Name: "T_", Cubes: cubes(0, 2, 0, 1, 2, 0, 2, 2, 0, 1, 0, 0, 1, 1, 0)},
		{Name: "U_", Cubes: cubes(0, 1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 2, 1, 0)},
		{Name: "V_", Cubes: cubes(0, 2, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0)},
		{Name: "W_", Cubes: cubes(0, 2, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 2, 0, 0)},
		{Name: "X_", Cubes: cubes(0, 1, 0, 1, 1, 0, 2, 1, 0, 1, 2, 0, 1, 0, 0)},
		{Name: "Y_", Cubes: cubes(0, 3, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0)},
		{Name: "Z_", Cubes: cubes(0, 2, 0, 1, 2, 0, 1, 1, 0, 1, 0, 0, 2, 0, 0)},
	}},
	{"pentacubes (3D with mirror symmetry)", []Piece{
		{Name: "Q_", Cubes: cubes(0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1)},
		{Name: "A_", Cubes: cubes(0, 1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1)},
		{Name: "T1", Cubes: cubes(0, 1, 0, 1, 1, 0, 2, 1, 0, 1, 0, 0, 1, 1, 1)},
		{Name: "T2", Cubes: cubes(0, 1, 0, 1, 1, 0, 2, 1, 0, 1, 0, 0, 1, 0, 1)},
		{Name: "L3", Cubes: cubes(0, 2, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)},
	}},
	{"pentacubes (3D chiral pairs)", []Piece{
		{Name: "L1", Cubes: cubes(0, 2, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 2, 1)},
		{Name: "J1", Cubes: cubes(1, 2, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 2, 1)},
		{Name: "L2", Cubes: cubes(0, 2, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1)},
		{Name: "J2", Cubes: cubes(1, 2, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1)},
		{Name: "L4", Cubes: cubes(0, 2, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1)},
		{Name: "J4", Cubes: cubes(1, 2, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1)},
		{Name: "N1", Cubes: cubes(1, 2, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 2, 1)},
		{Name: "S1", Cubes: cubes(0, 2, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 2, 1)},
		{Name: "N2", Cubes: cubes(1, 2, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1)},
		{Name: "S2", Cubes: cubes(0, 2, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1)},
		{Name: "V1", Cubes: cubes(1, 1, 0, 1, 0, 0, 2, 0, 0, 1, 1, 1, 0, 1, 1)},
		{Name: "V2", Cubes: cubes(1, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 2, 1, 1)},
	}},
}

// cubes makes a list of cells from x, y, z triples.
func cubes(xyz ...int) []geometry.Cell {
	out := make([]geometry.Cell, 0, len(xyz)/3)
	for i := 0; i+2 < len(xyz); i += 3 {
		out = append(out, geometry.Cell{X: xyz[i], Y: xyz[i+1], Z: xyz[i+2]})
	}
	return out
}

// Pieces returns Lepage's 41 predefined pieces in the order of his
// table: the monocube 1_, the dicube 2_, the tricubes 3I and 3L, the flat
// tetracubes 4I 4O 4L 4S 4T, the 3D tetracubes 4^ 4< 4>, the twelve flat
// pentacubes F_ ... Z_, the pentacubes with mirror symmetry Q_ A_ T1 T2 L3,
// and the six chiral pairs L1 J1, L2 J2, L4 J4, N1 S1, N2 S2, V1 V2.
// The slice and its cells are the caller's.
func Pieces() []Piece {
	var out []Piece
	for _, g := range lepageGroups {
		for _, p := range g.pieces {
			p.Group = g.group
			p.Cubes = slices.Clone(p.Cubes)
			out = append(out, p)
		}
	}
	return out
}

// lepagePiece returns his piece of that name.
func lepagePiece(name string) (Piece, bool) {
	for _, g := range lepageGroups {
		for _, p := range g.pieces {
			if p.Name == name {
				return p, true
			}
		}
	}
	return Piece{}, false
}

// lepageOrientations are his 24 axis-to-axis orientations, in his order:
// four turns about the up axis with +z up, then with +y, +x, -z, -y and -x
// up. Each row says where the new x, y and z come from: axis 0, 1 or 2 of
// the old cell (x, y, z), and the sign.
var lepageOrientations = [24][3]struct{ axis, sign int }{
	// +z is up
	{{0, 1}, {1, 1}, {2, 1}},   // ( x,  y,  z)
	{{1, -1}, {0, 1}, {2, 1}},  // (-y,  x,  z)
	{{0, -1}, {1, -1}, {2, 1}}, // (-x, -y,  z)
	{{1, 1}, {0, -1}, {2, 1}},  // ( y, -x,  z)
	// +y is up
	{{0, 1}, {2, -1}, {1, 1}},  // ( x, -z,  y)
	{{2, 1}, {0, 1}, {1, 1}},   // ( z,  x,  y)
	{{0, -1}, {2, 1}, {1, 1}},  // (-x,  z,  y)
	{{2, -1}, {0, -1}, {1, 1}}, // (-z, -x,  y)
	// +x is up
	{{2, -1}, {1, 1}, {0, 1}},  // (-z,  y,  x)
	{{1, -1}, {2, -1}, {0, 1}}, // (-y, -z,  x)
	{{2, 1}, {1, -1}, {0, 1}},  // ( z, -y,  x)
	{{1, 1}, {2, 1}, {0, 1}},   // ( y,  z,  x)
	// -z is up
	{{0, -1}, {1, 1}, {2, -1}},  // (-x,  y, -z)
	{{1, -1}, {0, -1}, {2, -1}}, // (-y, -x, -z)
	{{0, 1}, {1, -1}, {2, -1}},  // ( x, -y, -z)
	{{1, 1}, {0, 1}, {2, -1}},   // ( y,  x, -z)
	// -y is up
	{{0, 1}, {2, 1}, {1, -1}},   // ( x,  z, -y)
	{{2, -1}, {0, 1}, {1, -1}},  // (-z,  x, -y)
	{{0, -1}, {2, -1}, {1, -1}}, // (-x, -z, -y)
	{{2, 1}, {0, -1}, {1, -1}},  // ( z, -x, -y)
	// -x is up
	{{2, -1}, {1, -1}, {0, -1}}, // (-z, -y, -x)
	{{1, 1}, {2, -1}, {0, -1}},  // ( y, -z, -x)
	{{2, 1}, {1, 1}, {0, -1}},   // ( z,  y, -x)
	{{1, -1}, {2, 1}, {0, -1}},  // (-y,  z, -x)
}

// lepageOrient applies his orientation o to c.
func lepageOrient(o int, c geometry.Cell) geometry.Cell {
	in := [3]int{c.X, c.Y, c.Z}
	var out [3]int
	for i, m := range lepageOrientations[o] {
		out[i] = m.sign * in[m.axis]
	}
	return geometry.Cell{X: out[0], Y: out[1], Z: out[2]}
}
