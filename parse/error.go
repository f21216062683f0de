// Package parse holds what every reader of polyviz's input formats shares:
// an error with a position (file, line, column), so that a bad spec, DLX
// file, Lepage problem, fillomino grid or BurrTools file is reported the same
// way by the command line and the window.
//
// A reader returns
//
//	&parse.Error{File: "soma.txt", Line: 3, Col: 7, Err: ErrDecreasingRange}
//
// which prints as "soma.txt:3:7: decreasing range" and unwraps to its
// sentinel, so callers test it with errors.Is and find the position with
// errors.As.
package parse

import (
	"fmt"
	"unicode/utf8"
)

// Error is a problem in an input at a position: the file, the 1-based line
// and the 1-based column counted in runes. Line 0 means the whole input (an
// empty file, say); it then prints without a position.
type Error struct {
	File string
	Line int
	Col  int
	Err  error
}

// Error prints the error as "file:line:col: reason".
func (e *Error) Error() string {
	file := e.File
	if file == "" {
		file = "<input>"
	}
	if e.Line <= 0 {
		return fmt.Sprintf("%s: %v", file, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: %v", file, e.Line, e.Col, e.Err)
}

// Unwrap returns the reason, usually one of the reading package's sentinels.
func (e *Error) Unwrap() error { return e.Err }

// At returns an Error at line and column col of file.
func At(file string, line, col int, err error) *Error {
	return &Error{File: file, Line: line, Col: col, Err: err}
}

// MaxQuote is the number of runes of a token that Quote keeps.
const MaxQuote = 60

// Quote returns tok quoted for an error message, cut to MaxQuote runes with
// "..." after it, so that a message never echoes a megabyte-long token.
func Quote(tok string) string {
	if utf8.RuneCountInString(tok) <= MaxQuote {
		return fmt.Sprintf("%q", tok)
	}
	n, i := 0, 0
	for i = range tok {
		if n == MaxQuote {
			break
		}
		n++
	}
	return fmt.Sprintf("%q...", tok[:i])
}
