package puzzle

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
	"strings"
)

// MaxSpecBytes is the largest spec ParseSpecOn reads: 64 MiB. A spec is a
// box line and a line per piece; the largest box (62×62×62 cells, written
// one cell at a time) takes 1 MiB, and a million pieces about 12 MiB, so
// an input beyond this is not a spec someone meant, and reading it
// would only spend memory (16 bytes a line for Puzzle.Lines).
const MaxSpecBytes = 64 << 20

var (
	// ErrSpecTooBig: an input longer than MaxSpecBytes offered as a spec.
	ErrSpecTooBig = errors.New("input too long for a spec")
	// ErrIllegalSuffixChar: a control character in a 2D cell's suffix.
	ErrIllegalSuffixChar = errors.New("illegal character in cell suffix")
)

// checkSpecSize refuses a spec longer than MaxSpecBytes, before any of it
// is read.
func checkSpecSize(file string, data []byte) error {
	if len(data) <= MaxSpecBytes {
		return nil
	}
	return &ParseError{File: file, Err: fmt.Errorf("%w: %d bytes, more than the %d MiB a spec may have",
		ErrSpecTooBig, len(data), MaxSpecBytes>>20)}
}

// lineSpan is a line of an input as byte offsets: data[start:end] is the
// line without its newline (and without a carriage return before it).
type lineSpan struct{ start, end int }

// lineSpans yields the 0-based number and the span of every line of data,
// one at a time, so that an input of millions of lines is never cut into a
// slice of them. A final line without a newline still counts; a carriage
// return at the end of a line is dropped, so CRLF input (a file saved on
// Windows) reads as LF input everywhere. Knuth's programs would take the
// '\r' as part of the last cell or suffix; we do not.
func lineSpans(data []byte) iter.Seq2[int, lineSpan] {
	return func(yield func(int, lineSpan) bool) {
		for i, start := 0, 0; start < len(data); i++ {
			end := len(data)
			next := end
			if j := bytes.IndexByte(data[start:], '\n'); j >= 0 {
				end, next = start+j, start+j+1
			}
			if end > start && data[end-1] == '\r' {
				end--
			}
			if !yield(i, lineSpan{start, end}) {
				return
			}
			start = next
		}
	}
}

// splitLines yields the 0-based number and the bytes of every line of data
// (see lineSpans).
func splitLines(data []byte) iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		for i, sp := range lineSpans(data) {
			if !yield(i, data[sp.start:sp.end]) {
				return
			}
		}
	}
}

// countLines is the number of lines lineSpans yields.
func countLines(data []byte) int {
	n := bytes.Count(data, []byte("\n"))
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

// isControl reports whether c is an ASCII control character (a NUL, a tab,
// DEL, ...): no name or suffix may hold one, since a DLX file would carry
// it raw (a NUL ends the name for Knuth's programs, a tab splits it).
func isControl(c byte) bool {
	return c < 0x20 || c == 0x7f
}

// maxWarnings is the most warnings a spec's reader keeps one by one; the
// rest are counted, so that a million blank lines give a short message and
// not a million lines on standard error.
const maxWarnings = 20

// warnEmpty records the warning that the current line, an empty piece or
// line (what), is being ignored; past maxWarnings it only counts it, so a
// million blank lines cost a counter, not a million strings.
func (r *specReader) warnEmpty(what string) {
	if len(r.pz.Warnings) < maxWarnings {
		r.pz.Warnings = append(r.pz.Warnings, fmt.Sprintf("%s:%d: empty %s is being ignored", r.file, r.lineNo, what))
		return
	}
	r.unwarned++
}

// finishWarnings adds the count of the warnings not kept.
func (r *specReader) finishWarnings() {
	if r.unwarned > 0 {
		r.pz.Warnings = append(r.pz.Warnings, fmt.Sprintf("%s: %d more empty lines or pieces are being ignored", r.file, r.unwarned))
	}
}

// commentWord is the first word of a comment line ("| wrap x" gives
// "wrap"), and false for other lines. It allocates nothing: every reader
// of the spec's comment lines asks it first, so a spec of millions of
// comments costs no more than the memory check assumes.
func commentWord(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "|")
	if !ok {
		return "", false
	}
	rest = strings.TrimLeft(rest, " \t")
	if i := strings.IndexAny(rest, " \t"); i >= 0 {
		rest = rest[:i]
	}
	return rest, true
}
