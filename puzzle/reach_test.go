package puzzle

import (
	"context"
	"errors"
	"slices"
	"testing"

	"polyviz/geometry"
)

// hexominoBoard is a 40x40 board and the 35 hexominoes: some 400K
// placements, enough to see whether they are listed.
const hexominoBoard = "[0-D][0-D]\n| polyforms 6\n"

// TestLoadNoProblem: a load that wants no problem neither builds it nor
// lists the placements, and still finds the input's errors that building
// it found.
func TestLoadNoProblem(t *testing.T) {
	l, err := LoadWith("board", []byte(hexominoBoard), FormatPolyomino, LoadOptions{NoProblem: true, MaxBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if l.Problem != nil || l.Puzzle.placed || len(l.Puzzle.Pieces) != 35 {
		t.Errorf("problem %v, placements listed %v, %d pieces; want no problem, none listed, 35 pieces", l.Problem != nil, l.Puzzle.placed, len(l.Puzzle.Pieces))
	}
	clash := []byte("00 01 10 11\n00 00 01\n") // a piece named as a cell
	_, want := LoadWith("clash", clash, FormatPolyomino, LoadOptions{})
	_, got := LoadWith("clash", clash, FormatPolyomino, LoadOptions{NoProblem: true})
	if want == nil || got == nil || got.Error() != want.Error() {
		t.Errorf("a piece named as a cell: without the problem %v, with it %v", got, want)
	}
}

// countdown is a context cancelled once its Err has been asked n times:
// the placements are cut off part way through.
type countdown struct {
	context.Context
	n int
}

func (c *countdown) Err() error {
	if c.n--; c.n < 0 {
		return context.Canceled
	}
	return nil
}

// TestPlacementsCancelled: listing the placements and building the problem
// stop when the context is cancelled, keep nothing, and list them all
// when asked again; a load under a cancelled context says so.
func TestPlacementsCancelled(t *testing.T) {
	pz, err := ParseSpec("board", []byte(hexominoBoard), true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pz.PlacementsContext(&countdown{context.Background(), 20}); !errors.Is(err, context.Canceled) || pz.placed {
		t.Fatalf("placements cancelled part way: %v, kept %v; want context.Canceled, nothing kept", err, pz.placed)
	}
	fresh, _ := ParseSpec("board", []byte(hexominoBoard), true)
	if got, want := len(pz.Placements()), len(fresh.Placements()); got != want || want < 100000 {
		t.Errorf("after a cancelled listing, %d placements, want %d", got, want)
	}
	// the placements listed, the options stop part way
	if _, err := pz.ProblemContext(&countdown{context.Background(), 3}); !errors.Is(err, context.Canceled) {
		t.Fatalf("problem cancelled part way: %v, want context.Canceled", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := LoadWith("board", []byte(hexominoBoard), FormatPolyomino, LoadOptions{Context: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("load under a cancelled context: %v, want context.Canceled", err)
	}
}

// TestReach: Reach finds the cells and pieces the placements reach, as
// listing them does, without listing them.
func TestReach(t *testing.T) {
	for _, c := range []struct {
		name string
		f    Format
		spec string
	}{
		{"board", FormatPolyomino, hexominoBoard},
		{"a cell no piece covers", FormatPolyomino, "00 01 02 10 11 12 30\nL 00 01 02 10\nD 00 01\nX 00 01 02 10 11 12 20 21 22\n"},
		{"suffixed cells", FormatPolyomino, "00 01 02 10 11 12 00x 12x\nV 00 01 00x\nW 00 10 11\n"},
		{"a box", FormatPolycube, "000 001 010 011 100 101 110 111 200\nV 000 001 010\nI 000 001\n"},
		{"a cylinder", FormatPolyomino, "[0-4][0-2]\n| wrap x\nL 00 01 02 10\nI 00 10 20 30\n"},
		{"triangles", FormatPolyiamond, "[0-3][0-3] [0-3][0-3]'\nT 00 00' 10\n"},
	} {
		l, err := LoadWith(c.name, []byte(c.spec), c.f, LoadOptions{NoProblem: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		pz := l.Puzzle
		covered, placed, err := pz.Reach(context.Background())
		if err != nil || pz.placed {
			t.Fatalf("%s: %v, placements listed %v", c.name, err, pz.placed)
		}
		wantCovered, wantPlaced := map[geometry.Cell]bool{}, make([]bool, len(pz.Pieces))
		for _, pl := range pz.Placements() {
			wantPlaced[pl.Piece] = true
			for _, c := range pl.Cells {
				wantCovered[c] = true
			}
		}
		if !mapsEqual(covered, wantCovered) || !slices.Equal(placed, wantPlaced) {
			t.Errorf("%s: Reach %v %v, the placements %v %v", c.name, covered, placed, wantCovered, wantPlaced)
		}
		// listed already: read from the list
		if covered, placed, _ = pz.Reach(context.Background()); !mapsEqual(covered, wantCovered) || !slices.Equal(placed, wantPlaced) {
			t.Errorf("%s, listed: Reach %v %v, the placements %v %v", c.name, covered, placed, wantCovered, wantPlaced)
		}
	}
}

func mapsEqual(a, b map[geometry.Cell]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// TestSamePlacements: two puzzles whose pieces fit in the same shapes
// have the same placements, told without listing them; a board and the
// same board as a layer of cubes too (the pieces stood up fit nowhere).
func TestSamePlacements(t *testing.T) {
	parse := func(spec string, f Format) *Puzzle {
		t.Helper()
		l, err := LoadWith("p", []byte(spec), f, LoadOptions{NoProblem: true})
		if err != nil {
			t.Fatal(err)
		}
		return l.Puzzle
	}
	board := parse(hexominoBoard, FormatPolyomino)
	const flat = "000 010 020 100 110 120\nL 000 010 020 100\nD 000 010\n"
	for _, c := range []struct {
		name     string
		p, q     *Puzzle
		same, ok bool
	}{
		{"the same board", board, parse(hexominoBoard, FormatPolyomino), true, true},
		{"a board and a layer of cubes", parse("00 01 02 10 11 12\nL 00 01 02 10\nD 00 01\n", FormatPolyomino), parse(flat, FormatPolycube), true, true},
		{"another piece", parse(flat, FormatPolycube), parse("000 010 020 100 110 120\nL 000 010 020 110\nD 000 010\n", FormatPolycube), false, true},
		{"a piece with a second shape", parse(flat, FormatPolycube), parse(flat+"D 000 010 020\n", FormatPolycube), false, true},
		{"another box", parse(flat, FormatPolycube), parse("000 010 020 100 110 121\nL 000 010 020 100\nD 000 010\n", FormatPolycube), false, true},
		{"suffixed cells", parse("00 01 00x\nD 00 01\n", FormatPolyomino), parse("00 01 00x\nD 00 01\n", FormatPolyomino), false, false},
	} {
		same, ok := SamePlacements(c.p, c.q)
		if same != c.same || ok != c.ok || c.p.placed || c.q.placed {
			t.Errorf("%s: same %v ok %v, want %v %v (placements listed %v %v)", c.name, same, ok, c.same, c.ok, c.p.placed, c.q.placed)
		}
	}
	kept := parse(flat, FormatPolycube)
	kept.Keep(kept.Placements()[:1])
	if _, ok := SamePlacements(kept, parse(flat, FormatPolycube)); ok {
		t.Error("placements kept by a rule beyond the spec: told from the shapes")
	}
}
