package geometry

import (
	"slices"
	"strings"
)

// Shape is a finite set of cells, kept sorted in Cell.Less order without
// duplicates. Use NewShape to build one from arbitrary cells.
type Shape []Cell

// NewShape returns the cells as a Shape: sorted, each cell once.
func NewShape(cells ...Cell) Shape {
	s := slices.Clone(cells)
	slices.SortFunc(s, Cell.Compare)
	return Shape(slices.Compact(s))
}

// Bounds returns the least and greatest coordinate on each axis. The bounds
// of an empty shape are two zero cells.
func (s Shape) Bounds() (min, max Cell) {
	if len(s) == 0 {
		return Cell{}, Cell{}
	}
	min, max = s[0], s[0]
	for _, c := range s[1:] {
		min.X, max.X = minInt(min.X, c.X), maxInt(max.X, c.X)
		min.Y, max.Y = minInt(min.Y, c.Y), maxInt(max.Y, c.Y)
		min.Z, max.Z = minInt(min.Z, c.Z), maxInt(max.Z, c.Z)
	}
	return min, max
}

// Size returns the extent of the shape on each axis (max - min + 1), or a zero
// cell for an empty shape.
func (s Shape) Size() Cell {
	if len(s) == 0 {
		return Cell{}
	}
	lo, hi := s.Bounds()
	return hi.Sub(lo).Add(Cell{1, 1, 1})
}

// Translate returns the shape moved by d. Translation keeps the order.
func (s Shape) Translate(d Cell) Shape {
	t := make(Shape, len(s))
	for i, c := range s {
		t[i] = c.Add(d)
	}
	return t
}

// Normalize returns the shape translated so that its least coordinate on
// every axis is 0, as Knuth normalizes typical cells.
func (s Shape) Normalize() Shape {
	lo, _ := s.Bounds()
	if lo == (Cell{}) {
		return slices.Clone(s)
	}
	return s.Translate(Cell{-lo.X, -lo.Y, -lo.Z})
}

// Equal reports whether s and t hold the same cells.
func (s Shape) Equal(t Shape) bool { return slices.Equal(s, t) }

// Contains reports whether c is one of the shape's cells.
func (s Shape) Contains(c Cell) bool {
	_, ok := slices.BinarySearchFunc(s, c, Cell.Compare)
	return ok
}

// String lists the cells in radix-62 notation separated by spaces.
func (s Shape) String() string {
	parts := make([]string, len(s))
	for i, c := range s {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}

func minInt(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}
