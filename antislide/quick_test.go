package antislide

import (
	"context"
	"testing"

	"polyviz/geometry"
)

func brick(a, b, c int) geometry.Shape {
	var s []geometry.Cell
	for x := range a {
		for y := range b {
			for z := range c {
				s = append(s, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	return geometry.NewShape(s...)
}

func TestQuick(t *testing.T) {
	for _, box := range []geometry.Cell{{X: 4, Y: 4, Z: 4}, {X: 2, Y: 6, Z: 6}, {X: 4, Y: 4, Z: 5}} {
		p, err := NewProblem(box, brick(2, 2, 1))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Count(context.Background(), p, Options{Distinct: true})
		t.Log(box, r.Raw, r.Distinct, r.TotalRaw(), r.TotalDistinct(), r.Group, r.Nodes, err)
	}
}
