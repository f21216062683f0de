package fillomino

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"polyviz/parse"
	"polyviz/solver"
)

// TestBadInputs checks the error and its position for every input
// FILLOMINO-DLX rejects, and that our two extensions read the CRLF and
// no-final-newline files as if their lines ended in '\n'.
func TestBadInputs(t *testing.T) {
	tests := []struct {
		file      string
		err       error
		line, col int
	}{
		{"bad-00-illegal-x", ErrIllegalEntry, 5, 2},
		{"bad-01-illegal-zero", ErrIllegalEntry, 7, 3},
		{"bad-02-illegal-g", ErrIllegalEntry, 4, 2},
		{"bad-03-illegal-space", ErrIllegalEntry, 1, 5},
		{"bad-04-rows-17", ErrTooManyRows, 17, 1},
		{"bad-06-line-90-chars", ErrLineTooLong, 2, 79},
		{"bad-05-crlf", nil, 0, 0},
		{"bad-07-no-final-newline", nil, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			name := "testdata/reference/" + tt.file + ".txt"
			data := readRef(t, name)
			g, err := Parse(name, data)
			if tt.err == nil {
				if err != nil {
					t.Fatalf("extension not accepted: %v", err)
				}
				fixed := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
				if !bytes.HasSuffix(fixed, []byte("\n")) {
					fixed = append(fixed, '\n')
				}
				h, err := Parse(name, fixed)
				if err != nil {
					t.Fatal(err)
				}
				if g.String() != h.String() || !slices.Equal(g.Lines, h.Lines) {
					t.Errorf("read as\n%s, want\n%s", g, h)
				}
				return
			}
			var pe *parse.Error
			if !errors.Is(err, tt.err) || !errors.As(err, &pe) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if pe.File != name || pe.Line != tt.line || pe.Col != tt.col {
				t.Errorf("error at %s:%d:%d, want %s:%d:%d (%v)", pe.File, pe.Line, pe.Col, name, tt.line, tt.col, err)
			}
		})
	}
}

// TestParseRows checks padding, blank rows and the empty board.
func TestParseRows(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"\n", ".\n"[1:]}, // one row of no cells: a 1x0 board
		{"1\n..2\n", "1..\n..2\n"},
		{".31\n\n", ".31\n...\n"},
		{"f.\r\n..", "f.\n..\n"},
	}
	for _, tt := range tests {
		g, err := Parse("t", []byte(tt.in))
		if err != nil {
			t.Fatalf("%q: %v", tt.in, err)
		}
		if g.String() != tt.want {
			t.Errorf("%q read as %q, want %q", tt.in, g.String(), tt.want)
		}
	}
	if g, _ := Parse("t", []byte("\n")); g.Rows != 1 || g.Cols != 0 {
		t.Errorf("a lone newline: %dx%d, want 1x0", g.Rows, g.Cols)
	}
	long := strings.Repeat(".", MaxCols) + "\n"
	if _, err := Parse("t", []byte(long)); err != nil {
		t.Errorf("a line of %d entries: %v", MaxCols, err)
	}
}

// TestDetect checks the detection rule.
func TestDetect(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{".31\n134\n", true},
		{"\n\n.a.\n\n", true},
		{"..\r\n1.\r\n", true},
		{"", false},
		{"\n\n", false},
		{"00 01 | a\n", false},
		{"[0-5][0-9]\n", false},
		{"| comment\n12\n", false},
		// a grid with a stray character below a first line of the grid's
		// own, with a dot: its own error, at the character, not a spec's
		{"..3.\n.x2.\n", true},
		{"123\n.x2.\n", false},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.in)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestLabels checks --labels and --max-label sets.
func TestLabels(t *testing.T) {
	l, err := ParseLabels("1-5,7,a-b")
	if err != nil || l.String() != "1-5,7,10-11" || l.Max() != 11 {
		t.Errorf("ParseLabels: %v %v", l, err)
	}
	for _, bad := range []string{"", "0", "16", "5-3", "x", "1,,2", "1-"} {
		if _, err := ParseLabels(bad); !errors.Is(err, ErrBadLabels) {
			t.Errorf("ParseLabels(%q): %v, want ErrBadLabels", bad, err)
		}
	}
	if LabelsUpTo(3).String() != "1-3" {
		t.Errorf("LabelsUpTo(3) = %v", LabelsUpTo(3))
	}
	g, _ := Parse("t", []byte("7.\n..\n"))
	if _, err := LabelsUpTo(5).For(g); !errors.Is(err, ErrBadLabels) {
		t.Errorf("clue 7 with labels 1-5: %v, want ErrBadLabels", err)
	}
}

// TestPolyominoesBruteForce compares the feasible d-ominoes of Algorithm R
// with a brute-force enumeration of connected cell sets on small random
// boards: the same sets, each exactly once.
func TestPolyominoesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 40 {
		rows, cols := 2+rng.IntN(4), 2+rng.IntN(5)
		g := &Grid{Name: "random", Rows: rows, Cols: cols, Clue: make([]int, rows*cols)}
		for k := range g.Clue {
			if rng.IntN(4) == 0 {
				g.Clue[k] = 1 + rng.IntN(5)
			}
		}
		if g.MaxClue() == 0 {
			g.Clue[0] = 3
		}
		labels := LabelsUpTo(6)
		b, err := g.Build(context.Background(), BuildOptions{Labels: labels})
		if err != nil {
			t.Fatal(err)
		}
		got := map[[2]uint64]int{}
		for _, o := range b.Options {
			got[[2]uint64{uint64(o.Label), cellMask(o.Cells)}]++
		}
		want := bruteForcePolyominoes(g, 6)
		for k, n := range got {
			if n != 1 {
				t.Errorf("trial %d: %d-omino %b generated %d times", trial, k[0], k[1], n)
			}
			if !want[k] {
				t.Errorf("trial %d: %d-omino %b is not feasible\n%s", trial, k[0], k[1], g)
			}
		}
		for k := range want {
			if got[k] == 0 {
				t.Errorf("trial %d: feasible %d-omino %b missing\n%s", trial, k[0], k[1], g)
			}
		}
	}
}

func cellMask(cells []int) uint64 {
	var m uint64
	for _, c := range cells {
		m |= 1 << c
	}
	return m
}

// bruteForcePolyominoes lists every connected set of d cells (d <= maxD)
// that holds no clue but d and touches no d-clue outside itself, grown
// cell by cell from every cell (sets as bit masks).
func bruteForcePolyominoes(g *Grid, maxD int) map[[2]uint64]bool {
	n := g.Rows * g.Cols
	neighbours := func(c int) []int {
		var ns []int
		r, col := c/g.Cols, c%g.Cols
		if r > 0 {
			ns = append(ns, c-g.Cols)
		}
		if r < g.Rows-1 {
			ns = append(ns, c+g.Cols)
		}
		if col > 0 {
			ns = append(ns, c-1)
		}
		if col < g.Cols-1 {
			ns = append(ns, c+1)
		}
		return ns
	}
	level := map[uint64]bool{}
	for c := range n {
		level[1<<c] = true
	}
	feasible := map[[2]uint64]bool{}
	for size := 1; size <= maxD; size++ {
		for set := range level {
			ok := true
			for c := range n {
				in := set&(1<<c) != 0
				if in && g.Clue[c] != 0 && g.Clue[c] != size {
					ok = false
				}
				if !in && g.Clue[c] == size {
					for _, nb := range neighbours(c) {
						if set&(1<<nb) != 0 {
							ok = false
						}
					}
				}
			}
			if ok {
				feasible[[2]uint64{uint64(size), set}] = true
			}
		}
		next := map[uint64]bool{}
		for set := range level {
			for c := range n {
				if set&(1<<c) == 0 {
					continue
				}
				for _, nb := range neighbours(c) {
					if set&(1<<nb) == 0 {
						next[set|1<<nb] = true
					}
				}
			}
		}
		level = next
	}
	return feasible
}

// TestTooManyOptions checks that the builder stops at its bound.
func TestTooManyOptions(t *testing.T) {
	g, _ := Parse("blank", []byte(strings.Repeat("..........\n", 10)))
	_, err := g.Build(context.Background(), BuildOptions{Labels: LabelsUpTo(6), MaxOptions: 1000})
	if !errors.Is(err, ErrTooManyOptions) {
		t.Errorf("error %v, want ErrTooManyOptions", err)
	}
	b, err := g.Build(context.Background(), BuildOptions{Labels: LabelsUpTo(5)})
	if err != nil || len(b.Options) != 6233 {
		t.Errorf("blank 10x10 with labels 1-5: %v options, %v; want 6233", len(b.Options), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := g.Build(ctx, BuildOptions{Labels: LabelsUpTo(6)}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: %v", err)
	}
}

// TestNoCells: a grid of no cells is written out as FILLOMINO-DLX does, but
// solving it is refused in plain words rather than with the solver's "no
// primary item".
func TestNoCells(t *testing.T) {
	for _, in := range []string{"", "\n\n"} {
		g, err := Parse("e.txt", []byte(in))
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		b, err := g.Build(context.Background(), BuildOptions{})
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if _, err := b.Problem(); !errors.Is(err, ErrNoCells) || !errors.Is(err, solver.ErrNoPrimary) || !strings.HasPrefix(err.Error(), "e.txt: ") {
			t.Errorf("%q: Problem: %v, want e.txt: %v", in, err, ErrNoCells)
		}
	}
}
