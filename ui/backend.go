package ui

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"io"
	"time"

	"fyne.io/fyne/v2"

	"polyviz/editor"
	"polyviz/geometry"
)

// Backend is everything the window needs from the rest of polyviz. Every
// field may be nil except Load; the window then hides what needs it.
type Backend struct {
	// Load reads a puzzle file (or library entry) named name.
	Load func(name string, data []byte) (*Puzzle, error)
	// LoadProblem reads problem k (0-based) of a file that holds several
	// (see Puzzle.Problems); Load reads the first.
	LoadProblem func(name string, data []byte, k int) (*Puzzle, error)
	// LoadAs reads a file in the format named (one of a LoadError's
	// Choices), for an input that reads as well in several. Without it
	// such an input is refused with Load's error.
	LoadAs func(name string, data []byte, format string) (*Puzzle, error)
	// Solve runs the exact cover search of p, calling visit for each
	// solution (never concurrently) until visit returns false, and progress
	// now and then. It returns when done or when ctx is cancelled.
	Solve func(ctx context.Context, p *Puzzle, opt SolveOptions, visit func(Solution) bool) (SolveStats, error)
	// Draw renders a scene seen through a camera into a w×h image.
	// It must be safe to call from any goroutine.
	Draw func(s *Scene, cam Camera, w, h int) image.Image
	// Pick returns the index in s.Pieces of the piece drawn at pixel (x, y)
	// of a w×h image of s seen through cam (as Draw draws it); ok is false
	// when no piece is there. Without it a click in the view selects
	// nothing.
	Pick func(s *Scene, cam Camera, w, h, x, y int) (piece int, ok bool)
	// PickFace is Pick that also returns the cell whose face is drawn at
	// the pixel and the step to the cell across that face, cell+normal
	// (on cubes the face's outward normal; on other grids the step to the
	// neighbour sharing the face; zero where none does, the top and bottom
	// of a board's prism): the editor adds that cell. Without it the
	// editor's 3D view cannot be clicked.
	PickFace func(s *Scene, cam Camera, w, h, x, y int) (piece int, cell, normal geometry.Cell, ok bool)
	// EditSource returns what the editor needs of p, or why p cannot be
	// edited (a fillomino grid, an antislide problem, a DLX file whose
	// items are not cells, a lattice the editor does not draw yet).
	// Without it Edit is offered for new puzzles only.
	EditSource func(p *Puzzle) (editor.Source, error)
	// SaveXMPuzzle writes d as a BurrTools file. When p (the puzzle d was
	// opened from) is a problem of a BurrTools file whose data was orig,
	// the file's other content (its other problems and their solutions,
	// its comment, its shapes) is kept and only that problem is replaced;
	// otherwise the file holds d alone. Without it the editor saves specs
	// only.
	SaveXMPuzzle func(p *Puzzle, orig []byte, d editor.Document) ([]byte, error)
	// NewDrawer, if not nil, returns a drawer for one view's exclusive use
	// (it may reuse its buffers between frames); Draw is used otherwise.
	NewDrawer func() func(s *Scene, cam Camera, w, h int) image.Image
	// Layout sets out shapes beside the box (below a board), as they lie
	// before a packing: it returns the cells of each shape, moved. Without
	// it the view lays the pieces out in a tray of its own, with no box.
	Layout func(box []geometry.Cell, shapes []geometry.Shape, planar bool) [][]geometry.Cell
	// SymmetryNote says in words which symmetries of p's box act on its
	// solutions, for a puzzle whose Distinct is true. It may take a moment
	// and is called on a goroutine of its own.
	SymmetryNote func(p *Puzzle) string
	// PieceColor is the colour of piece i of n.
	PieceColor func(i, n int) color.NRGBA
	// OrientationSheet draws every orientation of piece i of p.
	OrientationSheet func(p *Puzzle, piece int) (image.Image, error)
	// WriteDLX writes p as a DLX file.
	WriteDLX func(p *Puzzle, w io.Writer) error
	// WriteGIF writes an animation of the packing assembling itself, seen
	// through cam, width×height pixels (0: the default size).
	WriteGIF func(packing *Scene, cam Camera, width, height int, w io.Writer) error
	// Assemble returns how solution s of p can be put together with no
	// piece passing through another (the reverse of its disassembly), for
	// Play; without it, or with no steps, each piece flies in.
	Assemble func(p *Puzzle, s Solution) AssemblyPlan
	// Facts returns, for the solutions of p listed in mode d, a function
	// that works out what tells each one apart (its disassembly level, its
	// class size). Both run on a goroutine of the window's, never the UI
	// goroutine, and may take a while; the function returns ctx.Err() when
	// cancelled. Without it the list shows no levels.
	Facts func(p *Puzzle, d Distinct) func(ctx context.Context, s Solution) (SolutionFacts, error)
	// OnFactsStart, if not nil, is called first thing on the goroutine
	// that works the facts out, a goroutine of its own that ends with the
	// list: it may lock it to its thread and lower that thread's priority
	// below the solver's, so that the levels of the solutions found so
	// far never slow the search down (they fill the idle CPU).
	OnFactsStart func()
	// WriteSTL writes a binary STL file for 3D printing with the settings
	// s: p's pieces (every copy) laid out on one plate, or s.Solution
	// assembled.
	WriteSTL func(p *Puzzle, s STLSettings, w io.Writer) error
	// WriteSVG draws a flat scene (a 2D puzzle) as SVG.
	WriteSVG func(s *Scene, w io.Writer) error
	// WriteInstructions writes the assembly instructions of solution s of
	// p to path: one PDF for a name ending in .pdf, a page a file beside
	// a .png or .svg name (name-01.png...). It returns the files written,
	// calls progress after each page, and runs on a goroutine of the
	// window's, stopping when ctx ends. Without it the menu item is left
	// out.
	WriteInstructions func(ctx context.Context, p *Puzzle, s Solution, path string, progress func(done, total int)) ([]string, error)
	// Catalog lists the built-in puzzles, then the user's own (see
	// AddToGallery).
	Catalog func() []CatalogEntry
	// AddToGallery copies a puzzle file into the user's gallery folder and
	// returns the folder.
	AddToGallery func(path string) (string, error)
	// Icon is the application icon.
	Icon fyne.Resource
	// SavedRun says what is saved of a stopped run of p counting in mode d
	// (see SolveOptions.Save); ok is false when nothing is. It may read a
	// file: the window calls it off the UI goroutine. Without it the
	// window saves no runs and offers no Resume.
	SavedRun func(p *Puzzle, d Distinct) (run SavedRun, ok bool)
	// Estimate estimates what a search of p counting in mode d will find
	// and cost, calling progress with a line of text each time its figures
	// are refined ("Estimate: about 9,400 solutions (6,000-14,000), about
	// 1 s"). It runs on a goroutine of the window's and returns when done
	// or when ctx ends. Without it the solve panel shows no estimate.
	Estimate func(ctx context.Context, p *Puzzle, d Distinct, progress func(line string)) error
	// Why says why p has no solution (found) or that it could not find a
	// short reason; the window asks when a whole search found none. It
	// runs on a goroutine of the window's and stops when ctx ends.
	Why func(ctx context.Context, p *Puzzle) (text string, found bool, err error)
	// Shapes describes the pieces and the box of p for the Shape
	// Information dialog (shapes.go); nil leaves the menu item out.
	Shapes func(ctx context.Context, p *Puzzle) (ShapeTable, error)
	// Generate finds every piece that fits the request's template and
	// passes its filters (generate.go), each at the origin, and a line
	// saying what was done; progress is called now and then with the
	// subsets tried. It runs on a goroutine of the window's and stops when
	// ctx ends; nil leaves Edit > Generate Pieces… out.
	Generate func(ctx context.Context, r GenerateRequest, progress func(done, total uint64)) (pieces []geometry.Shape, summary string, err error)
	// Unique proposes the fewest pieces fixed in place that leave p exactly
	// one solution, each proved by a full count, telling progress in words
	// from any goroutine; it returns ctx.Err() when ctx ends. nil leaves
	// Edit > Make It Unique… out.
	Unique func(ctx context.Context, p *Puzzle, progress func(string)) (UniqueReport, error)
	// HeatMap draws how often each piece covers each cell over the
	// solutions sols of p (option numbers, as listed). It runs on a
	// goroutine of the window's. Without it the panel has no Heat map.
	HeatMap func(p *Puzzle, sols []Solution) (image.Image, error)
	// HeatScene returns the heat map of the solutions sols of p as a scene
	// for the view: the box's cells, each coloured by how often piece (an
	// index in p.Pieces) covers it, from pale (never) to the piece's colour
	// (its most covered cell), or, for piece -1, in the colour of the piece
	// that covers it most often, as strong as its share of the solutions.
	// It runs on a goroutine of the window's; an error says why the view
	// cannot draw p's heat map. Without it the view shows no heat map.
	HeatScene func(p *Puzzle, sols []Solution, piece int) (*Scene, error)
}

// SavedRun sums up a saved run for the Resume button.
type SavedRun struct {
	// Solutions counts the solutions found so far (the distinct ones in a
	// distinct mode).
	Solutions int64
	// Fraction estimates the share of the search done, from 0 to 1.
	Fraction float64
	// Saved is when it was saved.
	Saved time.Time
}

// CatalogEntry is one built-in puzzle.
type CatalogEntry struct {
	Name, Title string
	// Family groups the entry in the gallery's filter ("Pentominoes");
	// Summary is a line of its counts under its title. Both may be empty.
	Family, Summary string
	Data            func() ([]byte, error)
}

// Puzzle is a loaded file reduced to what the window shows and solves.
type Puzzle struct {
	// Name is the file or library name.
	Name string
	// Planar is true for a 2D puzzle, seen from above.
	Planar bool
	// Box holds the drawable cells of the box; nil when the file is a DLX
	// file whose items are not cells.
	Box []geometry.Cell
	// Pieces in the order of the file.
	Pieces []Piece
	// Placements are the options that are placements, in option order; nil
	// for a DLX file without cells.
	Placements []Placement
	// Options is the number of options of the exact cover problem.
	Options int
	// Option returns the items of option i as text, for exports.
	Option func(i int) string
	// Distinct is true when the backend can count p's solutions up to the
	// box's symmetries (see SolveOptions.Distinct).
	Distinct bool
	// StartDistinct is the sameness the solutions list starts in when
	// Distinct: DistinctAll for a BurrTools file, whose users expect
	// BurrTools' count (up to rotation and reflection); DistinctRaw (the
	// zero value: whatever was selected stays) otherwise.
	StartDistinct Distinct
	// Labels, if not nil, returns the texts written on cells for solution
	// s, or for the puzzle before it is solved when s is nil: the clues and
	// filled-in digits of a fillomino board.
	Labels func(s Solution) []CellLabel
	// DrawBoard, if not nil, draws p as a flat board (a fillomino grid,
	// say) in a w×h image, with solution s filled in (nil: the bare
	// puzzle), its clues drawn like the solved cells if hideClues; the
	// view then shows that instead of a 3D scene.
	DrawBoard func(s Solution, hideClues bool, w, h int) image.Image
	// BoardSVG, if not nil, writes what DrawBoard draws as SVG (File >
	// Export SVG of a flat board).
	BoardSVG func(s Solution, w io.Writer) error
	// Problems names the problems of a file that holds several (a BurrTools
	// file); the window asks which one to open. Nil for one problem.
	Problems []string
	// Blocking, if not nil, says for solution s and piece i of the puzzle
	// (selected in the pieces panel while s is shown) how to show what holds
	// that piece in place: an opacity for options of s (the piece itself 1,
	// what blocks it less, the rest faint; options not in the map are
	// opaque) and a line of text. ok is false when s does not use piece i.
	// Antislide packings use it.
	Blocking func(s Solution, i int) (opacity map[int]float64, text string, ok bool)
	// Info, if not empty, sums the puzzle up in a line for the pieces
	// panel, in place of the cells, pieces and placements of a packing.
	Info string
	// Restrictions say in words what the file itself restricts, one line
	// each, for the pieces panel: Lepage's "L2 locked to 1 orientation",
	// "X_ kept in the origin octant".
	Restrictions []string
	// PieceOf, if not nil, is the index in Pieces of the piece option o
	// places, for a flat board whose options are not cell placements
	// (polysticks): the view leaves hidden pieces off the board.
	PieceOf func(o int) int
	// PickBoard, if not nil, is the index in Pieces of the piece drawn at
	// pixel (x, y) of DrawBoard's w×h picture of solution s; ok is false
	// when none is. A click on the board then selects it.
	PickBoard func(s Solution, w, h, x, y int) (piece int, ok bool)
	// Source is the backend's own handle on the puzzle.
	Source any
	// Grid, when not nil, is the BurrTools grid the cells are on (prisms,
	// spheres, rhombic tetrahedra, tetra-octa): the view draws its solids,
	// and moves pieces by offsets rather than cells.
	Grid *geometry.Grid
	// Wrap says across which axes (x, y, z) the box's opposite faces are
	// joined (a board that wraps, "| wrap" in a spec): the view marks them.
	Wrap [3]bool
	// MemoryLimit is what the backend sized p against as it loaded (0:
	// none): its symmetry cut and searches are sized against it too.
	MemoryLimit int64
}

// Distinct says which solutions count as the same.
type Distinct int

const (
	// DistinctRaw counts every solution of the exact cover problem.
	DistinctRaw Distinct = iota
	// DistinctRotations counts solutions that no rotation of the box (for a
	// board: no turn in its plane) turns into one another.
	DistinctRotations
	// DistinctAll counts solutions that no rotation or reflection of the box
	// turns into one another.
	DistinctAll
)

// Piece describes one piece of a puzzle for the pieces panel.
type Piece struct {
	Name         string
	Min, Max     int
	Cells        int
	Orientations []geometry.Shape
	Placements   int
	// Motion is how the piece may move, as a spec's comment lines say it:
	// "one-sided" (rotations only, never turned over), "fixed" (as drawn)
	// or "" (free: every orientation of its lattice). Orientations are
	// then only those the motion allows.
	Motion string
	// Picture, when not nil, draws orientation o (0 to Turns-1) of a piece
	// that is not made of cells (a polystick) alone in a w×h image, for
	// the pieces panel and the view; Orientations is then empty.
	Picture func(o, w, h int) image.Image
	Turns   int
	// Unit names what Cells counts ("sticks"); "" is cells.
	Unit string
}

// Placement is one option of the exact cover problem seen as a piece put in
// the box.
type Placement struct {
	Piece, Orientation int
	Cells              []geometry.Cell
}

// Solution is one exact cover: option indices in choice order.
type Solution []int

// SolveOptions configure a run.
type SolveOptions struct {
	// Workers is the number of goroutines; 0 means all cores.
	Workers int
	// Max stops after this many solutions (distinct ones in a distinct
	// mode); 0 means all.
	Max int64
	// Distinct asks for one canonical representative per class of
	// solutions, for a puzzle whose Distinct is true; visit then gets the
	// representatives, as sorted option numbers.
	Distinct Distinct
	// Progress is called now and then from the solving goroutines.
	Progress func(Progress)
	// YieldToUI asks the backend to run the search, and what it does
	// before the search (the problem, its symmetries), at a lower
	// priority than the UI thread, so the window stays smooth on busy
	// cores.
	YieldToUI bool
	// Animating, if not nil, reports whether the window's view is
	// animating (spinning, playing, dragged): while it is, the backend
	// lets one core fewer search, so that the frames keep their pace (a
	// frame takes most of a core with a software GL driver); the search
	// goes on, on the other cores, at full speed again once the view
	// stands still. It is called from the solving goroutines.
	Animating func() bool
	// Save asks the backend to save the state of the run of all solutions
	// (Max 0) every few seconds and when ctx ends before the search does,
	// so that a later run can Resume it (see Backend.SavedRun); a run that
	// ends deletes it. What State returns (JSON) is saved with it: State
	// is called while the search stands still, when every solution counted
	// in the state has been visited and before the next one is.
	Save  bool
	State func() []byte
	// Resume goes on with the saved run of p in mode Distinct (and saves it
	// as Save does): Restore gets what State returned when it was saved,
	// before any solution is visited. The figures then include the saved
	// ones; the solutions visited are only the new ones.
	Resume  bool
	Restore func(state []byte) error
}

// Progress is a snapshot of a running search.
type Progress struct {
	Solutions, Nodes int64
	Fraction         float64
	// Elapsed is the search's time; Setup what came before it in this
	// run (the problem, its symmetries), as long as a search at times.
	Elapsed, Setup time.Duration
}

// SolveStats are the figures of a finished search.
type SolveStats struct {
	// Solutions counts the solutions visited: the distinct ones in a
	// distinct mode.
	Solutions, Nodes int64
	Elapsed, Setup   time.Duration // as in Progress
	// Raw is, in a distinct mode, the number of all solutions that the
	// distinct ones stand for (0 otherwise).
	Raw int64
	// Note says, in a distinct mode, which symmetries apply and why.
	Note string
}

// Scene is what the 3D view draws.
type Scene struct {
	Planar bool
	Box    []geometry.Cell
	Pieces []ScenePiece
	// Frame, if not nil, is the region [lo, hi] the camera frames, so that
	// pieces flying in or pushed apart do not move the camera.
	Frame *[2][3]float64
	// Labels are texts on the top faces of cells.
	Labels []CellLabel
	// CellEdges draws the edges between the unit cubes of each piece, so
	// its cubes can be counted.
	CellEdges bool
	// Board, if not nil, draws the whole picture instead (a flat board,
	// see Puzzle.DrawBoard); the camera does not apply.
	Board func(w, h int) image.Image
	// BoardSVG, if not nil, writes the board's picture as SVG.
	BoardSVG func(w io.Writer) error
	// Grid is the puzzle's BurrTools grid, nil for cubes and squares.
	Grid *geometry.Grid
	// GridBoard draws a grid's box as a pale board beside the loose pieces;
	// otherwise a grid's box is not drawn (its pieces fill it).
	GridBoard bool
	// GridFloor draws a grid's box as a pale board one layer under its
	// pieces (Play on triangles or hexagons): the board being filled.
	GridFloor bool
	// Wrap marks the box's joined faces (see Puzzle.Wrap).
	Wrap [3]bool
}

// CellLabel is text on the top face of a cell, moved by Offset with the
// piece it belongs to.
type CellLabel struct {
	Cell   geometry.Cell
	Text   string
	Bold   bool
	Offset [3]float64
}

// ScenePiece is one piece of a scene.
type ScenePiece struct {
	// Piece is the index in Puzzle.Pieces of the piece this is a copy of.
	Piece   int
	Name    string
	Cells   []geometry.Cell
	Color   color.NRGBA
	Offset  [3]float64
	Opacity float64
}

// Camera is the view's camera, relative to the one that fits the scene: Yaw
// and Pitch in degrees, Zoom as a factor (1 fits the scene).
type Camera struct {
	Yaw, Pitch, Zoom float64
}

// LoadError is a load failure with a position, for the error dialog.
type LoadError struct {
	File      string
	Line, Col int
	Err       error
	// Choices, when not empty, are the formats the input reads as well in
	// (a spec with cells such as "00'": POLYIAMOND-DLX's triangles or
	// POLYOMINO-DLX's squares): the window asks which and reads it with
	// LoadAs, rather than showing Err, which is worded for the command
	// line.
	Choices []FormatChoice
}

// A FormatChoice is one way to read an ambiguous input: the format's name
// for LoadAs and what to call it in the question.
type FormatChoice struct {
	Format, Title string
}

func (e *LoadError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %v", e.File, e.Line, e.Col, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.File, e.Err)
}

func (e *LoadError) Unwrap() error { return e.Err }
