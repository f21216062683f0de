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

// DefaultMaxSubsets is Options.MaxSubsets' default: 2^24 subsets, about a
// minute on one core.
const DefaultMaxSubsets = 1 << 24

// MaxGrownCells bounds the template in which pieces are grown
// (Result.Joined): its canonical forms' tables hold the image of every cell
// under every motion, 48 of them on cubes, twice (about 3 KB a cell).
const MaxGrownCells = 20_000

// DefaultMaxPieces bounds the different pieces held on the way (kept or
// not), about 100 bytes each.
const DefaultMaxPieces = 4_000_000

// Options are the settings of a generation.
type Options struct {
	Filter
	// MaxSubsets refuses a template with more subsets than this before
	// any is tried; 0 means DefaultMaxSubsets.
	MaxSubsets uint64
	// MaxPieces bounds the different pieces held; 0 means
	// DefaultMaxPieces.
	MaxPieces int
	// Progress, when not nil, is called now and then with the subsets
	// tried and their number (0 when not known: Result.Joined), on
	// Generate's goroutine.
	Progress func(done, total uint64)
	// grow asks for the joined pieces to be grown (Result.Joined) even
	// where the subsets are few enough to try each: for the tests.
	grow bool
}

// Piece is one generated piece and what the filters found out about it.
type Piece struct {
	// Cells are the piece as the first subset that makes it lies in the
	// template, moved to the origin.
	Cells geometry.Shape
	// Subsets counts the subsets of the template that make this piece (the
	// same up to Filter.Unique).
	Subsets int
	// Order is the order of its symmetry group (reflections included);
	// Chiral is true when no reflection maps it onto itself.
	Order  int
	Chiral bool
	// Connected is shapeinfo's word for how its cells hang together.
	Connected string
	// Holes counts its enclosed empty cells when Filter.NoHoles asked (0
	// then); -1 when not looked for (shapeinfo.Holes says).
	Holes int
	// Notchable and Millable are BurrTools' tests, on cubes.
	Notchable bool
	Millable  bool
}

// Result is what Generate found.
type Result struct {
	Template Template
	Filter   Filter
	// Tried is the number of subsets tried (all of them, unless stopped);
	// with Joined, the subsets joined through faces of the right size.
	Tried uint64
	// Joined is set when the template had too many subsets to try each
	// (more than Options.MaxSubsets, or more than MaxOptional optional
	// cells) and the filter asked for pieces joined through faces of at
	// most Filter.Max cells: those were grown from the template's cells
	// instead, each subset once (growJoined). The pieces, their cells and
	// their order are what trying every subset would give.
	Joined bool
	// Different is the number of different pieces (up to Filter.Unique)
	// that the filters were run on: those of the subsets of the right size,
	// and joined through faces when the filter asks for that.
	Different int
	Pieces    []Piece
}

// ErrNotCubes is returned for the millable or notchable filter on a
// lattice other than cubes.
var ErrNotCubes = errors.New("millable and notchable are tests of pieces made of cubes")

// Generate returns the pieces of template t that pass opt's filters, each
// once up to opt.Unique, smallest first, then in the order of their first
// subsets (a subset of the optional cells read as a binary number, cell j
// its bit j), each piece's Cells from that first subset. It
// refuses a template with too many subsets before trying any, and stops
// with ctx's error when ctx ends.
func Generate(ctx context.Context, t Template, opt Options) (Result, error) {
	res := Result{Template: t, Filter: opt.Filter}
	f := opt.Filter
	l := t.Lattice
	if l == nil && t.Grid == nil {
		return res, errors.New("the template has neither a lattice nor a grid")
	}
	if (f.Millable || f.Notchable) && t.Grid != nil {
		return res, ErrGridMilling
	}
	if (f.Millable || f.Notchable) && l != geometry.Cubes() {
		return res, ErrNotCubes
	}
	if f.Min < 0 || f.Max < 0 || (f.Max > 0 && f.Min > f.Max) {
		return res, fmt.Errorf("cell range %d to %d is empty", f.Min, f.Max)
	}
	limit := opt.MaxSubsets
	if limit == 0 {
		limit = DefaultMaxSubsets
	}
	total := t.Subsets()
	// too many subsets to try each: the pieces joined through faces of a
	// bounded size are grown instead, on the lattices
	res.Joined = (total > limit || opt.grow) && t.Grid == nil && f.Connected == Faces && f.Max > 0
	switch {
	case res.Joined && len(t.Fixed)+len(t.Optional) > MaxGrownCells:
		return res, fmt.Errorf("a template of %d cells: pieces are grown in at most %d (the canonical forms' tables take a few kilobytes a cell)", len(t.Fixed)+len(t.Optional), MaxGrownCells)
	case res.Joined:
	case len(t.Optional) > MaxOptional:
		return res, &TooManyError{Optional: len(t.Optional)}
	case total > limit:
		return res, &TooManyError{Optional: len(t.Optional), Limit: limit}
	}
	if t.Grid != nil {
		return generateGrid(ctx, t, opt, res, total)
	}
	maxPieces := opt.MaxPieces
	if maxPieces <= 0 {
		maxPieces = DefaultMaxPieces
	}
	g, err := newGenerator(t, f)
	if err != nil {
		return res, err
	}
	nf, k := len(t.Fixed), len(t.Optional)
	lo, hi := f.Min-nf, k
	if f.Max > 0 {
		hi = f.Max - nf
	}
	classes := map[string]int{} // canonical form → index in g.seen
	// take records the current subset (g.in, or g.list when grown), of
	// the right size and joined as the filter asks
	tooMany := fmt.Errorf("more than %d different pieces on the way: raise the limit on pieces", maxPieces)
	take := func() error {
		if f.Unique == Every {
			// each subset is a piece held (every subset is different)
			if len(g.seen) >= maxPieces {
				return tooMany
			}
			g.consider(-1)
			return nil
		}
		key := g.key()
		if i, ok := classes[key]; ok {
			g.seen[i].subsets++
			if g.grown && g.seen[i].first != nil {
				g.lower(i)
			}
			return nil
		}
		if len(classes) >= maxPieces {
			return tooMany
		}
		classes[key] = len(g.seen)
		g.consider(len(g.seen))
		return nil
	}
	if res.Joined {
		if err := g.growJoined(ctx, max(f.Min, 1), f.Max, limit, &res.Tried, opt.Progress, take); err != nil {
			return res, err
		}
	}
	for mask := uint64(0); !res.Joined && mask < uint64(1)<<k; mask++ {
		if mask&(1<<14-1) == 0 {
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
		g.set(mask)
		if f.Connected == Faces && !g.faceJoined() {
			continue
		}
		if err := take(); err != nil {
			return res, err
		}
	}
	if opt.Progress != nil && !res.Joined {
		opt.Progress(res.Tried, total)
	}
	res.Different = len(g.seen)
	if f.Unique == Every {
		res.Different = len(g.kept)
	}
	if res.Joined {
		// grown in another order: the pieces are put in the subsets'
		// order, each drawn from its first subset
		slices.SortFunc(g.kept, func(a, b int) int { return slices.Compare(g.seen[a].first, g.seen[b].first) })
	}
	for _, i := range g.kept {
		p := g.seen[i].piece
		p.Subsets = g.seen[i].subsets
		if g.seen[i].moved {
			p.Cells = g.shapeOf(g.seen[i].first)
		}
		res.Pieces = append(res.Pieces, p)
	}
	slices.SortStableFunc(res.Pieces, func(a, b Piece) int { return len(a.Cells) - len(b.Cells) })
	return res, nil
}

// lower makes the current grown subset seen[i]'s first when it comes
// before the one held in the order of the subsets. Subsets of one piece
// have as many cells, and a subset's number (its optional cells' bits)
// is the smaller one where, from the greatest cell down, the first cell
// that differs is the smaller: that is slices.Compare on the cells in
// decreasing order (fixed cells, before every optional one, are in both).
func (g *generator) lower(i int) {
	cur := g.descending()
	if slices.Compare(cur, g.seen[i].first) < 0 {
		copy(g.seen[i].first, cur)
		g.seen[i].moved = true
	}
}

// descending returns the current grown subset's cells, greatest first, in
// a buffer reused by the next call.
func (g *generator) descending() []int32 {
	g.desc = g.desc[:0]
	for _, v := range g.list {
		g.desc = append(g.desc, int32(v))
	}
	slices.SortFunc(g.desc, func(a, b int32) int { return int(b - a) })
	return g.desc
}

// shapeOf returns the piece made of the given template cells, at the
// origin as consider puts it.
func (g *generator) shapeOf(cells []int32) geometry.Shape {
	sh := make([]geometry.Cell, len(cells))
	for k, j := range cells {
		sh[k] = g.cells[j]
	}
	return g.t.Lattice.Normalize(geometry.NewShape(sh...))
}

// generator holds the template's tables and the pieces seen.
type generator struct {
	t     Template
	f     Filter
	space shapeinfo.Space
	cells geometry.Shape // the template's cells, fixed first
	in    []bool         // the current subset
	// list, when pieces are grown (Result.Joined, grown set), is the
	// current subset in place of in, and the canonical forms are made from
	// it
	list   []int
	grown  bool
	desc   []int32 // descending's buffer
	adj    [][]int // face neighbours within the template
	stack  []int
	mark   []bool
	keyer  *keyer
	group  *keyer // the whole group, for symmetries
	proper []bool // which of group's motions are rotations
	packed []byte
	seen   []class
	kept   []int // indices in seen of the pieces kept
}

// class is one different piece met: whether it passed and how often.
// When grown, a piece kept holds the cells of its first subset in the
// subsets' order (first, decreasing; lower), and moved says they are not
// the ones piece.Cells was made from.
type class struct {
	piece   Piece
	subsets int
	first   []int32
	moved   bool
}

func newGenerator(t Template, f Filter) (*generator, error) {
	g := &generator{t: t, f: f, space: shapeinfo.Space{Lattice: t.Lattice}, cells: t.Cells()}
	n := len(g.cells)
	g.in, g.mark = make([]bool, n), make([]bool, n)
	index := make(map[geometry.Cell]int, n)
	for i, c := range g.cells {
		index[c] = i
	}
	g.adj = make([][]int, n)
	for i, c := range g.cells {
		for _, d := range t.Lattice.Neighbours(c) {
			if j, ok := index[d]; ok {
				g.adj[i] = append(g.adj[i], j)
			}
		}
	}
	var err error
	group := t.Lattice.Group()
	if g.group, err = newKeyer(t.Lattice, g.cells, group); err != nil {
		return nil, err
	}
	for _, m := range group {
		g.proper = append(g.proper, t.Lattice.Proper(m))
	}
	if f.Unique != Every {
		if g.keyer, err = newKeyer(t.Lattice, g.cells, f.Unique.equivalence().Motions(t.Lattice)); err != nil {
			return nil, err
		}
	}
	for i := range t.Fixed {
		g.in[i] = true
	}
	return g, nil
}

// set makes mask the current subset of the optional cells.
func (g *generator) set(mask uint64) {
	nf := len(g.t.Fixed)
	for j := range g.t.Optional {
		g.in[nf+j] = mask>>j&1 == 1
	}
}

// faceJoined reports whether the current subset is joined through faces.
func (g *generator) faceJoined() bool {
	start, size := -1, 0
	for i, on := range g.in {
		g.mark[i] = false
		if on {
			size++
			if start < 0 {
				start = i
			}
		}
	}
	g.stack = append(g.stack[:0], start)
	g.mark[start] = true
	reached := 1
	for len(g.stack) > 0 {
		i := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		for _, j := range g.adj[i] {
			if g.in[j] && !g.mark[j] {
				g.mark[j] = true
				reached++
				g.stack = append(g.stack, j)
			}
		}
	}
	return reached == size
}

// key returns the current subset's canonical form as a map key.
func (g *generator) key() string {
	g.packed = g.packed[:0]
	var form []uint32
	if g.grown {
		form = g.keyer.canonicalOf(g.list)
	} else {
		form = g.keyer.canonical(g.in)
	}
	for _, v := range form {
		g.packed = append(g.packed, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	}
	return string(g.packed)
}

// consider runs the filters on the current subset, a piece not met
// before, and records it (as seen[i] for i >= 0, at the end for -1).
func (g *generator) consider(i int) {
	var cells []geometry.Cell
	if g.grown {
		for _, j := range g.list {
			cells = append(cells, g.cells[j])
		}
	} else {
		for j, on := range g.in {
			if on {
				cells = append(cells, g.cells[j])
			}
		}
	}
	p, ok := g.check(g.t.Lattice.Normalize(geometry.NewShape(cells...)))
	if i < 0 {
		i = len(g.seen)
	}
	if i == len(g.seen) {
		g.seen = append(g.seen, class{})
	}
	var first []int32
	if !ok {
		p = Piece{} // only the count is kept of a piece dropped
	} else {
		g.kept = append(g.kept, i)
		if g.grown {
			first = slices.Clone(g.descending())
		}
	}
	g.seen[i] = class{piece: p, subsets: 1, first: first}
}

// check runs the filters on sh, cheapest first, and fills in the facts of
// a piece that passes.
func (g *generator) check(sh geometry.Shape) (Piece, bool) {
	f, l := g.f, g.t.Lattice
	p := Piece{Cells: sh}
	if f.Connected > Faces {
		p.Connected = shapeinfo.Connectivity(g.space, sh)
		if joinRank(p.Connected, l.Planar()) > f.Connected {
			return p, false
		}
	}
	cubes := l == geometry.Cubes()
	if cubes {
		p.Notchable, p.Millable = shapeinfo.Notchable(sh), shapeinfo.Millable(sh)
	}
	if f.Notchable && !p.Notchable || f.Millable && !p.Millable {
		return p, false
	}
	var order int
	var mirror bool
	if g.grown {
		order, mirror = g.group.symmetryOf(g.list, g.proper)
	} else {
		order, mirror = g.group.symmetry(g.in, g.proper)
	}
	p.Order, p.Chiral = order, !mirror
	if f.Chiral && !p.Chiral || f.Asymmetric && p.Order > 1 {
		return p, false
	}
	p.Holes = -1
	if f.NoHoles {
		if p.Holes = shapeinfo.Holes(g.space, sh); p.Holes != 0 {
			return p, false
		}
	}
	if p.Connected == "" && f.Connected == Faces {
		p.Connected = shapeinfo.ViaFaces // the quick test said so
		if l.Planar() {
			p.Connected = shapeinfo.ViaEdges
		}
	}
	if p.Connected == "" {
		p.Connected = shapeinfo.Connectivity(g.space, sh)
	}
	return p, true
}
