package burrtools

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"

	"polyviz/geometry"
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
