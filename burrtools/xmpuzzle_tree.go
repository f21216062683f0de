package burrtools

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"polyviz/parse"
)

// The .xmpuzzle file as an element tree: gzip, the encoding, and every
// element's line and column for errors.

// gunzipXM decompresses data when it starts with gzip's magic bytes, up to
// xmMaxBytes, and returns the XML as UTF-8 (see asUTF8).
func gunzipXM(file string, data []byte) ([]byte, error) {
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return asUTF8(data), nil
	}
	// a flate.Reader already: gzip asks for one, and the runtime found
	// *bytes.Reader's at run time, building it on a fresh page (a page
	// fault, 14 microseconds on a virtual machine); a conversion written
	// here puts it in the binary's table
	var src flate.Reader = bytes.NewReader(data)
	zr, err := gzip.NewReader(src)
	if err != nil {
		return nil, &parse.Error{File: file, Err: fmt.Errorf("%w: %v", ErrGzip, err)}
	}
	// gzip's trailer gives the size (mod 4 GiB): read into a buffer of
	// that size, not one grown by doubling (a hint only, bounded by the
	// limit and by deflate's greatest ratio)
	hint := int64(binary.LittleEndian.Uint32(data[len(data)-4:]))
	hint = min(hint, xmMaxBytes, 1100*int64(len(data))) + 1
	text, err := readAllInto(make([]byte, 0, hint), io.LimitReader(zr, xmMaxBytes+1))
	if err != nil {
		return nil, &parse.Error{File: file, Err: fmt.Errorf("%w: %v", ErrGzip, err)}
	}
	if len(text) > xmMaxBytes {
		return nil, &parse.Error{File: file, Err: detail(ErrTooBig, "more than %d MiB of XML", xmMaxBytes>>20)}
	}
	return asUTF8(text), nil
}

// readAllInto is io.ReadAll into buf's room first.
func readAllInto(buf []byte, r io.Reader) ([]byte, error) {
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// asUTF8 returns text as UTF-8. BurrTools writes the bytes its user typed
// (names, comments) as they are, with no encoding declared, so a file made on
// a Latin-1 system (BurrTools' own Prisgon example: the "ö" of Götz) is not
// valid UTF-8. Such a file, or one that declares a Latin-1 encoding, is read
// as Latin-1 (every byte is its own code point), which keeps its lines and
// columns. A file that is valid UTF-8 and declares no other encoding is
// returned as it is.
func asUTF8(text []byte) []byte {
	if !latin1Declared(text) && utf8.Valid(text) {
		return text
	}
	out := make([]byte, 0, len(text)+len(text)/8)
	for _, b := range text {
		out = utf8.AppendRune(out, rune(b))
	}
	return out
}

// latin1Declared reports whether the XML declaration names a Latin-1 encoding.
func latin1Declared(text []byte) bool {
	end := bytes.Index(text, []byte("?>"))
	if !bytes.HasPrefix(bytes.TrimLeft(text, " \t\r\n"), []byte("<?xml")) || end < 0 {
		return false
	}
	decl := strings.ToLower(string(text[:end]))
	_, enc, ok := strings.Cut(decl, "encoding=")
	if !ok {
		return false
	}
	enc = strings.Trim(strings.Fields(enc + " ")[0], `"'`)
	return isLatin1Name(enc)
}

func isLatin1Name(enc string) bool {
	switch strings.ToLower(enc) {
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "iso_8859-1", "windows-1252", "cp1252":
		return true
	}
	return false
}

// newXMDecoder returns a strict decoder of XML already turned to UTF-8 by
// gunzipXM: a declared Latin-1 encoding is accepted as such (the bytes were
// converted), any other foreign encoding is an error.
func newXMDecoder(text []byte) *xml.Decoder {
	dec := xml.NewDecoder(bytes.NewReader(text))
	dec.Strict = true
	dec.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		if isLatin1Name(label) || strings.EqualFold(label, "utf8") {
			return in, nil
		}
		return nil, fmt.Errorf("encoding %q is not read (BurrTools writes UTF-8 or Latin-1)", label)
	}
	return dec
}

// xmNode is one XML element: its name, attributes, text and children, and
// the line and column of its '<'.
type xmNode struct {
	name      string
	attrs     []xmAttr // in the order written
	text      []byte   // may be a slice of the file's text: never written to
	children  []*xmNode
	line, col int
}

// xmAttr is one attribute of an element. A tree's attributes are kept in
// a few shared arrays (fastXMTree): a map an element took two small
// arrays each, a fifth of the tree's allocations.
type xmAttr struct{ name, value string }

// attr returns the value of the attribute called name, the last one when
// the element repeats it (encoding/xml does not refuse that).
func (n *xmNode) attr(name string) (string, bool) {
	for i := len(n.attrs) - 1; i >= 0; i-- {
		if n.attrs[i].name == name {
			return n.attrs[i].value, true
		}
	}
	return "", false
}

// attrValue is attr's value alone ("" when absent).
func (n *xmNode) attrValue(name string) string {
	v, _ := n.attr(name)
	return v
}

// parseXMTree reads the XML into a tree of elements.
func parseXMTree(file string, text []byte) (*xmNode, error) {
	return readXMTree(file, text, newLineIndex(text))
}

// readXMTree is parseXMTree with the line index that places its elements.
func readXMTree(file string, text []byte, pos *lineIndex) (*xmNode, error) {
	if root, ok := fastXMTree(text, pos); ok {
		if root == nil || root.name != "puzzle" {
			return nil, notPuzzle(file, root)
		}
		return root, nil
	}
	*pos = *newLineIndex(text)
	return decodeXMTree(file, text, pos)
}

// decodeXMTree is readXMTree by encoding/xml's tokens, for every file.
func decodeXMTree(file string, text []byte, pos *lineIndex) (*xmNode, error) {
	dec := newXMDecoder(text)
	var stack []*xmNode
	var root *xmNode
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			line, col := pos.at(dec.InputOffset())
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, &parse.Error{File: file, Line: line, Col: col, Err: fmt.Errorf("%w: %s", ErrSyntax, se.Msg)}
			}
			return nil, &parse.Error{File: file, Line: line, Col: col, Err: fmt.Errorf("%w: %v", ErrSyntax, err)}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			line, col := pos.at(start)
			n := &xmNode{name: t.Name.Local, line: line, col: col}
			for _, a := range t.Attr {
				n.attrs = append(n.attrs, xmAttr{a.Name.Local, a.Value})
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else if root == nil {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text = append(stack[len(stack)-1].text, t...)
			}
		}
	}
	if root == nil || root.name != "puzzle" {
		return nil, notPuzzle(file, root)
	}
	return root, nil
}

// notPuzzle is the error of a file whose root element (nil: none) is no
// <puzzle>.
func notPuzzle(file string, root *xmNode) error {
	line, col := 1, 1
	if root != nil {
		line, col = root.line, root.col
	}
	return &parse.Error{File: file, Line: line, Col: col, Err: ErrNotPuzzle}
}

// lineIndex turns byte offsets into 1-based lines and columns (in runes).
// The reader asks for offsets in increasing order, so it walks forward
// from its last answer: the whole file is walked once, where counting each
// column from its line's start was quadratic on a file of one long line.
type lineIndex struct {
	text      []byte
	off       int64 // the offset of the last answer
	line, col int   // its line and column
	walked    int64 // bytes walked, all told
}

func newLineIndex(text []byte) *lineIndex {
	return &lineIndex{text: text, line: 1, col: 1}
}

func (li *lineIndex) at(off int64) (line, col int) {
	off = min(max(off, 0), int64(len(li.text)))
	if off < li.off {
		li.off, li.line, li.col = 0, 1, 1 // backwards: start again
	}
	// The text is UTF-8 (asUTF8), so a walk rune by rune stops at the
	// first rune's start at or after off; lines and runes are counted a
	// run at a time rather than a rune at a time.
	end := off
	for end < int64(len(li.text)) && !utf8.RuneStart(li.text[end]) {
		end++
	}
	p := li.off
	for p < end {
		nl := bytes.IndexByte(li.text[p:end], '\n')
		if nl < 0 {
			li.col += utf8.RuneCount(li.text[p:end])
			p = end
			break
		}
		li.line, li.col = li.line+1, 1
		p += int64(nl) + 1
	}
	li.walked += p - li.off
	li.off = p
	return li.line, li.col
}
