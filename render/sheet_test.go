package render

import (
	"testing"

	"polyviz/geometry"
)

func TestDistinctImages(t *testing.T) {
	// Knuth's counts: the L-tricube has 12 orientations, the straight
	// tricube 3, the 2×2×2 cube 1; the F pentomino 8 in the plane
	tests := []struct {
		name   string
		shape  geometry.Shape
		planar bool
		want   int
	}{
		{"L-tricube", geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}), false, 12},
		{"I-tricube", geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{X: 2}), false, 3},
		{"2x2x2", geometry.NewShape(boxCells(2, 2, 2)...), false, 1},
		{"F-pentomino", geometry.NewShape(pentomino6x10Packing[0].cells...).Normalize(), true, 8},
		{"X-pentomino", geometry.NewShape(pentomino6x10Packing[9].cells...).Normalize(), true, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ts := geometry.Rotations()
			if tc.planar {
				ts = geometry.PlaneSymmetries()
			}
			var images []geometry.Shape
			for _, tr := range ts {
				images = append(images, tr.ApplyShape(tc.shape).Translate(geometry.Cell{X: 5})) // not normalized
			}
			n := 0
			for _, d := range DistinctImages(images) {
				if d {
					n++
				}
			}
			if n != tc.want {
				t.Errorf("%d distinct, want %d", n, tc.want)
			}
			if got := len(geometry.Orientations(tc.shape, tc.planar)); got != n {
				t.Errorf("geometry.Orientations finds %d, the sheet %d", got, n)
			}
		})
	}
}

func TestSheetSize(t *testing.T) {
	l := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1})
	img := SheetFromShape(l, false, SheetOptions{Thumb: 40})
	want := 2*sheetMargin + 6*40 + 5*sheetGap
	if img.Rect.Dx() != want {
		t.Errorf("width %d, want %d (6 columns)", img.Rect.Dx(), want)
	}
	if empty := OrientationSheet(nil, SheetOptions{}); empty.Rect.Empty() {
		t.Error("an empty sheet has no title")
	}
}
