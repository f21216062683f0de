package antislide

import (
	"errors"
	"fmt"
	"slices"

	"polyviz/geometry"
)

// Errors returned by NewProblem and Parse.
var (
	ErrBadBox     = errors.New("bad box size")
	ErrEmptyPiece = errors.New("the piece has no cells")
	ErrTooLarge   = errors.New("problem too large")
)

// Limits on the problems NewProblem builds, checked before anything is
// allocated, so that a mistyped box cannot exhaust memory.
const (
	MaxCells = 4096    // cells of the box
	MaxMoves = 1 << 14 // placements of the piece in the box (the search keeps a bitset of moves per move)
)

// Direction is one of the six unit steps a piece could slide: +x, -x, +y,
// -y, +z, -z.
type Direction int

// Directions lists the six unit steps in the order Direction counts them.
var Directions = [6]geometry.Cell{
	{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {Z: 1}, {Z: -1},
}

// String names the direction: "+x", "-x", ..., "-z".
func (d Direction) String() string {
	if d < 0 || int(d) >= len(Directions) {
		return fmt.Sprintf("Direction(%d)", int(d))
	}
	return [...]string{"+x", "-x", "+y", "-y", "+z", "-z"}[d]
}

// Block is the antislide rule for one move and one direction: the move
// cannot slide that way because Wall is true (the step leaves the box) or
// because one of Front is occupied by another piece. Front is the set of
// cells the piece would move into that it does not already cover.
type Block struct {
	Dir   Direction
	Wall  bool
	Front []int // cell indices
}

// Problem is an antislide problem: copies of one piece (every rotation of
// it, as POLYCUBE-DLX generates them) in an A×B×C box. Cells are numbered
// in Knuth's order, (x·B + y)·C + z; moves are the placements of the piece
// in the box, in the order of Orientations and then of their least cell.
type Problem struct {
	Size         geometry.Cell    // the box: X×Y×Z cells
	Piece        geometry.Shape   // the piece as given, normalized
	Orientations []geometry.Shape // its distinct rotations, normalized

	moves  [][]int   // cells of each move, increasing
	blocks [][]Block // the six blocks of each move
	index  map[string]int
}

// NewProblem builds the antislide problem for piece in a box of size
// size.X × size.Y × size.Z. Every side must be at least 1; the box may have
// at most MaxCells cells and the piece at most MaxMoves placements.
func NewProblem(size geometry.Cell, piece geometry.Shape) (*Problem, error) {
	if size.X < 1 || size.Y < 1 || size.Z < 1 {
		return nil, fmt.Errorf("%w: %dx%dx%d (every side at least 1)", ErrBadBox, size.X, size.Y, size.Z)
	}
	if size.X > MaxCells || size.Y > MaxCells || size.Z > MaxCells || size.X*size.Y*size.Z > MaxCells {
		return nil, fmt.Errorf("%w: a %dx%dx%d box has more than %d cells", ErrTooLarge, size.X, size.Y, size.Z, MaxCells)
	}
	if len(piece) == 0 {
		return nil, ErrEmptyPiece
	}
	p := &Problem{Size: size, Piece: geometry.NewShape(piece...).Normalize()}
	p.Orientations = geometry.Orientations(p.Piece, false)
	// bound the number of moves before building them
	est := 0
	for _, o := range p.Orientations {
		d := o.Size()
		if d.X <= size.X && d.Y <= size.Y && d.Z <= size.Z {
			est += (size.X - d.X + 1) * (size.Y - d.Y + 1) * (size.Z - d.Z + 1)
		}
	}
	if est > MaxMoves {
		return nil, fmt.Errorf("%w: %d placements of the piece (at most %d)", ErrTooLarge, est, MaxMoves)
	}
	p.index = make(map[string]int, est)
	for _, o := range p.Orientations {
		d := o.Size()
		for x := 0; x+d.X <= size.X; x++ {
			for y := 0; y+d.Y <= size.Y; y++ {
				for z := 0; z+d.Z <= size.Z; z++ {
					p.addMove(o.Translate(geometry.Cell{X: x, Y: y, Z: z}))
				}
			}
		}
	}
	return p, nil
}

// addMove records one placement with its six blocks.
func (p *Problem) addMove(s geometry.Shape) {
	cells := make([]int, len(s))
	for i, c := range s {
		cells[i] = p.CellIndex(c)
	}
	slices.Sort(cells)
	var blocks []Block
	for d, step := range Directions {
		b := Block{Dir: Direction(d)}
		for _, c := range s {
			n := c.Add(step)
			if !p.Inside(n) {
				b.Wall, b.Front = true, nil
				break
			}
			if !s.Contains(n) {
				b.Front = append(b.Front, p.CellIndex(n))
			}
		}
		slices.Sort(b.Front)
		blocks = append(blocks, b)
	}
	p.index[key(cells)] = len(p.moves)
	p.moves = append(p.moves, cells)
	p.blocks = append(p.blocks, blocks)
}

// key is a map key for a sorted list of cells.
func key(cells []int) string {
	b := make([]byte, 0, 2*len(cells))
	for _, c := range cells {
		b = append(b, byte(c), byte(c>>8))
	}
	return string(b)
}

// NumCells returns the number of cells of the box.
func (p *Problem) NumCells() int { return p.Size.X * p.Size.Y * p.Size.Z }

// NumMoves returns the number of placements of the piece in the box.
func (p *Problem) NumMoves() int { return len(p.moves) }

// MoveCells returns the cell indices of move m, increasing.
func (p *Problem) MoveCells(m int) []int { return slices.Clone(p.moves[m]) }

// MoveShape returns the cells of move m.
func (p *Problem) MoveShape(m int) geometry.Shape {
	s := make([]geometry.Cell, len(p.moves[m]))
	for i, c := range p.moves[m] {
		s[i] = p.Cell(c)
	}
	return geometry.NewShape(s...)
}

// Blocks returns the six blocks of move m, one per Direction.
func (p *Problem) Blocks(m int) []Block { return slices.Clone(p.blocks[m]) }

// MoveIndex returns the move covering exactly the given cells, or -1.
func (p *Problem) MoveIndex(s geometry.Shape) int {
	cells := make([]int, len(s))
	for i, c := range s {
		if !p.Inside(c) {
			return -1
		}
		cells[i] = p.CellIndex(c)
	}
	slices.Sort(cells)
	if m, ok := p.index[key(cells)]; ok {
		return m
	}
	return -1
}

// Inside reports whether c is a cell of the box.
func (p *Problem) Inside(c geometry.Cell) bool {
	return c.X >= 0 && c.Y >= 0 && c.Z >= 0 && c.X < p.Size.X && c.Y < p.Size.Y && c.Z < p.Size.Z
}

// CellIndex returns the number of cell c: (x·B + y)·C + z.
func (p *Problem) CellIndex(c geometry.Cell) int { return (c.X*p.Size.Y+c.Y)*p.Size.Z + c.Z }

// Cell returns the cell numbered i.
func (p *Problem) Cell(i int) geometry.Cell {
	z := i % p.Size.Z
	i /= p.Size.Z
	return geometry.Cell{X: i / p.Size.Y, Y: i % p.Size.Y, Z: z}
}

// BoxShape returns every cell of the box.
func (p *Problem) BoxShape() geometry.Shape {
	s := make(geometry.Shape, p.NumCells())
	for i := range s {
		s[i] = p.Cell(i)
	}
	return s
}

// IsBrick reports whether the piece is a rectangular brick.
func (p *Problem) IsBrick() bool {
	d := p.Piece.Size()
	return len(p.Piece) == d.X*d.Y*d.Z
}

// Antisliding reports whether the moves form an antisliding packing: they
// are valid move numbers, pairwise disjoint, and no piece can slide one cell
// in any of the six directions.
func (p *Problem) Antisliding(moves []int) bool {
	occ := make([]bool, p.NumCells())
	for _, m := range moves {
		if m < 0 || m >= len(p.moves) {
			return false
		}
		for _, c := range p.moves[m] {
			if occ[c] {
				return false
			}
			occ[c] = true
		}
	}
	for _, m := range moves {
		for _, b := range p.blocks[m] {
			if !b.Wall && !anyOccupied(occ, b.Front) {
				return false
			}
		}
	}
	return true
}

func anyOccupied(occ []bool, cells []int) bool {
	for _, c := range cells {
		if occ[c] {
			return true
		}
	}
	return false
}

// spread returns how far the cells of move m lie from the centre of the
// box: the sum over its cells of the squared distance, doubled on each axis.
func (p *Problem) spread(m int) int {
	d := 0
	for _, i := range p.moves[m] {
		c := p.Cell(i)
		x, y, z := 2*c.X-(p.Size.X-1), 2*c.Y-(p.Size.Y-1), 2*c.Z-(p.Size.Z-1)
		d += x*x + y*y + z*z
	}
	return d
}

// Blocker says what keeps one piece of a packing from sliding one way: the
// wall of the box, or the other pieces (indices into the packing's moves)
// on the cells it would move into. A packing is antisliding when every
// piece has Wall or some Pieces in each of the six directions.
type Blocker struct {
	Dir    Direction
	Wall   bool
	Pieces []int
}

// Blockers returns, for each piece of a packing (its moves) and each
// direction, what blocks it. Moves out of range are given no blockers.
func (p *Problem) Blockers(moves []int) [][6]Blocker {
	owner := make([]int, p.NumCells())
	for i := range owner {
		owner[i] = -1
	}
	for i, m := range moves {
		if m >= 0 && m < len(p.moves) {
			for _, c := range p.moves[m] {
				owner[c] = i
			}
		}
	}
	out := make([][6]Blocker, len(moves))
	for i, m := range moves {
		for d := range out[i] {
			out[i][d].Dir = Direction(d)
			if m < 0 || m >= len(p.moves) {
				continue
			}
			b := p.blocks[m][d]
			out[i][d].Wall = b.Wall
			for _, c := range b.Front {
				if o := owner[c]; o >= 0 && o != i && !slices.Contains(out[i][d].Pieces, o) {
					out[i][d].Pieces = append(out[i][d].Pieces, o)
				}
			}
			slices.Sort(out[i][d].Pieces)
		}
	}
	return out
}
