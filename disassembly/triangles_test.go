package disassembly

import (
	"context"
	"testing"

	"polyviz/geometry"
)

// hexWithin lists Knuth's triangles (Z the kind) whose corners all lie
// within r steps of the lattice point (1,1).
func hexWithin(r int) geometry.Shape {
	var s geometry.Shape
	dist := func(a, b int) int { a, b = a-1, b-1; return max(abs(a), abs(b), abs(a+b)) }
	for x := -4; x <= 6; x++ {
		for y := -4; y <= 6; y++ {
			corners := map[int][][2]int{0: {{x, y}, {x + 1, y}, {x, y + 1}}, 1: {{x + 1, y}, {x + 1, y + 1}, {x, y + 1}}}
			for kind := range 2 {
				in := true
				for _, c := range corners[kind] {
					in = in && dist(c[0], c[1]) <= r
				}
				if in {
					s = append(s, geometry.Cell{X: x, Y: y, Z: kind})
				}
			}
		}
	}
	return geometry.NewShape(s...)
}

// TestTriangles: a board of triangles slides in its plane. A hexagon of 6
// triangles inside a ring of 18 is locked there, though as prisms it
// lifts out; two diamonds side by side come apart in one move, along one
// of the lattice's six directions, and that move, made on the triangles,
// leaves them apart.
func TestTriangles(t *testing.T) {
	inner, big := hexWithin(1), hexWithin(2)
	if len(inner) != 6 || len(big) != 24 {
		t.Fatalf("%d and %d triangles, want 6 and 24", len(inner), len(big))
	}
	var ring geometry.Shape
	for _, c := range big {
		if !inner.Contains(c) {
			ring = append(ring, c)
		}
	}
	ctx := context.Background()
	r, err := Disassemble(ctx, []geometry.Shape{ring, inner}, Options{Triangles: true})
	if err != nil || r.Status != Locked {
		t.Errorf("a hexagon in its ring, on a board: %v, %v; want locked", r.Status, err)
	}
	var prisms []geometry.Shape
	for _, s := range []geometry.Shape{ring, inner} {
		var p geometry.Shape
		for _, c := range s {
			p = append(p, geometry.Cell{X: 2*c.X + c.Y + c.Z, Y: c.Y})
		}
		prisms = append(prisms, p)
	}
	if r, err := Disassemble(ctx, prisms, Options{Prisms: true}); err != nil || r.Status != Apart || r.Level != 1 {
		t.Errorf("the same as prisms: %v level %d, %v; want apart at level 1 (lifted)", r.Status, r.Level, err)
	}

	a := geometry.Shape{{X: 0, Y: 0}, {X: 0, Y: 0, Z: 1}}
	b := geometry.Shape{{X: 1, Y: 0}, {X: 1, Y: 0, Z: 1}}
	r, err = Disassemble(ctx, []geometry.Shape{a, b}, Options{Triangles: true})
	if err != nil || r.Status != Apart || r.Level != 1 || len(r.Moves) != 1 {
		t.Fatalf("two diamonds: %+v, %v", r, err)
	}
	m := r.Moves[0]
	dirs := []geometry.Cell{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {X: -1, Y: 1}, {X: 1, Y: -1}}
	ok := false
	for _, d := range dirs {
		ok = ok || d == m.Dir
	}
	if !ok || m.Dist < 1 || len(m.Pieces) != 1 {
		t.Fatalf("move %+v: not a lattice direction", m)
	}
	moved, still := a, b
	if m.Pieces[0] == 1 {
		moved, still = b, a
	}
	for _, c := range moved {
		c = c.Add(geometry.Cell{X: m.Dir.X * m.Dist, Y: m.Dir.Y * m.Dist})
		if still.Contains(c) {
			t.Errorf("move %+v puts triangle %v on the other diamond", m, c)
		}
	}
	if _, err := Disassemble(ctx, []geometry.Shape{a, b}, Options{Triangles: true, Box: append(a, b...), Open: geometry.Cell{Z: 1}}); err == nil {
		t.Error("a box on triangles was taken")
	}
}
