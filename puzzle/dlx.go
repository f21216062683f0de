package puzzle

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"polyviz/geometry"
)

// WriteDLX writes the puzzle as a DLX file, byte for byte as Knuth's
// POLYCUBE-DLX or POLYOMINO-DLX writes it: every input line echoed as a
// comment ("| " and the line), a comment naming the program, the item-name
// line (the box's cells, then the pieces with their multiplicities, then in
// 2D a '|' and the suffixed cells), and one option per placement.
func (p *Puzzle) WriteDLX(w io.Writer) error {
	return p.WriteDLXContext(context.Background(), w)
}

// WriteDLXContext is WriteDLX that stops when ctx is cancelled, returning
// ctx.Err(). The output is streamed (a spec of ten lines can have
// gigabytes of options), and a failed write stops it at once.
func (p *Puzzle) WriteDLXContext(ctx context.Context, w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	for _, line := range p.Lines {
		bw.WriteString("| ")
		bw.WriteString(line)
		bw.WriteByte('\n')
	}
	fmt.Fprintf(bw, "| this file was created by %s from that data\n", p.program())
	for _, c := range p.cells {
		if p.primary(c) && !p.Optional.Contains(c) {
			bw.WriteByte(' ')
			bw.WriteString(p.cellName(c))
		}
	}
	for _, pc := range p.Pieces {
		bw.WriteByte(' ')
		switch {
		case pc.Mult == "1":
		case p.Planar || len(pc.Mult) != 1:
			bw.WriteString(pc.Mult + "|")
		default:
			bw.WriteString(pc.Mult + "*")
		}
		bw.WriteString(pc.Name)
	}
	if p.Planar && len(p.Suffixes) > p.lattice().Kinds()-1 {
		bw.WriteString(" |")
		for _, c := range p.cells {
			if !p.primary(c) {
				bw.WriteByte(' ')
				bw.WriteString(p.cellName(c))
			}
		}
	}
	if len(p.Optional) > 0 {
		bw.WriteString(" |")
		for _, c := range p.Optional {
			bw.WriteByte(' ')
			bw.WriteString(p.cellName(c))
		}
	}
	bw.WriteByte('\n')
	if p.explicit != nil {
		for _, pl := range p.explicit {
			bw.WriteString(p.Pieces[pl.Piece].Name)
			for _, it := range p.ItemNames(pl) {
				bw.WriteByte(' ')
				bw.WriteString(it)
			}
			bw.WriteByte('\n')
		}
		return bw.Flush()
	}
	var line []byte
	var werr error
	err := p.eachPlacementContext(ctx, func(j int, d geometry.Cell) bool {
		b := p.Bases[j]
		line = append(line[:0], p.Pieces[b.Piece].Name...)
		for _, c := range b.Shape {
			line = append(line, ' ')
			line = p.appendCellName(line, p.at(c.Add(d)))
		}
		line = append(line, '\n')
		_, werr = bw.Write(line)
		return werr == nil
	})
	if werr != nil {
		return werr
	}
	if err != nil {
		return err
	}
	return bw.Flush()
}

// program names the program whose output WriteDLX reproduces: Knuth's
// POLYCUBE-DLX, POLYOMINO-DLX or POLYIAMOND-DLX, or polyviz's polyhex-dlx.
func (p *Puzzle) program() string { return ProgramFor(p.lattice()) }

// ProgramFor returns the name of the DLX writer for a lattice's specs:
// "polycube-dlx", "polyomino-dlx", "polyiamond-dlx" or "polyhex-dlx".
func ProgramFor(l *geometry.Lattice) string {
	switch l {
	case geometry.Squares():
		return "polyomino-dlx"
	case geometry.Triangles():
		return "polyiamond-dlx"
	case geometry.Hexagons():
		return "polyhex-dlx"
	}
	return "polycube-dlx"
}

// Summary returns Knuth's closing line for the puzzle, as his programs write
// it on standard error: "Altogether 27 cells, 7 pieces, 92 base placements,
// 388 nodes." (in 2D with suffixed cells, "60+4 cells"). The node count
// replays his list allocator, which recycles nodes, so it agrees with his.
func (p *Puzzle) Summary() string {
	sfx := len(p.cells) - len(p.Box)
	cells := fmt.Sprint(len(p.cells))
	if p.Planar && sfx > 0 {
		cells = fmt.Sprintf("%d+%d", len(p.Box), sfx)
	}
	return fmt.Sprintf("Altogether %s cells, %d pieces, %d base placements, %d nodes.",
		cells, len(p.Pieces), len(p.Bases), p.nodeCount()+1)
}
