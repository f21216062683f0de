package unique

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"polyviz/puzzle"
)

// ErrNotSpec is WriteSpec's answer for a puzzle not read from one of
// Knuth's specs (a BurrTools or DLX file): its changes are shown and
// proved, but not written.
var ErrNotSpec = errors.New("only a puzzle read from a spec is written with its changes")

// WriteSpec writes pz's spec with the proposal's changes: each fixed
// piece's first line gives the cells of its placement instead, its other
// lines are dropped, and a line "| in-place NAME..." follows the rest.
// Every other line is written as read, so comments, motion and group lines
// stay. pz must be the puzzle whose Problem the proposal was found on.
func WriteSpec(w io.Writer, pz *puzzle.Puzzle, p Proposal) error {
	if pz == nil || len(pz.Lines) == 0 || len(pz.Bases) == 0 {
		return ErrNotSpec
	}
	pls := pz.Placements()
	fixed := map[string]string{} // piece name -> its new line
	var names []string
	for _, c := range p.Changes {
		if c.Option < 0 || c.Option >= len(pls) {
			return fmt.Errorf("unique: no placement %d in %s", c.Option, pz.Name)
		}
		pl := pls[c.Option]
		pc := pz.Pieces[pl.Piece]
		name := pc.Name
		if pc.Min != 1 || pc.Max != 1 {
			return fmt.Errorf("unique: piece %s of %s has %s copies; a spec fixes in place only a piece of one copy", name, pz.Name, pc.Mult)
		}
		if w := pz.Wrap(); w.On() && pl.Base >= 0 {
			// drawn across a join, its cells as named are not its shape
			for _, c := range pz.Bases[pl.Base].Shape.Translate(pl.Offset) {
				if w.Reduce(c) != c {
					return fmt.Errorf("unique: piece %s of %s is fixed across a join of the wrapped board, which a spec line cannot draw", name, pz.Name)
				}
			}
		}
		fixed[name] = name + " " + strings.Join(pl.Items, " ")
		names = append(names, name)
	}
	bw := bufio.NewWriter(w)
	boxSeen := false
	for _, line := range pz.Lines {
		if strings.HasPrefix(line, "|") || !boxSeen {
			boxSeen = boxSeen || !strings.HasPrefix(line, "|")
			bw.WriteString(line + "\n")
			continue
		}
		name := pieceName(line, pz.Planar)
		if nl, ok := fixed[name]; ok {
			if nl != "" {
				bw.WriteString(nl + "\n")
				fixed[name] = "" // a piece's later lines go
			}
			continue
		}
		bw.WriteString(line + "\n")
	}
	for _, n := range names {
		if fixed[n] != "" {
			return fmt.Errorf("unique: piece %s of %s has no line of its own to fix (made by a \"| polyforms\" line?)", n, pz.Name)
		}
	}
	fmt.Fprintf(bw, "| in-place %s\n", strings.Join(names, " "))
	return bw.Flush()
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
