package antislide

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"polyviz/geometry"
)

// Raw counts of the reference boxes (by number of bricks). They are not
// printed by Knuth's programs; they are checked here two ways: the sum of
// the orbit sizes of the canonical packings (TestRawFromClasses) and
// Burnside's lemma giving ANTISLIDE3's classes.
var referenceRaw = map[string][]int64{
	"4x4x4": {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 18, 24, 3000, 600, 44913},
	"2x6x6": {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 32, 408, 3056, 38760, 23376, 205879},
	"4x4x5": {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 872, 12312, 113692, 44878, 561689},
}

// TestReferenceCounts checks the counts by number of bricks against
// ANTISLIDE3 (classes; 1171, 32310, 47403 in all) and the raw counts.
func TestReferenceCounts(t *testing.T) {
	for _, box := range referenceBoxes {
		if testing.Short() && box.name != "4x4x4" {
			continue
		}
		t.Run(box.name, func(t *testing.T) {
			p, err := NewProblem(box.size, Brick(2, 2, 1))
			if err != nil {
				t.Fatal(err)
			}
			r, err := Count(context.Background(), p, Options{Distinct: true, Workers: 2})
			if err != nil || !r.Complete {
				t.Fatalf("Count: %v, complete %v", err, r.Complete)
			}
			if want := readBlocks(t, "antislide3-"+box.name+".blocks"); !slices.Equal(r.Distinct, want) {
				t.Errorf("distinct %v, want %v", r.Distinct, want)
			}
			if want := referenceRaw[box.name]; !slices.Equal(r.Raw, want) {
				t.Errorf("raw %v, want %v", r.Raw, want)
			}
			wantGroup := 16
			if box.name == "4x4x4" {
				wantGroup = 48
			}
			if r.Group != wantGroup {
				t.Errorf("group %d, want %d", r.Group, wantGroup)
			}
		})
	}
}

// TestRawFromClasses visits every packing of the 4x4x4 box, keeps the
// canonical ones, and checks that they are ANTISLIDE3's classes and that
// their orbits add up to the raw counts.
func TestRawFromClasses(t *testing.T) {
	p, _ := NewProblem(geometry.Cell{X: 4, Y: 4, Z: 4}, Brick(2, 2, 1))
	g := p.symmetryGroup(false)
	classes := make([]int64, 17)
	raw := make([]int64, 17)
	r, err := Count(context.Background(), p, Options{Distinct: true, Visit: func(moves []int) bool {
		if !p.Antisliding(moves) {
			t.Fatalf("not antisliding: %v", moves)
		}
		classes[len(moves)]++
		raw[len(moves)] += int64(orbitSize(g, moves))
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	if want := readBlocks(t, "antislide3-4x4x4.blocks"); !slices.Equal(classes, want) || !slices.Equal(r.Distinct, want) {
		t.Errorf("visited classes %v, counted %v, want %v", classes, r.Distinct, want)
	}
	if !slices.Equal(raw, referenceRaw["4x4x4"]) || !slices.Equal(r.Raw, raw) {
		t.Errorf("orbit sum %v, counted %v", raw, r.Raw)
	}
}

// orbitSize returns the number of distinct images of a packing.
func orbitSize(g group, moves []int) int {
	seen := map[string]bool{}
	img := make([]int, len(moves))
	for _, mp := range g.moves {
		for i, m := range moves {
			img[i] = mp[m]
		}
		slices.Sort(img)
		seen[permKey(img)] = true
	}
	return len(seen)
}

// TestPieceLimits checks --min-pieces and --max-pieces against the full
// counts, and that Workers does not change them.
func TestPieceLimits(t *testing.T) {
	p, _ := NewProblem(geometry.Cell{X: 4, Y: 4, Z: 4}, Brick(2, 2, 1))
	for _, tc := range []struct {
		min, max, workers int
		raw, distinct     []int64
	}{
		{0, 13, 1, []int64{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 18, 24}, []int64{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 1}},
		{13, 14, 2, []int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 3000}, []int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 72}},
		{16, 0, 3, []int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 44913}, []int64{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1073}},
	} {
		r, err := Count(context.Background(), p, Options{MinPieces: tc.min, MaxPieces: tc.max, Workers: tc.workers, Distinct: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Raw, tc.raw) || !slices.Equal(r.Distinct, tc.distinct) {
			t.Errorf("min %d max %d: raw %v distinct %v, want %v %v", tc.min, tc.max, r.Raw, r.Distinct, tc.raw, tc.distinct)
		}
	}
}

// TestCancel stops a long count promptly.
func TestCancel(t *testing.T) {
	p, _ := NewProblem(geometry.Cell{X: 5, Y: 5, Z: 5}, Brick(2, 2, 1))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	reports := 0
	r, err := Count(ctx, p, Options{Distinct: true, Progress: func(Progress) { reports++ }})
	if !errors.Is(err, context.Canceled) || r.Complete {
		t.Errorf("got %v, complete %v; want context.Canceled", err, r.Complete)
	}
	if reports == 0 {
		t.Error("no progress report")
	}
}

// TestVisitStop stops at the first packing when Visit says so.
func TestVisitStop(t *testing.T) {
	p, _ := NewProblem(geometry.Cell{X: 4, Y: 4, Z: 4}, Brick(2, 2, 1))
	n := 0
	r, err := Count(context.Background(), p, Options{MinPieces: 12, Ordered: true, Visit: func([]int) bool { n++; return false }})
	if err != nil || r.Complete || n != 1 {
		t.Errorf("err %v, complete %v, visits %d", err, r.Complete, n)
	}
}

func TestNewProblemErrors(t *testing.T) {
	for _, tc := range []struct {
		size  geometry.Cell
		piece geometry.Shape
		want  error
	}{
		{geometry.Cell{X: 0, Y: 4, Z: 4}, Brick(2, 2, 1), ErrBadBox},
		{geometry.Cell{X: 4, Y: -1, Z: 4}, Brick(2, 2, 1), ErrBadBox},
		{geometry.Cell{X: 100, Y: 100, Z: 100}, Brick(2, 2, 1), ErrTooLarge},
		{geometry.Cell{X: 4, Y: 4, Z: 4}, nil, ErrEmptyPiece},
	} {
		if _, err := NewProblem(tc.size, tc.piece); !errors.Is(err, tc.want) {
			t.Errorf("%v %v: got %v, want %v", tc.size, tc.piece, err, tc.want)
		}
	}
}

// TestSymmetries checks the group kept for chiral and achiral pieces.
func TestSymmetries(t *testing.T) {
	cube := geometry.Cell{X: 3, Y: 3, Z: 3}
	lTricube := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1})
	// a chiral tetracube (one of the two screw shapes of the Soma cube)
	screw := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{Y: 1, Z: 1})
	for _, tc := range []struct {
		piece geometry.Shape
		want  int
	}{
		{Brick(2, 2, 1), 48},
		{Brick(3, 1, 1), 48},
		{lTricube, 48},
		{screw, 24},
	} {
		p, err := NewProblem(cube, tc.piece)
		if err != nil {
			t.Fatal(err)
		}
		if got := len(p.Symmetries()); got != tc.want {
			t.Errorf("%v: %d symmetries, want %d", tc.piece, got, tc.want)
		}
	}
}

// TestEdgeBoxes: boxes with a side of 1 (some symmetries move no cell) and
// pieces that do not fit.
func TestEdgeBoxes(t *testing.T) {
	for _, tc := range []struct {
		size          geometry.Cell
		piece         geometry.Shape
		group         int
		raw, distinct []int64
	}{
		{geometry.Cell{X: 1, Y: 1, Z: 1}, Brick(2, 2, 1), 1, []int64{1}, []int64{1}},
		{geometry.Cell{X: 1, Y: 1, Z: 1}, Brick(1, 1, 1), 1, []int64{1, 1}, []int64{1, 1}},
		{geometry.Cell{X: 2, Y: 2, Z: 1}, Brick(2, 1, 1), 8, []int64{1, 0, 2}, []int64{1, 0, 1}},
		{geometry.Cell{X: 4, Y: 4, Z: 1}, Brick(2, 2, 1), 8, []int64{1, 0, 0, 0, 1}, []int64{1, 0, 0, 0, 1}},
		{geometry.Cell{X: 3, Y: 3, Z: 3}, Brick(1, 1, 1), 48,
			[]int64{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
			[]int64{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}},
	} {
		p, err := NewProblem(tc.size, tc.piece)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 2} {
			r, err := Count(context.Background(), p, Options{Distinct: true, Workers: w})
			if err != nil || r.Group != tc.group || !slices.Equal(r.Raw, tc.raw) || !slices.Equal(r.Distinct, tc.distinct) {
				t.Errorf("%v %v, %d workers: group %d raw %v distinct %v, %v", tc.size, tc.piece, w, r.Group, r.Raw, r.Distinct, err)
			}
		}
	}
}

// TestBlockers: in every 12-brick packing of the 4x4x4 box each brick is
// blocked each way, and Blockers agrees with Antisliding.
func TestBlockers(t *testing.T) {
	p, _ := NewProblem(geometry.Cell{X: 4, Y: 4, Z: 4}, Brick(2, 2, 1))
	n := 0
	Count(context.Background(), p, Options{MinPieces: 12, MaxPieces: 12, Ordered: true, Visit: func(moves []int) bool {
		n++
		for i, bs := range p.Blockers(moves) {
			for _, b := range bs {
				if !b.Wall && len(b.Pieces) == 0 {
					t.Errorf("piece %d free to move %v", i, b.Dir)
				}
				if slices.Contains(b.Pieces, i) {
					t.Errorf("piece %d blocks itself", i)
				}
			}
		}
		return true
	}})
	if n != 18 {
		t.Errorf("%d packings of 12 bricks, want 18", n)
	}
	// a lone brick in the corner is blocked by the walls on three sides only
	corner := p.MoveIndex(Brick(2, 2, 1))
	bs := p.Blockers([]int{corner})[0]
	free := 0
	for _, b := range bs {
		if !b.Wall && len(b.Pieces) == 0 {
			free++
		}
	}
	if free != 3 || p.Antisliding([]int{corner}) {
		t.Errorf("lone corner brick: %d free directions, antisliding %v", free, p.Antisliding([]int{corner}))
	}
}

// TestOrbitRootsAgainstPlain counts raw packings both ways: by orbit roots
// (no Visit) and by the plain search that visits every packing.
func TestOrbitRootsAgainstPlain(t *testing.T) {
	lTricube := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1})
	screw := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{Y: 1, Z: 1})
	for _, tc := range []struct {
		size  geometry.Cell
		piece geometry.Shape
		long  bool // millions of packings: not under -short
	}{
		{geometry.Cell{X: 2, Y: 3, Z: 3}, lTricube, false},
		{geometry.Cell{X: 3, Y: 3, Z: 3}, lTricube, true},
		{geometry.Cell{X: 3, Y: 3, Z: 4}, screw, true},
		{geometry.Cell{X: 2, Y: 6, Z: 6}, Brick(2, 2, 1), true},
		{geometry.Cell{X: 3, Y: 4, Z: 5}, Brick(3, 1, 1), true},
		{geometry.Cell{X: 4, Y: 4, Z: 4}, Brick(2, 2, 1), false},
	} {
		if testing.Short() && tc.long {
			continue
		}
		p, err := NewProblem(tc.size, tc.piece)
		if err != nil {
			t.Fatal(err)
		}
		fast, err := Count(context.Background(), p, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		var plain []int64
		_, err = Count(context.Background(), p, Options{Workers: 2, Visit: func(moves []int) bool {
			for len(plain) <= len(moves) {
				plain = append(plain, 0)
			}
			plain[len(moves)]++
			return true
		}})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(fast.Raw, plain) || fast.TotalRaw() < 2 {
			t.Errorf("%v %v: orbit roots %v, plain %v", tc.size, tc.piece, fast.Raw, plain)
		}
	}
}
