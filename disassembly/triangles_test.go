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

// TestHexagons: a hexagon slides to its neighbour only when the two
// hexagons next to both are free too (it sweeps a third of each). A
// hexagon in a ring that leaves it a corridor one hexagon wide is locked,
// since the corridor's walls are the cells it would pass over; widen the
// corridor to the two cells beside it and it slides out along +x. Two
// hexagons side by side come apart in one move along a lattice direction.
func TestHexagons(t *testing.T) {
	dist := func(c geometry.Cell) int { return max(abs(c.X), abs(c.Y), abs(c.X+c.Y)) }
	centre := geometry.Shape{{}}
	ring := func(open func(geometry.Cell) bool) geometry.Shape {
		var s geometry.Shape
		for x := -3; x <= 3; x++ {
			for y := -3; y <= 3; y++ {
				c := geometry.Cell{X: x, Y: y}
				if d := dist(c); d >= 1 && d <= 2 && !open(c) {
					s = append(s, c)
				}
			}
		}
		return geometry.NewShape(s...)
	}
	ctx := context.Background()
	corridor := ring(func(c geometry.Cell) bool { return c.Y == 0 && c.X > 0 })
	r, err := Disassemble(ctx, []geometry.Shape{corridor, centre}, Options{Hexagons: true})
	if err != nil || r.Status != Locked {
		t.Errorf("a corridor one hexagon wide: %v, %v; want locked", r.Status, err)
	}
	wide := ring(func(c geometry.Cell) bool { return c.X > 0 && c.Y <= 0 && c.X+c.Y >= 0 || c.Y == 1 && c.X >= 0 })
	r, err = Disassemble(ctx, []geometry.Shape{wide, centre}, Options{Hexagons: true})
	if err != nil || r.Status != Apart || r.Level != 1 {
		t.Fatalf("a corridor three wide: %+v, %v; want apart at level 1", r, err)
	}
	if m := r.Moves[0]; m.Dir != (geometry.Cell{X: 1}) && m.Dir != (geometry.Cell{X: -1}) {
		t.Errorf("the way out is along x, not %v", m.Dir)
	}
	two := []geometry.Shape{{{}}, {{X: 1}}}
	r, err = Disassemble(ctx, two, Options{Hexagons: true})
	if err != nil || r.Status != Apart || r.Level != 1 || len(r.Moves) != 1 {
		t.Errorf("two hexagons: %+v, %v", r, err)
	}
	if _, err := Disassemble(ctx, two, Options{Hexagons: true, Box: append(two[0], two[1]...), Open: geometry.Cell{Z: 1}}); err == nil {
		t.Error("a box on hexagons was taken")
	}
}

// TestHexPasses: a step back over the same edge passes over the same two
// hexagons as the step forward, and lands where the forward step started;
// the two are neighbours of both ends.
func TestHexPasses(t *testing.T) {
	var m hexMoves
	near := func(a, b geometry.Cell) bool {
		d := a.Sub(b)
		return max(abs(d.X), abs(d.Y), abs(d.X+d.Y)) == 1
	}
	c := geometry.Cell{X: 3, Y: -2}
	for sd := 0; sd < 2*m.axes(); sd += 2 {
		d := m.dir(sd)
		fwd := m.passes(nil, c, sd)
		back := m.passes(nil, c.Add(d), sd+1)
		if fwd[0] != c.Add(d) || back[0] != c || m.dir(sd+1) != (geometry.Cell{}).Sub(d) {
			t.Errorf("axis %d: lands on %v and %v", sd/2, fwd[0], back[0])
		}
		sides := geometry.NewShape(fwd[1:]...)
		if !sides.Equal(geometry.NewShape(back[1:]...)) {
			t.Errorf("axis %d: forward passes over %v, back over %v", sd/2, fwd[1:], back[1:])
		}
		if len(sides) != 2 {
			t.Errorf("axis %d: passes over %v", sd/2, sides)
		}
		for _, s := range sides {
			if !near(s, c) || !near(s, c.Add(d)) {
				t.Errorf("axis %d: %v is not next to both %v and %v", sd/2, s, c, c.Add(d))
			}
		}
	}
}

// TestHexagonStraightUp: a hexagon between two others in a row cannot
// leave across an edge (each way it would sweep one of them), but it
// slides straight up or down, toward a corner, along the edges it shares.
func TestHexagonStraightUp(t *testing.T) {
	a := geometry.Shape{{Y: 1}}
	c := geometry.Shape{{X: -1, Y: 1}, {X: 1, Y: 1}}
	r, err := Disassemble(context.Background(), []geometry.Shape{a, c}, Options{Hexagons: true})
	if err != nil || r.Status != Apart || len(r.Moves) != 1 {
		t.Fatalf("%+v, %v", r, err)
	}
	if d := r.Moves[0].Dir; d != (geometry.Cell{X: -1, Y: 2}) && d != (geometry.Cell{X: 1, Y: -2}) {
		t.Errorf("it leaves along %v, not straight up or down", d)
	}
}
