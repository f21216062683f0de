package cli

import (
	"polyviz/assets"
	"polyviz/geometry"
	"polyviz/polyform"
	"polyviz/puzzle"
)

// nameAfterLibrary renames pieces, an enumeration of the polyforms of size
// cells on l up to e, after the first file of the library (its piece sets,
// then its puzzles) whose pieces of that size are exactly those polyforms,
// each at least once: the pentominoes get their letters F I L ... Z from
// the 6x10 puzzle, the hexiamonds Knuth's A to L. It returns the file's
// name, or "" when no file has the whole set and the pieces keep their
// numbered names. Named pieces are put in the file's order.
func nameAfterLibrary(l *geometry.Lattice, size int, e polyform.Equivalence, pieces []polyform.Piece) string {
	want := map[string]int{}
	for i, p := range pieces {
		want[p.Cells.String()] = i
	}
	for _, src := range librarySpecs(l) {
		names, order, ok := namesIn(src.pz, l, size, e, want)
		if !ok {
			continue
		}
		renamed := make([]polyform.Piece, 0, len(pieces))
		for _, i := range order {
			p := pieces[i]
			p.Name = names[i]
			renamed = append(renamed, p)
		}
		copy(pieces, renamed)
		return src.name
	}
	return ""
}

// librarySpec is a library file read on one lattice, named as a command
// takes it (pentomino-6x10, the piece set hexiamonds).
type librarySpec struct {
	name string
	pz   *puzzle.Puzzle
}

// librarySpecs reads the library's files on lattice l, piece sets first;
// a file that does not read is left out.
func librarySpecs(l *geometry.Lattice) []librarySpec {
	var out []librarySpec
	for _, set := range assets.PieceSets() {
		if formatLattice(set.Format) != l {
			continue
		}
		// a piece set is piece lines only: give it a box of one cell
		data := append([]byte("| "+string(set.Format)+"\n00\n"), set.Data()...)
		if pz, err := puzzle.ParseSpecOn(set.File, data, l); err == nil {
			out = append(out, librarySpec{set.Name, pz})
		}
	}
	for _, e := range assets.Catalog() {
		if formatLattice(e.Format) != l {
			continue
		}
		if pz, err := puzzle.ParseSpecOn(e.File, e.Data(), l); err == nil {
			out = append(out, librarySpec{e.Name, pz})
		}
	}
	return out
}

// formatLattice returns the lattice of a library spec format, nil for the
// formats that are not Knuth's specs.
func formatLattice(f assets.Format) *geometry.Lattice {
	switch f {
	case assets.Polyomino:
		return geometry.Squares()
	case assets.Polycube:
		return geometry.Cubes()
	case assets.Polyiamond:
		return geometry.Triangles()
	case assets.Polyhex:
		return geometry.Hexagons()
	}
	return nil
}

// namesIn returns a name for each wanted piece (want maps a canonical form
// to its index) from the pieces of pz that have size cells, when those
// pieces are exactly the wanted ones: none other, none missing. Of several
// pieces with one canonical form (a chiral pair among free pieces) the
// first names it. Order lists the wanted indices in the order of their
// names in pz.
func namesIn(pz *puzzle.Puzzle, l *geometry.Lattice, size int, e polyform.Equivalence, want map[string]int) (names []string, order []int, ok bool) {
	names = make([]string, len(want))
	for _, pc := range pz.Pieces {
		if pc.Cells != size || len(pc.Orientations) == 0 {
			continue
		}
		i, ok := want[polyform.Canonical(l, pc.Orientations[0], e).String()]
		if !ok {
			return nil, nil, false
		}
		if names[i] == "" {
			names[i] = pc.Name
			order = append(order, i)
		}
	}
	return names, order, len(order) == len(want)
}
