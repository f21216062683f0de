package editor

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"polyviz/geometry"
)

// Motion says how a piece may be moved into the box. The zero value is
// Free, Knuth's rule.
type Motion int

const (
	// Free: every orientation the spec formats generate (rotations on
	// cubes; rotations and reflections on a board).
	Free Motion = iota
	// OneSided: rotations only. A board piece is never turned over, so F
	// and its mirror image F' are two different pieces.
	OneSided
	// Fixed: no rotation either; the piece keeps the orientation it is
	// drawn in.
	Fixed
)

// String names the motion as the spec line and the window say it.
func (m Motion) String() string {
	switch m {
	case OneSided:
		return "one-sided"
	case Fixed:
		return "fixed"
	}
	return "free"
}

// Motions returns the motions a piece on lattice l may be given: on cubes
// a piece is only turned already, so one-sided would change nothing.
func (l Lattice) Motions() []Motion {
	if l.Grid() != nil {
		return []Motion{Free} // BurrTools places a piece in every rotation
	}
	if l.planar() {
		return []Motion{Free, OneSided, Fixed}
	}
	return []Motion{Free, Fixed}
}

// SetMotion says how piece i may move: free, one-sided (boards only) or fixed.
func SetMotion(i int, m Motion) Edit {
	return Edit{"make piece " + m.String(), func(d Document) (Document, error) {
		if i < 0 || i >= len(d.Pieces) {
			return d, ErrNoPiece
		}
		if !slices.Contains(d.Lattice.Motions(), m) {
			if m == OneSided {
				return d, errors.New("on cubes a piece is only turned, never mirrored: it is one-sided already")
			}
			return d, fmt.Errorf("unknown motion %d", int(m))
		}
		d.Pieces[i].Motion = m
		return d, nil
	}}
}

// allowed returns the orientations piece p may take on the lattice, the
// piece as drawn first: all of them when free, its rotations when
// one-sided, itself alone when fixed.
func (p Piece) allowed(l Lattice) []geometry.Shape {
	switch p.Motion {
	case Fixed:
		return []geometry.Shape{geometry.NewShape(p.Cells...)}
	case OneSided:
		lat := l.Geometry()
		images, distinct := lat.OrientationImages(p.Cells, lat.Rotations())
		var out []geometry.Shape
		for k, img := range images {
			if distinct[k] {
				out = append(out, img)
			}
		}
		return out
	}
	return orientations(p.Cells, l)
}

// motionLines writes the "| one-sided NAMES" and "| fixed NAMES" lines that
// follow the pieces ("" when every piece is free). Knuth's programs read
// them as comments, and so treat every piece as free.
func (d Document) motionLines() string {
	var b strings.Builder
	for _, m := range []Motion{OneSided, Fixed} {
		var names []string
		for _, p := range d.Pieces {
			if p.Motion == m {
				names = append(names, p.Name)
			}
		}
		if len(names) > 0 {
			fmt.Fprintf(&b, "| %s %s\n", m, strings.Join(names, " "))
		}
	}
	return b.String()
}
