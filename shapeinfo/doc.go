// Package shapeinfo says what BurrTools' status window says about the
// shapes of a puzzle, on every lattice and grid: for each piece and the
// box, its cells; its symmetry group, the symmetries of the space (turns
// and reflections about the shape's own position, up to translation) that
// map it onto itself, each named in words ("quarter turn about z",
// "reflection across the plane x=y"); whether it is chiral (no reflection
// among them); which other shapes are identical to it (up to rotation) or
// its mirror image; how its cells hang together (via faces, edges or only
// corners); its 2D and 3D holes; and on cubes whether it is a six-piece
// burr's piece and notchable or millable.
//
// A worked example, the Soma cube's screw pieces:
//
//	space := shapeinfo.Space{Lattice: geometry.Cubes()}
//	a := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{X: 1, Z: 1})
//	b := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{Y: 1, Z: 1})
//	infos, _ := shapeinfo.Describe(ctx, space, []shapeinfo.Named{{Name: "A", Shape: a}, {Name: "B", Shape: b}})
//	// infos[0]: order 2 (the identity and a half turn), chiral, mirror image B
//
// FromPuzzle takes the space and shapes from a loaded puzzle (a spec on
// any lattice, an .xmpuzzle on BurrTools' grids, a Lepage file).
package shapeinfo
