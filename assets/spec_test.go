package assets

// An independent reader for Knuth's POLYCUBE-DLX and POLYOMINO-DLX specs,
// written for these tests only, so that the library is checked by code that
// shares nothing with package puzzle. It accepts the subset the library uses:
// comment lines, a box line, piece lines with an optional multiplicity
// (k*Name in 3D, m|Name in 2D), and "| one-sided [NAMES]" lines after the
// box (those pieces take their rotations only); cell suffixes are rejected.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// cell is a lattice cell; planar specs have z = 0.
type cell [3]int

func cellLess(a, b cell) int {
	for i := range 3 {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return 0
}

// tpiece is one piece line: a name, how many copies, its typical cells,
// and whether a "| one-sided" line keeps it to its rotations.
type tpiece struct {
	name     string
	mult     int
	cells    []cell
	oneSided bool
}

// tspec is a parsed spec.
type tspec struct {
	planar bool
	header []string // the comment lines before the box line, without "| "
	box    []cell   // sorted, each cell once
	pieces []tpiece
}

func (s tspec) volume() int {
	n := 0
	for _, p := range s.pieces {
		n += p.mult * len(p.cells)
	}
	return n
}

func (s tspec) pieceCount() int {
	n := 0
	for _, p := range s.pieces {
		n += p.mult
	}
	return n
}

func decodeDigit(c byte) int {
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

// parseSpec reads a spec; planar selects the 2D format.
func parseSpec(data string, planar bool) (tspec, error) {
	s := tspec{planar: planar}
	haveBox := false
	seen := map[string]int{}
	var motions []motionLine
	for i, line := range strings.Split(data, "\n") {
		lineNo := i + 1
		if strings.HasPrefix(line, "|") {
			if !haveBox {
				s.header = append(s.header, strings.TrimPrefix(strings.TrimPrefix(line, "|"), " "))
			} else if f := strings.Fields(line[1:]); len(f) > 0 && (f[0] == "one-sided" || f[0] == "fixed") {
				motions = append(motions, motionLine{lineNo, f})
			}
			continue
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if !haveBox {
			cells, err := parseCells(fields, planar)
			if err != nil {
				return s, fmt.Errorf("line %d: %w", lineNo, err)
			}
			slices.SortFunc(cells, cellLess)
			s.box = slices.Compact(cells)
			haveBox = true
			continue
		}
		name, mult, err := parseName(fields[0], planar)
		if err != nil {
			return s, fmt.Errorf("line %d: %w", lineNo, err)
		}
		cells, err := parseCells(fields[1:], planar)
		if err != nil {
			return s, fmt.Errorf("line %d: %w", lineNo, err)
		}
		slices.SortFunc(cells, cellLess)
		cells = slices.Compact(cells)
		if _, dup := seen[name]; dup {
			return s, fmt.Errorf("line %d: piece %s defined twice (the library never combines lines)", lineNo, name)
		}
		seen[name] = len(s.pieces)
		s.pieces = append(s.pieces, tpiece{name: name, mult: mult, cells: normalize(cells)})
	}
	if !haveBox {
		return s, fmt.Errorf("no box line")
	}
	for _, m := range motions {
		if err := s.setOneSided(m, seen); err != nil {
			return s, err
		}
	}
	return s, nil
}

// motionLine is a "| one-sided" or "| fixed" comment line after the box.
type motionLine struct {
	lineNo int
	words  []string
}

// setOneSided marks the pieces a "| one-sided" line names (every piece when
// it names none). The library has no fixed pieces: "| fixed" is refused.
func (s *tspec) setOneSided(m motionLine, index map[string]int) error {
	if m.words[0] != "one-sided" {
		return fmt.Errorf("line %d: %q lines are not used in the library", m.lineNo, m.words[0])
	}
	names := m.words[1:]
	if len(names) == 0 {
		for _, p := range s.pieces {
			names = append(names, p.name)
		}
	}
	for _, n := range names {
		i, ok := index[n]
		if !ok {
			return fmt.Errorf("line %d: no piece %s", m.lineNo, n)
		}
		s.pieces[i].oneSided = true
	}
	return nil
}

func parseName(tok string, planar bool) (string, int, error) {
	sep := "*"
	if planar {
		sep = "|"
	}
	mult := 1
	if m, name, ok := strings.Cut(tok, sep); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < 1 {
			return "", 0, fmt.Errorf("bad multiplicity %q", m)
		}
		mult, tok = n, name
	}
	if tok == "" || len(tok) > 8 {
		return "", 0, fmt.Errorf("piece name %q empty or longer than 8", tok)
	}
	if strings.ContainsAny(tok, "|:*") {
		return "", 0, fmt.Errorf("piece name %q has a reserved character", tok)
	}
	return tok, mult, nil
}

// parseCells decodes tokens such as "[0-2]1[35]" into cells.
func parseCells(toks []string, planar bool) ([]cell, error) {
	dims := 3
	if planar {
		dims = 2
	}
	var out []cell
	for _, tok := range toks {
		var sets [3][]int
		sets[2] = []int{0}
		p := 0
		for d := range dims {
			if p >= len(tok) {
				return nil, fmt.Errorf("cell %q: too few coordinates", tok)
			}
			if tok[p] != '[' {
				v := decodeDigit(tok[p])
				if v < 0 {
					return nil, fmt.Errorf("cell %q: bad digit %q", tok, tok[p])
				}
				sets[d] = []int{v}
				p++
				continue
			}
			end := strings.IndexByte(tok[p:], ']')
			if end < 0 {
				return nil, fmt.Errorf("cell %q: no closing bracket", tok)
			}
			body := tok[p+1 : p+end]
			p += end + 1
			for j := 0; j < len(body); j++ {
				lo := decodeDigit(body[j])
				if lo < 0 {
					return nil, fmt.Errorf("cell %q: bad digit in set", tok)
				}
				hi := lo
				if j+2 < len(body) && body[j+1] == '-' {
					hi = decodeDigit(body[j+2])
					if hi < lo {
						return nil, fmt.Errorf("cell %q: bad range", tok)
					}
					j += 2
				}
				for v := lo; v <= hi; v++ {
					sets[d] = append(sets[d], v)
				}
			}
		}
		if p != len(tok) {
			return nil, fmt.Errorf("cell %q: trailing %q (suffixes are not used in the library)", tok, tok[p:])
		}
		for _, x := range sets[0] {
			for _, y := range sets[1] {
				for _, z := range sets[2] {
					out = append(out, cell{x, y, z})
				}
			}
		}
	}
	return out, nil
}

// bounds returns the extent of the cells on each axis.
func bounds(cells []cell) (lo, hi cell) {
	lo, hi = cells[0], cells[0]
	for _, c := range cells {
		for i := range 3 {
			lo[i] = min(lo[i], c[i])
			hi[i] = max(hi[i], c[i])
		}
	}
	return lo, hi
}

// normalize translates cells so each axis starts at 0, and sorts them.
func normalize(cells []cell) []cell {
	if len(cells) == 0 {
		return nil
	}
	lo, _ := bounds(cells)
	out := make([]cell, len(cells))
	for i, c := range cells {
		out[i] = cell{c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]}
	}
	slices.SortFunc(out, cellLess)
	return out
}

func shapeKey(cells []cell) string {
	var b strings.Builder
	for _, c := range cells {
		fmt.Fprintf(&b, "%d,%d,%d;", c[0], c[1], c[2])
	}
	return b.String()
}
