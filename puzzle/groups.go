package puzzle

import (
	"errors"
	"strconv"
	"strings"
)

// ErrBadGroupLine is a "| group" comment line that does not name a piece
// and a group number.
var ErrBadGroupLine = errors.New("bad group line")

// readGroupLines reads the disassembly groups a spec gives in comment
// lines (so that Knuth's programs still read the spec):
//
//	| group NAME G
//
// puts piece NAME in group G (a number, 0 or more): pieces of one group
// G > 0 may stay together when the packing is taken apart, as BurrTools'
// piece groups. Other comment lines are comments.
func (p *Puzzle) readGroupLines(file string) error {
	for i, line := range p.Lines {
		word, ok := commentWord(line)
		if !ok || word != "group" {
			continue
		}
		rest, _ := strings.CutPrefix(line, "|")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 || f[0] != "group" {
			continue
		}
		at := func(col int, msg string) error {
			return &ParseError{File: file, Line: i + 1, Col: col, Err: detail(ErrBadGroupLine, "%s", msg)}
		}
		col := strings.Index(line, "group") + 1
		if len(f) != 3 {
			return at(col, `want "| group NAME G"`)
		}
		after := col + len("group") - 1 // the name and group come after the word
		k := p.PieceIndex(f[1])
		if k < 0 {
			return at(after+strings.Index(line[after:], f[1])+1, "no piece named "+strconv.Quote(f[1]))
		}
		g, err := strconv.Atoi(f[2])
		if err != nil || g < 0 || g > 1<<20 {
			return at(strings.LastIndex(line, f[2])+1, "the group must be a number from 0 to 1048576, not "+strconv.Quote(f[2]))
		}
		p.Pieces[k].Group = g
	}
	return nil
}
