// Package instructions turns a solved packing into assembly instructions:
// a first page with the piece list (each different piece drawn, with the
// number of copies), then one page a step, each with its number, the
// pieces already in place drawn faint, the moving pieces in their colours
// with an arrow to where the step takes them, and a caption. The pages are
// written as PNG or SVG files (one a page) or as one PDF.
//
// The steps come from a disassembly (package disassembly) when it takes
// the packing apart: its moves reversed, each part put together in the
// reverse of the way it came apart, with a step "start with piece X"
// where a group begins. Where there is none (a flat board, a grid the
// disassembler does not move on, a packing that is locked or whose search
// hit its bound) the steps go by layer: one piece a step, bottom layer
// first, each dropped in from above; a board from the left, each piece
// laid in its place. The first page says which, and why.
//
// Sheet.Check replays the steps: each must start where the one before
// left its pieces, and the last must end with every piece in its place,
// so a step left out is an error.
//
// For example, with a packing scene and its disassembly:
//
//	r, _ := disassembly.Disassemble(ctx, shapes, disassembly.Options{})
//	sheet, err := instructions.Build(instructions.Input{
//		Title: "soma, solution 1", Packing: scene, Disassembly: &r,
//	})
//	files, err := sheet.Write(ctx, instructions.PDF, "soma.pdf", instructions.Options{}, nil)
package instructions
