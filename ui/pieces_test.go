package ui

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"polyviz/geometry"
)

// TestPieceDetailMotion: a piece's row says its motion beside the number
// of orientations it may take; a free piece's row says only the number.
func TestPieceDetailMotion(t *testing.T) {
	for _, tc := range []struct {
		pc   Piece
		want string
	}{
		{Piece{Min: 1, Max: 1, Cells: 5, Orientations: make([]geometry.Shape, 8), Placements: 96}, "×1 · 5 cells · 8 orient. · 96 places"},
		{Piece{Min: 1, Max: 1, Cells: 5, Orientations: make([]geometry.Shape, 4), Placements: 48, Motion: "one-sided"}, "×1 · 5 cells · one-sided: 4 orient. · 48 places"},
		{Piece{Min: 1, Max: 2, Cells: 5, Orientations: make([]geometry.Shape, 1), Placements: 12, Motion: "fixed"}, "×1–2 · 5 cells · fixed: 1 orient. · 12 places"},
	} {
		if got := pieceDetail(tc.pc); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// stickBoard is a board puzzle whose two pieces are drawn by Picture (as
// polysticks are): A in two orientations, B one-sided in four; option o
// places piece o%2. Each picture is o+1 pixels wide, and draws record
// what was drawn; the board is white with pixel (o, 0) black for each
// option o drawn.
func stickBoard(drawn *[]string, board *Solution) *Puzzle {
	pic := func(name string) func(o, w, h int) image.Image {
		return func(o, w, h int) image.Image {
			*drawn = append(*drawn, fmt.Sprintf("%s%d", name, o))
			return image.NewRGBA(image.Rect(0, 0, o+1, 1))
		}
	}
	return &Puzzle{Name: "sticks.txt", Planar: true, Options: 4,
		Pieces: []Piece{
			{Name: "A", Min: 1, Max: 1, Cells: 3, Unit: "sticks", Placements: 2, Picture: pic("A"), Turns: 2},
			{Name: "B", Min: 0, Max: 1, Cells: 4, Unit: "sticks", Placements: 2, Picture: pic("B"), Turns: 4, Motion: "one-sided"},
		},
		PieceOf: func(o int) int { return o % 2 },
		// pixel (o, 0) shows option o
		PickBoard: func(s Solution, w, h, x, y int) (int, bool) { return x % 2, slices.Contains(s, x) },
		DrawBoard: func(s Solution, _ bool, w, h int) image.Image {
			*board = s
			img := image.NewRGBA(image.Rect(0, 0, w, h))
			draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
			for _, o := range s {
				img.Set(o, 0, color.Black)
			}
			return img
		},
	}
}

// TestPicturePieces: pieces not made of cells (polysticks) are listed with
// their pictures and figures in sticks; selecting one shows it alone in
// the view, drawn by its Picture, and the orientation buttons turn it
// through its own orientations; hiding a piece leaves it off the board.
func TestPicturePieces(t *testing.T) {
	w, q, _ := newTestWindow(t, false)
	var drawn []string
	var board Solution
	p := stickBoard(&drawn, &board)
	w.b.Solve = func(ctx context.Context, _ *Puzzle, _ SolveOptions, visit func(Solution) bool) (SolveStats, error) {
		visit(Solution{2, 1})
		return SolveStats{Solutions: 1}, nil
	}
	w.setPuzzle(p)
	if got, want := pieceDetail(p.Pieces[1]), "×0–1 · 4 sticks · one-sided: 4 orient. · 2 places"; got != want {
		t.Errorf("row of B: %q, want %q", got, want)
	}
	// the row shows the piece's picture in place of the colour swatch
	row := newPieceRow()
	w.updatePieceRow(1, row)
	left := row.(*fyne.Container).Objects[1].(*fyne.Container).Objects
	mark := left[1].(*fyne.Container).Objects
	if mark[0].Visible() || !mark[1].Visible() || mark[1].(*canvas.Image).Image == nil || !slices.Contains(drawn, "B0") {
		t.Errorf("row of B: swatch shown %v, picture shown %v (drawn %v)", mark[0].Visible(), mark[1].Visible(), drawn)
	}
	// selected before any solution: the piece alone, then its orientations
	w.selectPiece(1)
	sc := w.view.Scene()
	if sc == nil || sc.Board == nil || sc.Board(50, 50).Bounds().Dx() != 1 {
		t.Fatalf("B selected: the view does not show its first orientation")
	}
	for _, want := range []int{2, 3, 4, 1, 4} {
		step := 1
		if want == 4 && w.selOrient == 0 {
			step = -1
		}
		w.stepOrientation(step)
		if got := w.view.Scene().Board(50, 50).Bounds().Dx(); got != want {
			t.Errorf("orientation %d drawn, want %d", got, want)
		}
	}
	if got := w.orientLabel.Text; got != "B: orientation 4 of 4 (one-sided)" {
		t.Errorf("label %q", got)
	}
	// solved: the board, without the hidden piece's option
	w.deselectPiece()
	test.Tap(w.solver.solve)
	q.drainUntil(t, "the run to end", func() bool { return !w.solver.Running() })
	if w.browser.Current() == nil {
		t.Fatal("no solution shown")
	}
	w.view.Scene().Board(50, 50)
	if !slices.Equal(board, Solution{2, 1}) {
		t.Errorf("board drawn with %v, want [2 1]", board)
	}
	w.setHidden(1, true)
	w.view.Scene().Board(50, 50)
	if !slices.Equal(board, Solution{2}) {
		t.Errorf("B hidden: board drawn with %v, want [2]", board)
	}
	// selected on the board: as drawn, the others faint
	w.setHidden(1, false)
	w.selectPiece(0)
	if got := w.orientLabel.Text; got != "A selected (3 sticks): the others are faint" {
		t.Errorf("label %q", got)
	}
	img := w.view.Scene().Board(4, 1)
	for x, want := range []uint8{0xff, 0xb3, 0x00, 0xff} {
		if r, _, _, _ := img.At(x, 0).RGBA(); uint8(r>>8) != want {
			t.Errorf("A selected: pixel %d is %#x, want %#x", x, r>>8, want)
		}
	}
	w.stepOrientation(1)
	if got := w.view.Scene().Board(50, 50).Bounds().Dx(); got != 1 {
		t.Errorf("Orientation from the board drew orientation %d of A, want its first", got)
	}
	// a click on the board selects the piece there; beside every piece, none
	w.deselectPiece()
	w.pickAt(1, 0, 4, 1)
	if w.selPiece != 1 || w.orienting {
		t.Errorf("a click on B's option selected %d", w.selPiece)
	}
	w.pickAt(3, 0, 4, 1)
	if w.selPiece != -1 {
		t.Errorf("a click on no piece left %d selected", w.selPiece)
	}
}

// TestPictureSheet: the sheet of a piece drawn by Picture holds every
// orientation, captioned.
func TestPictureSheet(t *testing.T) {
	var drawn []string
	var board Solution
	p := stickBoard(&drawn, &board)
	pictureSheet(p.Pieces[1])
	if !slices.Equal(drawn, []string{"B0", "B1", "B2", "B3"}) {
		t.Errorf("sheet drew %v", drawn)
	}
}

// TestPuzzleInfoCounts: the puzzle's line and a piece's row count in words
// that agree with the numbers: a puzzle of one piece (twice over) made in
// the editor was "2D · 6 cells · 1 pieces", a monomino "1 cells".
func TestPuzzleInfoCounts(t *testing.T) {
	p := &Puzzle{Planar: true, Box: make([]geometry.Cell, 6), Pieces: make([]Piece, 1), Options: 8}
	if got, want := puzzleInfo(p), "2D · 6 cells · 1 piece · 8 placements"; got != want {
		t.Errorf("puzzleInfo = %q, want %q", got, want)
	}
	if got, want := pieceDetail(Piece{Min: 1, Max: 1, Cells: 1, Unit: "sticks", Orientations: make([]geometry.Shape, 2), Placements: 1}), "×1 · 1 stick · 2 orient. · 1 place"; got != want {
		t.Errorf("pieceDetail = %q, want %q", got, want)
	}
	p = &Puzzle{Box: make([]geometry.Cell, 1), Pieces: make([]Piece, 2), Options: 1}
	if got, want := puzzleInfo(p), "3D · 1 cell · 2 pieces · 1 placement"; got != want {
		t.Errorf("puzzleInfo = %q, want %q", got, want)
	}
	// copies count as pieces, the rows as kinds: HexSticks' sticks
	p.Pieces = []Piece{{Min: 3, Max: 3}, {Min: 6, Max: 6}, {Min: 3, Max: 3}}
	if got, want := puzzleInfo(p), "3D · 1 cell · 12 pieces (3 kinds) · 1 placement"; got != want {
		t.Errorf("puzzleInfo = %q, want %q", got, want)
	}
	// pieces that may stay out: as few as a packing may use
	p.Pieces = []Piece{{Min: 0, Max: 1}, {Min: 1, Max: 1}, {Min: 1, Max: 2}}
	if got, want := puzzleInfo(p), "3D · 1 cell · 2–4 pieces (3 kinds) · 1 placement"; got != want {
		t.Errorf("puzzleInfo = %q, want %q", got, want)
	}
	p.Pieces = []Piece{{Min: 1, Max: 1}, {Min: 1, Max: 1}}
	if got, want := puzzleInfo(p), "3D · 1 cell · 2 pieces · 1 placement"; got != want {
		t.Errorf("puzzleInfo = %q, want %q", got, want)
	}
}
