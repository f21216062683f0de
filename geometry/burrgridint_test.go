package geometry

import (
	"slices"
	"testing"
)

// TestIntegerMapsMatchFloat: every integer map moves every cell near the
// origin to the cell the float path (centre, matrix, cellAt) finds (the
// maps are only asked about cells: see mapIndex).
func TestIntegerMapsMatchFloat(t *testing.T) {
	for gt := 1; gt <= 4; gt++ {
		g := GridType(gt)
		integral := 0
		for k := range g.maps {
			if g.imaps == nil || !g.imaps[k].ok {
				continue
			}
			integral++
			for x := -7; x <= 7; x++ {
				for y := -7; y <= 7; y++ {
					for z := -7; z <= 7; z++ {
						c := Cell{x, y, z}
						if !g.isCell(c) {
							continue
						}
						want, wok := g.cellAt(g.maps[k].apply(g.centre(c)))
						got, gok := g.mapIndex(k, c)
						if wok != gok || (wok && got != want) {
							t.Fatalf("%s map %d on %v: integer %v %v, float %v %v", g.Name(), k, c, got, gok, want, wok)
						}
					}
				}
			}
		}
		// the cube's 24 rotations and their mirrors on every grid but prisms
		if want := map[int]int{1: 0, 2: 48, 3: 48, 4: 48}[gt]; integral != want {
			t.Errorf("%s: %d integer maps, want %d", g.Name(), integral, want)
		}
	}
}

// TestTranslationStep: every translation near the origin is a multiple
// of the step on every axis.
func TestTranslationStep(t *testing.T) {
	for gt := 1; gt <= 4; gt++ {
		g := GridType(gt)
		s := g.TranslationStep()
		for x := -12; x <= 12; x++ {
			for y := -12; y <= 12; y++ {
				for z := -12; z <= 12; z++ {
					d := Cell{x, y, z}
					if g.IsTranslation(d) && (x%s != 0 || y%s != 0 || z%s != 0) {
						t.Fatalf("%s: translation %v is no multiple of step %d", g.Name(), d, s)
					}
				}
			}
		}
	}
}

// TestSortCells: SortCells agrees with a sort by Compare and a compaction,
// on cells near zero, far apart (no packing) and already sorted.
func TestSortCells(t *testing.T) {
	rnd := uint64(1)
	next := func(n int) int {
		rnd = rnd*6364136223846793005 + 1442695040888963407
		return int(rnd>>33)%(2*n+1) - n
	}
	for _, spread := range []int{1, 5, 300, 1 << 40} {
		for _, n := range []int{0, 1, 2, 17, 100, 300, 2000} {
			cells := make([]Cell, n)
			for i := range cells {
				cells[i] = Cell{next(spread), next(spread), next(spread)}
			}
			want := slices.Clone(cells)
			slices.SortFunc(want, Cell.Compare)
			want = slices.Compact(want)
			got := NewShape(cells...)
			if !slices.Equal(got, want) {
				t.Fatalf("spread %d, %d cells: NewShape differs from a sort", spread, n)
			}
			if again := SortCells(slices.Clone(got)); !slices.Equal(again, want) {
				t.Fatalf("spread %d, %d cells: sorted input changed", spread, n)
			}
		}
	}
}

// TestSortCellsBitmap: SortCells agrees with a sort by Compare on cells
// whose bounds take bitmapSortCells' way (z within 64 values, at most
// bitRowsMax rows of x and y), at its limits (64 values of z, exactly
// bitRowsMax rows), with repeats and negative coordinates, and just past
// them (the counting sorts).
func TestSortCellsBitmap(t *testing.T) {
	rnd := uint64(3)
	next := func(n int) int {
		rnd = rnd*6364136223846793005 + 1442695040888963407
		return int(rnd>>33) % n
	}
	for _, ext := range [][3]int{{1, 1, 64}, {32, 32, 64}, {4, 256, 1}, {21, 21, 21}, {33, 31, 65}, {1025, 1, 3}, {2, 3, 5}} {
		for _, n := range []int{32, 189, 1000, 5000} {
			cells := make([]Cell, n)
			for i := range cells {
				cells[i] = Cell{next(ext[0]) - 7, next(ext[1]) + 3, next(ext[2]) - 40}
			}
			// the bounds' corners, so that the extents are ext's
			cells[0], cells[1] = Cell{-7, 3, -40}, Cell{ext[0] - 8, ext[1] + 2, ext[2] - 41}
			want := slices.Clone(cells)
			slices.SortFunc(want, Cell.Compare)
			want = slices.Compact(want)
			if got := SortCells(cells); !slices.Equal(got, want) {
				t.Fatalf("extents %v, %d cells: SortCells differs from a sort", ext, n)
			}
		}
	}
}

// TestCellMaps: on every grid with integer maps, each one is marked as
// keeping cells (they are the grid's symmetries), and every cell of a
// block larger than one period does land on a cell under each marked map;
// a map moved by one triple off the grid's symmetries is not marked.
func TestCellMaps(t *testing.T) {
	for _, g := range []*Grid{Spheres(), RhombicTetrahedra(), TetraOcta()} {
		marked := 0
		for k := range g.imaps {
			im := &g.imaps[k]
			if !im.ok {
				continue
			}
			if !im.keepsCells {
				t.Errorf("%s: integer map %d is not marked as keeping cells", g.Name(), k)
				continue
			}
			marked++
			for x := -13; x < 14; x++ {
				for y := -13; y < 14; y++ {
					for z := -13; z < 14; z++ {
						if c := (Cell{x, y, z}); g.isCell(c) && !g.isCell(im.apply(c)) {
							t.Fatalf("%s: map %d takes cell %v to %v, no cell", g.Name(), k, c, im.apply(c))
						}
					}
				}
			}
		}
		if marked < 24 {
			t.Errorf("%s: %d integer maps marked, want the cube's 24 rotations at least", g.Name(), marked)
		}
		bad := *g
		bad.imaps = append([]intMap(nil), g.imaps...)
		bad.imaps[0].t[0]++ // the identity moved by one: off the grid's symmetries
		bad.markCellMaps(map[string]int{"spheres": 2, "rhombic tetrahedra": 5, "tetrahedra-octahedra": 6}[g.Name()])
		if bad.imaps[0].keepsCells {
			t.Errorf("%s: the identity moved by one triple is marked as keeping cells", g.Name())
		}
		// every map moved by every small translation: marked exactly
		// when every cell of the block lands on a cell
		for k := range g.imaps {
			for d := range 27 {
				moved := *g
				moved.imaps = append([]intMap(nil), g.imaps...)
				im := &moved.imaps[k]
				im.t[0], im.t[1], im.t[2] = im.t[0]+d%3*(k%5), im.t[1]+d/3%3, im.t[2]-d/9*(k%3)
				moved.markCellMaps(map[string]int{"spheres": 2, "rhombic tetrahedra": 5, "tetrahedra-octahedra": 6}[g.Name()])
				keeps := im.ok
				for x := -7; x < 8 && keeps; x++ {
					for y := -7; y < 8 && keeps; y++ {
						for z := -7; z < 8 && keeps; z++ {
							if c := (Cell{x, y, z}); g.isCell(c) && !g.isCell(im.apply(c)) {
								keeps = false
							}
						}
					}
				}
				if im.keepsCells != keeps {
					t.Fatalf("%s: map %d moved by %v: marked %v, every cell to a cell %v", g.Name(), k, im.t, im.keepsCells, keeps)
				}
			}
		}
	}
}

// TestOrientSortedInto: OrientSortedInto gives SortCells of OrientCells,
// and OrientBoundsInto that with its bounds,
// for every map of every grid, on random shapes of grid cells both small
// enough for its bitmap and too large, written into dst when it fits.
func TestOrientSortedInto(t *testing.T) {
	rnd := uint64(7)
	next := func(n int) int {
		rnd = rnd*6364136223846793005 + 1442695040888963407
		return int(rnd>>33) % n
	}
	for gt := 1; gt <= 4; gt++ {
		g := GridType(gt)
		for _, size := range [][2]int{{12, 10}, {40, 26}, {250, 30}, {300, 80}, {60, 3}} {
			var cells []Cell
			for len(cells) < size[0] {
				c := Cell{next(size[1]) - 3, next(size[1]), next(size[1]) + 5}
				if g.IsCell(c) {
					cells = append(cells, c)
				}
			}
			s := NewShape(cells...)
			for k := range g.NumMaps() {
				img, wok := g.OrientCells(k, s)
				want := SortCells(slices.Clone(img))
				dst := make([]Cell, 0, len(s))
				got, ok := g.OrientSortedInto(dst, k, s)
				if ok != wok || !slices.Equal(got, want) {
					t.Fatalf("%s map %d, %d cells: got %v %v, want %v %v", g.Name(), k, len(s), ok, got, wok, want)
				}
				if ok && len(got) > 0 && &got[0] != &dst[:1][0] {
					t.Fatalf("%s map %d: not written into dst", g.Name(), k)
				}
				slo, shi := s.Bounds()
				img2, lo, hi, ok2 := g.OrientBoundsInto(make([]Cell, 0, len(s)), k, s, slo, shi)
				if wlo, whi := want.Bounds(); ok2 != ok || !slices.Equal(img2, want) || ok && (lo != wlo || hi != whi) {
					t.Fatalf("%s map %d, %d cells: OrientBoundsInto gives bounds %v %v, want %v %v", g.Name(), k, len(s), lo, hi, wlo, whi)
				}
			}
		}
	}
}
