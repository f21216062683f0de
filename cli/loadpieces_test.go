package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPiecesCommandsBuildNoProblem: the commands that need the pieces and
// the box alone (shapes, orientations, stl --plate, render without
// --solution, xmpuzzle, and why when the cell counts settle it) neither
// build a spec's exact-cover problem nor size it. Under a default memory
// limit of 1 MB, far below a 40x40 board of hexominoes' problem (some
// 400K placements), they answer; the commands that need the problem
// (solve, render --solution, why when the counts agree) still refuse it
// with the memory message. Each command built the whole problem before.
func TestPiecesCommandsBuildNoProblem(t *testing.T) {
	defer func(f func() int64) { defaultMaxMemory = f }(defaultMaxMemory)
	defaultMaxMemory = func() int64 { return 1 << 20 }
	dir := t.TempDir()
	board := filepath.Join(dir, "board.txt")
	if err := os.WriteFile(board, []byte("[0-D][0-D]\n| polyforms 6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// 35 hexominoes (210 cells) and a box of 210 cells: the counts agree
	even := filepath.Join(dir, "even.txt")
	if err := os.WriteFile(even, []byte("[0-d][0-e]\n| polyforms 6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		args []string
		code int
		want string // in standard output, or standard error when the exit is not 0
	}{
		{[]string{"shapes", board}, 0, "36 shapes on squares"},
		{[]string{"orientations", board, "--piece", "6-1", "-o", out("o.png")}, 0, ""},
		{[]string{"stl", "--plate", board, "-o", out("stl")}, 0, ""},
		{[]string{"render", board, "-o", out("r.png")}, 0, ""},
		{[]string{"render", board, "-o", out("r.svg")}, 0, ""},
		{[]string{"xmpuzzle", board, "-o", out("b.xmpuzzle")}, 0, ""},
		{[]string{"why", board}, 0, "the pieces have 210 cells, but the box has 1600 to fill"},
		// these need the problem, and size it first
		{[]string{"why", even}, 1, "its exact-cover problem needs"},
		{[]string{"render", board, "--solution", "1", "-o", out("s.png")}, 1, "its exact-cover problem needs"},
		{[]string{"solve", board}, 1, "its exact-cover problem needs"},
	} {
		code, stdout, stderr := run(t, "", c.args...)
		got := stdout
		if code != 0 {
			got = stderr
		}
		if code != c.code || !strings.Contains(got, c.want) {
			t.Errorf("polyviz %s: exit %d, want %d with %q; stdout:\n%.400s\nstderr:\n%.400s",
				strings.Join(c.args, " "), code, c.code, c.want, stdout, stderr)
		}
	}
}

// TestPiecesLoadThenProblem: why and estimate load a Lepage file (whose
// repeated pieces his matrix renames) and a polysticks puzzle without
// their problem, then build it when they need it, the format's own way:
// built from the puzzle instead, the Lepage matrix had a duplicate item
// and the polysticks puzzle none at all.
func TestPiecesLoadThenProblem(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int // why exits 1 where it finds a solution
		want string
	}{
		{[]string{"why", "testdata/lepage/problems/duplicates.txt"}, 1, "it has a solution"},
		{[]string{"estimate", "--budget", "0", "--probes", "4", "--calibrate", "10ms", "testdata/lepage/problems/duplicates.txt"}, 0, "solutions"},
		{[]string{"why", "tetrastick-5x5"}, 1, "it has a solution"},
		{[]string{"estimate", "--budget", "0", "--probes", "4", "--calibrate", "10ms", "tetrastick-5x5"}, 0, "solutions"},
	} {
		code, stdout, stderr := run(t, "", c.args...)
		if code != c.code || !strings.Contains(stdout, c.want) {
			t.Errorf("polyviz %s: exit %d, want %d with %q; stdout:\n%.400s\nstderr:\n%.400s", strings.Join(c.args, " "), code, c.code, c.want, stdout, stderr)
		}
	}
}
