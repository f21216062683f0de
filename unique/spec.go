package unique

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// ErrNotSpec is WriteSpec's answer for a puzzle not read from one of
// Knuth's specs (a BurrTools or DLX file): its changes are shown and
// proved, but not written.
var ErrNotSpec = errors.New("only a puzzle read from a spec or a BurrTools file is written with its changes")

// SpecWritable reports whether WriteSpec can write pz: a puzzle read from
// a spec of cells, whose lines it rewrites.
func SpecWritable(pz *puzzle.Puzzle) bool {
	return pz != nil && len(pz.Lines) > 0 && len(pz.Bases) > 0
}

// WriteSpec writes pz's spec with the proposal's changes: each piece fixed
// has its first line give the cells of its placement instead, its other
// lines dropped, and a line "| in-place NAME..." follows the rest. A copy
// of a piece of several copies fixed becomes a piece of its own, named by
// CopyName, whose line follows the piece's first, and the piece keeps one
// copy less (the same puzzle: the copies are alike). Every other line is
// written as read, so comments, motion and group lines stay. pz must be
// the puzzle whose Problem the proposal was found on.
func WriteSpec(w io.Writer, pz *puzzle.Puzzle, p Proposal) error {
	if !SpecWritable(pz) {
		return ErrNotSpec
	}
	pls := pz.Placements()
	fixed := map[string][]string{} // piece name -> the lines of its fixed copies
	split := map[string]int{}      // piece name -> copies fixed off it
	taken := map[string]bool{}
	var names []string
	for _, c := range p.Changes {
		if c.Kind != FixPiece {
			return fmt.Errorf("unique: %s: %w (a spec has no optional cells; save the changed puzzle from the window's editor as .xmpuzzle)", c, ErrNotSpec)
		}
		if c.Option < 0 || c.Option >= len(pls) {
			return fmt.Errorf("unique: no placement %d in %s", c.Option, pz.Name)
		}
		pl := pls[c.Option]
		pc := pz.Pieces[pl.Piece]
		if w := pz.Wrap(); w.On() && pl.Base >= 0 {
			// drawn across a join, its cells as named are not its shape
			for _, c := range pz.Bases[pl.Base].Shape.Translate(pl.Offset) {
				if w.Reduce(c) != c {
					return fmt.Errorf("unique: piece %s of %s is fixed across a join of the wrapped board, which a spec line cannot draw", pc.Name, pz.Name)
				}
			}
		}
		name := pc.Name
		if pc.Max > 1 {
			if split[name]++; split[name] > pc.Max {
				return fmt.Errorf("unique: more copies of %s fixed than %s has", name, pz.Name)
			}
			name = CopyName(name, func(n string) bool { return taken[n] || pz.PieceIndex(n) >= 0 })
			taken[name] = true
		}
		fixed[pc.Name] = append(fixed[pc.Name], name+" "+strings.Join(pz.ItemNames(pl), " "))
		names = append(names, name)
	}
	bw := bufio.NewWriter(w)
	boxSeen := false
	next := 0 // the piece after the last one a line has made
	for _, line := range pz.Lines {
		if boxSeen && isPolyformsLine(line) {
			// its pieces become lines of their own, so that a piece of
			// them can be fixed (Knuth's programs read both alike: the
			// line is a comment to them)
			next = writePolyforms(bw, pz, next, fixed)
			continue
		}
		if strings.HasPrefix(line, "|") || !boxSeen {
			boxSeen = boxSeen || !strings.HasPrefix(line, "|")
			bw.WriteString(line + "\n")
			continue
		}
		name := pieceName(line, pz.Planar)
		if k := pz.PieceIndex(name); k >= next {
			next = k + 1
		}
		lines, ok := fixed[name]
		switch {
		case !ok:
			bw.WriteString(line + "\n")
		case split[name] > 0:
			pc := pz.Pieces[pz.PieceIndex(name)]
			bw.WriteString(multText(max(pc.Min-split[name], 0), pc.Max-split[name], pz.Planar) + strings.TrimPrefix(line, multPrefix(line, pz.Planar)) + "\n")
		}
		for _, l := range lines {
			bw.WriteString(l + "\n")
		}
		if ok {
			fixed[name] = []string{} // written: a piece's later lines go or stay as they are
		}
	}
	for _, c := range p.Changes {
		if n := pz.Pieces[pls[c.Option].Piece].Name; len(fixed[n]) > 0 {
			return fmt.Errorf("unique: piece %s of %s has no line of its own to fix (made by a \"| polyforms\" line?)", n, pz.Name)
		}
	}
	fmt.Fprintf(bw, "| in-place %s\n", strings.Join(names, " "))
	return bw.Flush()
}

// isPolyformsLine reports whether a line after the box is a "| polyforms"
// line, which makes pieces without lines of their own.
func isPolyformsLine(line string) bool {
	f := strings.Fields(strings.TrimPrefix(line, "|"))
	return strings.HasPrefix(line, "|") && len(f) > 0 && f[0] == "polyforms"
}

// writePolyforms writes, in place of a "| polyforms" line, the pieces it
// made: pz's pieces from next up to the first with a line of its own (or
// from the next polyforms line; the first writes them all), each as the
// line of its first base, or a fixed one's as in fixed (then emptied),
// and a motion line for the one-sided and fixed ones. It returns the
// piece after the last it wrote.
func writePolyforms(bw *bufio.Writer, pz *puzzle.Puzzle, next int, fixed map[string][]string) int {
	hasLine := map[string]bool{}
	for _, line := range pz.Lines {
		if !strings.HasPrefix(line, "|") {
			hasLine[pieceName(line, pz.Planar)] = true
		}
	}
	first := map[int]geometry.Shape{}
	for _, b := range pz.Bases {
		if _, ok := first[b.Piece]; !ok {
			first[b.Piece] = b.Shape
		}
	}
	motion := map[puzzle.Motion][]string{}
	k := next
	for ; k < len(pz.Pieces) && !hasLine[pz.Pieces[k].Name]; k++ {
		pc := pz.Pieces[k]
		if lines, ok := fixed[pc.Name]; ok {
			for _, l := range lines {
				bw.WriteString(l + "\n")
			}
			fixed[pc.Name] = []string{}
			continue
		}
		cells := make([]string, 0, len(first[k]))
		for _, c := range first[k] {
			cells = append(cells, pz.CellName(c))
		}
		bw.WriteString(pc.Name + " " + strings.Join(cells, " ") + "\n")
		if pc.Motion != puzzle.MotionFree {
			motion[pc.Motion] = append(motion[pc.Motion], pc.Name)
		}
	}
	for _, m := range []puzzle.Motion{puzzle.MotionOneSided, puzzle.MotionFixed} {
		if len(motion[m]) > 0 {
			fmt.Fprintf(bw, "| %s %s\n", m, strings.Join(motion[m], " "))
		}
	}
	return k
}

// OptionalCells names the optional cells of pz (BurrTools' variable
// voxels: box cells pieces may leave empty), for Options.Optional.
func OptionalCells(pz *puzzle.Puzzle) []string {
	var names []string
	for _, c := range pz.Optional {
		names = append(names, pz.CellName(c))
	}
	return names
}

// CopyName names a copy fixed on its own of the piece called name:
// name_1, or name_2... when used says a name is taken, cut to 8
// characters. The editor names a copy it fixes the same way.
func CopyName(name string, used func(string) bool) string {
	for k := 1; ; k++ {
		suffix := fmt.Sprintf("_%d", k)
		n := name
		if len(n)+len(suffix) > 8 {
			n = n[:8-len(suffix)]
		}
		if n += suffix; !used(n) {
			return n
		}
	}
}

// multText writes a multiplicity prefix ("" for one copy): "k*" in 3D,
// "k|" or "lo:hi|" in 2D.
func multText(lo, hi int, planar bool) string {
	switch {
	case lo == 1 && hi == 1:
		return ""
	case !planar:
		return string(geometry.EncodeDigit(hi)) + "*"
	case lo == hi:
		return fmt.Sprintf("%d|", lo)
	}
	return fmt.Sprintf("%d:%d|", lo, hi)
}

// multPrefix returns a piece line's multiplicity prefix as written, with
// its '*' or '|' ("" when there is none).
func multPrefix(line string, planar bool) string {
	if planar {
		if i := strings.IndexByte(line, '|'); i >= 0 {
			return line[:i+1]
		}
		return ""
	}
	if len(line) > 1 && line[1] == '*' {
		return line[:2]
	}
	return ""
}

// pieceName returns the name on a piece line, after its multiplicity
// ("k*" in 3D, "m|" in 2D), as package puzzle reads it.
func pieceName(line string, planar bool) string {
	if planar {
		if i := strings.IndexByte(line, '|'); i >= 0 {
			line = line[i+1:]
		}
	} else if len(line) > 1 && line[1] == '*' {
		line = line[2:]
	}
	name, _, _ := strings.Cut(line, " ")
	return name
}
