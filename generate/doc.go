// Package generate is the piece generator of BurrTools' designer tools:
// every piece that fits a template shape. A template has fixed cells, which
// every piece has, and optional cells, which a piece may have; the pieces
// are the fixed cells plus each subset of the optional ones (2^k for k
// optional cells), kept when they pass the filters (connected via faces,
// edges or corners; no holes; chiral or with no symmetry at all; millable
// or notchable, on cubes; a cell count range) and, unless Every is asked
// for, once each up to rotation, rotation and reflection, or translation.
//
// BurrTools does the same in two steps (its user guide's "Piece
// Generation"): solve a problem whose result has the template's fixed and
// variable voxels, keeping every assembly, then import the assemblies as
// shapes through the filters of its assembly import window. Its example
// DemoPieceGenerator, a six-piece burr piece's template of 14 fixed and 10
// variable voxels, gives 52 notchable pieces up to rotation, and polyviz
// gives the same (tested against BurrTools' own library).
//
// The subsets are counted before any is built: Generate refuses a template
// with more than Options.MaxSubsets of them (ErrTooMany), reports progress,
// and stops when its context ends. Past that limit, pieces joined through
// faces of at most Filter.Max cells are grown instead, on the lattices:
// each joined subset of the right size once (Result.Joined), at most
// MaxSubsets of them, and the pieces put in the order, and drawn from
// the subsets, that trying every subset gives. Each subset costs a canonical form (the
// least normalized image under the motions, as package polyform defines
// it, made without sorting: the template's cells are ranked once for each
// motion); the filters run once a piece, not once a subset.
//
// On BurrTools' other grids (NewGridTemplate: prisms, spheres, rhombic
// tetrahedra, tetra-octa) the same holds with the grid's words: cells
// joined through the grid's faces (spheres: touching), the same up to the
// grid's rotations (its mirror maps too for Mirror) and translations, holes
// found through its neighbours; the canonical form is the least image under
// Grid.Orient, slower than the lattices' but the templates are small.
// Millable, notchable and edge or corner joins are refused there.
//
// For example, the free polycubes that fit a 2x2x2 cube:
//
//	t, _ := generate.NewTemplate(geometry.Cubes(), nil, generate.Box(geometry.Cubes(), 2, 2, 2))
//	res, _ := generate.Generate(ctx, t, generate.Options{Filter: generate.Filter{Connected: generate.Faces, Unique: generate.Mirror}})
//	// 13 pieces of 1 to 8 cells: 1, 1, 1, 3 (square, tripod, screw), 2, 3, 1, 1;
//	// 14 up to rotation alone, the screw's mirror image being another piece
package generate
