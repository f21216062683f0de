package disassembly_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"polyviz/disassembly"
	"polyviz/geometry"
)

// picture reads pieces drawn as rows of characters, top row first (highest
// y), one letter per piece, '.' for empty, layers of a 3D drawing separated
// by a "/" line (lowest z first). It returns the pieces in order of their
// letters.
func picture(s string) []geometry.Shape {
	cells := map[rune][]geometry.Cell{}
	for z, layer := range strings.Split(strings.TrimSpace(s), "/") {
		rows := strings.Fields(layer)
		for r, row := range rows {
			y := len(rows) - 1 - r
			for x, ch := range row {
				if ch != '.' {
					cells[ch] = append(cells[ch], geometry.Cell{X: x, Y: y, Z: z})
				}
			}
		}
	}
	keys := make([]rune, 0, len(cells))
	for k := range cells {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := make([]geometry.Shape, len(keys))
	for i, k := range keys {
		out[i] = geometry.NewShape(cells[k]...)
	}
	return out
}

func cuboid(x, y, z int) geometry.Shape {
	var s []geometry.Cell
	for i := range x {
		for j := range y {
			for k := range z {
				s = append(s, geometry.Cell{X: i, Y: j, Z: k})
			}
		}
	}
	return geometry.NewShape(s...)
}

func TestKnownAnswers(t *testing.T) {
	up, right := geometry.Cell{Z: 1}, geometry.Cell{X: 1}
	tests := []struct {
		name   string
		pieces []geometry.Shape
		opt    disassembly.Options
		status disassembly.Status
		level  int
		levels string
		first  disassembly.Move // the first move, when given
		states int              // the states searched, when given
	}{
		{
			// b sits at the right end of a cavity in a; the way out is
			// above the cavity's left end: slide left two cells, then up
			name: "two moves",
			pieces: picture(`
				a.aaa
				a..ba
				aaaaa`),
			opt:    disassembly.Options{Planar: true},
			status: disassembly.Apart, level: 2, levels: "2",
			// BurrTools tries +x first, piece by piece: the frame slides
			// right, which is b sliding left
			first: disassembly.Move{Pieces: []int{0}, Dir: right, Dist: 2},
		},
		{
			// b in a maze: left 3, up 2, right 2, then out at the top
			name: "maze",
			pieces: picture(`
				aaa.aa
				a...aa
				a.aaaa
				a...ba
				aaaaaa`),
			opt:    disassembly.Options{Planar: true},
			status: disassembly.Apart, level: 4, levels: "4",
			first: disassembly.Move{Pieces: []int{0}, Dir: right, Dist: 3},
		},
		{
			// two dominoes side by side
			name:   "dominoes",
			pieces: picture("aa\nbb"),
			opt:    disassembly.Options{Planar: true},
			status: disassembly.Apart, level: 1, levels: "1",
		},
		{
			// a closed ring with a piece inside: nothing slides in the plane
			name: "ring in the plane",
			pieces: picture(`
				aaa
				aba
				aaa`),
			opt:    disassembly.Options{Planar: true},
			status: disassembly.Locked,
		},
		{
			// a ring with room inside: b slides to and fro, and stays in
			name: "ring with room",
			pieces: picture(`
				aaaaa
				a.b.a
				aaaaa`),
			opt:    disassembly.Options{Planar: true},
			status: disassembly.Locked, states: 3,
		},
		{
			// the same ring in space: b lifts out of it
			name: "ring in space",
			pieces: picture(`
				aaa
				aba
				aaa`),
			status: disassembly.Apart, level: 1, levels: "1",
			first: disassembly.Move{Pieces: []int{0}, Dir: up, Removal: true},
		},
		{
			// two links of a chain: a square ring (a) in z = 1 and a
			// piece (b) through its hole, hooked over it above and below
			name: "interlocked links",
			pieces: picture(`
				...
				.bb
				...
				/
				aaa
				aba
				aaa
				/
				...
				bb.
				...`),
			status: disassembly.Locked,
		},
		{
			// three slabs in a stack: the top lifts off, then the next
			name: "stack",
			pieces: []geometry.Shape{
				cuboid(2, 2, 1),
				cuboid(2, 2, 1).Translate(geometry.Cell{Z: 1}),
				cuboid(2, 2, 1).Translate(geometry.Cell{Z: 2}),
			},
			// BurrTools writes no ".1" parts: the whole notation is "1"
			status: disassembly.Apart, level: 1, levels: "1",
			first: disassembly.Move{Pieces: []int{0}, Dir: right, Removal: true},
		},
		{
			// monominoes on a 2x2 tray open at the top: each lifts out
			name:   "tray",
			pieces: picture("ab\ncd"),
			opt:    disassembly.Options{Planar: true, Box: cuboid(2, 2, 1), Open: up},
			status: disassembly.Apart, level: 1, levels: "1",
		},
		{
			// a 3x1x2 box open at the top; a is an L over b: b cannot
			// leave until a has
			name: "box, one under another",
			pieces: picture(`
				ab.
				/
				aa.`),
			opt:    disassembly.Options{Box: cuboid(3, 1, 2), Open: up},
			status: disassembly.Apart, level: 1, levels: "1",
			first: disassembly.Move{Pieces: []int{0}, Dir: up, Removal: true},
		},
		{
			// in a 3x3 tray open on the right, c wraps round b and each
			// blocks the other: they leave together, then come apart
			name: "group",
			pieces: picture(`
				ccc
				cbc
				bbc`),
			opt:    disassembly.Options{Planar: true, Box: cuboid(3, 3, 1), Open: geometry.Cell{X: 1}},
			status: disassembly.Apart, level: 1, levels: "1",
			first: disassembly.Move{Pieces: []int{0, 1}, Dir: geometry.Cell{X: 1}, Removal: true},
		},
		{
			// a closed lid: the box's open side faces down, under b
			name: "box open below",
			pieces: picture(`
				b
				/
				a`),
			opt: disassembly.Options{Box: cuboid(1, 1, 2), Open: geometry.Cell{Z: -1}},
			// the box's walls are the heaviest piece: they could rise
			// (+z comes before -z), so the pieces leave downwards together
			status: disassembly.Apart, level: 1, levels: "1",
			first: disassembly.Move{Pieces: []int{0, 1}, Dir: geometry.Cell{Z: -1}, Removal: true},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := disassembly.Disassemble(context.Background(), tc.pieces, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != tc.status || r.Level != tc.level || r.LevelString() != tc.levels {
				t.Fatalf("status %v level %d (%s), want %v %d (%s); moves %+v", r.Status, r.Level, r.LevelString(), tc.status, tc.level, tc.levels, r.Moves)
			}
			if tc.states > 0 && r.States != tc.states {
				t.Errorf("%d states searched, want %d", r.States, tc.states)
			}
			if tc.first.Pieces != nil {
				got := r.Moves[0]
				if tc.first.Removal {
					got.Dist = 0
				}
				if !slices.Equal(got.Pieces, tc.first.Pieces) || got.Dir != tc.first.Dir || got.Dist != tc.first.Dist || got.Removal != tc.first.Removal {
					t.Errorf("first move %+v, want %+v", r.Moves[0], tc.first)
				}
			}
			checkMoves(t, tc.pieces, tc.opt, r)
		})
	}
}

// checkMoves replays the moves cell by cell, independently of the search:
// no piece ever enters a cell held by another or leaves the box other than
// by its open side, and when the packing comes apart every piece has been
// removed exactly once (with a box) or all but one have (without).
func checkMoves(t *testing.T, pieces []geometry.Shape, opt disassembly.Options, r disassembly.Result) {
	t.Helper()
	pos := make([]geometry.Cell, len(pieces))
	at := func(i int) geometry.Shape { return pieces[i].Translate(pos[i]) }
	inBoxRegion := func(c geometry.Cell) bool {
		// inside the box, or anywhere beyond its open side or outside its
		// bounds entirely (a piece that left)
		if len(opt.Box) == 0 || opt.Box.Contains(c) {
			return true
		}
		lo, hi := opt.Box.Bounds()
		lo, hi = lo.Add(geometry.Cell{X: -1, Y: -1, Z: -1}), hi.Add(geometry.Cell{X: 1, Y: 1, Z: 1})
		outside := c.X < lo.X || c.Y < lo.Y || c.Z < lo.Z || c.X > hi.X || c.Y > hi.Y || c.Z > hi.Z
		top := -1 << 30
		for _, b := range opt.Box {
			top = max(top, b.X*opt.Open.X+b.Y*opt.Open.Y+b.Z*opt.Open.Z)
		}
		return outside || c.X*opt.Open.X+c.Y*opt.Open.Y+c.Z*opt.Open.Z > top
	}
	removed := map[int]int{}
	for n, mv := range r.Moves {
		if mv.Dist < 1 {
			t.Fatalf("move %d: distance %d", n, mv.Dist)
		}
		for step := 1; step <= mv.Dist; step++ {
			for _, i := range mv.Pieces {
				pos[i] = pos[i].Add(mv.Dir)
			}
			for _, i := range mv.Pieces {
				for _, c := range at(i) {
					if !inBoxRegion(c) {
						t.Fatalf("move %d %+v: piece %d goes through the box at %v", n, mv, i, c)
					}
					for j := range pieces {
						if j != i && at(j).Contains(c) {
							t.Fatalf("move %d %+v: piece %d meets piece %d at %v", n, mv, i, j, c)
						}
					}
				}
			}
		}
		if mv.Removal {
			for _, i := range mv.Pieces {
				removed[i]++
			}
		}
	}
	if r.Status != disassembly.Apart {
		return
	}
	want := len(pieces) - 1
	if len(opt.Box) > 0 {
		want = len(pieces)
	}
	for _, c := range r.Together {
		want -= len(c.Pieces) - 1
	}
	if len(r.Levels) != want {
		t.Errorf("%d separations, want %d", len(r.Levels), want)
	}
}

func TestErrors(t *testing.T) {
	ctx := context.Background()
	two := picture("aa\nbb")
	tests := []struct {
		name   string
		pieces []geometry.Shape
		opt    disassembly.Options
		want   error
	}{
		{"overlap", []geometry.Shape{two[0], two[0]}, disassembly.Options{}, disassembly.ErrOverlap},
		{"outside the box", two, disassembly.Options{Box: cuboid(2, 1, 1), Open: geometry.Cell{Z: 1}}, disassembly.ErrOverlap},
		{"no open side", two, disassembly.Options{Box: cuboid(2, 2, 1)}, disassembly.ErrBadOpenSide},
		{"too many", make([]geometry.Shape, 65), disassembly.Options{}, disassembly.ErrTooManyPieces},
		{"empty piece", []geometry.Shape{two[0], nil}, disassembly.Options{}, disassembly.ErrEmptyPiece},
		{"far apart", []geometry.Shape{two[0], two[1].Translate(geometry.Cell{X: 5000})}, disassembly.Options{}, disassembly.ErrTooLarge},
	}
	for _, tc := range tests {
		if _, err := disassembly.Disassemble(ctx, tc.pieces, tc.opt); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := disassembly.ParseAxis("+w"); !errors.Is(err, disassembly.ErrBadOpenSide) {
		t.Errorf("ParseAxis(+w): %v", err)
	}
}

func TestBoundAndCancel(t *testing.T) {
	pieces := picture(`
		a.aaa
		a..ba
		aaaaa`)
	r, err := disassembly.Disassemble(context.Background(), pieces, disassembly.Options{Planar: true, MaxStates: 1})
	if err != nil || r.Status != disassembly.Unknown || r.MaxStates != 1 {
		t.Errorf("bound 1: %v %+v", err, r)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := disassembly.Disassemble(ctx, pieces, disassembly.Options{Planar: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
