// Package assets holds polyviz's built-in puzzle library and its application
// icon, embedded in the binary. It is data only: it imports nothing but the
// standard library, and nothing here parses a spec.
//
// Every puzzle is a spec file in one of Donald Knuth's formats (POLYCUBE-DLX
// for polycubes in a 3D box, POLYOMINO-DLX for polyominoes on a board),
// beginning with comment lines that say what it is and where it comes from.
// The catalogue describes each one: a short lowercase name to type on the
// command line, a title, its dimensions and size, and the numbers of
// solutions the literature gives, each with its source and whether polyviz
// has confirmed it independently.
//
// Three counts are kept apart, because they differ by the symmetry of the box
// and the chirality of the pieces:
//
//   - Raw: the solutions of the exact-cover problem Knuth's program writes,
//     in which every rotation (and, for polyominoes, reflection) of a packing
//     that the generated placements allow counts separately. POLYCUBE-DLX
//     generates rotations only, POLYOMINO-DLX rotations and reflections (but
//     rotations only for the pieces of a "| one-sided" line, whose mirror
//     images are other pieces: F and F').
//   - Rotations: packings distinct up to the rotations that map the box onto
//     itself.
//   - All: packings distinct up to every symmetry of the box, rotations and
//     reflections. Reflecting a packing of polycubes exchanges mirror-image
//     pieces (the Soma cube's two screws); when the piece set is not closed
//     under reflection (the Bedlam cube) no mirrored packing is a packing, and
//     All equals Rotations.
//
// Sources do not all count in one mode: Goodger's Polyform Puzzler, where
// most of the library comes from (literature.go and the lit_*.go tables),
// counts most polycube figures up to rotation and the planar ones up to
// rotation and reflection. Counts.Published names the count a source
// gives and its mode; Families groups the entries.
//
// For example, the 6x10 pentomino board has 9,356 raw solutions, 4,678 up to
// rotation and the famous 2,339 up to rotation and reflection:
//
//	e, ok := assets.Lookup("pentomino-6x10")
//	if ok {
//		fmt.Println(e.Title, e.Counts.All.N) // Pentominoes: 6x10 rectangle 2339
//		spec := e.Data()                     // the POLYOMINO-DLX text
//		_ = spec
//	}
package assets
