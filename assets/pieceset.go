package assets

import (
	"embed"
	"slices"
	"strings"
)

//go:embed pieces/*.txt
var pieceFiles embed.FS

// PieceSet is a named set of pieces of the library: every free polyform of
// one size on one lattice, each once, as piece lines of a spec (a box line
// goes first). `polyviz pieces NAME` prints them.
type PieceSet struct {
	// Name is the short key ("hexiamonds").
	Name string `json:"name"`
	// Format is the spec format of the lines: Polyiamond or Polyhex.
	Format Format `json:"format"`
	// Size is the number of cells of each piece, Count the number of pieces.
	Size  int `json:"size"`
	Count int `json:"count"`
	// File is the path inside the embedded library ("pieces/hexiamonds.txt").
	File string `json:"file"`
}

// PieceSets returns the library's piece sets: the polyiamonds of 1 to 7
// triangles (1, 1, 1, 3, 4, 12, 24) and the polyhexes of 1 to 5 hexagons
// (1, 1, 3, 7, 22). The slice is the caller's.
func PieceSets() []PieceSet {
	set := func(name string, f Format, size, count int) PieceSet {
		return PieceSet{Name: name, Format: f, Size: size, Count: count, File: "pieces/" + name + ".txt"}
	}
	return []PieceSet{
		set("moniamond", Polyiamond, 1, 1),
		set("diamond", Polyiamond, 2, 1),
		set("triamond", Polyiamond, 3, 1),
		set("tetriamonds", Polyiamond, 4, 3),
		set("pentiamonds", Polyiamond, 5, 4),
		set("hexiamonds", Polyiamond, 6, 12),
		set("heptiamonds", Polyiamond, 7, 24),
		set("monohex", Polyhex, 1, 1),
		set("dihex", Polyhex, 2, 1),
		set("trihexes", Polyhex, 3, 3),
		set("tetrahexes", Polyhex, 4, 7),
		set("pentahexes", Polyhex, 5, 22),
	}
}

// LookupPieceSet returns the piece set with the given name.
func LookupPieceSet(name string) (PieceSet, bool) {
	all := PieceSets()
	i := slices.IndexFunc(all, func(s PieceSet) bool { return s.Name == name })
	if i < 0 {
		return PieceSet{}, false
	}
	return all[i], true
}

// Data returns the set's file: comment lines, then one piece line per piece.
func (s PieceSet) Data() []byte {
	b, err := pieceFiles.ReadFile(s.File)
	if err != nil {
		return nil
	}
	return b
}

// Lines returns the set's piece lines ("A 00 00' 01 01' 02 02'"), without
// the comments, to follow a box line in a spec.
func (s PieceSet) Lines() []string {
	var out []string
	for _, line := range strings.Split(string(s.Data()), "\n") {
		if line != "" && line[0] != '|' {
			out = append(out, line)
		}
	}
	return out
}
