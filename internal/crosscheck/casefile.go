package crosscheck

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"polyviz/burrtools"
	"polyviz/geometry"
	"polyviz/puzzle"
)

// shapeKey names a piece's shape up to the lattice's orientations (its
// rotations; on planar lattices its reflections too).
func shapeKey(l *geometry.Lattice, s geometry.Shape) string {
	var keys []string
	for _, o := range l.Orientations(s) {
		keys = append(keys, o.String())
	}
	slices.Sort(keys)
	return keys[0]
}

// pieceLine is a piece as written: its name, how many copies (from min
// to max), its cells.
type pieceLine struct {
	name     string
	min, max int
	cells    geometry.Shape
}

// lines names the pieces (A, B, ...), merging identical ones into one line
// with a multiplicity now and then.
func (g *generator) lines(pieces []geometry.Shape) []pieceLine {
	merge := g.r.IntN(3) == 0
	if merge {
		g.say("identical pieces merged")
	}
	count := map[string]int{}
	for _, p := range pieces {
		count[shapeKey(g.l, p)]++
	}
	written := map[string]bool{}
	var out []pieceLine
	for _, p := range pieces {
		k := shapeKey(g.l, p)
		if merge && written[k] {
			continue
		}
		written[k] = true
		n := 1
		if merge {
			n = count[k]
		}
		out = append(out, pieceLine{name: pieceName(len(out)), min: n, max: n, cells: p})
	}
	return out
}

// pieceName returns A..Z, then a..z, then A0, B0, ...
func pieceName(i int) string {
	const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	if i < len(letters) {
		return letters[i : i+1]
	}
	return fmt.Sprintf("%c%d", letters[i%len(letters)], i/len(letters)-1)
}

// spec writes the region and pieces as a spec of the lattice's format.
func (g *generator) spec(region geometry.Shape, pieces []geometry.Shape) Case {
	ls := g.lines(pieces)
	if g.l.Planar() && len(ls) > 1 && g.r.IntN(5) == 0 {
		// one piece may be left out for a stranger of its size
		i := g.r.IntN(len(ls))
		ls[i].min = 0
		ls[i].max = max(ls[i].max, 1)
		stranger := g.polyform(len(ls[i].cells))
		ls = append(ls, pieceLine{name: pieceName(len(ls)), min: 0, max: 1, cells: stranger})
		g.say("piece %s optional beside a stranger %s", ls[i].name, ls[len(ls)-1].name)
	}
	var b strings.Builder
	format := puzzle.FormatPolycube
	switch g.l {
	case geometry.Squares():
		format = puzzle.FormatPolyomino
	case geometry.Triangles():
		format = puzzle.FormatPolyiamond
	case geometry.Hexagons():
		format = puzzle.FormatPolyhex
	}
	lead := "crosscheck"
	if format == puzzle.FormatPolyiamond || format == puzzle.FormatPolyhex {
		lead = string(format) // names the lattice for polyviz solve
	}
	about := strings.Join(g.about, ", ")
	fmt.Fprintf(&b, "| %s: %s, %s\n", lead, g.l.Name(), about)
	b.WriteString(g.cells(region))
	b.WriteString("\n")
	for _, pl := range ls {
		name := pl.name
		switch {
		case pl.min == 1 && pl.max == 1:
		case pl.min != pl.max:
			name = fmt.Sprintf("%d:%d|%s", pl.min, pl.max, name)
		case g.l.Planar():
			name = fmt.Sprintf("%d|%s", pl.min, name)
		default:
			name = fmt.Sprintf("%c*%s", geometry.EncodeDigit(pl.min), name)
		}
		fmt.Fprintf(&b, "%s %s\n", name, g.cells(pl.cells))
	}
	return Case{Name: "random.txt", Lattice: g.l, Format: format, Data: []byte(b.String()), About: about}
}

// polyform returns a random connected shape of n cells, away from the
// region (a piece's cells are normalized when read).
func (g *generator) polyform(n int) geometry.Shape {
	start := geometry.Cell{X: 30, Y: 30}
	if g.l == geometry.Cubes() {
		start.Z = 30
	}
	s := geometry.Shape{start}
	for len(s) < n {
		c := s[g.r.IntN(len(s))]
		nb := g.l.Neighbours(c)
		m := nb[g.r.IntN(len(nb))]
		if !slices.Contains(s, m) {
			s = append(s, m)
		}
	}
	return g.l.Normalize(geometry.NewShape(s...))
}

// cells writes cells as the lattice's spec does: "xyz" in 3D, "xy" in the
// plane, "xy'" for a ∇ triangle.
func (g *generator) cells(s geometry.Shape) string {
	var out []string
	for _, c := range s {
		x, y := geometry.EncodeDigit(c.X), geometry.EncodeDigit(c.Y)
		switch {
		case !g.l.Planar():
			out = append(out, string([]byte{x, y, geometry.EncodeDigit(c.Z)}))
		case c.Z == 1:
			out = append(out, string([]byte{x, y, '\''}))
		default:
			out = append(out, string([]byte{x, y}))
		}
	}
	return strings.Join(out, " ")
}

// xmpuzzle writes a cubic case as a BurrTools file in which the cells of
// one piece, and now and then a few more, may stay empty; the piece is
// left out half the time.
func (g *generator) xmpuzzle(region geometry.Shape, pieces []geometry.Shape) Case {
	ls := g.lines(pieces)
	i := g.r.IntN(len(ls))
	optional := slices.Clone(ls[i].cells)
	for range g.r.IntN(3) {
		optional = append(optional, region[g.r.IntN(len(region))])
	}
	optional = geometry.NewShape(optional...)
	optional = slices.Compact(optional)
	if len(ls) > 1 && g.r.IntN(2) == 0 {
		ls[i].min--
		ls[i].max--
		g.say("a piece's cells (and %d more) may stay empty, one copy of it left out", len(optional)-len(ls[i].cells))
	} else {
		g.say("a piece's cells (and %d more) may stay empty", len(optional)-len(ls[i].cells))
	}
	var required geometry.Shape
	for _, c := range region {
		if !optional.Contains(c) {
			required = append(required, c)
		}
	}
	shape := func(name string, filled, variable geometry.Shape) burrtools.Shape {
		_, hi := geometry.NewShape(append(slices.Clone(filled), variable...)...).Bounds()
		return burrtools.Shape{Name: name, Size: hi.Add(geometry.Cell{X: 1, Y: 1, Z: 1}), Filled: filled, Variable: variable}
	}
	x := &burrtools.File{Comment: "crosscheck: " + strings.Join(g.about, ", ")}
	pr := burrtools.Problem{Name: "random", MaxHoles: -1}
	for _, pl := range ls {
		if pl.max == 0 {
			continue
		}
		pr.Parts = append(pr.Parts, burrtools.Part{Shape: len(x.Shapes), Min: pl.min, Max: pl.max})
		x.Shapes = append(x.Shapes, shape(pl.name, g.l.Normalize(pl.cells), nil))
	}
	pr.Result = len(x.Shapes)
	x.Shapes = append(x.Shapes, shape("box", geometry.NewShape(required...), optional))
	x.Problems = []burrtools.Problem{pr}
	var buf bytes.Buffer
	if err := x.WriteXML(&buf); err != nil {
		return g.spec(region, pieces) // not expected: a bytes.Buffer does not fail
	}
	about := strings.Join(g.about, ", ")
	return Case{Name: "random.xmpuzzle", Lattice: g.l, Format: burrtools.Format, Data: buf.Bytes(), About: about}
}
