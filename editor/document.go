package editor

import (
	"fmt"
	"image/color"
	"slices"

	"polyviz/geometry"
)

// Lattice names the kind of cells a document is drawn on.
type Lattice int

const (
	// Cubes: a 3D box of unit cubes, saved as a POLYCUBE-DLX spec; pieces
	// turn in the 24 rotations of space.
	Cubes Lattice = iota
	// Squares: a 2D board, saved as a POLYOMINO-DLX spec; pieces turn and
	// flip in the 8 symmetries of the square. Every cell has z = 0.
	Squares
	// Triangles and Hexagons follow (lattice.go).
)

// MaxCoord is the largest coordinate a cell may have: Knuth's specs write
// coordinates as one radix-62 digit.
const MaxCoord = geometry.Radix - 1

// Piece is one named piece of a document.
type Piece struct {
	// Name is the piece's name in the spec (1 to 8 characters).
	Name string
	// Min and Max are its multiplicity: how many copies are used (1 and 1
	// for an ordinary piece; Min < Max for a range).
	Min, Max int
	// Cells are the piece's typical cells, normalized (least coordinates 0).
	Cells geometry.Shape
	// Colour is an index into the window's palette, or -1 for the default.
	Colour int
	// Motion is how the piece may move: free, one-sided or fixed.
	Motion Motion
	// InPlace, when not empty, is the placement the piece is fixed on, box
	// cells: it takes no other (FixInPlace; a spec's "| in-place" line).
	InPlace geometry.Shape
	// cellColours are its cells' colours (colour.go: PieceColours).
	cellColours colouring
}

// Document is a puzzle being edited. Its zero value is an empty cube puzzle.
// Documents are values: the edits return new ones and never change the
// Document they are given (the slices are never shared with a result).
type Document struct {
	Lattice Lattice
	// Title is the first comment line written to the spec.
	Title string
	// Box holds the cells pieces must cover.
	Box geometry.Shape
	// Optional holds box cells that may stay empty (BurrTools' variable
	// voxels). They are also in Box. Knuth's 3D spec cannot say this; a 2D
	// spec writes them with a suffix (secondary items).
	Optional geometry.Shape
	Pieces   []Piece
	// Wrap is the spec's "| wrap" line without its bar ("wrap x y"), kept
	// as read so that saving keeps the board's joined edges; empty for a
	// flat board (see package puzzle's readWrapLine).
	Wrap string
	// Palette and Rules are a BurrTools problem's colours and the colour
	// pairs it allows (colour.go); boxColours are the box cells' colours.
	Palette    []color.RGBA
	Rules      [][2]int
	boxColours colouring
}

// New returns an empty document on lattice l.
func New(l Lattice) Document { return Document{Lattice: l} }

// clone returns a deep copy of d.
func (d Document) clone() Document {
	c := d
	c.Box = slices.Clone(d.Box)
	c.Optional = slices.Clone(d.Optional)
	c.Pieces = make([]Piece, len(d.Pieces))
	for i, p := range d.Pieces {
		p.Cells = slices.Clone(p.Cells)
		p.InPlace = slices.Clone(p.InPlace)
		c.Pieces[i] = p
	}
	c.Palette, c.Rules = slices.Clone(d.Palette), slices.Clone(d.Rules)
	c.settleColours()
	return c
}

// Equal reports whether two documents describe the same puzzle, cell for
// cell, piece for piece.
func (d Document) Equal(e Document) bool {
	if d.Lattice != e.Lattice || d.Title != e.Title || d.Wrap != e.Wrap || !d.Box.Equal(e.Box) ||
		!d.Optional.Equal(e.Optional) || len(d.Pieces) != len(e.Pieces) {
		return false
	}
	for i, p := range d.Pieces {
		q := e.Pieces[i]
		if p.Name != q.Name || p.Min != q.Min || p.Max != q.Max || p.Colour != q.Colour || p.Motion != q.Motion || !p.Cells.Equal(q.Cells) ||
			!p.InPlace.Equal(q.InPlace) {
			return false
		}
	}
	return d.equalColours(e)
}

// PieceIndex returns the index of the piece called name, or -1.
func (d Document) PieceIndex(name string) int {
	for i, p := range d.Pieces {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// Cuboid returns the cells of an a x b x c box at the origin (c = 1 for a
// board).
func Cuboid(a, b, c int) geometry.Shape {
	var cells []geometry.Cell
	for x := range a {
		for y := range b {
			for z := range c {
				cells = append(cells, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	return geometry.NewShape(cells...)
}

// Cells returns the cells whose coordinates are given as x, y, z triples:
// Cells(0,0,0, 1,0,0) is {000, 100}. It panics on a count not divisible by
// three, which is a programming error.
func Cells(xyz ...int) geometry.Shape {
	if len(xyz)%3 != 0 {
		panic(fmt.Sprintf("editor.Cells: %d coordinates is not a list of triples", len(xyz)))
	}
	cells := make([]geometry.Cell, 0, len(xyz)/3)
	for i := 0; i < len(xyz); i += 3 {
		cells = append(cells, geometry.Cell{X: xyz[i], Y: xyz[i+1], Z: xyz[i+2]})
	}
	return geometry.NewShape(cells...)
}
