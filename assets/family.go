package assets

import (
	"slices"
	"strings"
	"sync"
)

// Families lists the library's families in the order the catalogue lists
// them: a family is a piece set or a kind of puzzle, as the gallery and
// `polyviz list --family` group them.
func Families() []string { return slices.Clone(families) }

var families = []string{
	"Tetrominoes", "Pentominoes", "Hexominoes", "Polyominoes of mixed sizes",
	"Soma cube", "Tetracubes", "Pentacubes", "Cube puzzles",
	"Polyiamonds", "Polyhexes", "Polysticks",
	"BurrTools grids", "Lepage's problems", "Fillomino", "Antislide",
}

// familyPrefixes maps the first words of a library name to its family;
// the longest prefix that matches wins.
var familyPrefixes = map[string]string{
	"tetromino": "Tetrominoes", "pentomino": "Pentominoes", "hexomino": "Hexominoes",
	"polyomino": "Polyominoes of mixed sizes",
	"soma":      "Soma cube", "tetracube": "Tetracubes", "pentacube": "Pentacubes",
	"bedlam": "Cube puzzles", "big-brother": "Cube puzzles", "tetris-cube": "Cube puzzles",
	"diabolical-cube": "Cube puzzles", "polycube": "Cube puzzles",
	"moniamond": "Polyiamonds", "triamond": "Polyiamonds", "tetriamond": "Polyiamonds",
	"pentiamond": "Polyiamonds", "hexiamond": "Polyiamonds", "heptiamond": "Polyiamonds",
	"polyiamond": "Polyiamonds", "hexiamond-prisms": "BurrTools grids",
	"tetrahex": "Polyhexes", "pentahex": "Polyhexes", "polyhex": "Polyhexes", "trihex": "Polyhexes",
	"tetrastick": "Polysticks", "pentastick": "Polysticks", "polystick": "Polysticks",
	"lepage": "Lepage's problems", "fillomino": "Fillomino", "antislide": "Antislide",
}

// familyOf returns the family of an entry: by the start of its name, and
// for the other puzzles on BurrTools' grids by their format.
func familyOf(e Entry) string {
	best := ""
	for p := range familyPrefixes {
		if (e.Name == p || strings.HasPrefix(e.Name, p+"-")) && len(p) > len(best) {
			best = p
		}
	}
	switch {
	case best != "":
		return familyPrefixes[best]
	case e.Format == BurrTools:
		return "BurrTools grids"
	}
	return "Other"
}

// library is the catalogue with each entry's family filled in, grouped by
// family in the order of families (stable: within a family the catalogue's
// order is kept). It is built once; each call returns a copy.
func library() []Entry { return slices.Clone(libraryOnce()) }

var libraryOnce = sync.OnceValue(func() []Entry {
	all := append(catalog(), literature()...)
	for i := range all {
		if all[i].Family == "" {
			all[i].Family = familyOf(all[i])
		}
	}
	rank := func(f string) int {
		if i := slices.Index(families, f); i >= 0 {
			return i
		}
		return len(families)
	}
	slices.SortStableFunc(all, func(a, b Entry) int { return rank(a.Family) - rank(b.Family) })
	return all
})

// Published returns the count a source gives, in the mode it counts in
// ("raw", "rotations" or "all", as the fields of Counts): the first of
// All, Rotations and Raw whose figure comes from a publication or a
// program's documentation rather than from polyviz alone. A source may
// count in another mode than the one polyviz lists first (Goodger counts
// the tetracubes' 2x4x4 box up to rotation: 1,390, where up to rotation
// and reflection there are 695); Published is how `polyviz list` and the
// gallery show both.
func (c Counts) Published() (Count, string, bool) {
	for _, k := range []struct {
		c    Count
		mode string
	}{{c.All, "all"}, {c.Rotations, "rotations"}, {c.Raw, "raw"}} {
		if k.c.Known() && !strings.HasPrefix(k.c.Source, "computed by polyviz") && !strings.HasPrefix(k.c.Source, "same as") {
			return k.c, k.mode, true
		}
	}
	return Count{}, "", false
}

// ModeWords says what a mode of Published counts, for a line of text.
func ModeWords(mode string) string {
	switch mode {
	case "raw":
		return "raw (every rotation and reflection apart)"
	case "rotations":
		return "up to rotation"
	case "all":
		return "up to rotation and reflection"
	}
	return mode
}
