package geometry

import "fmt"

// Cell is one unit cube of the lattice, at integer coordinates (X, Y, Z).
// Planar (2D) puzzles use Z = 0 throughout.
type Cell struct{ X, Y, Z int }

// Add returns the cell c translated by d.
func (c Cell) Add(d Cell) Cell { return Cell{c.X + d.X, c.Y + d.Y, c.Z + d.Z} }

// Sub returns the vector from d to c.
func (c Cell) Sub(d Cell) Cell { return Cell{c.X - d.X, c.Y - d.Y, c.Z - d.Z} }

// Less orders cells lexicographically by x, then y, then z: the order of
// Knuth's packed integers (x<<16)+(y<<8)+z.
func (c Cell) Less(d Cell) bool {
	if c.X != d.X {
		return c.X < d.X
	}
	if c.Y != d.Y {
		return c.Y < d.Y
	}
	return c.Z < d.Z
}

// Compare returns -1, 0 or +1 as c is before, equal to or after d in Less order.
func (c Cell) Compare(d Cell) int {
	switch {
	case c.X != d.X:
		return cmpInt(c.X, d.X)
	case c.Y != d.Y:
		return cmpInt(c.Y, d.Y)
	}
	return cmpInt(c.Z, d.Z)
}

// cmpInt is -1, 0 or +1 as a is less than, equal to or greater than b.
func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// String writes a cell in Knuth's radix-62 notation ("0a9"), or with
// decimal coordinates when one is outside 0..61.
func (c Cell) String() string {
	if c.Digits() {
		return string([]byte{EncodeDigit(c.X), EncodeDigit(c.Y), EncodeDigit(c.Z)})
	}
	return fmt.Sprintf("(%d,%d,%d)", c.X, c.Y, c.Z)
}

// Digits reports whether each coordinate of c is one radix-62 digit, as a
// spec writes a cell.
func (c Cell) Digits() bool { return inDigitRange(c.X) && inDigitRange(c.Y) && inDigitRange(c.Z) }

func inDigitRange(v int) bool { return v >= 0 && v < Radix }

// Radix is the number of Knuth's extended hexadecimal digits 0-9, a-z, A-Z.
const Radix = 62

// EncodeDigit returns the radix-62 digit for 0 <= v < 62 ('0'..'9', 'a'..'z',
// 'A'..'Z'), '-' for a negative v and '?' for v >= 62, as Knuth's encode does.
func EncodeDigit(v int) byte {
	switch {
	case v < 0:
		return '-'
	case v < 10:
		return byte('0' + v)
	case v < 36:
		return byte('a' + v - 10)
	case v < 62:
		return byte('A' + v - 36)
	}
	return '?'
}

// DecodeDigit returns the value of a radix-62 digit, or -1 if c is not one.
func DecodeDigit(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 36
	}
	return -1
}
