package generate

import (
	"fmt"
	"strings"

	"polyviz/polyform"
	"polyviz/shapeinfo"
)

// Joined is how a piece's cells must hang together.
type Joined int

const (
	// AnyJoin keeps pieces in any number of parts.
	AnyJoin Joined = iota
	// Faces: every cell reaches every other through shared faces (shared
	// edges in the plane).
	Faces
	// Edges: shared edges are enough (on cubes); in the plane the same as
	// Faces.
	Edges
	// Corners: a shared corner is enough.
	Corners
)

var joinedNames = []string{"any", "face", "edge", "corner"}

func (j Joined) String() string {
	if j < 0 || int(j) >= len(joinedNames) {
		return fmt.Sprintf("Joined(%d)", int(j))
	}
	return joinedNames[j]
}

// ParseJoined reads "face", "edge", "corner" (or their plurals) and "any".
func ParseJoined(s string) (Joined, error) {
	word := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), "s")
	for i, n := range joinedNames {
		if word == n {
			return Joined(i), nil
		}
	}
	return 0, fmt.Errorf("connected %q: want face, edge, corner or any", s) // as given, not as compared
}

// Unique says which pieces count as the same, so that one is kept.
type Unique int

const (
	// Rotation keeps one piece of those the same up to rotation (and
	// translation): a piece and its mirror image are two. BurrTools'
	// "Remove identical shapes".
	Rotation Unique = iota
	// Mirror keeps one piece up to rotation and reflection.
	Mirror
	// Translation keeps one piece up to translation only: every
	// orientation is a piece.
	Translation
	// Every keeps every subset that passes the filters.
	Every
)

var uniqueNames = []string{"rotation", "mirror", "translation", "none"}

func (u Unique) String() string {
	if u < 0 || int(u) >= len(uniqueNames) {
		return fmt.Sprintf("Unique(%d)", int(u))
	}
	return uniqueNames[u]
}

// ParseUnique reads "rotation", "mirror", "translation" or "none".
func ParseUnique(s string) (Unique, error) {
	word := strings.ToLower(strings.TrimSpace(s))
	for i, n := range uniqueNames {
		if word == n {
			return Unique(i), nil
		}
	}
	return 0, fmt.Errorf("unique %q: want rotation, mirror, translation or none", s) // as given, not as compared
}

// equivalence is polyform's name for u (Every has none).
func (u Unique) equivalence() polyform.Equivalence {
	switch u {
	case Mirror:
		return polyform.Free
	case Translation:
		return polyform.Fixed
	}
	return polyform.OneSided
}

// Filter is what a piece must be to be kept; the zero value keeps every
// piece, once up to rotation. The conditions are joined by "and", as in
// BurrTools' assembly import.
type Filter struct {
	Connected Joined
	// NoHoles drops pieces that enclose empty cells: a cavity closed on
	// every side in space, a hole in the plane.
	NoHoles bool
	// Chiral drops pieces that equal their mirror image (BurrTools' "drop
	// shapes with mirror symmetry"); Asymmetric drops every piece with a
	// symmetry other than the identity ("drop all shapes with a symmetry").
	Chiral     bool
	Asymmetric bool
	// Millable and Notchable keep the pieces BurrTools calls so (cubes
	// only): no inside corner; made by saw cuts alone.
	Millable  bool
	Notchable bool
	// Min and Max bound the cells of a piece; 0 is no bound.
	Min, Max int
	Unique   Unique
}

// String says the filter in the CLI's words: "connected face, notchable,
// unique rotation".
func (f Filter) String() string {
	var parts []string
	if f.Connected != AnyJoin {
		parts = append(parts, "connected "+f.Connected.String())
	}
	for _, c := range []struct {
		on   bool
		word string
	}{{f.NoHoles, "no holes"}, {f.Chiral, "chiral"}, {f.Asymmetric, "asymmetric"}, {f.Millable, "millable"}, {f.Notchable, "notchable"}} {
		if c.on {
			parts = append(parts, c.word)
		}
	}
	if sizes := f.Sizes(); sizes != "" {
		parts = append(parts, sizes)
	}
	return strings.Join(append(parts, "unique "+f.Unique.String()), ", ")
}

// Sizes says the filter's cell range in words ("4 to 6 cells", "at most 5
// cells"), "" for any size.
func (f Filter) Sizes() string {
	switch {
	case f.Min > 0 && f.Max > 0:
		return fmt.Sprintf("%d to %d cells", f.Min, f.Max)
	case f.Min > 0:
		return fmt.Sprintf("at least %d cells", f.Min)
	case f.Max > 0:
		return fmt.Sprintf("at most %d cells", f.Max)
	}
	return ""
}

// joinRank is the Joined level a shapeinfo connectivity answer meets
// (Corners+1 for none).
func joinRank(level string, planar bool) Joined {
	switch level {
	case shapeinfo.ViaFaces, shapeinfo.ViaTouch:
		return Faces
	case shapeinfo.ViaEdges:
		if planar {
			return Faces
		}
		return Edges
	case shapeinfo.ViaCorners:
		return Corners
	}
	return Corners + 1
}
