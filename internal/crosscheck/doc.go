// Package crosscheck makes random packing puzzles and works out their
// counts the slow way, so that tests can hold every fast path of polyviz
// (the engines, the count by symmetry, the distinct counts, split and
// merge, checkpoint and resume) against the truth.
//
// Generate cuts a random region of a lattice (cubes, squares, triangles,
// hexagons) into connected pieces, so that the puzzle has a solution. Many
// regions are symmetric and many cuts follow a subgroup of the region's
// symmetries, so repeated pieces, chiral pieces together with their mirror
// images and solutions fixed by a symmetry are common; it also makes holes,
// pieces of one shape under several names, multiplicities ("2*A", "2|A",
// "0:1|A"), and BurrTools files whose box has cells that may stay empty.
// GenerateGrid cuts a region of one of BurrTools' other grids (prisms,
// spheres, rhombic tetrahedra, tetrahedra and octahedra) the same way.
//
// Solve finds every solution by a plain exact-cover search of its own over
// the puzzle's placements and sorts them into classes by applying every
// symmetry of the box to every solution. The sameness it counts:
//
//   - a solution is a set of placed pieces, each a piece (by name) and the
//     cells it covers; copies of one piece with a multiplicity are
//     interchangeable, pieces of one shape under two names are not;
//   - a rotation of the box moves every piece's cells and keeps its name;
//   - a reflection moves the cells and renames each piece by one fixed
//     involution: an achiral piece keeps its name, and the copies of a
//     chiral shape (in the order of the puzzle's pieces) pair one to one
//     with the copies of its mirror shape having the same multiplicity. When
//     some chiral piece has no such partner, reflections do not act, and
//     "all" counts as "rotations" does. On planar lattices the pieces turn
//     over, so every piece is its own partner;
//   - a symmetry acts only when it maps the cells that may stay empty onto
//     themselves.
//
// Any other pairing of the copies is this one conjugated by a renaming of
// identical pieces, so the number of classes does not depend on it. These
// rules give BurrTools' figures: on the 3x2x5 box of testdata/fuzz.txt
// 465,984 solutions, 116,496 up to rotation, 58,248 up to rotation and
// reflection; on the 4x2x2 box of testdata/fuzz2.txt 288, 36 and 21.
//
// The package's tests hold every engine and mode, the count by symmetry,
// split and merge, and checkpoint and resume to Solve on random cases (a
// new seed each run, logged; POLYVIZ_CROSSCHECK_SEED=N replays one) and on
// the regression files of testdata; POLYVIZ_CROSSCHECK=5000 runs 5,000
// cases and the large regressions by brute force (the long run).
//
// Example:
//
//	c := crosscheck.Generate(rand.New(rand.NewPCG(1, 2)), crosscheck.Options{})
//	p, err := c.Load()
//	...
//	t, err := crosscheck.Solve(ctx, p, 5000)
//	fmt.Println(t.Raw, t.Rotations, t.All)
package crosscheck
