package geometry

import "testing"

// TestCellDigits: a cell is written as three radix-62 digits exactly when
// each coordinate is one (0 to 61), else in decimal.
func TestCellDigits(t *testing.T) {
	for _, tc := range []struct {
		c    Cell
		ok   bool
		text string
	}{
		{Cell{0, 0, 0}, true, "000"},
		{Cell{9, 10, 61}, true, "9aZ"},
		{Cell{35, 36, 1}, true, "zA1"},
		{Cell{62, 0, 0}, false, "(62,0,0)"},
		{Cell{0, -1, 0}, false, "(0,-1,0)"},
		{Cell{0, 0, 62}, false, "(0,0,62)"},
	} {
		if got := tc.c.Digits(); got != tc.ok {
			t.Errorf("%v.Digits() = %v, want %v", [3]int{tc.c.X, tc.c.Y, tc.c.Z}, got, tc.ok)
		}
		if got := tc.c.String(); got != tc.text {
			t.Errorf("%v.String() = %q, want %q", [3]int{tc.c.X, tc.c.Y, tc.c.Z}, got, tc.text)
		}
	}
}
