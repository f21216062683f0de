package puzzle

import (
	"errors"
	"strconv"
	"strings"

	"polyviz/geometry"
)

// ErrBadInPlaceLine is a "| in-place" line that names no piece, a piece
// the spec lacks, one named twice, a piece of several copies, or a piece
// whose drawn cells are not a placement in the box.
var ErrBadInPlaceLine = errors.New("bad in-place line")

// inPlaceLine is one name of a "| in-place" line and where it stands.
type inPlaceLine struct {
	piece     int
	line, col int
}

// readInPlaceLines reads which pieces stay where they are drawn, from
// comment lines after the box (Knuth's programs skip them and move every
// piece, so they still read the spec):
//
//	| in-place F X        F and X keep the cells of their lines, as drawn
//
// A piece in place has one placement: its line's cells, taken as the
// box's own coordinates rather than a shape to move (of a piece of several
// lines, any line's cells). This is how `polyviz unique` writes a piece
// fixed in place. Illegal: no name, an unknown name, a name given twice,
// a piece of several copies (which copy would stay?), and cells that are
// not a placement in the box.
func (r *specReader) readInPlaceLines() ([]inPlaceLine, error) {
	pz := r.pz
	var out []inPlaceLine
	seen := map[int]bool{}
	for i, line := range pz.Lines {
		word, ok := commentWord(line)
		if !ok || word != "in-place" {
			continue
		}
		rest, _ := strings.CutPrefix(line, "|")
		if !ok || i+1 <= pz.boxAt.line {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 || f[0] != "in-place" {
			continue
		}
		after := strings.Index(line, "in-place") + len("in-place")
		bad := func(col int, msg string) error {
			return &ParseError{File: r.file, Line: i + 1, Col: col, Err: detail(ErrBadInPlaceLine, "%s", msg)}
		}
		if len(f) == 1 {
			return nil, bad(after-len("in-place")+1, `name the pieces that stay where they are drawn: "| in-place F X"`)
		}
		p := after // where the next name is looked for
		for _, name := range f[1:] {
			col := p + strings.Index(line[p:], name) + 1
			p = col - 1 + len(name)
			k := pz.PieceIndex(name)
			switch {
			case k < 0:
				return nil, bad(col, "no piece named "+strconv.Quote(name))
			case seen[k]:
				return nil, bad(col, "piece "+strconv.Quote(name)+" is put in place twice")
			}
			seen[k] = true
			out = append(out, inPlaceLine{piece: k, line: i + 1, col: col})
		}
	}
	return out, nil
}

// keepInPlace drops every placement of a piece in place but the ones that
// cover exactly the cells of one of its lines, as drawn.
func (r *specReader) keepInPlace(in []inPlaceLine) error {
	if len(in) == 0 {
		return nil
	}
	pz := r.pz
	drawn := make(map[int][]geometry.Shape)
	for _, ln := range r.lines {
		drawn[ln.piece] = append(drawn[ln.piece], ln.drawn)
	}
	pinned := make(map[int]bool, len(in))
	for _, ip := range in {
		if pc := pz.Pieces[ip.piece]; pc.Min != 1 || pc.Max != 1 {
			return &ParseError{File: r.file, Line: ip.line, Col: ip.col,
				Err: detail(ErrBadInPlaceLine, "piece %q has %s copies; only a single piece stays in place", pc.Name, pc.Mult)}
		}
		pinned[ip.piece] = true
	}
	found := map[int]bool{}
	var keep []Placement
	for _, pl := range pz.Placements() {
		if pinned[pl.Piece] {
			full := pz.placementCells(pl)
			ok := false
			for _, d := range drawn[pl.Piece] {
				if d.Equal(full) {
					ok = true
					break
				}
			}
			if !ok {
				continue
			}
			found[pl.Piece] = true
		}
		keep = append(keep, pl)
	}
	for _, ip := range in {
		if !found[ip.piece] {
			return &ParseError{File: r.file, Line: ip.line, Col: ip.col,
				Err: detail(ErrBadInPlaceLine, "piece %q is not drawn where it fits in the box", pz.Pieces[ip.piece].Name)}
		}
	}
	pz.Keep(keep)
	return nil
}
