package antislide

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"polyviz/geometry"
)

// Knuth's programs, as KnuthOutput reproduces them.
const (
	// ProgramAntislide is ANTISLIDE: the packings of 2x2x1 bricks that
	// contain the corner brick on cells 000, 001, 010, 011, with at most
	// N/4-3 bricks (N cells), by number of bricks.
	ProgramAntislide = "antislide"
	// ProgramNoCorner is ANTISLIDE with its change file antislide-nocorner:
	// no brick covers a corner cell of the box, cell 001 is occupied, at
	// most N/4-3 bricks.
	ProgramNoCorner = "nocorner"
	// ProgramAntislide3 is ANTISLIDE3: every packing, the empty box
	// included, once per symmetry class of the box.
	ProgramAntislide3 = "antislide3"
)

// Programs lists the programs KnuthOutput knows.
var Programs = []string{ProgramAntislide, ProgramNoCorner, ProgramAntislide3}

// ErrUnknownProgram is returned for a program name not in Programs.
var ErrUnknownProgram = errors.New("unknown program")

// KnuthOutput writes to w what Knuth's program prints, without arguments,
// when compiled for a box of the given size (his n1 x n2 x n3, or
// ANTISLIDE3's dimensions), packing 2x2x1 bricks:
//
//	This problem involves 64 namechars, 108 moves, 432 nodes,
//	 1674 constraint elements, 558 clist elements.
//	Total solutions found:
//	  level 12, 4
//	  level 13, 6
//
// for ANTISLIDE and its no-corner change file, and "Altogether 1171
// solutions." for ANTISLIDE3. The sizes are those of his data structures:
// one name of four characters per cell, one move per brick placement (for
// the change file, those that miss every corner), four nodes per move, a
// constraint per side of a move that does not touch the wall (its cells and
// a null), and per move its list of constraints (and a null). The counts
// come from this package's search with his restrictions: the corner brick
// made first (or the corners removed and cell 001 required), and his level
// limit max_level-1 = N/4-3 bricks.
//
// His programs need every side to be at least 2 and N/4-3 to be positive;
// other boxes are refused with ErrBadBox. His fixed array sizes do not
// apply.
func KnuthOutput(ctx context.Context, w io.Writer, program string, size geometry.Cell, workers int) error {
	p, err := NewProblem(size, brickShape(2, 2, 1))
	if err != nil {
		return err
	}
	n := p.NumCells()
	if size.X < 2 || size.Y < 2 || size.Z < 2 || n/4-3 < 1 {
		return fmt.Errorf("%w: Knuth's programs need every side at least 2 and at least 16 cells", ErrBadBox)
	}
	bw := bufio.NewWriter(w)
	switch program {
	case ProgramAntislide3:
		r, err := Count(ctx, p, Options{Workers: workers, Distinct: true})
		if err != nil {
			return err
		}
		fmt.Fprintf(bw, "Altogether %d solutions.\n", r.TotalDistinct())
	case ProgramAntislide, ProgramNoCorner:
		var in *instance
		if program == ProgramAntislide {
			in, _ = p.plainInstance(nil)
			corner := p.MoveIndex(geometry.NewShape(geometry.Cell{}, geometry.Cell{Z: 1}, geometry.Cell{Y: 1}, geometry.Cell{Y: 1, Z: 1}))
			in.preset = []int32{int32(corner)}
		} else {
			in, _ = p.plainInstance(p.coversCorner)
			b := &instanceBuilder{in: in, seen: map[string]int32{}}
			in.initial = []int32{b.constraint([]int32{int32(p.CellIndex(geometry.Cell{Z: 1}))})}
		}
		writeSizes(bw, p, in)
		run := &runner{opt: Options{Workers: workers, MaxPieces: n/4 - 3}, stages: 1}
		counts, err := run.instance(ctx, in, program, 1, nil)
		if err != nil {
			return err
		}
		fmt.Fprintf(bw, "Total solutions found:\n")
		for lev, c := range counts {
			if c != 0 {
				fmt.Fprintf(bw, "  level %d, %d\n", lev, c)
			}
		}
	default:
		return fmt.Errorf("%w %q (want antislide, nocorner or antislide3)", ErrUnknownProgram, program)
	}
	return bw.Flush()
}

// writeSizes prints ANTISLIDE's two lines about its data structures.
func writeSizes(w io.Writer, p *Problem, in *instance) {
	moves := len(in.moves)
	nodes, cons, clists := 0, 0, 0
	for _, rep := range in.rep {
		nodes += len(p.moves[rep])
		walls := 0
		for _, b := range p.blocks[rep] {
			if !b.Wall {
				cons += len(b.Front) + 1
				walls++
			}
		}
		clists += walls + 1
	}
	fmt.Fprintf(w, "This problem involves %d namechars, %d moves, %d nodes,\n", p.NumCells(), moves, nodes)
	fmt.Fprintf(w, " %d constraint elements, %d clist elements.\n", cons, clists)
}

// coversCorner reports whether move m covers a corner cell of the box.
func (p *Problem) coversCorner(m int) bool {
	for _, i := range p.moves[m] {
		c := p.Cell(i)
		if (c.X == 0 || c.X == p.Size.X-1) && (c.Y == 0 || c.Y == p.Size.Y-1) && (c.Z == 0 || c.Z == p.Size.Z-1) {
			return true
		}
	}
	return false
}

// brickShape returns the a×b×c brick.
func brickShape(a, b, c int) geometry.Shape {
	var s []geometry.Cell
	for x := range a {
		for y := range b {
			for z := range c {
				s = append(s, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	return geometry.NewShape(s...)
}

// Brick returns the a×b×c brick as a shape (nil when a side is below 1).
func Brick(a, b, c int) geometry.Shape {
	if a < 1 || b < 1 || c < 1 {
		return nil
	}
	return brickShape(a, b, c)
}
