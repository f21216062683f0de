package assets

import (
	"embed"
	"slices"
)

//go:embed puzzles/*.txt puzzles/*.xmpuzzle
var puzzleFiles embed.FS

//go:embed icon.png
var icon []byte

// Format says which of Knuth's spec formats a library file is written in.
type Format string

const (
	// Polycube is POLYCUBE-DLX input: polycubes in a 3D box, 24 rotations.
	Polycube Format = "polycube"
	// Polyomino is POLYOMINO-DLX input: polyominoes on a board, 8 symmetries.
	Polyomino Format = "polyomino"
	// Fillomino is a fillomino grid as Knuth's FILLOMINO-DLX reads it: rows of
	// '.' and clue digits. It is not a packing: its Pieces are the regions of
	// its solution.
	Fillomino Format = "fillomino"
	// Antislide is an antislide problem (`antislide box AxBxC brick axbxc`):
	// every packing of copies of one piece in which no piece can slide. Its
	// Pieces are the most pieces in any of its packings.
	Antislide Format = "antislide"
	// Lepage is a problem file of Marc Lepage's polycube solver: his named
	// pieces, 24 rotations, and his lock and constrain restrictions.
	Lepage Format = "lepage"
	// Polyiamond is POLYIAMOND-DLX input: polyiamonds (triangles), 12
	// symmetries. Library files start with the comment "| polyiamond".
	Polyiamond Format = "polyiamond"
	// Polyhex is polyviz's polyhex input: POLYOMINO-DLX's syntax on
	// hexagons, 12 symmetries. Library files start with "| polyhex".
	Polyhex Format = "polyhex"
	// BurrTools is a BurrTools .xmpuzzle file (plain XML or gzipped), as
	// package burrtools reads it: the library's puzzles on BurrTools' other
	// grids (spheres, triangular prisms, rhombic tetrahedra). Each file
	// has one problem; its title, description and source are in the
	// file's <comment>.
	BurrTools Format = "xmpuzzle"
)

// Count is one published or computed number of solutions.
type Count struct {
	// N is the number of solutions.
	N int64 `json:"n"`
	// Source says where the figure comes from: a publication, a program's
	// documentation, or a derivation from another figure.
	Source string `json:"source"`
	// Checked says how polyviz confirmed the figure independently of
	// Source; empty means unverified.
	Checked string `json:"checked,omitempty"`
}

// Known reports whether the count is given at all.
func (c Count) Known() bool { return c.Source != "" }

// Verified reports whether the count was confirmed independently.
func (c Count) Verified() bool { return c.Checked != "" }

// Counts holds the three solution counts of a puzzle (see the package
// documentation for what each one counts). A zero Count is unknown.
type Counts struct {
	Raw       Count `json:"raw,omitzero"`
	Rotations Count `json:"rotations,omitzero"`
	All       Count `json:"all,omitzero"`
}

// Distinct returns the count of packings distinct up to every symmetry of
// the box (All) when it is known, and otherwise the count up to rotation.
func (c Counts) Distinct() (Count, bool) {
	if c.All.Known() {
		return c.All, true
	}
	if c.Rotations.Known() {
		return c.Rotations, true
	}
	return Count{}, false
}

// Packing reports whether the format is a packing puzzle with a fixed set
// of pieces (a spec or a Lepage file), as against a fillomino grid or an
// antislide problem.
func (f Format) Packing() bool {
	return f == Polycube || f == Polyomino || f == Lepage || f == Polyiamond || f == Polyhex || f == BurrTools
}

// Entry describes one puzzle of the library.
type Entry struct {
	// Name is the short lowercase key, as typed on the command line.
	Name string `json:"name"`
	// Title is a one-line human name.
	Title string `json:"title"`
	// Description says what is packed into what.
	Description string `json:"description"`
	// Source says who invented or published the puzzle and where its
	// pieces were taken from.
	Source string `json:"source"`
	// Format is the spec format of the file.
	Format Format `json:"format"`
	// Dimensions is the bounding box of the box or board, smallest extent
	// first ("6x10", "3x3x3").
	Dimensions string `json:"dimensions"`
	// Cells is the number of cells of the box.
	Cells int `json:"cells"`
	// Pieces is the number of pieces, copies included.
	Pieces int `json:"pieces"`
	// Counts are the known numbers of solutions.
	Counts Counts `json:"counts"`
	// File is the spec's path inside the embedded library ("puzzles/soma.txt").
	File string `json:"file"`
	// Family is the piece set or kind of puzzle the entry belongs to, one
	// of Families().
	Family string `json:"family"`
}

// Data returns the spec text of the entry, or nil for an entry that is not
// part of the library.
func (e Entry) Data() []byte {
	b, err := puzzleFiles.ReadFile(e.File)
	if err != nil {
		return nil
	}
	return b
}

// Catalog returns every library entry, in the order polyviz lists them.
// The slice is the caller's to keep or change.
func Catalog() []Entry { return library() }

// Lookup returns the entry with the given name.
func Lookup(name string) (Entry, bool) {
	all := library()
	i := slices.IndexFunc(all, func(e Entry) bool { return e.Name == name })
	if i < 0 {
		return Entry{}, false
	}
	return all[i], true
}

// Names returns the names of all entries, in catalogue order.
func Names() []string {
	var names []string
	for _, e := range library() {
		names = append(names, e.Name)
	}
	return names
}

// Icon returns polyviz's application icon, a 256x256 PNG.
func Icon() []byte { return slices.Clone(icon) }
