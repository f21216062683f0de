package burrtools

import (
	"bufio"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// ErrExport is why a puzzle cannot be written as an .xmpuzzle file.
var ErrExport = errors.New("cannot be written as a BurrTools puzzle")

// FromPuzzle describes a packing puzzle as a BurrTools file with one
// problem: a shape per piece (its first orientation, named by the piece's
// name), the box as the last shape (its optional cells as variable voxels),
// and each piece's multiplicity as a count or a min/max range. Coordinates
// are kept as they are, so reading the file back names every cell as the
// puzzle did.
//
// BurrTools places every piece in its 24 rotations (on its other grids, the
// grid's rotations; a puzzle read from such a file is written on its grid). A 3D puzzle whose piece
// has other orientations (several spec lines of different shapes) or a 2D
// puzzle with suffixed cells cannot be described; FromPuzzle then returns
// an error wrapping ErrExport. A 2D board becomes a layer one voxel thick:
// the rotations that keep a flat piece on it are its 8 symmetries of the
// plane, so the placements are the same. FromPuzzle checks all of this by
// rebuilding the puzzle from the file and comparing the placements.
//
// Triangles go on BurrTools' triangular prisms, one layer (gridType 1):
// Knuth's Δ xy and ∇ xy are prisms 2x+y and 2x+y+1 of row y, the same
// triangles (see PrismOfTriangle), and flipping a prism over is turning the
// triangle over, so the placements are the same. BurrTools has no
// hexagons.
func FromPuzzle(p *puzzle.Puzzle) (*File, error) {
	cell, err := fileCell(p)
	if err != nil {
		return nil, err
	}
	cells := func(s geometry.Shape) geometry.Shape {
		out := make(geometry.Shape, len(s))
		for i, c := range s {
			out[i] = cell(c)
		}
		return geometry.NewShape(out...)
	}
	suffixes := len(p.Suffixes)
	if p.Lattice == geometry.Triangles() {
		suffixes-- // the first is the ∇'s "'"
	}
	if p.Planar && suffixes > 0 {
		return nil, fmt.Errorf("%s: %w: its suffixed cells (secondary items) are not cells of a grid", p.Name, ErrExport)
	}
	if len(p.Box) == 0 {
		return nil, fmt.Errorf("%s: %w: the box is empty", p.Name, ErrExport)
	}
	if p.Wrap().On() {
		return nil, fmt.Errorf("%s: %w: its board wraps, and BurrTools has no boards whose edges join", p.Name, ErrExport)
	}
	x := &File{}
	if g := p.Grid(); g != nil {
		x.GridType = g.GridType() // cells are BurrTools' index triples already
	}
	if p.Lattice == geometry.Triangles() {
		x.GridType = geometry.Prisms().GridType()
	}
	pr := Problem{Name: xmProblemName(p.Name), MaxHoles: -1}
	for i, pc := range p.Pieces {
		if len(pc.Orientations) == 0 || len(pc.Orientations[0]) == 0 {
			return nil, fmt.Errorf("%s: %w: piece %s has no cells", p.Name, ErrExport, pc.Name)
		}
		if pc.Min < 0 || pc.Max < 1 {
			return nil, fmt.Errorf("%s: %w: piece %s has multiplicity %q", p.Name, ErrExport, pc.Name, pc.Mult)
		}
		// BurrTools turns every piece every way, and a flat one over
		if pc.Motion == puzzle.MotionFixed || pc.Motion == puzzle.MotionOneSided && p.Planar {
			return nil, fmt.Errorf("%s: %w: piece %s is %v, and BurrTools places every piece in all its rotations (a flat one turned over too)", p.Name, ErrExport, pc.Name, pc.Motion)
		}
		x.Shapes = append(x.Shapes, xmShape(pc.Name, cells(pc.Orientations[0]), nil))
		pr.Parts = append(pr.Parts, Part{Shape: i, Min: pc.Min, Max: pc.Max})
	}
	pr.Result = len(x.Shapes)
	var fixed geometry.Shape
	for _, c := range p.Box {
		if !p.Optional.Contains(c) {
			fixed = append(fixed, c)
		}
	}
	x.Shapes = append(x.Shapes, xmShape("", cells(fixed), cells(p.Optional)))
	x.Problems = []Problem{pr}
	if err := sameAsXM(p, x, cell); err != nil {
		return nil, err
	}
	return x, nil
}

// fileCell returns what a cell of p is in the file FromPuzzle writes: a
// triangle's prism, any other cell itself; an error wrapping ErrExport for
// a lattice BurrTools has no grid for.
func fileCell(p *puzzle.Puzzle) (func(geometry.Cell) geometry.Cell, error) {
	switch l := p.Lattice; l {
	case nil, geometry.Cubes(), geometry.Squares():
		return func(c geometry.Cell) geometry.Cell { return c }, nil
	case geometry.Triangles():
		return PrismOfTriangle, nil
	default:
		return nil, fmt.Errorf("%s: %w: BurrTools has no grid of %s", p.Name, ErrExport, l)
	}
}

// PrismOfTriangle is the prism of BurrTools' triangular prism grid (one
// layer, z = 0) that is Knuth's triangle c (Z its kind, 0 Δ or 1 ∇, with no
// other suffix): Δ xy is prism 2x+y of row y and ∇ xy the next one, the
// same triangle in the same place (geometry.Prisms: prism x of row y points
// up when x+y is even).
func PrismOfTriangle(c geometry.Cell) geometry.Cell {
	return geometry.Cell{X: 2*c.X + c.Y + c.Z, Y: c.Y}
}

// xmProblemName is the problem's name: the puzzle's file name without its
// folders and extension.
func xmProblemName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		name = name[:i]
	}
	return name
}

// xmShape makes a voxel space from filled and variable cells with
// coordinates >= 0; it spans from the origin to the largest coordinates.
func xmShape(name string, filled, variable geometry.Shape) Shape {
	all := geometry.NewShape(append(slices.Clone(filled), variable...)...)
	_, hi := all.Bounds()
	return Shape{
		Name:     name,
		Size:     hi.Add(geometry.Cell{X: 1, Y: 1, Z: 1}),
		Filled:   geometry.NewShape(filled...),
		Variable: geometry.NewShape(variable...),
	}
}

// sameAsXM checks that the file describes exactly the puzzle's placements,
// its cells taken to the file's by cell.
func sameAsXM(p *puzzle.Puzzle, x *File, cell func(geometry.Cell) geometry.Cell) error {
	for _, c := range append(slices.Clone(p.Box), p.Optional...) {
		v := cell(c)
		if v.X < 0 || v.Y < 0 || v.Z < 0 || v.X >= xmMaxSide || v.Y >= xmMaxSide || v.Z >= xmMaxSide {
			// said in the box's own names too: on triangles a voxel's
			// coordinates are not the spec's
			return fmt.Errorf("%s: %w: the box is too big: its cell %s is voxel (%d,%d,%d) in BurrTools, past the %d voxels an axis may have (0 to %d)",
				p.Name, ErrExport, p.CellName(c), v.X, v.Y, v.Z, xmMaxSide, xmMaxSide-1)
		}
	}
	back, err := x.Puzzle(p.Name, 0)
	if err != nil {
		return fmt.Errorf("%s: %w: %v", p.Name, ErrExport, err)
	}
	if same, ok := puzzle.SamePlacements(p, back); ok && same {
		return nil // decided from the shapes that fit: millions of placements are not listed twice
	}
	want, got := placementKeys(p, cell), placementKeys(back, func(c geometry.Cell) geometry.Cell { return c })
	if !slices.Equal(want, got) {
		return fmt.Errorf("%s: %w: its pieces are not placed in exactly their 24 rotations (%d placements here, %d in BurrTools)", p.Name, ErrExport, len(want), len(got))
	}
	return nil
}

// placementKeys lists every placement as its piece's name and its cells
// (taken by cell), sorted, without repeats.
func placementKeys(p *puzzle.Puzzle, cell func(geometry.Cell) geometry.Cell) []string {
	var keys []string
	for _, pl := range p.Placements() {
		var b strings.Builder
		b.WriteString(p.Pieces[pl.Piece].Name)
		moved := make([]geometry.Cell, len(pl.Cells))
		for i, c := range pl.Cells {
			moved[i] = cell(c)
		}
		for _, c := range geometry.NewShape(moved...) {
			fmt.Fprintf(&b, " %d,%d,%d", c.X, c.Y, c.Z)
		}
		keys = append(keys, b.String())
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}

// WriteXML writes the puzzle as BurrTools' XML, uncompressed.
func (x *File) WriteXML(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("<?xml version=\"1.0\"?>\n<puzzle version=\"2\">")
	fmt.Fprintf(bw, "<gridType type=\"%d\"/>", x.GridType)
	bw.WriteString("<colors>")
	for _, c := range x.Colors {
		fmt.Fprintf(bw, "<color red=\"%d\" green=\"%d\" blue=\"%d\"/>", c.R, c.G, c.B)
	}
	bw.WriteString("</colors><shapes>")
	for _, s := range x.Shapes {
		fmt.Fprintf(bw, "<voxel x=\"%d\" y=\"%d\" z=\"%d\" type=\"0\"", s.Size.X, s.Size.Y, s.Size.Z)
		if s.Name != "" {
			fmt.Fprintf(bw, " name=\"%s\"", xmlEscape(s.Name))
		}
		bw.WriteString(">")
		bw.WriteString(s.voxelString())
		bw.WriteString("</voxel>")
	}
	bw.WriteString("</shapes><problems>")
	for _, pr := range x.Problems {
		bw.WriteString("<problem")
		if pr.Name != "" {
			fmt.Fprintf(bw, " name=\"%s\"", xmlEscape(pr.Name))
		}
		bw.WriteString(" state=\"0\"")
		if pr.MaxHoles >= 0 {
			fmt.Fprintf(bw, " maxHoles=\"%d\"", pr.MaxHoles)
		}
		bw.WriteString("><shapes>")
		for _, part := range pr.Parts {
			if part.Min == part.Max {
				fmt.Fprintf(bw, "<shape id=\"%d\" count=\"%d\"/>", part.Shape, part.Min)
			} else {
				fmt.Fprintf(bw, "<shape id=\"%d\" min=\"%d\" max=\"%d\"/>", part.Shape, part.Min, part.Max)
			}
		}
		bw.WriteString("</shapes>")
		if pr.Result >= 0 {
			fmt.Fprintf(bw, "<result id=\"%d\"/>", pr.Result)
		}
		bw.WriteString("<bitmap>")
		for _, a := range pr.Allowed {
			fmt.Fprintf(bw, "<pair piece=\"%d\" result=\"%d\"/>", a[0]-1, a[1]-1)
		}
		bw.WriteString("</bitmap></problem>")
	}
	bw.WriteString("</problems><comment>")
	bw.WriteString(xmlEscape(x.Comment))
	bw.WriteString("</comment></puzzle>\n")
	return bw.Flush()
}

// Write writes the puzzle as an .xmpuzzle file: XML compressed with gzip,
// as BurrTools saves it.
func (x *File) Write(w io.Writer) error {
	zw := gzip.NewWriter(w)
	if err := x.WriteXML(zw); err != nil {
		return err
	}
	return zw.Close()
}

// voxelString writes the voxels, x fastest, then y, then z, each with its
// colour when it has one.
func (s Shape) voxelString() string {
	var b strings.Builder
	for z := range s.Size.Z {
		for y := range s.Size.Y {
			for x := range s.Size.X {
				c := geometry.Cell{X: x, Y: y, Z: z}
				switch {
				case s.Filled.Contains(c):
					b.WriteByte('#')
				case s.Variable.Contains(c):
					b.WriteByte('+')
				default:
					b.WriteByte('_')
					continue
				}
				if col := s.Colors[c]; col > 0 {
					fmt.Fprint(&b, col)
				}
			}
		}
	}
	return b.String()
}

func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}
