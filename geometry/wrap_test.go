package geometry

import "testing"

// TestWrappedBoxSymmetries counts the groups of boards and boxes that
// wrap: the translations along the joins times the symmetries of the box
// that keep its joins, each map once, the identity first.
func TestWrappedBoxSymmetries(t *testing.T) {
	cuboid := func(x, y, z int) Shape {
		var s Shape
		for i := range x {
			for j := range y {
				for k := range z {
					s = append(s, Cell{i, j, k})
				}
			}
		}
		return s
	}
	for _, c := range []struct {
		name      string
		l         *Lattice
		box       Shape
		period    Cell
		order     int
		rotations int
	}{
		{"3x20 tube, 3 round", Squares(), cuboid(20, 3, 1), Cell{Y: 3}, 12, 6},
		{"3x20 loop, 20 round", Squares(), cuboid(20, 3, 1), Cell{X: 20}, 80, 40},
		{"4x4 torus", Squares(), cuboid(4, 4, 1), Cell{X: 4, Y: 4}, 128, 64},
		{"5x4 torus", Squares(), cuboid(5, 4, 1), Cell{X: 5, Y: 4}, 80, 40},
		{"3x3x3 periodic", Cubes(), cuboid(3, 3, 3), Cell{X: 3, Y: 3, Z: 3}, 48 * 27, 24 * 27},
		// a period of 2: every reflection moves the cells as a rotation does
		{"2x2x3 periodic", Cubes(), cuboid(2, 2, 3), Cell{X: 2, Y: 2, Z: 3}, 48, 48},
	} {
		g := c.l.WrappedBoxSymmetries(c.box, Wrap{Period: c.period})
		rot := 0
		for _, s := range g {
			if s.Proper() {
				rot++
			}
		}
		if len(g) != c.order || rot != c.rotations {
			t.Errorf("%s: %d symmetries (%d rotations), want %d (%d)", c.name, len(g), rot, c.order, c.rotations)
		}
		if len(g) > 0 && (g[0].T != Identity || g[0].Offset != (Cell{})) {
			t.Errorf("%s: the first symmetry is %+v, not the identity", c.name, g[0])
		}
		for _, s := range g {
			if !s.ApplyShape(c.box).Equal(NewShape(c.box...)) {
				t.Fatalf("%s: %+v does not map the box onto itself", c.name, s)
			}
		}
	}
	// without joins: the flat box's group
	if n := len(Squares().WrappedBoxSymmetries(cuboid(20, 3, 1), Wrap{})); n != 4 {
		t.Errorf("flat 3x20: %d symmetries, want 4", n)
	}
	if r := (Wrap{Lo: Cell{X: 2}, Period: Cell{X: 5}}).Reduce(Cell{X: -1, Y: 9}); r != (Cell{X: 4, Y: 9}) {
		t.Errorf("Reduce: %v, want 4 9 0", r)
	}
}
