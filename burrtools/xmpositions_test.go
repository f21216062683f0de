package burrtools

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"polyviz/parse"
)

// oneLineXM is a BurrTools file on one line whose shape has n voxel
// elements, as a generator that writes no newlines makes it.
func oneLineXM(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>`)
	for range n {
		b.WriteString(`<voxel x="1" y="1" z="1" type="0">#</voxel>`)
	}
	b.WriteString(`</shapes><problems/><comment/></puzzle>`)
	return b.Bytes()
}

// TestXMPositionsLinear: the positions of a file's elements are found by
// walking the file once, however long its lines (counting each column
// from the start of its line was quadratic: a 4 MB file of one line took
// over 30 s).
func TestXMPositionsLinear(t *testing.T) {
	text := oneLineXM(20000) // 0.9 MB, 20,000 elements on one line
	pos := newLineIndex(text)
	root, err := readXMTree("one.xmpuzzle", text, pos)
	if err != nil {
		t.Fatal(err)
	}
	if pos.walked > int64(len(text)) {
		t.Errorf("walked %d bytes to place the elements of a %d-byte file", pos.walked, len(text))
	}
	shapes := root.children[2]
	last := shapes.children[len(shapes.children)-1]
	if want := bytes.LastIndex(text, []byte("<voxel")) + 1; last.line != 1 || last.col != want {
		t.Errorf("last voxel at %d:%d, want 1:%d", last.line, last.col, want)
	}
}

// TestXMPositions: lines and columns (in runes) of elements and of
// errors, on several lines with multi-byte characters, and when asked out
// of order.
func TestXMPositions(t *testing.T) {
	text := []byte("<a>\n  <é/>ü<b/>\n\n<c>\n")
	li := newLineIndex(text)
	naive := func(off int) (int, int) {
		before := text[:off]
		line := bytes.Count(before, []byte("\n")) + 1
		start := bytes.LastIndexByte(before, '\n') + 1
		return line, utf8.RuneCount(before[start:]) + 1
	}
	offs := []int{0, 3, 6, 10, 11, 16, 17, 4, len(text), 100}
	for _, off := range offs {
		l, c := li.at(int64(off))
		wl, wc := naive(min(off, len(text)))
		if l != wl || c != wc {
			t.Errorf("offset %d: %d:%d, want %d:%d", off, l, c, wl, wc)
		}
	}
	// a syntax error far along a long line is placed in its column
	bad := append(oneLineXM(1000), "</nope>"...)
	bad = bytes.Replace(bad, []byte("</puzzle></nope>"), []byte("</puzzle><</nope>"), 1)
	_, err := parseXMTree("bad.xmpuzzle", bad)
	var pe *parse.Error
	if !errors.As(err, &pe) || pe.Line != 1 || pe.Col < len(bad)-20 || !strings.Contains(err.Error(), "bad.xmpuzzle:1:") {
		t.Errorf("err = %v, want a syntax error near 1:%d", err, len(bad))
	}
}
