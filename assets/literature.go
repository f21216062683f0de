package assets

import (
	"fmt"
	"strings"
)

// The puzzles of David Goodger's Polyform Puzzler (puzzler.sourceforge.net),
// whose documentation and puzzle classes give a number of solutions for
// each figure. polyviz counted every one of them in all three modes; a row
// is in the library only when one of polyviz's counts equals Goodger's, and
// the row says which (Mode): his figures for the polyominoes, polyiamonds
// and polyhexes count up to rotation and reflection, most of his polycube
// figures up to rotation alone.
const (
	checkedSolve     = "recounted by the assets tests with polyviz's solver, by symmetry (TestLiteratureCounts)"
	checkedSolveLong = "recounted by the assets tests with polyviz's solver, by symmetry (TestLiteratureCounts, go test -long)"
)

// litRow is one of Goodger's puzzles: its spec is puzzles/Name.txt, written
// from his class's board and pieces.
type litRow struct {
	Name, Title, Pieces, Class string
	Format                     Format
	Dimensions                 string
	Cells, PieceCount          int
	Raw, Rotations, All        int64 // -1: not counted
	// Mode is the count Goodger's figure equals ("all" or "rotations"),
	// and N his figure.
	Mode string
	N    int64
	// Long: the recount takes more than a moment and waits for -long.
	Long bool
}

var modeWords = map[string]string{
	"all":       "up to rotation and reflection",
	"rotations": "up to rotation",
	"raw":       "raw",
}

func (r litRow) entry() Entry {
	checked := checkedSolve
	if r.Long {
		checked = checkedSolveLong
	}
	goodger := goodger(r.Class)
	src := fmt.Sprintf("%s: %s solutions %s", goodger, commas(r.N), modeWords[r.Mode])
	if r.Mode != "all" {
		src += fmt.Sprintf("; polyviz counts %s up to rotation and reflection", commas(r.All))
	}
	c := func(n int64, mode string) Count {
		switch {
		case n < 0:
			return Count{} // not counted: too long a search for the mode Goodger does not give
		case mode == r.Mode:
			return count(n, goodger, checked)
		}
		return count(n, srcComputed, checked)
	}
	desc := r.Pieces
	return Entry{
		Name: r.Name, Title: r.Title, Description: desc, Source: src, Format: r.Format,
		Dimensions: r.Dimensions, Cells: r.Cells, Pieces: r.PieceCount,
		File:   "puzzles/" + r.Name + ".txt",
		Counts: Counts{Raw: c(r.Raw, "raw"), Rotations: c(r.Rotations, "rotations"), All: c(r.All, "all")},
	}
}

// commas writes n with thousands separators, as the sources do.
func commas(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// literature returns the entries of every row.
func literature() []Entry {
	var out []Entry
	for _, rows := range [][]litRow{polyominoRows, polycubeRows, polyiamondRows, polyhexRows} {
		for _, r := range rows {
			out = append(out, r.entry())
		}
	}
	return out
}
