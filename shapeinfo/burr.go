package shapeinfo

import (
	"slices"

	"polyviz/geometry"
)

// Burr pieces. A six-piece burr's pieces are bars of 2x2x6 or 2x2x8 cubes
// with cubes taken out. BurrTools says, for any shape on cubes (the
// definitions of its status window and assembly import, after Bill
// Cutler's):
//   - notchable: it can be made by straight saw cuts alone, each through
//     the whole shape along one axis: the shape is the intersection of the
//     prisms over its three projections onto the coordinate planes;
//   - millable: it has no inside corner a router cannot cut: no empty cell
//     of the bounding box has a filled neighbour along each of the three
//     axes.
// A notchable shape is millable.

// burrLength returns 6 or 8 when sh's bounding box is a 2x2x6 or 2x2x8 bar
// (in any direction), else 0.
func burrLength(sh geometry.Shape) int {
	if len(sh) == 0 {
		return 0
	}
	size := sh.Size()
	dims := []int{size.X, size.Y, size.Z}
	slices.Sort(dims)
	if dims[0] == 2 && dims[1] == 2 && (dims[2] == 6 || dims[2] == 8) {
		return dims[2]
	}
	return 0
}

// Notchable reports whether a shape on cubes is the intersection of the
// prisms over its projections onto the planes xy, xz and yz.
func Notchable(sh geometry.Shape) bool {
	type pair struct{ a, b int }
	xy, xz, yz := map[pair]bool{}, map[pair]bool{}, map[pair]bool{}
	filled := map[geometry.Cell]bool{}
	for _, c := range sh {
		xy[pair{c.X, c.Y}], xz[pair{c.X, c.Z}], yz[pair{c.Y, c.Z}] = true, true, true
		filled[c] = true
	}
	lo, hi := sh.Bounds()
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			for z := lo.Z; z <= hi.Z; z++ {
				if !filled[geometry.Cell{X: x, Y: y, Z: z}] && xy[pair{x, y}] && xz[pair{x, z}] && yz[pair{y, z}] {
					return false
				}
			}
		}
	}
	return true
}

// Millable reports whether a shape on cubes has no empty cell in its
// bounding box with a filled neighbour along each of the three axes.
func Millable(sh geometry.Shape) bool {
	filled := map[geometry.Cell]bool{}
	for _, c := range sh {
		filled[c] = true
	}
	either := func(c, d geometry.Cell) bool { return filled[c.Add(d)] || filled[c.Sub(d)] }
	lo, hi := sh.Bounds()
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			for z := lo.Z; z <= hi.Z; z++ {
				c := geometry.Cell{X: x, Y: y, Z: z}
				if !filled[c] && either(c, geometry.Cell{X: 1}) && either(c, geometry.Cell{Y: 1}) && either(c, geometry.Cell{Z: 1}) {
					return false
				}
			}
		}
	}
	return true
}
