package shapeinfo

import (
	"context"
	"sort"
	"strings"
	"testing"

	"polyviz/disassembly"
	"polyviz/geometry"
)

// The solid six-piece burrs made of notchable pieces (Bill Cutler's
// analysis): of the 59 notchable pieces, put one in each of the six
// slots of a burr in every way that fills the 56 cubes of its core (no
// cube twice, none empty); up to rotation the assemblies that come apart
// are 314, and they use 25 different pieces. The disassembly is polyviz's
// own (package disassembly), as BurrTools finds it.
func TestNotchableSolidBurrs(t *testing.T) {
	if testing.Short() {
		t.Skip("a search over the assemblies and a disassembly of each: skipped with -short")
	}
	s := Space{Lattice: geometry.Cubes()}
	els := s.Elements()
	// the notchable pieces, one of each up to rotation
	var pieces []geometry.Shape
	seen := map[string]bool{}
	for _, p := range burrPieces(s) {
		if !Notchable(p) {
			continue
		}
		if k := rotationKey(s, els, p); !seen[k] {
			seen[k] = true
			pieces = append(pieces, p)
		}
	}
	if len(pieces) != 59 {
		t.Fatalf("%d notchable pieces, want 59", len(pieces))
	}
	// the slots: two 2x2x6 bars along each axis crossing in a 4x4x4 core
	slots := []struct{ lo, size geometry.Cell }{
		{geometry.Cell{X: -1, Y: 0, Z: 1}, geometry.Cell{X: 6, Y: 2, Z: 2}},
		{geometry.Cell{X: -1, Y: 2, Z: 1}, geometry.Cell{X: 6, Y: 2, Z: 2}},
		{geometry.Cell{X: 1, Y: -1, Z: 0}, geometry.Cell{X: 2, Y: 6, Z: 2}},
		{geometry.Cell{X: 1, Y: -1, Z: 2}, geometry.Cell{X: 2, Y: 6, Z: 2}},
		{geometry.Cell{X: 0, Y: 1, Z: -1}, geometry.Cell{X: 2, Y: 2, Z: 6}},
		{geometry.Cell{X: 2, Y: 1, Z: -1}, geometry.Cell{X: 2, Y: 2, Z: 6}},
	}
	coreBit := func(c geometry.Cell) (uint64, bool) {
		if c.X < 0 || c.X > 3 || c.Y < 0 || c.Y > 3 || c.Z < 0 || c.Z > 3 {
			return 0, false
		}
		return 1 << (16*c.X + 4*c.Y + c.Z), true
	}
	var full uint64 // the core's cubes that some slot crosses
	type placement struct {
		piece int
		cells geometry.Shape
		mask  uint64
	}
	options := make([][]placement, len(slots))
	for si, sl := range slots {
		for pi, p := range pieces {
			done := map[string]bool{}
			for k, e := range els {
				img, _ := s.image(k, p)
				if !e.Proper || img.Size() != sl.size {
					continue
				}
				cells := img.Translate(sl.lo)
				if done[cells.String()] {
					continue
				}
				done[cells.String()] = true
				pl := placement{piece: pi, cells: cells}
				for _, c := range cells {
					if b, ok := coreBit(c); ok {
						pl.mask |= b
						full |= b
					}
				}
				options[si] = append(options[si], pl)
			}
		}
	}
	// every way to fill the core, one piece a slot: the slots crossing
	// each other first, and a core cube checked as soon as every slot
	// through it has its piece
	order := []int{0, 2, 4, 1, 3, 5}
	done := make([]uint64, len(order)) // the cubes no later slot crosses
	for i := range order {
		var later uint64
		for _, sj := range order[i+1:] {
			for _, pl := range options[sj] {
				later |= pl.mask
			}
		}
		done[i] = full &^ later
	}
	var assemblies [][]placement
	chosen := make([]placement, len(slots))
	var fill func(i int, used uint64)
	fill = func(i int, used uint64) {
		if i == len(order) {
			assemblies = append(assemblies, append([]placement(nil), chosen...))
			return
		}
		for _, pl := range options[order[i]] {
			if next := used | pl.mask; pl.mask&used == 0 && next&done[i] == done[i] {
				chosen[order[i]] = pl
				fill(i+1, next)
			}
		}
	}
	fill(0, 0)
	// one of each up to rotation about the core's centre, and whether it
	// comes apart
	classes := map[string]bool{}
	apart, used := 0, map[int]bool{}
	cache := disassembly.NewCache()
	for _, a := range assemblies {
		k := assemblyKey(a, func(p placement) geometry.Shape { return p.cells })
		if classes[k] {
			continue
		}
		classes[k] = true
		var shapes []geometry.Shape
		for _, p := range a {
			shapes = append(shapes, p.cells.Translate(geometry.Cell{X: 2, Y: 2, Z: 2}))
		}
		res, err := disassembly.Disassemble(context.Background(), shapes, disassembly.Options{LevelsOnly: true, Cache: cache})
		if err != nil {
			t.Fatal(err)
		}
		if res.Separates() {
			apart++
			for _, p := range a {
				used[p.piece] = true
			}
		}
	}
	if len(assemblies) != 12597 || len(classes) != 1063 {
		t.Errorf("%d solid assemblies, %d up to rotation; want 12597 and 1063", len(assemblies), len(classes))
	}
	if apart != 314 || len(used) != 25 {
		t.Errorf("%d come apart, made of %d different pieces; want 314 and 25", apart, len(used))
	}
}

// rotationKey is the least image of p under the rotations: equal for two
// shapes exactly when one is a turned copy of the other.
func rotationKey(s Space, els []Element, p geometry.Shape) string {
	best := ""
	for k, e := range els {
		if !e.Proper {
			continue
		}
		img, _ := s.image(k, p)
		if key := img.String(); best == "" || key < best {
			best = key
		}
	}
	return best
}

// assemblyKey is the least image of an assembly of a six-piece burr under
// the rotations about its core's centre (1.5, 1.5, 1.5).
func assemblyKey[P any](a []P, cells func(P) geometry.Shape) string {
	best := ""
	for _, tr := range geometry.Cubes().Rotations() {
		keys := make([]string, len(a))
		for i, p := range a {
			cs := cells(p)
			out := make([]geometry.Cell, len(cs))
			for j, c := range cs {
				// turn about the centre in doubled coordinates
				d := tr.Apply(geometry.Cell{X: 2*c.X - 3, Y: 2*c.Y - 3, Z: 2*c.Z - 3})
				out[j] = geometry.Cell{X: (d.X + 3) / 2, Y: (d.Y + 3) / 2, Z: (d.Z + 3) / 2}
			}
			keys[i] = geometry.NewShape(out...).String()
		}
		sort.Strings(keys)
		if k := strings.Join(keys, "|"); best == "" || k < best {
			best = k
		}
	}
	return best
}
