package polyform

import (
	"fmt"

	"polyviz/geometry"
)

// Equivalence says which motions make two polyforms the same piece.
type Equivalence int

const (
	// Free polyforms are the same when a symmetry of the lattice, rotation
	// or reflection, and a translation map one onto the other: the pieces
	// of a set that may be turned over.
	Free Equivalence = iota
	// OneSided polyforms are the same when a rotation and a translation
	// map one onto the other: a piece and its mirror image differ.
	OneSided
	// Fixed polyforms are the same only when a translation maps one onto
	// the other: every orientation is a piece of its own.
	Fixed
)

// String returns "free", "one-sided" or "fixed".
func (e Equivalence) String() string {
	switch e {
	case Free:
		return "free"
	case OneSided:
		return "one-sided"
	case Fixed:
		return "fixed"
	}
	return fmt.Sprintf("Equivalence(%d)", int(e))
}

// ParseEquivalence reads "free", "one-sided" or "fixed" (as String writes them).
func ParseEquivalence(s string) (Equivalence, error) {
	for _, e := range []Equivalence{Free, OneSided, Fixed} {
		if s == e.String() {
			return e, nil
		}
	}
	return 0, fmt.Errorf("unknown equivalence %q (want free, one-sided or fixed)", s)
}

// Motions returns the symmetries of l that e allows, the identity first:
// the whole group for Free, its rotations for OneSided, the identity alone
// for Fixed. Translations are always allowed and are not listed.
func (e Equivalence) Motions(l *geometry.Lattice) []geometry.Transform {
	switch e {
	case Free:
		return l.Group()
	case OneSided:
		return l.Rotations()
	}
	return []geometry.Transform{geometry.Identity}
}
