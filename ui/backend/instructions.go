package backend

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"polyviz/disassembly"
	"polyviz/instructions"
	"polyviz/render"
	"polyviz/ui"
)

// writeInstructions writes the assembly instructions of solution s of p
// to path: one PDF for a .pdf, PNG or SVG pages beside a .png or .svg
// (name-01.png...). The disassembly is boxless, as the CLI's default; the
// window's Play uses the same.
func writeInstructions(ctx context.Context, p *ui.Puzzle, s ui.Solution, path string, progress func(done, total int)) ([]string, error) {
	f := instructions.FormatOf(path)
	if f == "" {
		return nil, fmt.Errorf("%s: name the file .pdf, .png or .svg", filepath.Base(path))
	}
	in, err := instructionsInput(ctx, p, s)
	if err != nil {
		return nil, err
	}
	in.Title = filepath.Base(p.Name)
	sheet, err := instructions.Build(in)
	if err != nil {
		return nil, err
	}
	return sheet.Write(ctx, f, path, instructions.Options{}, progress)
}

// instructionsInput sets out solution s of p as a packing in BurrTools'
// order and takes it apart where that applies.
func instructionsInput(ctx context.Context, p *ui.Puzzle, s ui.Solution) (instructions.Input, error) {
	shapes, order, groups, ok := burrPieces(p, s)
	if !ok {
		return instructions.Input{}, errors.New("this solution is not a packing of placements")
	}
	scene := &render.Scene{Box: p.Box, Grid: p.Grid}
	kinds := make([]int, len(order))
	for k, i := range order {
		pl := p.Placements[s[i]]
		kinds[k] = pl.Piece
		scene.Pieces = append(scene.Pieces, render.Piece{
			Name:  p.Pieces[pl.Piece].Name,
			Cells: pl.Cells,
			Color: render.PieceColor(pl.Piece, len(p.Pieces)),
		})
	}
	in := instructions.Input{Packing: scene, Planar: p.Planar, Kinds: kinds}
	switch {
	case p.Planar:
		in.Note = "A board: lay the pieces one by one, from the left."
		return in, nil
	case p.Grid != nil && !onPrisms(p.Grid):
		in.Note = gridNoDisassembly(p.Grid) + ": steps by layer, bottom first."
		return in, nil
	}
	r, err := disassembly.Disassemble(ctx, shapes, disassembly.Options{Groups: groups, Prisms: onPrisms(p.Grid)})
	switch {
	case err != nil:
		return in, err
	case r.Status == disassembly.Locked:
		in.Note = "This packing cannot be taken apart by sliding pieces: steps by layer, bottom first (a piece may need a wiggle)."
	case r.Status != disassembly.Apart:
		in.Note = fmt.Sprintf("No disassembly found within %d states: steps by layer, bottom first.", r.MaxStates)
	case !r.Separates():
		in.Note = "Nothing to take apart: steps by layer, bottom first."
	default:
		in.Disassembly = &r
	}
	return in, nil
}
