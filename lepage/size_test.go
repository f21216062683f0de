package lepage

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/puzzle"
)

// allPieces is a pieces list of his 41 pieces, each once.
func allPieces() string {
	var names []string
	for _, g := range lepageGroups {
		for _, p := range g.pieces {
			names = append(names, fmt.Sprintf("%q", p.Name))
		}
	}
	return strings.Join(names, ", ")
}

// TestLepageTooLarge: a box of 20x20x20 with all 41 pieces is refused
// before its rows are built, at the pieces list, with the total number of
// placements and the limit (not blaming the piece the count passed the
// limit at).
func TestLepageTooLarge(t *testing.T) {
	src := "problem = {\n\tbox = { 20, 20, 20 },\n\tpieces = { " + allPieces() + " }\n}\n"
	lp := &File{W: 20, H: 20, D: 20}
	for _, g := range lepageGroups {
		for _, p := range g.pieces {
			lp.Pieces = append(lp.Pieces, p.Name)
		}
	}
	total := lp.placementCount()
	if lp.Rows != nil {
		t.Fatal("placementCount built rows")
	}
	_, err := Parse("big20.txt", []byte(src))
	var pe *parse.Error
	if !errors.Is(err, ErrTooLarge) || !errors.As(err, &pe) {
		t.Fatalf("error %v, want %v with a position", err, ErrTooLarge)
	}
	if pe.Line != 3 || pe.Col != 11 {
		t.Errorf("at %d:%d, want 3:11 (the pieces list)", pe.Line, pe.Col)
	}
	want := fmt.Sprintf("%d placements in all, more than the limit of %d", total, lepageMaxRows)
	if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "this piece") {
		t.Errorf("message %q, want it to say %q", err, want)
	}
}

// TestLepagePlacementCount: the count made before the rows (and of their
// cells) agrees with the rows built, symmetric pieces (duplicate orientations dropped),
// locks and constraints included.
func TestLepagePlacementCount(t *testing.T) {
	for _, src := range []string{
		"problem = { box = {4,4,4}, pieces = {'L2'} }",
		"problem = { box = {4,4,4}, pieces = {'X_'}, constrain_z = 'X_' }",
		"problem = { box = {5,3,2}, pieces = {'1_', '2_', '4O', 'I_', 'T1'}, lock = 'T1', lockcount = 5, constrain = '4O' }",
		"problem = { box = {6,5,4}, pieces = {" + allPieces() + "}, lock = 'V2', constrain_y = 'Q_' }",
		"problem = { box = {4,3,3}, pieces = {'1_', 'L_', 'L_'}, constrain_x = 'L_' }",
	} {
		lp, err := Parse("t.txt", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if n := lp.placementCount(); n != int64(len(lp.Rows)) {
			t.Errorf("%s: placementCount %d, %d rows built", src, n, len(lp.Rows))
		}
		cells := 0
		for _, r := range lp.Rows {
			cells += len(r.Cells)
		}
		if _, n := lp.placementSize(); n != int64(cells) {
			t.Errorf("%s: placementSize counts %d cells, the rows have %d", src, n, cells)
		}
	}
}

// TestLepageMemoryLimit: a box under the row limit but over the memory
// limit is refused before its rows are built, at the pieces list, with
// the rows and the estimate; the estimate grows with the workers and with
// the puzzle, and a limit of exactly the estimate lets the problem through.
func TestLepageMemoryLimit(t *testing.T) {
	src := []byte("problem = {\n\tbox = { 6, 6, 6 },\n\tpieces = { " + allPieces() + " }\n}\n")
	lp, err := Parse("all6.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	rows, cells := lp.placementSize()
	one := lp.needBytes(rows, cells, Limits{Workers: 1})
	if zero := lp.needBytes(rows, cells, Limits{}); zero != one {
		t.Errorf("no workers: %d bytes, want one worker's %d (one search counted at least)", zero, one)
	}
	two := lp.needBytes(rows, cells, Limits{Workers: 2})
	drawn := lp.needBytes(rows, cells, Limits{Workers: 1, Puzzle: true})
	if two <= one || drawn <= one {
		t.Errorf("estimates: one worker %d, two %d, with the puzzle %d; want the last two larger", one, two, drawn)
	}
	if _, err := ParseLimited("all6.txt", src, Limits{MaxBytes: two, Workers: 2}); err != nil {
		t.Errorf("limit = the estimate: %v", err)
	}
	_, err = ParseLimited("all6.txt", src, Limits{MaxBytes: two - 1, Workers: 2})
	var pe *parse.Error
	var me *MemoryError
	if !errors.Is(err, ErrTooLarge) || !errors.Is(err, puzzle.ErrTooBig) || !errors.As(err, &pe) || !errors.As(err, &me) {
		t.Fatalf("error %v, want a *MemoryError with a position", err)
	}
	if pe.Line != 3 || pe.Col != 11 {
		t.Errorf("at %d:%d, want 3:11 (the pieces list)", pe.Line, pe.Col)
	}
	if me.Placements != int64(len(lp.Rows)) || me.Need != two || me.Limit != two-1 || me.Workers != 2 {
		t.Errorf("%+v, want %d placements and %d bytes needed", me, len(lp.Rows), two)
	}
	want := fmt.Sprintf("all6.txt:3:11: problem too large: %d placements in all, searched by 2 workers, need about", len(lp.Rows))
	if !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "more than the limit of") {
		t.Errorf("message %q, want it to start %q", err, want)
	}
	// package formats' Load counts the puzzle and one worker
	_, err = Load("all6.txt", src, puzzle.LoadOptions{MaxBytes: drawn - 1})
	if !errors.As(err, &me) || me.Need != drawn {
		t.Errorf("Load under %d bytes: %v, want a *MemoryError needing %d", drawn-1, err, drawn)
	}
	if _, err := Load("all6.txt", src, puzzle.LoadOptions{MaxBytes: drawn}); err != nil {
		t.Errorf("Load under the estimate: %v", err)
	}
}

// TestLepageMemoryEstimate: the estimate is at least the live heap of
// what it counts (the rows, the problem, the puzzle), so that the
// collector's slack and the searches come on top of a floor that holds.
func TestLepageMemoryEstimate(t *testing.T) {
	src := []byte("problem = {\n\tbox = { 6, 6, 6 },\n\tpieces = { " + allPieces() + " }\n}\n")
	heap := func() int64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	before := heap()
	lp, err := Parse("all6.txt", src)
	if err != nil {
		t.Fatal(err)
	}
	prob, pz := lp.Problem(), lp.Puzzle()
	live := heap() - before
	rows, cells := lp.placementSize()
	if est := lp.needBytes(rows, cells, Limits{Workers: 1, Puzzle: true}); est < live {
		t.Errorf("%d rows: estimate %d bytes, live heap %d", rows, est, live)
	}
	runtime.KeepAlive(prob)
	runtime.KeepAlive(pz)
}

// slowRows is his generator as he wrote it: every position of every
// orientation a piece keeps, a row dropped when the piece has made the
// same cells before.
func slowRows(lp *File) []Row {
	var rows []Row
	for i, name := range lp.Pieces {
		pc, _ := lepagePiece(name)
		seen := map[string]bool{}
		for o := range lp.lockCount(name) {
			oriented := make(geometry.Shape, len(pc.Cubes))
			for k, c := range pc.Cubes {
				oriented[k] = lepageOrient(o, c)
			}
			lo, hi := oriented.Bounds()
			xp, yp, zp := lp.positions(name, lo, hi)
			for z := 0; z < zp; z++ {
				for y := 0; y < yp; y++ {
					for x := 0; x < xp; x++ {
						cells := make([]int, len(oriented))
						for k, c := range oriented {
							cells[k] = lp.column(c.X-lo.X+x, c.Y-lo.Y+y, c.Z-lo.Z+z)
						}
						slices.Sort(cells)
						if key := fmt.Sprint(cells); !seen[key] {
							seen[key] = true
							rows = append(rows, Row{Piece: i, Orientation: o, Cells: cells})
						}
					}
				}
			}
		}
	}
	return rows
}

// TestLepageRowsSlowPath: the rows built from the orientations alike up
// to translation kept once are his generator's, row for row in his order,
// on random boxes, pieces (repeats too), locks and constraints.
func TestLepageRowsSlowPath(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 17))
	all := Pieces()
	built := 0
	for range 400 {
		var names []string
		for range 1 + r.IntN(5) {
			names = append(names, fmt.Sprintf("%q", all[r.IntN(len(all))].Name))
		}
		src := fmt.Sprintf("problem = { box = {%d,%d,%d}, pieces = {%s}", 1+r.IntN(6), 1+r.IntN(6), 1+r.IntN(6), strings.Join(names, ", "))
		pick := func() string { return names[r.IntN(len(names))] }
		if r.IntN(2) == 0 {
			src += ", lock = " + pick()
			if r.IntN(2) == 0 {
				src += fmt.Sprintf(", lockcount = %d", 1+r.IntN(24))
			}
		}
		for _, key := range []string{"constrain", "constrain_x", "constrain_y", "constrain_z"} {
			if r.IntN(5) == 0 {
				src += ", " + key + " = " + pick()
			}
		}
		src += " }"
		lp, err := Parse("t.txt", []byte(src))
		if errors.Is(err, ErrNoPlacement) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		want := slowRows(lp)
		if !slices.EqualFunc(lp.Rows, want, func(a, b Row) bool {
			return a.Piece == b.Piece && a.Orientation == b.Orientation && slices.Equal(a.Cells, b.Cells)
		}) {
			t.Fatalf("%s: %d rows, his generator makes %d", src, len(lp.Rows), len(want))
		}
		built++
	}
	if built < 100 {
		t.Errorf("only %d of 400 problems had rows", built)
	}
}
