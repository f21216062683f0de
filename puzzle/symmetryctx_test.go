package puzzle

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// bigPentominoBoard is a board whose symmetry takes a noticeable time: the twelve
// pentominoes' placements on 30x30 cells, mapped under each symmetry.
func bigPentominoBoard(t *testing.T) *Puzzle {
	t.Helper()
	spec := "[0-t][0-t]\n" +
		"F 10 20 01 11 12\nI 00 01 02 03 04\nL 00 01 02 03 13\nN 00 01 02 12 13\n" +
		"P 00 01 10 11 02\nT 00 10 20 11 12\nU 00 10 01 02 12\nV 00 01 02 12 22\n" +
		"W 00 01 11 12 22\nX 10 01 11 21 12\nY 00 01 02 03 12\nZ 00 10 11 12 22\n"
	l, err := Load("big.txt", []byte(spec), FormatPolyomino)
	if err != nil {
		t.Fatal(err)
	}
	return l.Puzzle
}

// TestSymmetryStopsWithItsContext: the symmetry, the cut a distinct count
// searches and the cut a raw count by symmetry searches give up with the
// context's error once it has ended (they used to run on to the end, seconds
// on a big board, while Stop and Ctrl-C waited), and a later call with a
// live context still works them out.
func TestSymmetryStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pz := bigPentominoBoard(t)
	if s, err := pz.SymmetryContext(ctx); !errors.Is(err, context.Canceled) || s != nil {
		t.Errorf("symmetry with an ended context: %v, %v", s != nil, err)
	}
	if _, _, err := pz.BySymmetryProblem(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("cut by symmetry with an ended context: %v", err)
	}
	if _, err := pz.DistinctProblemContext(ctx, DistinctAll); !errors.Is(err, context.Canceled) {
		t.Errorf("distinct cut with an ended context: %v", err)
	}
	s, err := pz.SymmetryContext(context.Background())
	if err != nil || len(s.Acting) != 8 {
		t.Fatalf("symmetry after: %v, %v", s, err)
	}
}

// TestSymmetryKept: the symmetry is worked out once for what the puzzle
// is (an estimate asks for it two or three times), and again once the
// placements change.
func TestSymmetryKept(t *testing.T) {
	pz := bigPentominoBoard(t)
	a := pz.Symmetry()
	if b := pz.Symmetry(); b != a {
		t.Error("the same puzzle's symmetry was worked out twice")
	}
	pls := pz.Placements()
	pz.placements = append([]Placement(nil), pls[:len(pls)/2]...) // as Keep replaces them
	if c := pz.Symmetry(); c == a {
		t.Error("the symmetry of other placements was the one kept")
	}
}

// TestProblemBytesWhole: a problem over the limit is counted past it, so
// that its refusal says what it needs ("needs about 166.6 MiB ..."), where
// it used to stop at the limit and say "at least" the limit; the count
// stops at eight times the limit, and the refusal then says "more than".
func TestProblemBytesWhole(t *testing.T) {
	pz := bigPentominoBoard(t)
	whole, err := pz.ProblemBytes(context.Background(), 10<<20)
	if err != nil || whole < 30<<20 {
		t.Fatalf("under a limit of 10 MiB: %d bytes, %v; want the whole problem's, over 30 MiB", whole, err)
	}
	for _, limit := range []int64{whole / 4, whole - 1} {
		if got, err := pz.ProblemBytes(context.Background(), limit); err != nil || got != whole {
			t.Errorf("limit %d: %d bytes, %v; want %d", limit, got, err, whole)
		}
	}
	if e := ProblemTooBig("big.txt", whole, 10<<20).Error(); !strings.Contains(e, "needs about 36.") || !strings.Contains(e, "more than the limit of 10.0 MiB") {
		t.Errorf("refusal %q", e)
	}
	// a limit of 1 MiB: counted up to 8 MiB, then "more than"
	part, err := pz.ProblemBytes(context.Background(), 1<<20)
	if err != nil || part <= 8<<20 || part >= whole {
		t.Errorf("under 1 MiB: %d bytes, %v; want just over 8 MiB", part, err)
	}
	if e := ProblemTooBig("big.txt", part, 1<<20).Error(); !strings.Contains(e, "needs more than 8.0 MiB of memory, over 8 times the limit of 1.0 MiB") {
		t.Errorf("refusal %q", e)
	}
}
