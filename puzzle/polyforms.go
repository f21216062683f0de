package puzzle

import (
	"context"
	"errors"
	"strconv"

	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/polyform"
)

// ErrBadPolyformsLine is a "| polyforms" line that does not say which
// polyforms to add, or asks for ones a spec cannot hold.
var ErrBadPolyformsLine = errors.New("bad polyforms line")

// maxPolyformsBytes bounds the memory the pieces of a spec with "| polyforms"
// lines take to read, their base placements counted as specReadBytes
// counts a piece line's, and so the enumeration behind each line: the
// 4,655 decominoes (60 MB) and the 1,023 one-sided heptacubes fit, the
// 17,073 hendecominoes and the octacubes do not.
const maxPolyformsBytes = 64 << 20

// readPolyformsLine reads a comment line after the box that asks for every
// polyform of a size, and adds them as pieces:
//
//	| polyforms N
//	| polyforms N free
//	| polyforms N one-sided
//	| polyforms N fixed
//
// adds every polyform of N cells on the spec's lattice (polyominoes,
// polycubes, polyiamonds, polyhexes), each once, named "N-1", "N-2", ...
// in the order of package polyform (`polyviz pieces` lists them). Free
// pieces are distinct up to rotation and reflection and move as the
// format's pieces do (on cubes, turned but never mirrored); one-sided ones
// are distinct up to rotation and are only turned; fixed ones are every
// orientation of every piece, each moved by translation only (as if named
// on a "| fixed" line). Knuth's programs read the line as a comment, so
// they see the box without these pieces; `polyviz pieces --spec` writes
// them out as piece lines.
//
// Illegal: "| polyforms" without a size, a size that is not a number from
// 1 to polyform.MaxSize, a third word other than free, one-sided or fixed,
// a fourth word, more pieces than maxPolyformsBytes allows, a name already
// given to a piece. Other comment lines are comments.
func (r *specReader) readPolyformsLine() error {
	f, cols := wordsAt(string(r.buf[1:]))
	if len(f) == 0 || f[0] != "polyforms" {
		return nil
	}
	at := func(w int, format string, args ...any) error {
		return parse.At(r.file, r.lineNo, cols[w]+2, detail(ErrBadPolyformsLine, format, args...))
	}
	if len(f) < 2 {
		return at(0, `want "| polyforms N" with N the number of cells`)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 1 || n > polyform.MaxSize {
		return at(1, "the size must be a number from 1 to %d, not %s", polyform.MaxSize, parse.Quote(f[1]))
	}
	l := r.pz.lattice()
	eq := polyform.Free
	if len(f) > 2 {
		if eq, err = polyform.ParseEquivalence(f[2]); err != nil {
			return at(2, "want free, one-sided or fixed, not %s", parse.Quote(f[2]))
		}
	}
	if len(f) > 3 {
		return at(3, "unexpected %s after the size and the kind of pieces", parse.Quote(f[3]))
	}
	// the images of each piece the reader makes: the rotations of cubes,
	// every symmetry of a plane lattice
	images := len(l.Rotations())
	if l.Planar() {
		images = len(l.Group())
	}
	// the room left under the bound, by the cells of the pieces read so far
	// (several lines share one bound)
	held := 0
	for _, ln := range r.lines {
		for _, b := range ln.bases {
			held += len(b)
		}
	}
	most := (maxPolyformsBytes/bytesPerSpecCell - held) / (n * images)
	if most < 1 {
		return at(1, "no room for more pieces: the spec's pieces take %d MB to read, and polyforms lines may add pieces up to %d MB in all", held*bytesPerSpecCell>>20, maxPolyformsBytes>>20)
	}
	pieces, err := polyform.Enumerate(context.Background(), l, n, polyform.Options{Equivalence: eq, MaxPieces: most})
	var tm *polyform.TooManyError
	switch {
	case errors.As(err, &tm):
		return at(1, "the polyforms of %d cells are too many for a spec (more than %d; polyforms lines may add pieces up to %d MB in all)", n, most, maxPolyformsBytes>>20)
	case err != nil:
		return at(1, "%v", err)
	}
	return r.addPolyforms(pieces, eq, cols[0]+2) // columns after the "|", 1-based
}

// wordsAt splits s at spaces and returns its words and the rune column
// (0-based) at which each starts.
func wordsAt(s string) (words []string, cols []int) {
	col, start := 0, -1
	for i, c := range s + " " {
		switch {
		case c == ' ' || c == '\t':
			if start >= 0 {
				words = append(words, s[start:i])
				start = -1
			}
		case start < 0:
			start = i
			cols = append(cols, col)
		}
		col++
	}
	return words, cols
}

// addPolyforms adds each polyform as a piece of one line, as if the
// directive at column c had been its piece lines, moving as e allows: a
// fixed piece keeps its first base placement (the piece as enumerated), a
// one-sided one those of its bases that are rotations of it, as the
// motion lines do (on cubes that is all of them).
func (r *specReader) addPolyforms(pieces []polyform.Piece, e polyform.Equivalence, c int) error {
	l := r.pz.lattice()
	rots := l.Rotations()
	if r.pieceNum == nil {
		r.pieceNum = map[string]int{}
	}
	for _, p := range pieces {
		if _, ok := r.pieceNum[p.Name]; ok {
			return parse.At(r.file, r.lineNo, c, detail(ErrBadPolyformsLine, "a piece is already named %s", p.Name))
		}
		k := len(r.pz.Pieces)
		r.pz.Pieces = append(r.pz.Pieces, Piece{Name: p.Name, at: position{r.lineNo, c}, multAt: position{r.lineNo, c}})
		r.pieceNum[p.Name] = k
		if err := r.checkMultiplicity(k, "1", 0); err != nil {
			return err
		}
		r.addLine(k, geometry.NewShape(p.Cells...))
		ln := &r.lines[len(r.lines)-1]
		switch {
		case e == polyform.Fixed:
			r.pz.Pieces[k].Motion = MotionFixed
			ln.bases = ln.bases[:1]
		case e == polyform.OneSided && l.Reflects():
			r.pz.Pieces[k].Motion = MotionOneSided
			turned, _ := l.OrientationImages(ln.bases[0], rots)
			keep := ln.bases[:0]
			for _, b := range ln.bases {
				if indexOfShape(turned, b) >= 0 {
					keep = append(keep, b)
				}
			}
			ln.bases = keep
		}
	}
	return nil
}
