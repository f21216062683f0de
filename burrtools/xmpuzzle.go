package burrtools

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"image/color"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"polyviz/geometry"
	"polyviz/parse"
)

// File is a BurrTools puzzle file (.xmpuzzle) as read: its grid, its
// colours, its shapes and its problems. The file is XML, usually compressed
// with gzip:
//
//	<puzzle version="2">
//	  <gridType type="0"/>
//	  <colors><color red="255" green="0" blue="0"/></colors>
//	  <shapes>
//	    <voxel x="3" y="1" z="1" type="0" name="I">###</voxel>
//	    <voxel x="3" y="2" z="1" type="0">+#1##__</voxel>
//	  </shapes>
//	  <problems>
//	    <problem name="box" state="0">
//	      <shapes><shape id="0" count="2"/><shape id="1" min="0" max="1"/></shapes>
//	      <result id="2"/>
//	      <bitmap><pair piece="0" result="0"/></bitmap>
//	    </problem>
//	  </problems>
//	</puzzle>
//
// A voxel string lists the x*y*z voxels with x varying fastest, then y, then
// z: '_' empty, '#' filled, '+' variable (in a result shape: a cell that may
// stay empty), each optionally followed by a decimal colour number (1 is
// the first <color>; 0 or none is neutral). A problem's parts name shapes by
// their 0-based position under <shapes>; count="n" means n identical
// pieces, min/max a range (no attribute at all means one). <result> names
// the shape to fill. <bitmap> lists the colour pairs allowed (0-based: piece
// colour, result colour): when the puzzle defines colours, a piece voxel of
// colour c may only go on a result voxel of colour c' when the pair is
// listed, or when either colour is neutral. Solutions, disassemblies,
// groups and comments are read past and ignored; a problem's maxHoles is
// read but not applied (Warnings says so).
//
// Only the cube grid (gridType 0, the default when there is none) is
// supported.
type File struct {
	GridType int
	// Colors are the puzzle's colours; voxel colour i is Colors[i-1].
	Colors   []color.RGBA
	Shapes   []Shape
	Problems []Problem
	Comment  string
}

// Shape is one voxel space of an .xmpuzzle file.
type Shape struct {
	// Name is the shape's name attribute ("" when it has none).
	Name string
	// Size is the voxel space's extent on each axis.
	Size geometry.Cell
	// Filled and Variable are the '#' and '+' voxels.
	Filled, Variable geometry.Shape
	// Colors holds the colour of every coloured voxel (0, neutral, is left out).
	Colors map[geometry.Cell]int

	line, col int
}

// Problem is one problem of an .xmpuzzle file.
type Problem struct {
	Name string
	// Parts are the pieces: a shape and how many copies of it.
	Parts []Part
	// Result is the index of the shape to fill, -1 when there is none.
	Result int
	// Allowed lists the colour pairs allowed, 1-based as voxels write them:
	// {piece colour, result colour}.
	Allowed [][2]int
	// MaxHoles is BurrTools' limit on the variable voxels left empty, -1
	// when there is none. polyviz does not apply it (see Warnings).
	MaxHoles int

	line, col int
}

// Part is one kind of piece in a problem: Min to Max copies of a shape.
type Part struct {
	Shape    int
	Min, Max int
	// Group is BurrTools' piece group (group="g"; 0 when not given): for
	// the disassembler, pieces of one group g > 0 may stay together.
	Group int

	line, col int
}

// The problems an .xmpuzzle file can have.
var (
	ErrGzip         = errors.New("not a valid gzip stream")
	ErrSyntax       = errors.New("XML syntax error")
	ErrNotPuzzle    = errors.New("not a BurrTools puzzle (the root element must be <puzzle>)")
	ErrGridType     = errors.New("grid type is not supported")
	ErrAttribute    = errors.New("bad or missing attribute")
	ErrVoxelLength  = errors.New("voxel string has the wrong length")
	ErrVoxelChar    = errors.New("unrecognised character in a voxel string")
	ErrMissingShape = errors.New("problem names a missing shape")
	ErrNoProblem    = errors.New("no such problem")
	ErrTooBig       = errors.New("too large")
	ErrEmptyShape   = errors.New("shape has no filled voxel")
	ErrSplitGroups  = errors.New("copies of one piece in different groups are not supported")
)

// Limits on what Read accepts, so that a hostile file cannot
// exhaust memory: the decompressed size, and each axis of a voxel space
// (cells are named by radix-62 digits, as in Knuth's formats).
const (
	xmMaxBytes = 64 << 20
	xmMaxSide  = geometry.Radix
)

// HasSignature reports whether data looks like an .xmpuzzle file: gzip's
// magic bytes, or XML text starting with "<?xml" or "<puzzle".
func HasSignature(data []byte) bool {
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		return true
	}
	t := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	return bytes.HasPrefix(t, []byte("<?xml")) || bytes.HasPrefix(t, []byte("<puzzle"))
}

// Read reads an .xmpuzzle file, compressed with gzip or plain XML.
// file names the input in errors, which are *parse.Error values with the
// line and column of the element at fault (in the decompressed XML).
func Read(file string, data []byte) (*File, error) {
	text, err := gunzipXM(file, data)
	if err != nil {
		return nil, err
	}
	root, err := parseXMTree(file, text)
	if err != nil {
		return nil, err
	}
	r := &xmReader{file: file}
	return r.puzzle(root)
}

// gunzipXM decompresses data when it starts with gzip's magic bytes, up to
// xmMaxBytes, and returns the XML as UTF-8 (see asUTF8).
func gunzipXM(file string, data []byte) ([]byte, error) {
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return asUTF8(data), nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, &parse.Error{File: file, Err: fmt.Errorf("%w: %v", ErrGzip, err)}
	}
	text, err := io.ReadAll(io.LimitReader(zr, xmMaxBytes+1))
	if err != nil {
		return nil, &parse.Error{File: file, Err: fmt.Errorf("%w: %v", ErrGzip, err)}
	}
	if len(text) > xmMaxBytes {
		return nil, &parse.Error{File: file, Err: detail(ErrTooBig, "more than %d MiB of XML", xmMaxBytes>>20)}
	}
	return asUTF8(text), nil
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
	attrs     map[string]string
	text      strings.Builder
	children  []*xmNode
	line, col int
}

// parseXMTree reads the XML into a tree of elements.
func parseXMTree(file string, text []byte) (*xmNode, error) {
	pos := newLineIndex(text)
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
			n := &xmNode{name: t.Name.Local, attrs: map[string]string{}, line: line, col: col}
			for _, a := range t.Attr {
				n.attrs[a.Name.Local] = a.Value
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
				stack[len(stack)-1].text.Write(t)
			}
		}
	}
	if root == nil || root.name != "puzzle" {
		line, col := 1, 1
		if root != nil {
			line, col = root.line, root.col
		}
		return nil, &parse.Error{File: file, Line: line, Col: col, Err: ErrNotPuzzle}
	}
	return root, nil
}

// lineIndex turns byte offsets into 1-based lines and columns (in runes).
type lineIndex struct {
	text   []byte
	starts []int64
}

func newLineIndex(text []byte) lineIndex {
	li := lineIndex{text: text, starts: []int64{0}}
	for i, c := range text {
		if c == '\n' {
			li.starts = append(li.starts, int64(i+1))
		}
	}
	return li
}

func (li lineIndex) at(off int64) (line, col int) {
	off = min(max(off, 0), int64(len(li.text)))
	lo, hi := 0, len(li.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if li.starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1, utf8.RuneCount(li.text[li.starts[lo]:off]) + 1
}

// xmReader interprets the element tree.
type xmReader struct {
	file string
}

func (r *xmReader) errAt(n *xmNode, err error) error {
	return &parse.Error{File: r.file, Line: n.line, Col: n.col, Err: err}
}

// intAttr reads a non-negative decimal attribute; def is returned when it
// is absent and def >= 0, and an absent attribute is an error when def < 0.
func (r *xmReader) intAttr(n *xmNode, name string, def int) (int, error) {
	s, ok := n.attrs[name]
	if !ok {
		if def >= 0 {
			return def, nil
		}
		return 0, r.errAt(n, detail(ErrAttribute, "<%s> has no %s attribute", n.name, name))
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || v < 0 || v > 1<<24 {
		return 0, r.errAt(n, detail(ErrAttribute, "<%s %s=%s>: want a number from 0 to %d", n.name, name, strconv.Quote(s), 1<<24))
	}
	return v, nil
}

// puzzle reads the <puzzle> element.
func (r *xmReader) puzzle(root *xmNode) (*File, error) {
	x := &File{}
	for _, n := range root.children {
		var err error
		switch n.name {
		case "gridType":
			if x.GridType, err = r.intAttr(n, "type", -1); err != nil {
				return nil, err
			}
			if x.GridType != 0 && geometry.GridType(x.GridType) == nil {
				return nil, r.errAt(n, detail(ErrGridType, "grid type %d is none of BurrTools' grids (cubes, triangular prisms, spheres, rhombic tetrahedra, tetrahedra-octahedra)", x.GridType))
			}
		case "colors":
			err = r.colors(x, n)
		case "shapes":
			for _, v := range n.children {
				if v.name != "voxel" {
					continue
				}
				s, err := r.voxel(v)
				if err != nil {
					return nil, err
				}
				x.Shapes = append(x.Shapes, s)
			}
		case "problems":
			for _, p := range n.children {
				if p.name != "problem" {
					continue
				}
				pr, err := r.problem(x, p)
				if err != nil {
					return nil, err
				}
				x.Problems = append(x.Problems, pr)
			}
		case "comment":
			x.Comment = n.text.String()
		}
		if err != nil {
			return nil, err
		}
	}
	if err := r.checkGridCells(x); err != nil {
		return nil, err
	}
	return x, nil
}

// colors reads the <colors> list.
func (r *xmReader) colors(x *File, n *xmNode) error {
	for _, c := range n.children {
		if c.name != "color" {
			continue
		}
		var v [3]int
		for i, a := range []string{"red", "green", "blue"} {
			var err error
			if v[i], err = r.intAttr(c, a, 0); err != nil {
				return err
			}
		}
		x.Colors = append(x.Colors, color.RGBA{R: uint8(v[0]), G: uint8(v[1]), B: uint8(v[2]), A: 255})
	}
	return nil
}

// voxel reads a <voxel> element: its size and its voxel string.
func (r *xmReader) voxel(n *xmNode) (Shape, error) {
	s := Shape{Name: n.attrs["name"], line: n.line, col: n.col}
	var size [3]int
	for i, a := range []string{"x", "y", "z"} {
		var err error
		if size[i], err = r.intAttr(n, a, -1); err != nil {
			return s, err
		}
		if size[i] > xmMaxSide {
			return s, r.errAt(n, detail(ErrTooBig, "<voxel %s=\"%d\">: at most %d voxels on an axis", a, size[i], xmMaxSide))
		}
	}
	if t, err := r.intAttr(n, "type", 0); err != nil {
		return s, err
	} else if t != 0 {
		return s, r.errAt(n, detail(ErrAttribute, "<voxel type=\"%d\">: only type 0 is known", t))
	}
	s.Size = geometry.Cell{X: size[0], Y: size[1], Z: size[2]}
	total := size[0] * size[1] * size[2]
	idx := -1
	col := 0
	coloured := false
	for _, c := range n.text.String() {
		switch {
		case c == '_' || c == '#' || c == '+':
			idx++
			col = 0
			if idx >= total {
				continue // counted, reported below
			}
			cell := geometry.Cell{X: idx % size[0], Y: idx / size[0] % size[1], Z: idx / (size[0] * size[1])}
			switch c {
			case '#':
				s.Filled = append(s.Filled, cell)
			case '+':
				s.Variable = append(s.Variable, cell)
			}
			coloured = c != '_'
		case c >= '0' && c <= '9':
			if idx < 0 || !coloured {
				return s, r.errAt(n, detail(ErrVoxelChar, "colour digit %q after no filled or variable voxel", c))
			}
			col = col*10 + int(c-'0')
			if col > 999 {
				return s, r.errAt(n, detail(ErrVoxelChar, "colour number too large"))
			}
			if idx < total {
				if s.Colors == nil {
					s.Colors = map[geometry.Cell]int{}
				}
				cell := geometry.Cell{X: idx % size[0], Y: idx / size[0] % size[1], Z: idx / (size[0] * size[1])}
				if col == 0 {
					delete(s.Colors, cell)
				} else {
					s.Colors[cell] = col
				}
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			// BurrTools writes none; tolerated.
		default:
			return s, r.errAt(n, detail(ErrVoxelChar, "%q", c))
		}
	}
	if idx+1 != total {
		return s, r.errAt(n, detail(ErrVoxelLength, "%d voxels for a %dx%dx%d space (want %d)", idx+1, size[0], size[1], size[2], total))
	}
	s.Filled = geometry.NewShape(s.Filled...)
	s.Variable = geometry.NewShape(s.Variable...)
	return s, nil
}

// problem reads a <problem> element; its shape ids must name shapes already read.
func (r *xmReader) problem(x *File, n *xmNode) (Problem, error) {
	p := Problem{Name: n.attrs["name"], Result: -1, MaxHoles: -1, line: n.line, col: n.col}
	if _, ok := n.attrs["maxHoles"]; ok {
		v, err := r.intAttr(n, "maxHoles", -1)
		if err != nil {
			return p, err
		}
		p.MaxHoles = v
	}
	shapeRef := func(e *xmNode, what string) (int, error) {
		id, err := r.intAttr(e, "id", -1)
		if err != nil {
			return 0, err
		}
		if id >= len(x.Shapes) {
			return 0, r.errAt(e, detail(ErrMissingShape, "%s id=\"%d\" but the puzzle has %d shape%s", what, id, len(x.Shapes), pluralS(len(x.Shapes))))
		}
		return id, nil
	}
	for _, c := range n.children {
		switch c.name {
		case "shapes":
			for _, e := range c.children {
				if e.name != "shape" {
					continue
				}
				id, err := shapeRef(e, "<shape>")
				if err != nil {
					return p, err
				}
				part := Part{Shape: id, Min: 1, Max: 1, line: e.line, col: e.col}
				if part.Group, err = r.intAttr(e, "group", 0); err != nil {
					return p, err
				}
				if part.Group, err = r.subGroups(e, part.Group); err != nil {
					return p, err
				}
				if _, ok := e.attrs["count"]; ok {
					if part.Min, err = r.intAttr(e, "count", -1); err != nil {
						return p, err
					}
					part.Max = part.Min
				} else if _, ok := e.attrs["min"]; ok {
					if part.Min, err = r.intAttr(e, "min", -1); err != nil {
						return p, err
					}
					if part.Max, err = r.intAttr(e, "max", -1); err != nil {
						return p, err
					}
					if part.Min > part.Max {
						return p, r.errAt(e, detail(ErrAttribute, "<shape min=\"%d\" max=\"%d\">: min is above max", part.Min, part.Max))
					}
				}
				p.Parts = append(p.Parts, part)
			}
		case "result":
			id, err := shapeRef(c, "<result>")
			if err != nil {
				return p, err
			}
			p.Result = id
		case "bitmap":
			for _, e := range c.children {
				if e.name != "pair" {
					continue
				}
				pc, err := r.intAttr(e, "piece", -1)
				if err != nil {
					return p, err
				}
				rc, err := r.intAttr(e, "result", -1)
				if err != nil {
					return p, err
				}
				p.Allowed = append(p.Allowed, [2]int{pc + 1, rc + 1})
			}
		}
	}
	return p, nil
}

// Warnings lists what problem k asks that polyviz does not apply.
func (x *File) Warnings(file string, k int) []string {
	if k < 0 || k >= len(x.Problems) {
		return nil
	}
	pr := x.Problems[k]
	if pr.MaxHoles >= 0 {
		return []string{fmt.Sprintf("%s:%d:%d: maxHoles=%d is not applied: any variable voxel may stay empty, so polyviz may count more solutions than BurrTools", file, pr.line, pr.col, pr.MaxHoles)}
	}
	return nil
}

// detail wraps a sentinel with more words while keeping errors.Is working.
func detail(err error, format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{err}, args...)...)
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// subGroups reads the <group group="g" count="n"/> elements BurrTools
// writes inside a problem's <shape> when the copies of a piece are given
// groups one by one. polyviz gives a group to a piece, not to each copy:
// when every such element names the same group (or the shape's group=),
// that is the piece's group; copies in different groups are refused by
// name rather than read as group 0, which would change the disassembly's
// answer silently.
func (r *xmReader) subGroups(e *xmNode, group int) (int, error) {
	first := true
	for _, g := range e.children {
		if g.name != "group" {
			continue
		}
		v, err := r.intAttr(g, "group", -1)
		if err != nil {
			return 0, err
		}
		if (!first || group != 0) && v != group {
			return 0, r.errAt(g, detail(ErrSplitGroups, "<group group=\"%d\"> beside group %d in one <shape>", v, group))
		}
		group, first = v, false
	}
	return group, nil
}
