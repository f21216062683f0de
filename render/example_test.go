package render_test

import (
	"fmt"

	"polyviz/geometry"
	"polyviz/render"
)

func ExampleRender() {
	// a 2×1×1 domino and a single cube beside it
	s := &render.Scene{Pieces: []render.Piece{
		{Name: "domino", Cells: []geometry.Cell{{X: 0}, {X: 1}}, Color: render.PieceColor(0, 2)},
		{Name: "cube", Cells: []geometry.Cell{{X: 3}}, Color: render.PieceColor(1, 2)},
	}}
	cam := render.FitCameraSize(s, false, 320, 200)
	img := render.Render(s, cam, 320, 200)
	fmt.Println(img.Bounds())
	fmt.Println(img.NRGBAAt(0, 0) == render.DefaultBackground)
	// Output:
	// (0,0)-(320,200)
	// true
}

func ExamplePieceColor() {
	for i := range 3 {
		fmt.Println(render.PieceColor(i, 7))
	}
	// Output:
	// {254 129 120 255}
	// {79 139 11 255}
	// {192 133 6 255}
}

func ExampleDistinctImages() {
	// the L-tricube under the 24 rotations: 12 distinct orientations
	l := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1})
	var images []geometry.Shape
	for _, t := range geometry.Rotations() {
		images = append(images, t.ApplyShape(l))
	}
	n := 0
	for _, d := range render.DistinctImages(images) {
		if d {
			n++
		}
	}
	fmt.Println(n)
	// Output: 12
}
