package burrtools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/puzzle"
	"polyviz/solver"
)

func loadBurr(t *testing.T, file string, problem int) *puzzle.Loaded {
	t.Helper()
	data, err := os.ReadFile("testdata/grids/" + file)
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load(file, data, puzzle.LoadOptions{Problem: problem})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestBurrToolsGridCounts: on every problem of BurrTools' example files on
// its prism, sphere, rhombic and tetra-octa grids, --distinct all counts
// BurrTools' assemblies (its own solver's figures, testdata/grids/README.md),
// with dancing links and the bitset engine; the raw count a plain search
// finds equals the one the distinct count derives, and --distinct rotations
// derives the same raw count.
func TestBurrToolsGridCounts(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	tests := []struct {
		file      string
		problem   int
		grid      string
		burrTools int64 // BurrTools' assemblies
		rotations int64 // ours, up to rotation only
		raw       int64
	}{
		{"Bermuda.xmpuzzle", 0, "triangular prisms", 1, 2, 24},
		{"BallRoom.xmpuzzle", 0, "spheres", 2, 2, 8},
		{"BallRoom.xmpuzzle", 1, "spheres", 1, 2, 24},
		{"BallRoom.xmpuzzle", 2, "spheres", 3, 3, 72},
		{"HexSticks.xmpuzzle", 0, "rhombic tetrahedra", 33, 33, 744},
		{"12PieceSeparation.xmpuzzle", 0, "rhombic tetrahedra", 1, 1, 24},
		{"PiecesOfEight.xmpuzzle", 0, "rhombic tetrahedra", 6, 11, 88},
		{"PiecesOfEight.xmpuzzle", 1, "rhombic tetrahedra", 4, 8, 32},
		{"PiecesOfEight.xmpuzzle", 2, "rhombic tetrahedra", 43, 86, 172},
		{"PiecesOfEight.xmpuzzle", 3, "rhombic tetrahedra", 12, 24, 576},
		{"PiecesOfEight.xmpuzzle", 4, "rhombic tetrahedra", 20, 40, 80},
		{"PiecesOfEight.xmpuzzle", 5, "rhombic tetrahedra", 12, 24, 24},
		{"FourPieceTetrahedron.xmpuzzle", 0, "tetrahedra-octahedra", 1, 1, 6},
		{"variable-spheres.xml", 0, "spheres", 1, 2, 2}, // ranges and variable voxels
		{"variable-spheres.xml", 1, "spheres", 2, 3, 3},
	}
	for _, tc := range tests {
		t.Run(strings.TrimSuffix(tc.file, ".xmpuzzle")+"/"+string(rune('1'+tc.problem)), func(t *testing.T) {
			if raceEnabled && tc.raw > 100 {
				t.Skip("pure computation; the smaller problems cover -race")
			}
			l := loadBurr(t, tc.file, tc.problem)
			if g := l.Puzzle.Grid(); g == nil || g.Name() != tc.grid {
				t.Fatalf("grid %v, want %s", g, tc.grid)
			}
			if n := countSolutions(t, l.Problem); n != tc.raw {
				t.Errorf("plain search: %d solutions, want %d", n, tc.raw)
			}
			for _, e := range []solver.Engine{solver.EngineDLX, solver.EngineBits} {
				st, err := l.Puzzle.SolveDistinct(context.Background(), puzzle.DistinctAll, solver.Options{Engine: e}, func(puzzle.DistinctSolution) bool { return true })
				if err != nil {
					t.Fatal(err)
				}
				if ok, _ := solver.BitsApplies(l.Problem); ok && st.Engine != e {
					t.Errorf("engine %v asked, %v ran", e, st.Engine)
				}
				if st.Distinct != tc.burrTools || st.Raw != tc.raw {
					t.Errorf("engine %v: --distinct all %d (raw %d), BurrTools says %d (raw %d)", e, st.Distinct, st.Raw, tc.burrTools, tc.raw)
				}
			}
			st, err := l.Puzzle.SolveDistinct(context.Background(), puzzle.DistinctRotations, solver.Options{}, func(puzzle.DistinctSolution) bool { return true })
			if err != nil {
				t.Fatal(err)
			}
			if st.Distinct != tc.rotations || st.Raw != tc.raw {
				t.Errorf("--distinct rotations %d (raw %d), want %d (raw %d)", st.Distinct, st.Raw, tc.rotations, tc.raw)
			}
		})
	}
}

// TestBurrToolsGridErrors: a voxel off the grid is an error at its
// <voxel>, naming the grid in words; an unknown grid type names the known ones.
func TestBurrToolsGridErrors(t *testing.T) {
	head := "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n"
	for _, tc := range []struct {
		name, data string
		err        error
		line, col  int
		words      string
	}{
		{"odd sphere", head + " <gridType type=\"2\"/>\n <shapes>\n  <voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">_#</voxel>\n </shapes>\n</puzzle>\n", ErrGridCell, 5, 3, "spheres"},
		{"rhombic", head + " <gridType type=\"3\"/>\n <shapes>\n  <voxel x=\"1\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n </shapes>\n</puzzle>\n", ErrGridCell, 5, 3, "rhombic tetrahedra"},
		{"unknown grid", head + " <gridType type=\"7\"/>\n</puzzle>\n", ErrGridType, 3, 2, "spheres"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read("x.xmpuzzle", []byte(tc.data))
			var pe *parse.Error
			if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Line != tc.line || pe.Col != tc.col {
				t.Fatalf("error %v, want %v at %d:%d", err, tc.err, tc.line, tc.col)
			}
			if !strings.Contains(err.Error(), tc.words) || strings.Contains(err.Error(), "grid type 2") {
				t.Errorf("error %q does not name the grid in words", err)
			}
		})
	}
}

// TestBurrToolsGridRoundTrip: every problem of the grid files, written back
// as an .xmpuzzle file (the file as read, colours included) and as the
// puzzle polyviz built (ToXMPuzzle, for the problems without colours), reads
// back on the same grid with the same placements.
func TestBurrToolsGridRoundTrip(t *testing.T) {
	for _, file := range []string{"Bermuda.xmpuzzle", "BallRoom.xmpuzzle", "HexSticks.xmpuzzle", "12PieceSeparation.xmpuzzle", "PiecesOfEight.xmpuzzle", "FourPieceTetrahedron.xmpuzzle"} {
		data, err := os.ReadFile("testdata/grids/" + file)
		if err != nil {
			t.Fatal(err)
		}
		x, err := Read(file, data)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := x.Write(&buf); err != nil {
			t.Fatal(err)
		}
		x2, err := Read(file, buf.Bytes())
		if err != nil {
			t.Fatalf("%s written back: %v", file, err)
		}
		if x2.GridType != x.GridType || len(x2.Problems) != len(x.Problems) {
			t.Fatalf("%s: grid %d, %d problems read back; want %d, %d", file, x2.GridType, len(x2.Problems), x.GridType, len(x.Problems))
		}
		for k := range x.Problems {
			a, err := x.Puzzle(file, k)
			if err != nil {
				t.Fatal(err)
			}
			b, err := x2.Puzzle(file, k)
			if err != nil {
				t.Fatal(err)
			}
			same := func(c geometry.Cell) geometry.Cell { return c }
			if ka, kb := placementKeys(a, same), placementKeys(b, same); strings.Join(ka, "\n") != strings.Join(kb, "\n") || len(ka) == 0 {
				t.Errorf("%s problem %d: %d placements, %d read back", file, k+1, len(ka), len(kb))
			}
			if len(x.Colors) > 0 {
				continue
			}
			ex, err := FromPuzzle(a)
			if err != nil {
				t.Fatalf("%s problem %d: %v", file, k+1, err)
			}
			if ex.GridType != x.GridType {
				t.Errorf("%s problem %d exported on grid %d", file, k+1, ex.GridType)
			}
		}
	}
}

// TestBurrToolsGenerated: on 64 small random problems on the four grids,
// --distinct all counts what BurrTools' burrTxt counted
// (testdata/grids/generated).
func TestBurrToolsGenerated(t *testing.T) {
	dir := "testdata/grids/generated/"
	table, err := os.ReadFile(dir + "burrtxt-counts.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Fields(string(table))
	if len(lines) != 2*64 {
		t.Fatalf("%d fields in the table", len(lines))
	}
	for i := 0; i < len(lines); i += 2 {
		file, want := lines[i], lines[i+1]
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(dir + file)
			if err != nil {
				t.Fatal(err)
			}
			l, err := Load(file, data, puzzle.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if raceEnabled && l.Problem.NumOptions() > 300 {
				t.Skip("pure computation")
			}
			st, err := l.Puzzle.SolveDistinct(context.Background(), puzzle.DistinctAll, solver.Options{}, func(puzzle.DistinctSolution) bool { return true })
			if err != nil {
				t.Fatal(err)
			}
			if got := strconv.FormatInt(st.Distinct, 10); got != want {
				t.Errorf("--distinct all %s, BurrTools %s", got, want)
			}
		})
	}
}

// TestGridNumbersNames: a grid puzzle's placements carry their items as
// numbers (puzzle.Placement.Numbers) and the exact-cover problem is built
// from them; every option of that problem names the items that the
// placement's names (ItemNames) spell, in order, after its piece, as a
// problem built from the names would; and the DLX file written from the
// puzzle reads back as the same problem.
func TestGridNumbersNames(t *testing.T) {
	for _, file := range []string{"Bermuda.xmpuzzle", "BallRoom.xmpuzzle", "HexSticks.xmpuzzle", "FourPieceTetrahedron.xmpuzzle", "variable-spheres.xml"} {
		l := loadBurr(t, file, 0)
		pz, prob := l.Puzzle, l.Problem
		pls := pz.Placements()
		if len(pls) == 0 || pls[0].Items != nil || len(pls[0].Numbers) == 0 {
			t.Fatalf("%s: the first placement has items %q and numbers %v; want numbers only", file, pls[0].Items, pls[0].Numbers)
		}
		if prob.NumOptions() != len(pls) {
			t.Fatalf("%s: %d options for %d placements", file, prob.NumOptions(), len(pls))
		}
		for i, pl := range pls {
			want := append([]string{pz.Pieces[pl.Piece].Name}, pz.ItemNames(pl)...)
			if got := prob.OptionItems(i); !slices.Equal(got, want) {
				t.Fatalf("%s: option %d is %q, its placement's names %q", file, i, got, want)
			}
			if pl.NumItems() != len(pl.Cells) {
				t.Fatalf("%s: placement %d: %d items for %d cells", file, i, pl.NumItems(), len(pl.Cells))
			}
			for k, c := range pl.Cells {
				if pz.CellName(c) != pz.ItemNames(pl)[k] {
					t.Fatalf("%s: placement %d: cell %v named %q, item %q", file, i, c, pz.CellName(c), pz.ItemNames(pl)[k])
				}
			}
		}
		var dlx bytes.Buffer
		if err := pz.WriteDLX(&dlx); err != nil {
			t.Fatal(err)
		}
		back, err := solver.ParseDLX(bytes.NewReader(dlx.Bytes()), file)
		if err != nil {
			t.Fatalf("%s: the DLX file written: %v", file, err)
		}
		if back.NumOptions() != prob.NumOptions() {
			t.Fatalf("%s: the DLX file has %d options, the problem %d", file, back.NumOptions(), prob.NumOptions())
		}
		for i := range prob.NumOptions() {
			if !slices.Equal(back.OptionItems(i), prob.OptionItems(i)) {
				t.Fatalf("%s: option %d: the DLX file %q, the problem %q", file, i, back.OptionItems(i), prob.OptionItems(i))
			}
		}
	}
}

// TestGridCellsLater: a grid puzzle's placements get their cells only
// when Placements is first asked (SetGrid), and asking for them while the
// search reads the placements (the window does) changes nothing the
// search sees: the same count, no data race under -race, and the cells
// are each placement's base shape moved by its offset, whose names are the
// items its numbers name (TestGridNumbersNames).
func TestGridCellsLater(t *testing.T) {
	files := []string{"FourPieceTetrahedron.xmpuzzle", "HexSticks.xmpuzzle"}
	if raceEnabled {
		files = files[:1] // HexSticks' search takes seconds under -race
	}
	for _, file := range files {
		plain, err := loadBurr(t, file, 0).Puzzle.SolveDistinct(context.Background(), puzzle.DistinctAll, solver.Options{}, func(puzzle.DistinctSolution) bool { return true })
		if err != nil {
			t.Fatal(err)
		}
		pz := loadBurr(t, file, 0).Puzzle
		done := make(chan puzzle.DistinctStats)
		go func() {
			st, err := pz.SolveDistinct(context.Background(), puzzle.DistinctAll, solver.Options{Workers: 2}, func(puzzle.DistinctSolution) bool { return true })
			if err != nil {
				t.Error(err)
			}
			done <- st
		}()
		pls := pz.Placements()
		st := <-done
		if st.Distinct != plain.Distinct || st.Raw != plain.Raw || plain.Distinct == 0 {
			t.Errorf("%s: %d distinct of %d raw with the cells asked for meanwhile, %d of %d without", file, st.Distinct, st.Raw, plain.Distinct, plain.Raw)
		}
		if again := pz.Placements(); &again[0] != &pls[0] {
			t.Errorf("%s: the cells were made twice", file)
		}
		for i, pl := range pls {
			moved := pz.Bases[pl.Base].Shape.Translate(pl.Offset)
			if !slices.Equal(pl.Cells, moved) || len(pl.Numbers) != len(moved) {
				t.Fatalf("%s: placement %d covers %v, its base moved by %v covers %v", file, i, pl.Cells, pl.Offset, moved)
			}
		}
	}
}

// TestGridLoadCancelled: a load whose context is cancelled stops while a
// grid's placements are made (a result of 32,000 spheres here), rather than
// making them all first; a load without the problem did not look at it.
func TestGridLoadCancelled(t *testing.T) {
	const n = 40
	var result strings.Builder
	for z := range n {
		for y := range n {
			for x := range n {
				if (x+y+z)%2 == 0 {
					result.WriteByte('#')
				} else {
					result.WriteByte('_')
				}
			}
		}
	}
	data := []byte(`<?xml version="1.0"?>
<puzzle version="2"><gridType type="2"/><colors/><shapes>
<voxel x="2" y="2" z="1" type="0">#__#</voxel>
<voxel x="` + strconv.Itoa(n) + `" y="` + strconv.Itoa(n) + `" z="` + strconv.Itoa(n) + `" type="0">` + result.String() + `</voxel>
</shapes><problems>
<problem><shapes><shape id="0" count="16000"/></shapes><result id="1"/><bitmap/></problem>
</problems></puzzle>
`)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, noProblem := range []bool{true, false} {
		start := time.Now()
		_, err := Load("big.xmpuzzle", data, puzzle.LoadOptions{Context: ctx, NoProblem: noProblem})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("NoProblem %v: %v, want context.Canceled", noProblem, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("NoProblem %v: returned after %v", noProblem, d)
		}
	}
}

// TestGridUnplacedMade: every problem of every grid file here, BurrTools'
// and the generated ones, and under a file name that the spec cannot
// hold on one line, is the same puzzle, field for field, whether it is
// made from the cells the spec was written from (puzzle.NewUnplacedCells)
// or read back from the spec.
func TestGridUnplacedMade(t *testing.T) {
	var files []string
	for _, dir := range []string{"testdata/grids/", "testdata/grids/generated/"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if n := e.Name(); strings.HasSuffix(n, ".xmpuzzle") || strings.HasSuffix(n, ".xml") {
				files = append(files, dir+n)
			}
		}
	}
	if len(files) < 60 {
		t.Fatalf("%d grid files", len(files))
	}
	defer func() { makeUnplaced = true }()
	made := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		x, err := Read(file, data)
		if err != nil {
			t.Fatal(err)
		}
		for k := range x.Problems {
			for _, name := range []string{file, file + "\nsecond line"} {
				makeUnplaced = true
				got, gerr := x.Puzzle(name, k)
				makeUnplaced = false
				want, werr := x.Puzzle(name, k)
				if fmt.Sprint(gerr) != fmt.Sprint(werr) {
					t.Fatalf("%s problem %d: made %v, read %v", file, k+1, gerr, werr)
				}
				if gerr == nil && !reflect.DeepEqual(got, want) {
					t.Fatalf("%s problem %d (named %q): the puzzle made differs from the one read", file, k+1, name)
				}
				if gerr == nil && got.Grid() != nil && name == file {
					made++
				}
			}
		}
	}
	if made < 60 {
		t.Errorf("%d grid problems compared, want at least 60", made)
	}
}

// TestBoxIndex: a box's index numbers each cell as its place in the box,
// and -1 off it, looked up one by one (at, inside) or by offsets
// (numbersAt, which says which cell is outside), in each of its forms:
// numbers in 16 bits (up to 65,534 cells), in 32 (a box of 65,535 and of
// 74,088), and a map (bounds far larger than the box).
func TestBoxIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 11))
	cube := func(n int) geometry.Shape {
		var s geometry.Shape
		for z := range n {
			for y := range n {
				for x := range n {
					s = append(s, geometry.Cell{X: x, Y: y, Z: z})
				}
			}
		}
		return geometry.NewShape(s...)
	}
	forms := []string{"16 bits", "32 bits", "32 bits", "a map", "16 bits"}
	for n, box := range []geometry.Shape{
		cube(41)[:65534], cube(41)[:65535], cube(42),
		geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{X: 500, Y: 400, Z: 300}),
		geometry.NewShape(cube(9)[rng.IntN(100):600]...),
	} {
		lo, hi := box.Bounds()
		b := newBoxIndex(lo, hi, box)
		form := map[bool]string{true: "16 bits"}[b.dense != nil] + map[bool]string{true: "32 bits"}[b.dense4 != nil] + map[bool]string{true: "a map"}[b.sparse != nil]
		if form != forms[n] {
			t.Errorf("%d cells: the index is %s, want %s", len(box), form, forms[n])
		}
		num := make(map[geometry.Cell]int32, len(box))
		for i, c := range box {
			num[c] = int32(i)
		}
		for range 2000 {
			c := geometry.Cell{X: lo.X - 1 + rng.IntN(hi.X-lo.X+3), Y: lo.Y - 1 + rng.IntN(hi.Y-lo.Y+3), Z: lo.Z - 1 + rng.IntN(hi.Z-lo.Z+3)}
			if rng.IntN(2) == 0 {
				c = box[rng.IntN(len(box))]
			}
			want, ok := num[c]
			if !ok {
				want = -1
			}
			if got := b.at(c); got != want {
				t.Fatalf("%d cells in %s: cell %v numbered %d, want %d", len(box), form, c, got, want)
			}
		}
		// a small shape moved to random places within the bounds
		s := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Z: 1})
		rel := b.offsets(nil, s)
		for range 500 {
			d := geometry.Cell{X: lo.X + rng.IntN(hi.X-lo.X), Y: lo.Y + rng.IntN(hi.Y-lo.Y+1), Z: lo.Z + rng.IntN(hi.Z-lo.Z)}
			want := b.inside(s, d)
			// any cell looked up first, or none
			first := rng.IntN(len(s)+2) - 1
			items := make([]int32, len(s))
			switch got := b.numbersAt(items, s, d, rel, first); {
			case (got < 0) != want:
				t.Fatalf("%d cells in %s: shape at %v, first %d: numbersAt %d, want inside %v", len(box), form, d, first, got, want)
			case got >= 0 && (got >= len(s) || b.at(s[got].Add(d)) >= 0):
				t.Fatalf("%d cells in %s: shape at %v, first %d: numbersAt %d, which is no cell of it outside the box", len(box), form, d, first, got)
			}
			if want {
				for k, c := range s {
					if items[k] != num[c.Add(d)] {
						t.Fatalf("%d cells in %s: cell %v numbered %d, want %d", len(box), form, c.Add(d), items[k], num[c.Add(d)])
					}
				}
			}
		}
	}
}
