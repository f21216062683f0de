package heatmap

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"strconv"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/formats"
	"polyviz/puzzle"
	"polyviz/solver"
)

// TestRowsSumToCount counts the packings of library puzzles, all of them
// and one per class, and checks that each CSV row adds up to the count.
func TestRowsSumToCount(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	for _, tt := range []struct {
		name string
		mode puzzle.Distinct
		want int64
	}{
		{"pentomino-3x20", puzzle.DistinctNone, 8},
		{"pentomino-3x20", puzzle.DistinctAll, 2},
		{"soma-bathtub", puzzle.DistinctNone, 316},
		{"soma", puzzle.DistinctRotations, 480},
		{"hexiamond-4x9", puzzle.DistinctNone, 148},
		{"tetrahex-coin", puzzle.DistinctNone, 16},
	} {
		t.Run(tt.name+"/"+tt.mode.String(), func(t *testing.T) {
			e, _ := assets.Lookup(tt.name)
			l, err := puzzle.Load(e.File, e.Data(), puzzle.FormatAuto)
			if err != nil {
				t.Fatal(err)
			}
			m := New(l.Puzzle)
			_, err = l.Puzzle.SolveDistinct(context.Background(), tt.mode, solver.Options{}, func(s puzzle.DistinctSolution) bool {
				m.Add(s.Options, 1)
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if m.Solutions != tt.want {
				t.Fatalf("%d solutions, want %d", m.Solutions, tt.want)
			}
			var b bytes.Buffer
			if err := m.WriteCSV(&b); err != nil {
				t.Fatal(err)
			}
			rows, err := csv.NewReader(&b).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != len(l.Puzzle.Box)+1 {
				t.Fatalf("%d rows, want a header and %d cells", len(rows), len(l.Puzzle.Box))
			}
			for _, row := range rows[1:] {
				sum := int64(0)
				for _, f := range row[1:] {
					n, err := strconv.ParseInt(f, 10, 64)
					if err != nil {
						t.Fatal(err)
					}
					sum += n
				}
				if sum != tt.want {
					t.Errorf("cell %s: row sums to %d, want %d", row[0], sum, tt.want)
				}
			}
			if img, err := m.Image(4); err != nil || img.Bounds().Dx() == 0 {
				t.Errorf("image: %v", err)
			}
		})
	}
}

// TestGridBox counts the 8 packings of BallRoom (BurrTools' spheres grid):
// the CSV's rows add up to 8, and the picture is refused with a clear error
// (a 3D box on another grid has no side-by-side layers), not drawn wrong.
func TestGridBox(t *testing.T) {
	const file = "../burrtools/testdata/grids/BallRoom.xmpuzzle"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	l, err := formats.Load(file, data, "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := New(l.Puzzle)
	if _, err := solver.Solve(context.Background(), l.Problem, solver.Options{}, func(s solver.Solution) bool { m.Add(s.Options, 1); return true }); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := m.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows[1:] {
		sum := int64(0)
		for _, f := range row[1:] {
			n, _ := strconv.ParseInt(f, 10, 64)
			sum += n
		}
		if sum != 8 {
			t.Errorf("cell %s: row sums to %d, want 8", row[0], sum)
		}
	}
	if _, err := m.Image(4); err == nil || !strings.Contains(err.Error(), "spheres") {
		t.Errorf("Image on the spheres grid: %v, want a refusal naming the grid", err)
	}
}

// TestImagePanels: the picture has a named panel for the blend and for
// each piece, cut to the box's drawing: a 3x20 board's panels are strips,
// not squares, and each has ink in its name band; a map with no solutions
// is drawn too.
func TestImagePanels(t *testing.T) {
	e, _ := assets.Lookup("pentomino-3x20")
	l, err := puzzle.Load(e.File, e.Data(), puzzle.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	m := New(l.Puzzle)
	img, err := m.Image(4)
	if err != nil {
		t.Fatal(err)
	}
	// 13 panels in rows of 4: 4 rows, each a strip (a 3x20 board drawn
	// 220 wide is about 40 high) under its 22-pixel name
	rows := 4
	th := img.Bounds().Dy() / rows
	if img.Bounds().Dy()%rows != 0 || th > 100 || th < captionHeight+20 {
		t.Fatalf("picture %v: rows of %d pixels", img.Bounds(), th)
	}
	tw := (img.Bounds().Dx() + panelGap) / 4
	paper := img.NRGBAAt(0, img.Bounds().Dy()-1)
	for k := range 13 {
		x0, y0 := (k%4)*tw, (k/4)*th
		ink := 0
		for y := y0; y < y0+captionHeight; y++ {
			for x := x0; x < x0+tw-panelGap; x++ {
				if img.NRGBAAt(x, y) != paper {
					ink++
				}
			}
		}
		if ink < 20 {
			t.Errorf("panel %d: %d inked pixels in its name band", k, ink)
		}
	}
}

// TestImageBigBoard: a 62x62 board's panels grow to cellPixels a cell
// (they would give a cell 3 pixels, most of them outline), and a map of
// many pieces keeps all its panels within maxPixels, down to panelSize.
func TestImageBigBoard(t *testing.T) {
	l, err := puzzle.Load("big.txt", []byte("[0-Z][0-Z]\nA 00 01\nB 00\n"), puzzle.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	m := New(l.Puzzle)
	img, err := m.Image(1)
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w < 62*cellPixels-20 || w > 62*cellPixels+2*captionMargin {
		t.Errorf("62x62 board: panels %d pixels wide, want about %d", w, 62*cellPixels)
	}
	if px := m.panelPixels(100); px*px*100 > maxPixels || px < 400 {
		t.Errorf("100 panels of %d pixels: want about 409, within %d pixels in all", px, maxPixels)
	}
	if px := m.panelPixels(1000); px != panelSize {
		t.Errorf("1000 panels of %d pixels: want the least, %d", px, panelSize)
	}
}
