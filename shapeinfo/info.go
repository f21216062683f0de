package shapeinfo

import (
	"context"

	"polyviz/geometry"
)

// Named is a shape to describe: a piece or the box of a puzzle.
type Named struct {
	Name string
	// Box is true for the puzzle's box (or board).
	Box   bool
	Shape geometry.Shape
	// Optional is the number of the box's cells that may stay empty.
	Optional int
	// Variable are those cells (a subset of Shape): a symmetry must map
	// them onto themselves, as BurrTools compares voxel states
	// (voxel_c::identicalInBB), not just the cells.
	Variable geometry.Shape
	// Copies is a piece's multiplicity as its file writes it ("2",
	// "0:3"), "" for one piece.
	Copies string
}

// Info is what Describe finds out about one shape.
type Info struct {
	Name     string `json:"name"`
	Box      bool   `json:"box,omitempty"`
	Cells    int    `json:"cells"`
	Optional int    `json:"optional,omitempty"`
	Copies   string `json:"copies,omitempty"`
	// Order is the order of the shape's symmetry group: the symmetries of
	// the space (turns and reflections about the shape's own position, up
	// to translation) that map it onto itself. Rotations counts the
	// proper ones among them.
	Order     int       `json:"order"`
	Rotations int       `json:"rotations"`
	Symmetry  []Element `json:"symmetry"`
	// Chiral is true when no improper symmetry maps the shape onto itself:
	// its mirror image is another shape.
	Chiral bool `json:"chiral"`
	// Identical names the other shapes equal to this one up to rotation;
	// Mirrors those equal to its mirror image but not to itself.
	Identical []string `json:"identical"`
	Mirrors   []string `json:"mirrors"`
	// Connected is the finest level at which the shape's cells hang
	// together: "face" (on planar lattices "edge"; spheres "touching"),
	// "edge", "corner" or "none".
	Connected string `json:"connected"`
	// Holes2D and Holes3D count the empty cells in 2D and 3D holes (see
	// holes.go); Holes3D is nil on planar lattices, both are nil for a box
	// too big to search.
	Holes2D *int `json:"holes2d"`
	Holes3D *int `json:"holes3d,omitempty"`
	// On cubes: Burr is 6 or 8 for a piece whose bounding box is a 2x2x6
	// or 2x2x8 bar, 0 otherwise; Notchable and Millable are BurrTools'
	// tests (burr.go), made for every shape as BurrTools does.
	Burr      int   `json:"burr,omitempty"`
	Notchable *bool `json:"notchable,omitempty"`
	Millable  *bool `json:"millable,omitempty"`
}

// Describe returns the facts about each shape, in the order given. It
// stops with ctx's error when ctx is cancelled.
func Describe(ctx context.Context, s Space, shapes []Named) ([]Info, error) {
	elements := s.Elements()
	out := make([]Info, len(shapes))
	keys := make([]struct{ proper, mirror string }, len(shapes))
	for i, n := range shapes {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		sh := s.normalize(s.untagged(n.Shape))
		info := Info{Name: n.Name, Box: n.Box, Cells: len(sh), Optional: n.Optional, Copies: n.Copies, Identical: []string{}, Mirrors: []string{}}
		variable := s.variableIn(n.Shape, sh, n.Variable)
		if info.Optional == 0 {
			info.Optional = len(variable)
		}
		// the symmetry group, and the least image under rotations and
		// under the other elements, which tell equal shapes
		for k, e := range elements {
			img, varImg, ok := s.imageWith(k, sh, variable)
			if !ok {
				continue
			}
			if img.Equal(sh) && varImg.Equal(variable) {
				info.Symmetry = append(info.Symmetry, e)
				if e.Proper {
					info.Rotations++
				}
			}
			key := img.String()
			if len(variable) > 0 {
				// a box with optional cells equals only one with the same pattern
				key += " variable " + varImg.String()
			}
			if e.Proper && (keys[i].proper == "" || key < keys[i].proper) {
				keys[i].proper = key
			}
			if !e.Proper && (keys[i].mirror == "" || key < keys[i].mirror) {
				keys[i].mirror = key
			}
		}
		info.Order = len(info.Symmetry)
		info.Chiral = info.Rotations == info.Order
		info.Connected = connectivity(s, sh)
		info.Holes2D = holeCount(enclosed(s, sh, true))
		if !s.planar() {
			info.Holes3D = holeCount(enclosed(s, sh, false))
			if info.Holes2D == nil {
				info.Holes3D = nil
			}
		}
		if s.Lattice == geometry.Cubes() {
			if !n.Box {
				info.Burr = burrLength(sh)
			}
			notch, mill := Notchable(sh), Millable(sh)
			info.Notchable, info.Millable = &notch, &mill
		}
		out[i] = info
	}
	// identical and mirror shapes
	for i := range out {
		for j := range out {
			switch {
			case i == j:
			case keys[i].proper == keys[j].proper:
				out[i].Identical = append(out[i].Identical, out[j].Name)
			case keys[i].mirror != "" && keys[i].mirror == keys[j].proper:
				out[i].Mirrors = append(out[i].Mirrors, out[j].Name)
			}
		}
	}
	return out, nil
}

func holeCount(n int) *int {
	if n < 0 {
		return nil
	}
	return &n
}
