package burrtools

import (
	"bytes"
	"encoding/binary"
	"image/color"
	"math/bits"
	"strconv"
	"strings"

	"polyviz/geometry"
	"polyviz/parse"
)

// The reader of the element tree (xmpuzzle_tree.go) into a File.

// xmReader interprets the element tree.
type xmReader struct {
	file string
	// plainVoxels' working arrays, for every shape of the file: made a
	// shape, their first spans and span lists of a few sizes cost page
	// faults (14 microseconds each on a virtual machine)
	scratch voxelScratch
}

// voxelScratch holds plainVoxels' working arrays between calls.
type voxelScratch struct {
	at, order []uint32
	count     []int32
}

func (r *xmReader) errAt(n *xmNode, err error) error {
	return &parse.Error{File: r.file, Line: n.line, Col: n.col, Err: err}
}

// intAttr reads a non-negative decimal attribute; def is returned when it
// is absent and def >= 0, and an absent attribute is an error when def < 0.
func (r *xmReader) intAttr(n *xmNode, name string, def int) (int, error) {
	s, ok := n.attr(name)
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
			x.Comment = string(n.text)
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
	s := Shape{Name: n.attrValue("name"), line: n.line, col: n.col}
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
	if plainVoxels(&s, n.text, size, &r.scratch) {
		return s, nil
	}
	idx := -1
	col := 0
	coloured := false
	for _, c := range string(n.text) {
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
	s.Filled = geometry.SortCells(s.Filled)
	s.Variable = geometry.SortCells(s.Variable)
	return s, nil
}

// plainVoxels reads a voxel string of exactly one '_', '#' or '+' a voxel
// (no colours, no blanks), as BurrTools writes most, into s's cells:
// false for any other string, which voxel reads.
func plainVoxels(s *Shape, text []byte, size [3]int, scratch *voxelScratch) bool {
	if len(text) != size[0]*size[1]*size[2] {
		return false
	}
	// The string runs x fastest, then y, then z; a Shape's order is x,
	// then y, then z slowest. One pass finds the voxels that are not
	// '_' (eachVoxel), each packed as x | y<<8 | z<<16 (no side is over
	// xmMaxSide) with bit 24 for '+', and counts each (x, y) row's; a
	// stable counting sort on the row then puts them in a Shape's order.
	// The line of sx voxels holding a voxel is followed, not divided out:
	// two divisions a voxel took most of the time.
	var _ [255 - xmMaxSide]struct{} // a side fits in 8 bits
	sx, sy := size[0], size[1]
	at := scratch.at[:0]
	if n := len(text) - bytes.Count(text, []byte{'_'}); n > cap(at) {
		// its size at once: grown by appends, a box of 2,256 voxels
		// took five arrays, each of a size new to the command
		at = make([]uint32, 0, max(n, 256))
	}
	var count []int32
	filled, variable := 0, 0
	line, y, z := 0, 0, 0 // the start of the voxel's line, its y and z
	ok := eachVoxel(text, func(i int) bool {
		v := uint32(0)
		switch text[i] {
		case '#':
			filled++
		case '+':
			variable++
			v = 1 << 24
		default:
			return false
		}
		for i >= line+sx {
			line += sx
			if y++; y == sy {
				y, z = 0, z+1
			}
		}
		if count == nil {
			if count = scratch.count; cap(count) < sx*sy+1 {
				count = make([]int32, sx*sy+1)
			}
			count = count[:sx*sy+1]
			clear(count)
		}
		x := i - line
		at = append(at, v|uint32(x|y<<8|z<<16))
		count[x*sy+y+1]++
		return true
	})
	if !ok || filled+variable == 0 {
		return ok
	}
	for k := 1; k < len(count); k++ {
		count[k] += count[k-1]
	}
	scratch.at, scratch.count = at, count
	order := scratch.order
	if cap(order) < len(at) {
		order = make([]uint32, len(at))
		scratch.order = order
	}
	order = order[:len(at)]
	for _, v := range at {
		k := int(v&0xff)*sy + int(v>>8&0xff)
		order[count[k]] = v
		count[k]++
	}
	if filled > 0 {
		s.Filled = make(geometry.Shape, 0, filled)
	}
	if variable > 0 {
		s.Variable = make(geometry.Shape, 0, variable)
	}
	for _, v := range order {
		c := geometry.Cell{X: int(v & 0xff), Y: int(v >> 8 & 0xff), Z: int(v >> 16 & 0xff)}
		if v>>24 == 0 {
			s.Filled = append(s.Filled, c)
		} else {
			s.Variable = append(s.Variable, c)
		}
	}
	return true
}

// empty32s returns the length of the run of '_' at the start of text, in
// whole blocks of 32: four words a block, tested at once (a call to
// compare 64 bytes cost more than it saved).
func empty32s(text []byte) int {
	const empty8 = 0x5f5f5f5f5f5f5f5f
	n := 0
	for ; n+32 <= len(text); n += 32 {
		b := text[n : n+32]
		if (binary.LittleEndian.Uint64(b)^empty8)|(binary.LittleEndian.Uint64(b[8:])^empty8)|
			(binary.LittleEndian.Uint64(b[16:])^empty8)|(binary.LittleEndian.Uint64(b[24:])^empty8) != 0 {
			break
		}
	}
	return n
}

// eachVoxel calls f with the offset of each byte of text that is not '_',
// in order, until f returns false (then so does eachVoxel), eight bytes
// at a time: most of a grid puzzle's string is empty, and a word's other
// bytes are found by their bits, not a loop.
func eachVoxel(text []byte, f func(i int) bool) bool {
	const empty8 = 0x5f5f5f5f5f5f5f5f
	i := 0
	for ; i+8 <= len(text); i += 8 {
		// a byte of w is zero where text has '_'
		w := binary.LittleEndian.Uint64(text[i:]) ^ empty8
		if w == 0 {
			// in a run of empty voxels: 32 at a time while it lasts
			i += empty32s(text[i+8:])
			continue
		}
		for w != 0 {
			b := bits.TrailingZeros64(w) / 8
			if !f(i + b) {
				return false
			}
			w &^= 0xff << (8 * b)
		}
	}
	for ; i < len(text); i++ {
		if text[i] != '_' && !f(i) {
			return false
		}
	}
	return true
}

// problem reads a <problem> element; its shape ids must name shapes already read.
func (r *xmReader) problem(x *File, n *xmNode) (Problem, error) {
	p := Problem{Name: n.attrValue("name"), Result: -1, MaxHoles: -1, line: n.line, col: n.col}
	if _, ok := n.attr("maxHoles"); ok {
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
				if _, ok := e.attr("count"); ok {
					if part.Min, err = r.intAttr(e, "count", -1); err != nil {
						return p, err
					}
					part.Max = part.Min
				} else if _, ok := e.attr("min"); ok {
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
