package generate

import (
	"errors"
	"fmt"
	"math"

	"polyviz/geometry"
)

// Template is the shape pieces are generated in: the cells every piece
// has and the cells a piece may have, on one lattice or (Lattice nil) one
// of BurrTools' grids.
type Template struct {
	Lattice  *geometry.Lattice
	Grid     *geometry.Grid
	Fixed    geometry.Shape
	Optional geometry.Shape
}

// MaxOptional bounds the optional cells of a template whose every subset
// is tried (a subset is a 64-bit mask); past it Generate grows the pieces
// joined through faces instead, when a largest size is given.
const MaxOptional = 62

// NewTemplate checks and returns a template: the cells sorted, untagged on
// a planar lattice, no cell both fixed and optional, at least one cell.
func NewTemplate(l *geometry.Lattice, fixed, optional geometry.Shape) (Template, error) {
	if l == nil {
		return Template{}, errors.New("a template needs a lattice")
	}
	untag := func(s geometry.Shape) geometry.Shape {
		out := make([]geometry.Cell, len(s))
		for i, c := range s {
			if l.Planar() {
				c.Z = l.Kind(c)
			}
			out[i] = c
		}
		return geometry.NewShape(out...)
	}
	t := Template{Lattice: l, Fixed: untag(fixed), Optional: untag(optional)}
	for _, c := range t.Optional {
		if t.Fixed.Contains(c) {
			return Template{}, fmt.Errorf("cell %v is both fixed and optional", c)
		}
	}
	if len(t.Fixed)+len(t.Optional) == 0 {
		return Template{}, errors.New("the template has no cells")
	}
	return t, nil
}

// Cells returns every cell of the template, the fixed ones first.
func (t Template) Cells() geometry.Shape {
	return append(append(geometry.Shape{}, t.Fixed...), t.Optional...)
}

// Subsets is the number of pieces the template makes before filtering:
// 2^k for k optional cells (less the empty piece when nothing is fixed),
// math.MaxUint64 past 63 cells.
func (t Template) Subsets() uint64 {
	if len(t.Optional) >= 64 {
		return math.MaxUint64
	}
	n := uint64(1) << len(t.Optional)
	if len(t.Fixed) == 0 {
		n--
	}
	return n
}

// TooManyError is returned for a template with more subsets than allowed.
type TooManyError struct {
	Optional int    // optional cells
	Limit    uint64 // the limit passed (0: MaxOptional's)
	// Joined is set when the pieces joined through faces were grown (see
	// Result.Joined) and more than Limit of them met, of at most Max cells.
	Joined bool
	Max    int
}

func (e *TooManyError) Error() string {
	if e.Joined {
		return fmt.Sprintf("%d optional cells hold more than %d pieces of at most %d cells joined through faces, the limit", e.Optional, e.Limit, e.Max)
	}
	if e.Limit == 0 {
		return fmt.Sprintf("%d optional cells: more than %d are too many to try each subset", e.Optional, MaxOptional)
	}
	return fmt.Sprintf("%d optional cells make 2^%d subsets to try, more than the limit of %d", e.Optional, e.Optional, e.Limit)
}

// ErrTooMany is matched by every TooManyError (errors.Is).
var ErrTooMany = errors.New("too many subsets")

func (e *TooManyError) Is(target error) bool { return target == ErrTooMany }

// Box returns the cells of a box of the given sides on l: a x b x c cubes,
// or a x b squares, hexagons (a parallelogram) or triangles (both of each
// pair).
func Box(l *geometry.Lattice, sides ...int) geometry.Shape {
	var s geometry.Shape
	if len(sides) == 2 {
		sides = append(sides, max(1, l.Kinds()))
	}
	for x := range sides[0] {
		for y := range sides[1] {
			for z := range sides[2] {
				s = append(s, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	return s
}

// BurrTemplate is the six-piece burr's template: a 2x2x6 bar along x whose
// ends, and the two cubes beside each end on the side y = 0, are fixed
// (every burr piece has them, turned so), the other 12 cubes optional.
func BurrTemplate() (Template, error) {
	var fixed, optional geometry.Shape
	for _, c := range Box(geometry.Cubes(), 6, 2, 2) {
		if c.X == 0 || c.X == 5 || (c.X == 1 || c.X == 4) && c.Y == 0 {
			fixed = append(fixed, c)
		} else {
			optional = append(optional, c)
		}
	}
	return NewTemplate(geometry.Cubes(), fixed, optional)
}
