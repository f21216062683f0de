package solver

import (
	"math/bits"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// tilesAlways turns a search's tilings on from the first question, never
// frozen.
func tilesAlways(s *cellSearch) {
	if s.tiles != nil {
		s.tiles.always = true
	}
}

// randomRegionPlan returns the cell plan of a random packing, with marks
// on odd trials, or nil when it has no region test.
func randomRegionPlan(r *rand.Rand, trial int) (*Problem, *cellPlan) {
	p := randomPacking(r)
	if p.Err() != nil || p.NumOptions() == 0 {
		return nil, nil
	}
	if trial%2 == 1 {
		p = withMarks(r, p, 1+r.IntN(4))
	}
	c, _ := newCellPlan(p)
	if c == nil || !c.region {
		return nil, nil
	}
	return p, c
}

// A region's tilings answer the fill's question exactly as its search
// does: random regions of random packings (with marks in half of them),
// with random pieces left.
func TestCellTilingsAnswer(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 3))
	asked, tiled, yes := 0, 0, 0
	for trial := range 300 {
		p, c := randomRegionPlan(r, trial)
		if c == nil || c.tileMax < c.regionOne {
			continue
		}
		s := newCellSearch(c)
		s.tiles = newTileMemo()
		s.tiles.turnOn()
		for range 50 {
			// a region: the cells of a few random options, or of one
			// option and some of its neighbours
			var reg uint64
			for range 1 + r.IntN(4) {
				reg |= c.opt[r.IntN(len(c.opt))]
			}
			reg &= c.prim
			n := bits.OnesCount64(reg)
			if n < c.regionOne || n > c.tileMax {
				continue
			}
			left := c.allPcs&^uint64(r.Uint64()&r.Uint64()) | c.marks&^uint64(r.Uint64()&r.Uint64())
			want := s.fillsUntiled(reg, n, left)
			sets, ok := s.tilings(reg)
			if !ok {
				continue
			}
			got := false
			for _, set := range sets {
				if set&^left == 0 {
					got = true
				}
				if set&^(c.allPcs|c.marks) != 0 {
					t.Fatalf("trial %d: a tiling names bits no piece or mark has: %#x", trial, set)
				}
			}
			if got != want {
				var buf strings.Builder
				p.WriteDLX(&buf)
				t.Fatalf("trial %d: region %#x, left %#x: the tilings say %v, the search %v\n%s", trial, reg, left, got, want, buf.String())
			}
			asked++
			if len(sets) > 0 {
				tiled++
			}
			if want {
				yes++
			}
		}
	}
	if asked < 500 || tiled < asked/10 || yes < asked/20 {
		t.Fatalf("%d questions, %d regions with a tiling, %d filled", asked, tiled, yes)
	}
	t.Logf("%d questions, %d regions with a tiling, %d filled", asked, tiled, yes)
}

// With the tilings on from the first question, the cell search finds the
// same solutions: random packings with and without marks, and Knuth's
// pentominoes in 4x15 (the count and the nodes with the tilings as
// without: they answer the same questions).
func TestCellTilingsSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 4))
	compared := 0
	trials := 200
	if raceEnabled {
		trials = 40
	}
	for trial := range trials {
		p, c := randomRegionPlan(r, trial)
		if c == nil {
			continue
		}
		want, wantNodes := cellSet(t, c, false)
		got, nodes := cellSetWith(t, c, tilesAlways)
		if !reflect.DeepEqual(got, want) || nodes != wantNodes {
			var buf strings.Builder
			p.WriteDLX(&buf)
			t.Fatalf("trial %d: %d solutions and %d nodes with the tilings, %d and %d without\n%s", trial, len(got), nodes, len(want), wantNodes, buf.String())
		}
		compared++
	}
	if compared < trials/3 {
		t.Fatalf("compared %d of %d", compared, trials)
	}
	if raceEnabled {
		return // the same code as above, and seconds under the race detector
	}
	p := loadRef(t, "pentomino-4x15.dlx")
	c, why := newCellPlan(p)
	if c == nil {
		t.Fatal(why)
	}
	want, wantNodes := cellSet(t, c, false)
	got, nodes := cellSetWith(t, c, tilesAlways)
	if len(want) != 1472 || !reflect.DeepEqual(got, want) || nodes != wantNodes {
		t.Fatalf("4x15: %d solutions and %d nodes with the tilings, %d and %d without", len(got), nodes, len(want), wantNodes)
	}
}
