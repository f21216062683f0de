package puzzle

import (
	"math/bits"
	"unicode/utf8"

	"polyviz/geometry"
	"polyviz/parse"
)

// readCells reads cell specifications from position p to the end of the line.
// It returns the cells (with duplicates) and whether any was written.
func (r *specReader) readCells(p int) ([]geometry.Cell, bool, error) {
	var cells []geometry.Cell
	any := false
	for ; r.at(p) != '\n'; p++ {
		if r.at(p) == ' ' {
			continue
		}
		any = true
		var sets [3]uint64
		dims := 3
		if r.pz.Planar {
			dims = 2
		}
		for d := range dims {
			var err error
			if sets[d], p, err = r.readCoordinate(p); err != nil {
				return nil, false, err
			}
		}
		// The third coordinate: a set of z in 3D; in 2D the suffix's
		// number, which is not a radix-62 digit and may exceed 63 (so it is
		// never put in a bit mask).
		suffix := -1 // in 2D, the one z: the suffix's number
		if r.pz.Planar {
			var err error
			if suffix, p, err = r.readSuffix(p); err != nil {
				return nil, false, err
			}
		} else if c := r.at(p); c != ' ' && c != '\n' {
			return nil, false, r.errAt(p, detail(ErrMissingSpace, "found %q", c))
		}
		p-- // the loop's p++ steps onto the space or the end of the line
		if cells == nil && sets[0] != 0 && sets[1] != 0 && (suffix >= 0 || sets[2] != 0) {
			// a cell of plain digits takes 4 bytes of the line with its space
			cells = make([]geometry.Cell, 0, (len(r.buf)-p+3)/4)
		}
		// x, then y, then z, each lowest first: the sets' bits walked in
		// place, not listed in slices (three allocations a cell)
		for xs := sets[0]; xs != 0; xs &= xs - 1 {
			x := bits.TrailingZeros64(xs)
			for ys := sets[1]; ys != 0; ys &= ys - 1 {
				y := bits.TrailingZeros64(ys)
				if suffix >= 0 {
					cells = append(cells, geometry.Cell{X: x, Y: y, Z: suffix})
					continue
				}
				for zs := sets[2]; zs != 0; zs &= zs - 1 {
					cells = append(cells, geometry.Cell{X: x, Y: y, Z: bits.TrailingZeros64(zs)})
				}
			}
		}
	}
	return cells, any, nil
}

// readCoordinate decodes one coordinate at position p: a digit, or a
// bracketed set of digits and ranges. It returns the set as a bit mask and
// the position after it.
func (r *specReader) readCoordinate(p int) (uint64, int, error) {
	c := r.at(p)
	if c == '\n' {
		return 0, p, r.errAt(p, ErrIncompleteCell)
	}
	if c != '[' {
		x := geometry.DecodeDigit(c)
		if x < 0 {
			return 0, p, r.errAt(p, detail(ErrIllegalDigit, "found %q", r.runeAt(p)))
		}
		return 1 << x, p + 1, nil
	}
	return r.readBracketed(p)
}

// readBracketed decodes a bracketed set starting at the '[' at position p.
// A '-' must follow a digit that does not already end a range, and must be
// followed by a digit; a range may not decrease.
func (r *specReader) readBracketed(open int) (uint64, int, error) {
	var acc uint64
	t, x := -1, -1 // t: the start of a pending range; x: the last lone digit
	p := open + 1
	for ; r.at(p) != ']'; p++ {
		c := r.at(p)
		switch {
		case c == '\n':
			return 0, p, r.errAt(open, ErrNoClosingBracket)
		case c == '-':
			if x < 0 || r.at(p+1) == ']' {
				return 0, p, r.errAt(p, ErrIllegalRange)
			}
			t, x = x, -1
		default:
			x = geometry.DecodeDigit(c)
			if x < 0 {
				return 0, p, r.errAt(p, detail(ErrIllegalBracketedDigit, "found %q", r.runeAt(p)))
			}
			if t < 0 {
				acc |= 1 << x
				continue
			}
			if x < t {
				return 0, p, r.errAt(p, detail(ErrDecreasingRange, "%c-%c", geometry.EncodeDigit(t), c))
			}
			acc |= (1 << (x + 1)) - (1 << t)
			t, x = -1, -1
		}
	}
	return acc, p + 1, nil
}

// readSuffix reads a 2D cell's optional suffix: every character up to the
// next space or the end of the line. It returns the suffix's number (0 for
// none), registering a new suffix in order of first appearance.
func (r *specReader) readSuffix(p int) (int, int, error) {
	q := 0
	for ; r.at(p+q) != ' ' && r.at(p+q) != '\n'; q++ {
		if q == 6 {
			return 0, p, r.errAt(p, ErrSuffixTooLong)
		}
		if c := r.at(p + q); isControl(c) {
			return 0, p, r.errAt(p+q, detail(ErrIllegalSuffixChar, "%q", c))
		}
	}
	if q == 0 {
		return 0, p, nil
	}
	s := string(r.buf[p : p+q])
	if i, ok := r.suffixNum[s]; ok {
		return i, p + q, nil
	}
	if r.suffixNum == nil {
		r.suffixNum = map[string]int{}
	}
	if r.pz.lattice().Kinds() == 2 {
		return r.addSuffixPair(s, p, q)
	}
	r.pz.Suffixes = append(r.pz.Suffixes, s)
	r.pz.suffixAt = append(r.pz.suffixAt, position{r.lineNo, utf8.RuneCount(r.buf[:p]) + 1})
	r.suffixNum[s] = len(r.pz.Suffixes)
	return len(r.pz.Suffixes), p + q, nil
}

// addSuffixPair registers a new suffix s of a triangle cell, at buf[p:p+q],
// as POLYIAMOND-DLX does: in a pair with its partner, the unprimed one
// first (an even suffix number is a Δ cell, the odd one after it the ∇
// cell), and returns s's number. When s starts with "'" the pair is
// s[1:], s; otherwise s, "'"+s, which must fit in 6 characters. A suffix
// already in the table keeps its first number (Knuth looks it up from the
// start of his table).
func (r *specReader) addSuffixPair(s string, p, q int) (int, int, error) {
	at := position{r.lineNo, utf8.RuneCount(r.buf[:p]) + 1}
	pair := [2]string{s, "'" + s}
	num := len(r.pz.Suffixes) + 1
	if s[0] == '\'' {
		pair = [2]string{s[1:], s}
		num++
	} else if len(pair[1]) > 6 {
		return 0, p, r.errAt(p, detail(ErrImpliedSuffixTooLong, "%s", parse.Quote(pair[1])))
	}
	for _, t := range pair {
		r.pz.Suffixes = append(r.pz.Suffixes, t)
		r.pz.suffixAt = append(r.pz.suffixAt, at)
		if _, ok := r.suffixNum[t]; !ok {
			r.suffixNum[t] = len(r.pz.Suffixes)
		}
	}
	return num, p + q, nil
}
