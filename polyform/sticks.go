package polyform

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
)

// Stick is one unit segment of the square grid, a cell of a polystick:
// the edge from point (X, Y) to (X+1, Y) when it is horizontal, to
// (X, Y+1) when it is Vertical. Points are the corners of the unit
// squares; a stick is named by its lower (left or bottom) end.
type Stick struct {
	X, Y     int
	Vertical bool
}

// End returns the stick's other end than (X, Y).
func (s Stick) End() (x, y int) {
	if s.Vertical {
		return s.X, s.Y + 1
	}
	return s.X + 1, s.Y
}

// Compare orders sticks by Y, then X, horizontal before vertical: the
// order of a polystick's sticks in its canonical form.
func (s Stick) Compare(t Stick) int {
	if c := cmp.Compare(s.Y, t.Y); c != 0 {
		return c
	}
	if c := cmp.Compare(s.X, t.X); c != 0 {
		return c
	}
	switch {
	case s.Vertical == t.Vertical:
		return 0
	case t.Vertical:
		return -1
	}
	return 1
}

// String writes the stick as Knuth's POLYSTICKS names it: "H" or "V" and
// its lower end's coordinates, one radix-36 digit each ("H01", "Va3");
// coordinates outside 0..35 are written in decimal with a comma.
func (s Stick) String() string {
	d := "H"
	if s.Vertical {
		d = "V"
	}
	if s.X < 0 || s.Y < 0 || s.X >= 36 || s.Y >= 36 {
		return fmt.Sprintf("%s%d,%d", d, s.X, s.Y)
	}
	return d + strconv.FormatInt(int64(s.X), 36) + strconv.FormatInt(int64(s.Y), 36)
}

// StickMotions is the number of symmetries of the square grid: four
// rotations, then the same four each followed by a reflection in the
// diagonal x = y.
const StickMotions = 8

// MovePoint applies motion k (0 to StickMotions-1, 0 the identity, 0 to 3
// the rotations by k quarter turns anticlockwise) to point (x, y).
func MovePoint(k, x, y int) (int, int) {
	for range k % 4 {
		x, y = -y, x
	}
	if k >= 4 {
		x, y = y, x
	}
	return x, y
}

// Move applies motion k (see MovePoint) to the stick: both its ends move,
// and the stick is named again by its lower end.
func (s Stick) Move(k int) Stick {
	ex, ey := s.End()
	ax, ay := MovePoint(k, s.X, s.Y)
	bx, by := MovePoint(k, ex, ey)
	return Stick{X: min(ax, bx), Y: min(ay, by), Vertical: ax == bx}
}

// ProperStickMotion reports whether motion k is a rotation (no reflection).
func ProperStickMotion(k int) bool { return k < 4 }

// NormalizeSticks translates sticks so that their least x and least y
// (over both ends of every stick) are 0, and sorts them (Stick.Compare).
// It returns a new slice.
func NormalizeSticks(sticks []Stick) []Stick {
	out := slices.Clone(sticks)
	if len(out) == 0 {
		return out
	}
	lx, ly := out[0].X, out[0].Y
	for _, s := range out {
		// a stick's lower end is its least point
		lx, ly = min(lx, s.X), min(ly, s.Y)
	}
	for i := range out {
		out[i].X -= lx
		out[i].Y -= ly
	}
	slices.SortFunc(out, Stick.Compare)
	return out
}

// MoveSticks applies motion k to every stick and normalizes the result.
func MoveSticks(k int, sticks []Stick) []Stick {
	moved := make([]Stick, len(sticks))
	for i, s := range sticks {
		moved[i] = s.Move(k)
	}
	return NormalizeSticks(moved)
}

// stickMotions lists the motions e allows.
func stickMotions(e Equivalence) []int {
	switch e {
	case Free:
		return []int{0, 1, 2, 3, 4, 5, 6, 7}
	case OneSided:
		return []int{0, 1, 2, 3}
	}
	return []int{0}
}

// CanonicalSticks is the canonical form of a polystick up to e: the least
// (compared stick by stick) of its normalized images under e's motions.
func CanonicalSticks(sticks []Stick, e Equivalence) []Stick {
	var best []Stick
	for _, k := range stickMotions(e) {
		img := MoveSticks(k, sticks)
		if best == nil || slices.CompareFunc(img, best, Stick.Compare) < 0 {
			best = img
		}
	}
	return best
}

// StickOrientations returns the distinct normalized images of a polystick
// under the motions e allows, in the order of the motions (the identity's
// image first).
func StickOrientations(sticks []Stick, e Equivalence) [][]Stick {
	var out [][]Stick
	for _, k := range stickMotions(e) {
		img := MoveSticks(k, sticks)
		if !slices.ContainsFunc(out, func(o []Stick) bool { return slices.Equal(o, img) }) {
			out = append(out, img)
		}
	}
	return out
}

// StickPiece is one polystick of an enumeration.
type StickPiece struct {
	// Name is its size, a dash and its place in the enumeration ("4-1").
	Name string
	// Sticks is its canonical form (CanonicalSticks).
	Sticks []Stick
	// Orientations is the number of its distinct images under the
	// enumeration's motions, up to translation.
	Orientations int
	// Chiral reports that no reflection maps it onto itself.
	Chiral bool
}

// touching returns the sticks that share an end with s (six of them: three
// at each end).
func touching(s Stick) []Stick {
	ex, ey := s.End()
	var out []Stick
	for _, p := range [][2]int{{s.X, s.Y}, {ex, ey}} {
		x, y := p[0], p[1]
		for _, t := range []Stick{{x, y, false}, {x - 1, y, false}, {x, y, true}, {x, y - 1, true}} {
			if t != s {
				out = append(out, t)
			}
		}
	}
	return out
}

// EnumerateSticks returns every polystick of n sticks (connected sets of
// unit segments of the square grid, joined at their ends), each once up
// to opt.Equivalence, in the order of their canonical forms. It grows
// canonical forms one stick at a time, as Enumerate does for cells, and
// the same argument shows it reaches every polystick: taking away a stick
// that leaves the rest connected (one exists: a leaf of a spanning tree of
// the sticks' graph) gives a smaller polystick.
func EnumerateSticks(ctx context.Context, n int, opt Options) ([]StickPiece, error) {
	if n < 1 || n > MaxSize {
		return nil, fmt.Errorf("%w: %d (want 1 to %d)", ErrBadSize, n, MaxSize)
	}
	limit := opt.MaxPieces
	if limit <= 0 {
		limit = DefaultMaxPieces
	}
	// the monosticks: a horizontal and a vertical one, the same piece
	// unless only translations are allowed
	level := [][]Stick{CanonicalSticks([]Stick{{}}, opt.Equivalence)}
	if v := CanonicalSticks([]Stick{{Vertical: true}}, opt.Equivalence); !slices.Equal(v, level[0]) {
		level = append(level, v)
	}
	for size := 2; size <= n; size++ {
		seen := map[string]bool{}
		var next [][]Stick
		for i, parent := range level {
			if i%4096 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			for _, s := range parent {
				for _, t := range touching(s) {
					if slices.Contains(parent, t) {
						continue
					}
					child := CanonicalSticks(append(slices.Clone(parent), t), opt.Equivalence)
					key := fmt.Sprint(child)
					if !seen[key] {
						seen[key] = true
						next = append(next, child)
						if len(next) > limit {
							return nil, &TooManyError{Size: size, Limit: limit}
						}
					}
				}
			}
		}
		level = next
	}
	slices.SortFunc(level, func(a, b []Stick) int { return slices.CompareFunc(a, b, Stick.Compare) })
	out := make([]StickPiece, len(level))
	for i, sticks := range level {
		out[i] = StickPiece{
			Name:         strconv.Itoa(n) + "-" + strconv.Itoa(i+1),
			Sticks:       sticks,
			Orientations: len(StickOrientations(sticks, opt.Equivalence)),
			Chiral:       !reflectiveSticks(sticks),
		}
	}
	return out, nil
}

// reflectiveSticks reports whether some reflection maps sticks onto
// themselves, up to translation.
func reflectiveSticks(sticks []Stick) bool {
	self := NormalizeSticks(sticks)
	for k := 4; k < StickMotions; k++ {
		if slices.Equal(MoveSticks(k, sticks), self) {
			return true
		}
	}
	return false
}
