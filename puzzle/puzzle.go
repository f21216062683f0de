package puzzle

import (
	"context"
	"sync"

	"polyviz/geometry"
)

// Puzzle is a packing problem: a box (or board) and the pieces to pack in it,
// as read from one of Knuth's spec formats.
//
// Planar puzzles (POLYOMINO-DLX) keep their cells at z = 0; a cell written
// with a suffix, such as "12x", is a secondary item, and is held internally
// with Z set to the suffix's number (1-based, in order of first appearance).
type Puzzle struct {
	// Name is the file or library name the puzzle was read from.
	Name string
	// Planar is true for a 2D spec (POLYOMINO-DLX, POLYIAMOND-DLX, polyhex),
	// false for POLYCUBE-DLX (3D). It is Lattice.Planar(), kept for the
	// packages that do not yet ask the lattice.
	Planar bool
	// Lattice is the grid of the cells: geometry.Cubes(), Squares(),
	// Triangles() or Hexagons(). When nil (a puzzle built by hand), it is the
	// squares if Planar, else the cubes.
	Lattice *geometry.Lattice
	// Box holds the drawable cells of the box: every cell of a 3D box, the
	// unsuffixed cells of a 2D board.
	Box geometry.Shape
	// Pieces in order of first appearance.
	Pieces []Piece
	// Bases are Knuth's base placements: every distinct orientation of every
	// piece line, in the order his programs generate them.
	Bases []Base
	// Optional are the cells of a 3D box that may stay empty (BurrTools'
	// variable voxels): secondary items. They are also in Box.
	Optional geometry.Shape
	// Suffixes are the distinct cell suffixes of a 2D spec, in order of first
	// appearance; a cell with Z = i carries Suffixes[i-1].
	Suffixes []string
	// Lines are the input lines, without their newlines, for the DLX echo.
	Lines []string
	// Warnings are the lines Knuth's programs ignore, with their positions.
	Warnings []string

	cells    geometry.Shape // every cell of the box, suffixed ones with Z = suffix
	nodes    int            // Knuth's allocator high-water mark, for his summary (nodeCount)
	boxLo    geometry.Cell  // Knuth's givenbox.xmin..: 62 when the box is empty
	boxHi    geometry.Cell  // givenbox.xmax..: -1 when the box is empty
	occupied occupancy
	explicit []Placement    // the options of a DLX file read by FromProblem
	grid     *geometry.Grid // a BurrTools grid other than cubes, nil for cubes and squares
	// gridNames are the item names a grid's placements number (SetGrid)
	gridNames []string
	cutDepth  int           // the stabiliser chain's links a distinct cut takes (0: distinctCutDepth); tests set 3
	maxBytes  int64         // the memory limit the puzzle was loaded under (0: none), for the symmetry cut
	suffixAt  []position    // where each suffix first appears, for errors
	boxAt     position      // where the box line starts
	wrap      geometry.Wrap // the box's joined faces ("| wrap"; zero: none)

	// unplacedLines are an unplaced spec's piece lines, whose nodes
	// nodeCount adds to nodes, the box's
	unplacedLines []geometry.Shape

	placeMu    sync.Mutex // held while the placements are built (PlacementsContext)
	placed     bool       // placements are built
	placements []Placement
	// cellsLater: explicit are a grid's placements without their cells
	// (SetGrid); withCells are them with their cells, once asked for
	cellsLater bool
	withCells  []Placement
	memo       problemMemo  // the problem last built (problemmemo.go)
	symMemo    symmetryMemo // the symmetry last worked out (problemmemo.go)
}

// Piece is one named piece of a puzzle.
type Piece struct {
	Name string
	// Mult is the multiplicity as written: "" or "1" for a single piece; a
	// radix-62 digit before '*' in 3D; any string before '|' in 2D ("3",
	// "2:4"). Min and Max are its meaning for a solver; ok is false when Mult
	// is not a number or range.
	Mult     string
	Min, Max int
	// Orientations are the distinct orientations of the piece, over all of
	// its spec lines, normalized (for 2D, the unsuffixed cells only).
	Orientations []geometry.Shape
	// Cells is the number of cells of the piece (of its first spec line).
	Cells int
	// Group is the piece's disassembly group (BurrTools' group="g" of an
	// .xmpuzzle piece, or a "| group NAME G" line of a spec): pieces of
	// one group g > 0 may stay together; 0 (the default) must come apart.
	Group int
	// Motion is how the piece may move: free (the default), one-sided or
	// fixed (a "| one-sided" or "| fixed" line of a spec).
	Motion Motion

	at, multAt position // where the name and the multiplicity first appear, for errors
}

// position is a place in a spec: 1-based line and rune column (0 when the
// puzzle was not read from a spec).
type position struct{ line, col int }

// Base is one base placement: an orientation of a piece spec line,
// normalized, with Knuth's extreme coordinates.
type Base struct {
	Piece int
	Shape geometry.Shape
	// Orientation is the index of this shape in its piece's Orientations.
	Orientation int
	max         geometry.Cell // Knuth's xmax, ymax, zmax (-63 for an empty shape)
}

// Placement is one way to put a piece in the box: one option of the exact
// cover problem.
type Placement struct {
	Piece       int
	Base        int
	Orientation int
	// Offset is the translation applied to the base placement.
	Offset geometry.Cell
	// Cells are the drawable cells covered (for 2D, the unsuffixed ones).
	Cells []geometry.Cell
	// Items are the item names of the option after the piece name, in
	// Knuth's order: "000 010 100", or "34 44 34!" with suffixes. A
	// placement on one of BurrTools' grids (SetGrid) leaves them nil and
	// numbers its items instead; Puzzle.ItemNames gives the names of
	// either kind.
	Items []string
	// Numbers are a grid placement's items as indices in the names
	// SetGrid was given (the box's cells): a stick of the rhombic grid
	// covers 189 cells, and numbers are neither made nor looked up as
	// strings.
	Numbers []int32

	suffixed []geometry.Cell // the suffixed cells of an option read from a DLX file (FromProblem)
}

// NumItems is the number of items of the option after the piece name.
func (pl Placement) NumItems() int {
	if pl.Items == nil {
		return len(pl.Numbers)
	}
	return len(pl.Items)
}

// ItemNames returns the item names of placement pl's option after the
// piece name: its Items, or the names of its Numbers on a grid.
func (p *Puzzle) ItemNames(pl Placement) []string {
	if pl.Items != nil || pl.Numbers == nil {
		return pl.Items
	}
	names := make([]string, len(pl.Numbers))
	for i, n := range pl.Numbers {
		names[i] = p.gridNames[n]
	}
	return names
}

// NewExplicit returns a puzzle whose options are listed rather than
// generated, as a DLX file or Lepage's matrix lists them: the box is every
// cell, and Placements returns placements (in that order, not copied).
// Each placement's Orientation indexes its piece's Orientations.
func NewExplicit(name string, planar bool, box geometry.Shape, pieces []Piece, placements []Placement) *Puzzle {
	return &Puzzle{Name: name, Planar: planar, Box: box, cells: box, Pieces: pieces, explicit: placements}
}

// Keep replaces the puzzle's placements with the given ones, a subset
// that rules beyond its spec allow (BurrTools' colours); Placements then
// returns them, in that order.
func (p *Puzzle) Keep(placements []Placement) {
	if placements == nil {
		placements = []Placement{}
	}
	p.explicit = placements
	p.cellsLater, p.withCells = false, nil
}

// lattice returns the puzzle's lattice (see the Lattice field).
func (p *Puzzle) lattice() *geometry.Lattice {
	switch {
	case p.Lattice != nil:
		return p.Lattice
	case p.Planar:
		return geometry.Squares()
	}
	return geometry.Cubes()
}

// primary reports whether cell c is one pieces must cover (or, for
// BurrTools' optional cells, may cover) rather than a suffixed secondary
// cell of a 2D spec: every cell in 3D; on a planar lattice a cell whose tag
// is 0 (on triangles, Knuth's suffix numbers 0 for Δ and 1 for ∇).
func (p *Puzzle) primary(c geometry.Cell) bool {
	return p.lattice().Tag(c) == 0
}

// NumCells returns the number of cells in the box that pieces must cover
// (the primary cell items).
func (p *Puzzle) NumCells() int { return len(p.Box) - len(p.Optional) }

// Placements returns every placement of every piece in the box, exactly in
// the order of the options Knuth's programs write: base placement by base
// placement, and for each, shifts in increasing x, then y, then z.
func (p *Puzzle) Placements() []Placement {
	pls, _ := p.PlacementsContext(context.Background())
	return pls
}

// PlacementsContext is Placements that stops, returning ctx.Err(), when ctx
// is cancelled: a board of millions of placements takes seconds to list,
// and an interrupt must not wait for it. Nothing is kept then, so a later
// call lists them again.
func (p *Puzzle) PlacementsContext(ctx context.Context) ([]Placement, error) {
	if p.explicit != nil {
		if p.cellsLater {
			return p.gridCells(ctx)
		}
		return p.explicit, nil
	}
	p.placeMu.Lock()
	defer p.placeMu.Unlock()
	if p.placed {
		return p.placements, nil
	}
	// Count first, so that every slice is allocated once.
	n, cells := 0, 0
	err := p.eachPlacementContext(ctx, func(j int, d geometry.Cell) bool {
		n, cells = n+1, cells+len(p.Bases[j].Shape)
		return true
	})
	if err != nil {
		return nil, err
	}
	names := p.cellNames()
	var pls []Placement
	if err := aside(ctx, func() { pls = make([]Placement, 0, n) }); err != nil {
		return nil, err
	}
	var items []string
	var drawn []geometry.Cell
	err = p.eachPlacementContext(ctx, func(j int, d geometry.Cell) bool {
		k := len(p.Bases[j].Shape)
		if len(items) < k {
			// the room for the items and cells in blocks, each cleared
			// quickly: an interrupt is not kept waiting by one of a GB
			m := min(max(cells, k), placementBlock)
			items, drawn = make([]string, m), make([]geometry.Cell, m)
		}
		cells -= k
		pl := p.place(j, d, names, items[:k:k], drawn[:0:k])
		items, drawn = items[k:], drawn[k:]
		pls = append(pls, pl)
		return true
	})
	if err != nil {
		return nil, err
	}
	p.placements, p.placed = pls, true
	return pls, nil
}

// aside runs f, an allocation of up to a GB that cannot look at ctx (its
// memory is cleared first), on a goroutine of its own, and waits for it or
// for ctx, so that an interrupt is not kept waiting; what f makes is then
// dropped.
func aside(ctx context.Context, f func()) error {
	done := make(chan struct{})
	go func() {
		f()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// placementBlock is the cells PlacementsContext allocates at a time for the
// placements' items and cells (a few MB).
const placementBlock = 1 << 18

// cellNames returns the item name of every cell of the box.
func (p *Puzzle) cellNames() map[geometry.Cell]string {
	names := make(map[geometry.Cell]string, len(p.cells))
	for _, c := range p.cells {
		names[c] = p.cellName(c)
	}
	return names
}

// eachPlacementContext calls f for every base placement j and shift d that
// puts all of the base's cells in the box, in Knuth's order. It stops when
// f returns false (returning nil) or when ctx is cancelled (returning
// ctx.Err(); it looks every few thousand shifts).
func (p *Puzzle) eachPlacementContext(ctx context.Context, f func(j int, d geometry.Cell) bool) error {
	if p.wrap.On() {
		return p.eachWrappedPlacement(ctx, f)
	}
	n := 0
	for j, b := range p.Bases {
		zlo, zhi := p.boxLo.Z, p.boxHi.Z-b.max.Z
		if p.lattice().Axes() == 2 {
			zlo, zhi = 0, 0 // Z is a kind and tag, not translated
		}
		for dx := p.boxLo.X; dx <= p.boxHi.X-b.max.X; dx++ {
			for dy := p.boxLo.Y; dy <= p.boxHi.Y-b.max.Y; dy++ {
				for dz := zlo; dz <= zhi; dz++ {
					if n++; n&(1<<12-1) == 0 && ctx.Err() != nil {
						return ctx.Err()
					}
					d := geometry.Cell{X: dx, Y: dy, Z: dz}
					if p.fits(b.Shape, d) && !f(j, d) {
						return nil
					}
				}
			}
		}
	}
	return nil
}

// fits reports whether every cell of s shifted by d is in the box.
func (p *Puzzle) fits(s geometry.Shape, d geometry.Cell) bool {
	for _, c := range s {
		if !p.occupied.has(c.Add(d)) {
			return false
		}
	}
	return true
}

// place returns base j shifted by d as a Placement; names holds the item
// name of every cell of the box, and items and cells are the room for the
// placement's item names and drawable cells.
func (p *Puzzle) place(j int, d geometry.Cell, names map[geometry.Cell]string, items []string, cells []geometry.Cell) Placement {
	b := p.Bases[j]
	for i, c := range b.Shape {
		c = p.at(c.Add(d))
		items[i] = names[c]
		if p.primary(c) {
			cells = append(cells, c)
		}
	}
	return Placement{Piece: b.Piece, Base: j, Orientation: b.Orientation, Offset: d, Items: items, Cells: cells}
}

// occupancy is a dense set of cells with coordinates 0..63 (in 2D, z is the
// suffix number and may be larger).
type occupancy struct {
	bits []uint64 // bit x of word (z*64 + y)
}

func (o *occupancy) add(c geometry.Cell) {
	i := c.Z*64 + c.Y
	for len(o.bits) <= i {
		o.bits = append(o.bits, 0)
	}
	o.bits[i] |= 1 << uint(c.X)
}

func (o *occupancy) has(c geometry.Cell) bool {
	if c.X < 0 || c.X >= 64 || c.Y < 0 || c.Y >= 64 || c.Z < 0 {
		return false
	}
	i := c.Z*64 + c.Y
	return i < len(o.bits) && o.bits[i]&(1<<uint(c.X)) != 0
}

// cellName writes a cell as Knuth does: "xyz" in 3D, "xy" plus its suffix in 2D.
func (p *Puzzle) cellName(c geometry.Cell) string {
	var buf [16]byte
	return string(p.appendCellName(buf[:0], c))
}

// appendCellName appends the cell's item name to b.
func (p *Puzzle) appendCellName(b []byte, c geometry.Cell) []byte {
	b = append(b, geometry.EncodeDigit(c.X), geometry.EncodeDigit(c.Y))
	if p.lattice().Axes() == 3 {
		return append(b, geometry.EncodeDigit(c.Z))
	}
	if c.Z > 0 {
		b = append(b, p.Suffixes[c.Z-1]...)
	}
	return b
}

// PieceIndex returns the index of the piece with the given name, or -1.
func (p *Puzzle) PieceIndex(name string) int {
	for i, pc := range p.Pieces {
		if pc.Name == name {
			return i
		}
	}
	return -1
}

// Volume returns the total number of drawable cells of all pieces, counting
// multiplicities (Max copies of each), for comparing with the box.
func (p *Puzzle) Volume() int {
	v := 0
	for _, pc := range p.Pieces {
		v += pc.Cells * pc.Max
	}
	return v
}
