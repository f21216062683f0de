package fillomino

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"polyviz/parse"
)

// The limits of FILLOMINO-DLX: it reads lines with fgets into an 80-byte
// buffer, so a line holds at most 78 entries (the '\n' and the NUL need the
// last two bytes), and it reads at most 16 rows.
const (
	MaxRows  = 16
	MaxCols  = 78
	MaxLabel = 15 // the largest label that is one hex digit
)

// Errors a grid can have; Parse wraps them in a *parse.Error with the
// position.
var (
	// ErrIllegalEntry: a character other than '.', '1'-'9', 'a'-'f'.
	ErrIllegalEntry = errors.New("illegal entry")
	// ErrLineTooLong: a line of more than MaxCols entries.
	ErrLineTooLong = errors.New("line too long")
	// ErrTooManyRows: more than MaxRows lines.
	ErrTooManyRows = errors.New("too many rows")
	// ErrNoCells: a grid of no cells (an empty input, or blank lines only),
	// which FILLOMINO-DLX writes out but which has nothing to solve.
	ErrNoCells = errors.New("the grid has no cells: nothing to solve")
)

// Grid is a fillomino puzzle: Rows lines of Cols cells, Clue[r*Cols+c] the
// clue of a cell (0 for a blank). Lines are the input lines as
// FILLOMINO-DLX echoes them at the head of its output (without the '\n').
type Grid struct {
	Name       string
	Rows, Cols int
	Clue       []int
	Lines      []string
}

// Parse reads a grid as FILLOMINO-DLX does: lines of '.', '1'-'9', 'a'-'f';
// a short line is padded with '.'s and a blank line is a row of '.'s (so a
// trailing blank line adds a row); an empty input is a 0x0 board.
//
// Illegal, with the position of the first offence:
//
//	"2x76"          illegal entry (column 2)
//	"1.6. ..."      illegal entry: a space
//	79 characters   line too long (column 79): fgets has no room for the '\n'
//	17 lines        too many rows (line 17)
//
// Two extensions, where FILLOMINO-DLX says "illegal entry": a last line
// without '\n' and CRLF line ends are read as if the '\n' were there.
func Parse(name string, data []byte) (*Grid, error) {
	g := &Grid{Name: name}
	lines := bytes.Split(data, []byte{'\n'})
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1] // the input ended with '\n' (or is empty)
	}
	var rows [][]int
	for i, line := range lines {
		line = bytes.TrimSuffix(line, []byte{'\r'})
		row, err := parseLine(name, i+1, line)
		if err != nil {
			return nil, err
		}
		if i >= MaxRows {
			return nil, parse.At(name, i+1, 1, fmt.Errorf("%w (at most %d)", ErrTooManyRows, MaxRows))
		}
		rows = append(rows, row)
		g.Lines = append(g.Lines, string(line))
		g.Cols = max(g.Cols, len(row))
	}
	g.Rows = len(rows)
	g.Clue = make([]int, g.Rows*g.Cols)
	for r, row := range rows {
		copy(g.Clue[r*g.Cols:], row)
	}
	return g, nil
}

// parseLine decodes one line (without its end) as clues, 0 for '.'.
func parseLine(name string, lineNo int, line []byte) ([]int, error) {
	row := make([]int, 0, len(line))
	for k, c := range line {
		if k >= MaxCols {
			return nil, parse.At(name, lineNo, k+1, fmt.Errorf("%w: more than %d entries", ErrLineTooLong, MaxCols))
		}
		d := digitValue(c)
		if d < 0 {
			return nil, parse.At(name, lineNo, k+1, fmt.Errorf("%w %s", ErrIllegalEntry, parse.Quote(string(c))))
		}
		row = append(row, d)
	}
	return row, nil
}

// digitValue is the clue an entry stands for: 0 for '.', 1-15 for '1'-'9'
// and 'a'-'f', -1 for anything else.
func digitValue(c byte) int {
	switch {
	case c == '.':
		return 0
	case c >= '1' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return -1
}

// Detect reports whether data looks like a fillomino grid: at least one
// non-empty line, and every non-empty line made only of '.', '1'-'9' and
// 'a'-'f' (a '\r' before the '\n' allowed); or a first non-empty line so
// made with a '.' in it, which no other format's first line is, so that a
// grid with a stray character further down gets the grid's own error at
// that character, not a spec's at its first '.'.
func Detect(data []byte) bool {
	seen := false
	first := true
	for len(data) > 0 { // a line at a time: never a slice of every line
		if data[0] == '\n' {
			data = data[1:] // an empty line, at the cost of a byte
			continue
		}
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if len(line) == 0 {
			continue
		}
		for _, c := range line {
			if digitValue(c) < 0 {
				return false
			}
		}
		if first && bytes.IndexByte(line, '.') >= 0 {
			return true
		}
		first, seen = false, true
	}
	return seen
}

// MaxClue is the largest clue on the board (0 if none).
func (g *Grid) MaxClue() int {
	m := 0
	for _, d := range g.Clue {
		m = max(m, d)
	}
	return m
}

// Clues is the number of clues.
func (g *Grid) Clues() int {
	n := 0
	for _, d := range g.Clue {
		if d > 0 {
			n++
		}
	}
	return n
}

// Summary is FILLOMINO-DLX's line on standard error.
func (g *Grid) Summary() string {
	return fmt.Sprintf("OK, I've read %d clues <= %d, for a %dx%d board.", g.Clues(), g.MaxClue(), g.Rows, g.Cols)
}

// String writes the grid as it is read: one line per row, '.' for blanks.
func (g *Grid) String() string {
	return FormatLabels(g.Rows, g.Cols, g.Clue)
}

// FormatLabels writes rows x cols labels as lines of hex digits, '.' for 0,
// each line ending in '\n'.
func FormatLabels(rows, cols int, labels []int) string {
	var b strings.Builder
	for r := range rows {
		for c := range cols {
			b.WriteByte(".123456789abcdef"[labels[r*cols+c]&15])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Clone returns a copy of g whose clues can be changed.
func (g *Grid) Clone() *Grid {
	h := *g
	h.Clue = append([]int(nil), g.Clue...)
	h.Lines = nil
	return &h
}
