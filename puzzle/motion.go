package puzzle

import (
	"errors"
	"strconv"
	"strings"

	"polyviz/geometry"
)

// Motion says how a piece may be moved into the box.
type Motion int

const (
	// MotionFree is Knuth's: every orientation his generator makes (on
	// the planar lattices the pieces are turned over too; on cubes they
	// are only turned).
	MotionFree Motion = iota
	// MotionOneSided allows rotations only: a planar piece is never
	// turned over (the one-sided polyominoes).
	MotionOneSided
	// MotionFixed allows no motion but translation: the piece keeps the
	// orientation it is drawn in.
	MotionFixed
)

func (m Motion) String() string {
	return [...]string{"free", "one-sided", "fixed"}[m]
}

// ErrBadMotionLine is a "| one-sided" or "| fixed" line that names no
// piece of the spec, or names one twice.
var ErrBadMotionLine = errors.New("bad motion line")

// readMotionLines reads how the pieces may move, from comment lines after
// the box (so that Knuth's programs still read the spec, and treat every
// piece as free):
//
//	| one-sided            every piece: rotations only
//	| one-sided F L N      the pieces named: rotations only
//	| fixed X              the pieces named: no rotation either
//
// and drops the base placements that such a piece may not take. Of each
// piece line, the first base placement is the piece as drawn; a one-sided
// piece keeps those of its bases that are rotations of it, a fixed piece
// that one alone. Illegal: an unknown name, and a piece given two motions.
func (r *specReader) readMotionLines() error {
	pz := r.pz
	set := map[int]bool{}
	for i, line := range pz.Lines {
		word, ok := commentWord(line)
		if !ok || word != "one-sided" && word != "fixed" {
			continue
		}
		rest, _ := strings.CutPrefix(line, "|")
		if !ok || i+1 <= pz.boxAt.line {
			continue // a title before the box may start with "one-sided" too
		}
		f := strings.Fields(rest)
		if len(f) == 0 || (f[0] != "one-sided" && f[0] != "fixed") {
			continue
		}
		motion := MotionOneSided
		if f[0] == "fixed" {
			motion = MotionFixed
		}
		after := strings.Index(line, f[0]) + len(f[0]) // the names come after the word
		at := func(word, msg string) error {
			col := after + strings.Index(line[after:], word) + 1
			return &ParseError{File: r.file, Line: i + 1, Col: col, Err: detail(ErrBadMotionLine, "%s", msg)}
		}
		names := f[1:]
		if len(names) == 0 {
			for k := range pz.Pieces {
				names = append(names, pz.Pieces[k].Name)
			}
		}
		for _, name := range names {
			k := pz.PieceIndex(name)
			if k < 0 {
				return at(name, "no piece named "+strconv.Quote(name))
			}
			if set[k] {
				return at(name, "piece "+strconv.Quote(name)+" is given a motion twice")
			}
			set[k] = true
			pz.Pieces[k].Motion = motion
		}
	}
	if len(set) == 0 {
		return nil
	}
	rots := pz.lattice().Rotations()
	for i, ln := range r.lines {
		if len(ln.bases) == 0 {
			continue
		}
		switch pz.Pieces[ln.piece].Motion {
		case MotionFixed:
			r.lines[i].bases = ln.bases[:1]
		case MotionOneSided:
			turned, _ := pz.lattice().OrientationImages(ln.bases[0], rots)
			var keep []geometry.Shape
			for _, b := range ln.bases {
				if indexOfShape(turned, b) >= 0 {
					keep = append(keep, b)
				}
			}
			r.lines[i].bases = keep
		}
	}
	return nil
}
