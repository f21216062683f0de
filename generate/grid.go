package generate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"polyviz/geometry"
	"polyviz/shapeinfo"
)

// ErrGridMilling is returned for the millable or notchable filter on one
// of BurrTools' grids: both are tests of cubes.
var ErrGridMilling = errors.New("millable and notchable are tests of pieces made of cubes, not of a BurrTools grid's cells")

// NewGridTemplate is NewTemplate on one of BurrTools' grids (prisms,
// spheres, rhombic tetrahedra, tetra-octa): the cells are the grid's index
// triples, each checked to be a cell.
func NewGridTemplate(g *geometry.Grid, fixed, optional geometry.Shape) (Template, error) {
	if g == nil {
		return Template{}, errors.New("a template needs a grid")
	}
	t := Template{Grid: g, Fixed: geometry.NewShape(fixed...), Optional: geometry.NewShape(optional...)}
	for _, c := range t.Cells() {
		if !g.IsCell(c) {
			return Template{}, fmt.Errorf("%v is no cell of the %s grid", c, g.Name())
		}
	}
	for _, c := range t.Optional {
		if t.Fixed.Contains(c) {
			return Template{}, fmt.Errorf("cell %v is both fixed and optional", c)
		}
	}
	if len(t.Fixed)+len(t.Optional) == 0 {
		return Template{}, errors.New("the template has no cells")
	}
	if len(t.Optional) > MaxOptional {
		return Template{}, &TooManyError{Optional: len(t.Optional)}
	}
	return t, nil
}

// Space names what the template's cells are: its lattice's or grid's name.
func (t Template) Space() string {
	if t.Grid != nil {
		return t.Grid.Name()
	}
	if t.Lattice == nil {
		return "no lattice"
	}
	return t.Lattice.Name()
}

// gridNeighbours finds a grid's face neighbours once per kind of cell: a
// cell's neighbours are those of its normalized copy, moved back by the
// same translation of the grid.
type gridNeighbours struct {
	g    *geometry.Grid
	memo map[geometry.Cell][]geometry.Cell
}

func (n *gridNeighbours) of(c geometry.Cell) []geometry.Cell {
	rep := n.g.Normalize(geometry.Shape{c})[0]
	offs, ok := n.memo[rep]
	if !ok {
		for _, d := range n.g.Neighbours(rep) {
			offs = append(offs, d.Sub(rep))
		}
		n.memo[rep] = offs
	}
	out := make([]geometry.Cell, len(offs))
	for i, d := range offs {
		out[i] = c.Add(d)
	}
	return out
}

// generateGrid is Generate on a BurrTools grid: pieces joined through the
// grid's faces (touching, on spheres), the same up to the grid's rotations
// (and its mirror maps for Mirror), moved by its translations.
func generateGrid(ctx context.Context, t Template, opt Options, res Result, total uint64) (Result, error) {
	f, gr := opt.Filter, t.Grid
	if f.Connected > Faces {
		return res, fmt.Errorf("on the %s grid pieces are joined through faces or not at all: connected edge or corner is not defined there", gr.Name())
	}
	if f.Unique == Mirror && gr.NumMaps() == gr.NumRotations() {
		return res, fmt.Errorf("the %s grid has no reflections: unique mirror is unique rotation there", gr.Name())
	}
	maxPieces := opt.MaxPieces
	if maxPieces <= 0 {
		maxPieces = DefaultMaxPieces
	}
	nb := &gridNeighbours{g: gr, memo: map[geometry.Cell][]geometry.Cell{}}
	cells := t.Cells()
	index := make(map[geometry.Cell]int, len(cells))
	for i, c := range cells {
		index[c] = i
	}
	adj := make([][]int, len(cells))
	for i, c := range cells {
		for _, d := range nb.of(c) {
			if j, ok := index[d]; ok {
				adj[i] = append(adj[i], j)
			}
		}
	}
	maps := 1 // Translation and Every: the identity
	switch f.Unique {
	case Rotation:
		maps = gr.NumRotations()
	case Mirror:
		maps = gr.NumMaps()
	}
	nf, k := len(t.Fixed), len(t.Optional)
	lo, hi := f.Min-nf, k
	if f.Max > 0 {
		hi = f.Max - nf
	}
	in := make([]bool, len(cells))
	for i := range nf {
		in[i] = true
	}
	type class struct {
		piece   Piece
		subsets int
		kept    bool
	}
	var seen []class
	classes := map[string]int{}
	for mask := uint64(0); mask < uint64(1)<<k; mask++ {
		if mask&(1<<12-1) == 0 {
			if err := ctx.Err(); err != nil {
				return res, err
			}
			if opt.Progress != nil {
				opt.Progress(res.Tried, total)
			}
		}
		if nf == 0 && mask == 0 {
			continue
		}
		res.Tried++
		if n := bits.OnesCount64(mask); n < lo || n > hi {
			continue
		}
		var sh geometry.Shape
		for j := range k {
			in[nf+j] = mask>>j&1 == 1
		}
		for i, on := range in {
			if on {
				sh = append(sh, cells[i])
			}
		}
		joined := joinedIn(in, adj)
		if f.Connected == Faces && !joined {
			continue
		}
		sh = gr.Normalize(sh)
		key := ""
		if f.Unique != Every {
			key = gridKey(gr, sh, maps)
			if i, ok := classes[key]; ok {
				seen[i].subsets++
				continue
			}
			if len(classes) >= maxPieces {
				return res, fmt.Errorf("more than %d different pieces on the way: raise the limit on pieces", maxPieces)
			}
			classes[key] = len(seen)
		}
		p, ok := gridCheck(gr, nb, f, sh, joined)
		seen = append(seen, class{piece: p, subsets: 1, kept: ok})
	}
	if opt.Progress != nil {
		opt.Progress(res.Tried, total)
	}
	res.Different = len(seen)
	for _, c := range seen {
		if c.kept {
			c.piece.Subsets = c.subsets
			res.Pieces = append(res.Pieces, c.piece)
		}
	}
	if f.Unique == Every {
		res.Different = len(res.Pieces)
	}
	slices.SortStableFunc(res.Pieces, func(a, b Piece) int { return len(a.Cells) - len(b.Cells) })
	return res, nil
}

// joinedIn reports whether the cells with in set are joined through adj.
func joinedIn(in []bool, adj [][]int) bool {
	mark := make([]bool, len(in))
	var stack []int
	size := 0
	for i, on := range in {
		if on {
			if size == 0 {
				stack, mark[i] = append(stack, i), true
			}
			size++
		}
	}
	reached := len(stack)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, j := range adj[i] {
			if in[j] && !mark[j] {
				mark[j] = true
				reached++
				stack = append(stack, j)
			}
		}
	}
	return reached == size
}

// gridKey is the least of sh's images under the grid's first maps maps
// that land on the grid, normalized (sh itself, normalized, for one map).
func gridKey(gr *geometry.Grid, sh geometry.Shape, maps int) string {
	best := shapeKey(sh)
	for m := 1; m < maps; m++ {
		if o, ok := gr.Orient(m, sh); ok {
			if s := shapeKey(o); s < best {
				best = s
			}
		}
	}
	return best
}

// shapeKey packs a sorted shape's coordinates, negative ones too, as a
// map key.
func shapeKey(sh geometry.Shape) string {
	b := make([]byte, 0, 12*len(sh))
	for _, c := range sh {
		for _, v := range [3]int{c.X, c.Y, c.Z} {
			u := uint32(int32(v)) ^ 1<<31
			b = append(b, byte(u>>24), byte(u>>16), byte(u>>8), byte(u))
		}
	}
	return string(b)
}

// gridCheck runs the filters on the normalized piece sh and fills in its
// facts.
func gridCheck(gr *geometry.Grid, nb *gridNeighbours, f Filter, sh geometry.Shape, joined bool) (Piece, bool) {
	p := Piece{Cells: sh, Holes: -1, Connected: shapeinfo.ViaFaces}
	if gr == geometry.Spheres() {
		p.Connected = shapeinfo.ViaTouch
	}
	if !joined {
		p.Connected = "none"
	}
	self := shapeKey(sh)
	for m := range gr.NumMaps() {
		if o, ok := gr.Orient(m, sh); ok && shapeKey(o) == self {
			p.Order++
			if !gr.Proper(m) {
				p.Chiral = true // for now: a mirror map keeps it
			}
		}
	}
	p.Chiral = !p.Chiral
	if f.Chiral && !p.Chiral || f.Asymmetric && p.Order > 1 {
		return p, false
	}
	if f.NoHoles {
		if p.Holes = GridHoles(gr, sh); p.Holes != 0 {
			return p, false
		}
	}
	return p, true
}

// GridHoles counts the empty cells of the grid that sh encloses: those not
// reached from outside its bounds (widened by two of the grid's periods)
// through empty cells and the grid's face neighbours.
func GridHoles(gr *geometry.Grid, sh geometry.Shape) int {
	return gridHoles(&gridNeighbours{g: gr, memo: map[geometry.Cell][]geometry.Cell{}}, sh)
}

func gridHoles(nb *gridNeighbours, sh geometry.Shape) int {
	if len(sh) == 0 {
		return 0
	}
	const margin = 6
	lo, hi := sh.Bounds()
	lo = lo.Sub(geometry.Cell{X: margin, Y: margin, Z: margin})
	hi = hi.Add(geometry.Cell{X: margin, Y: margin, Z: margin})
	inBox := func(c geometry.Cell) bool {
		return c.X >= lo.X && c.Y >= lo.Y && c.Z >= lo.Z && c.X <= hi.X && c.Y <= hi.Y && c.Z <= hi.Z
	}
	piece := map[geometry.Cell]bool{}
	for _, c := range sh {
		piece[c] = true
	}
	outside := map[geometry.Cell]bool{}
	var stack, empty []geometry.Cell
	for x := lo.X; x <= hi.X; x++ {
		for y := lo.Y; y <= hi.Y; y++ {
			for z := lo.Z; z <= hi.Z; z++ {
				c := geometry.Cell{X: x, Y: y, Z: z}
				if !nb.g.IsCell(c) || piece[c] {
					continue
				}
				empty = append(empty, c)
				for _, d := range nb.of(c) {
					if !inBox(d) {
						outside[c] = true
						stack = append(stack, c)
						break
					}
				}
			}
		}
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range nb.of(c) {
			if inBox(d) && !piece[d] && !outside[d] {
				outside[d] = true
				stack = append(stack, d)
			}
		}
	}
	return len(empty) - len(outside)
}
