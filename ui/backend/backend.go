// Package backend wires polyviz's own packages into the window: formats
// recognises and reads files, solver solves, render draws and assets holds
// the library.
// It is kept apart from package ui so that the widgets and their tests
// depend on none of them.
package backend

import (
	"context"
	"image"
	"io"

	"fyne.io/fyne/v2"

	"polyviz/assets"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/solver"
	"polyviz/ui"
)

// New returns the Backend made of polyviz's own packages.
func New() *ui.Backend {
	return &ui.Backend{
		Load: loadPuzzle,
		LoadProblem: func(name string, data []byte, k int) (*ui.Puzzle, error) {
			return loadInput(name, data, puzzle.LoadOptions{Problem: k})
		},
		LoadAs: loadAs,
		Solve:  solvePuzzle,
		Draw: func(s *ui.Scene, cam ui.Camera, w, h int) image.Image {
			if s != nil && s.Board != nil {
				return s.Board(w, h)
			}
			r := render.Renderer{Style: render.Style{CellEdges: s != nil && s.CellEdges}}
			return render.AsRGBA(r.Render(renderScene(s), renderCamera(s, cam, w, h), w, h))
		},
		NewDrawer: func() func(s *ui.Scene, cam ui.Camera, w, h int) image.Image {
			r := render.NewRenderer()
			return func(s *ui.Scene, cam ui.Camera, w, h int) image.Image {
				if s != nil && s.Board != nil {
					return s.Board(w, h)
				}
				r.Style.CellEdges = s != nil && s.CellEdges
				// as *image.RGBA: Fyne uploads it without a conversion
				return render.AsRGBA(r.Render(renderScene(s), renderCamera(s, cam, w, h), w, h))
			}
		},
		Pick: func(s *ui.Scene, cam ui.Camera, w, h, x, y int) (int, bool) {
			if s == nil || s.Board != nil {
				return 0, false
			}
			return render.Pick(renderScene(s), renderCamera(s, cam, w, h), w, h, x, y)
		},
		PickFace:     pickFace,
		EditSource:   editSource,
		SaveXMPuzzle: saveXMPuzzle,
		PieceColor:   render.PieceColor,
		Layout:       layout,
		SymmetryNote: func(p *ui.Puzzle) string {
			if l, ok := p.Source.(*puzzle.Loaded); ok && l.Puzzle != nil {
				if need, fits := cutFits(p, l, 0); !fits { // sized as the solve's cut is
					return "The box's symmetries are not worked out here: with the cut they need about " + solver.FormatBytes(need) +
						" of memory, more than the window's limit of " + solver.FormatBytes(p.MemoryLimit) + "."
				}
				if l.Puzzle.Wrap().On() && l.Puzzle.CutBytes() > wrapNoteBytes {
					return "The box wraps: its symmetries (a translation per cell, times its own) are too many to work out here."
				}
				return symmetryNote(l.Puzzle.Symmetry().Facts)
			}
			return ""
		},
		WriteDLX: writeDLX,
		WriteGIF: func(packing *ui.Scene, cam ui.Camera, width, height int, w io.Writer) error {
			if width <= 0 || height <= 0 {
				width, height = 480, 360
			}
			rs := renderScene(packing)
			if packing.Grid.FlatBoard(packing.Box, packing.Planar) {
				// the board under the arriving pieces, as Play shows it
				rs.BoxStyle, rs.BoxBelow = render.BoxBoard, true
			}
			a := possibleAssembly(rs, packing.Planar)
			return render.WriteGIF(context.Background(), w, a, renderCamera(packing, cam, width, height), render.GIFOptions{Width: width, Height: height})
		},
		Assemble:         assemble,
		Facts:            solutionFacts,
		OnFactsStart:     lowestThreadPriority,
		WriteSTL:         writeSTL,
		WriteSVG:         writeSVG,
		OrientationSheet: orientationSheet,
		Catalog:          catalog,
		AddToGallery:     addToGallery,
		Icon:             fyne.NewStaticResource("polyviz.png", assets.Icon()),
		SavedRun:         savedRun,
		Estimate:         estimateBelowUI,
		Why:              whyNone,
		Shapes:           shapeTable,
		HeatMap:          heatMap,
		HeatScene:        heatScene,

		// File > Export Assembly Instructions (instructions.go)
		WriteInstructions: writeInstructions,

		// Edit > Generate Pieces… (generate.go)
		Generate: generatePieces,

		// Edit > Make It Unique… (unique.go)
		Unique: makeUnique,
	}
}
