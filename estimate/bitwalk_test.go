package estimate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"polyviz/puzzle"
	"polyviz/solver"
)

// flagWalker makes the root of the walker, whatever the problem.
func flagWalker(m *matrix) node { return newWalker(m) }

// bitOnly makes the root of the bitWalker, failing the test where none
// applies.
func bitOnly(t *testing.T) func(m *matrix) node {
	return func(m *matrix) node {
		b := newBitWalker(m)
		if b == nil {
			t.Fatal("no bitWalker for a plain exact cover")
		}
		return b
	}
}

// sameProbes runs probes with both walkers and compares every figure (the
// same random choices on the same tree give the same sums, in the same
// order).
func sameProbes(t *testing.T, name string, p *solver.Problem, opt Options) {
	t.Helper()
	a, err := run(context.Background(), p, opt, flagWalker)
	if err != nil {
		t.Fatal(err)
	}
	b, err := run(context.Background(), p, opt, bitOnly(t))
	if err != nil {
		t.Fatal(err)
	}
	a.Elapsed, b.Elapsed = 0, 0
	if a != b {
		t.Errorf("%s: walker %+v\nbitWalker %+v", name, a, b)
	}
}

// TestBitWalkerIsWalker: on random exact covers with secondary items and
// on packings, the bitWalker walks the walker's tree (the same nodes,
// updates and solutions, all of them DLX1's) and its probes give the same
// figures, distinct counts included.
func TestBitWalkerIsWalker(t *testing.T) {
	rng := uint64(777)
	next := func(n int) int { rng = rng*6364136223846793005 + 1442695040888963407; return int(rng>>33) % n }
	tested := 0
	for range 400 {
		np, ns := 2+next(6), next(3)
		var b strings.Builder
		for i := range np {
			b.WriteString(string(rune('a'+i)) + " ")
		}
		if ns > 0 {
			b.WriteString("| ")
			for i := range ns {
				b.WriteString(string(rune('u'+i)) + " ")
			}
		}
		b.WriteString("\n")
		for range 2 + next(12) {
			used := map[int]bool{}
			for range 1 + next(4) {
				if it := next(np + ns); !used[it] {
					used[it] = true
					if it < np {
						b.WriteString(string(rune('a'+it)) + " ")
					} else {
						b.WriteString(string(rune('u'+it-np)) + " ")
					}
				}
			}
			b.WriteString("\n")
		}
		p, err := solver.ParseDLX(strings.NewReader(b.String()), "random")
		if err != nil || p.NumOptions() == 0 {
			continue // a repeated option; or no option left once those of secondary items only are dropped
		}
		want, err := walkTree(context.Background(), p, flagWalker)
		if errors.Is(err, ErrUnsupported) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		got, err := walkTree(context.Background(), p, bitOnly(t))
		if err != nil || got != want {
			t.Fatalf("%s\nbitWalker %+v (%v); walker %+v", b.String(), got, err, want)
		}
		sameProbes(t, b.String(), p, Options{Probes: 20, Seed: uint64(tested)})
		tested++
	}
	if tested < 200 {
		t.Fatalf("only %d random problems tested", tested)
	}
	if raceEnabled {
		return // whole trees of the library: pure computation, some minutes under the race detector
	}
	for _, name := range []string{"soma", "pentomino-3x20", "tetracube-2x2x8"} {
		l := load(t, name)
		want, err := walkTree(context.Background(), l.Problem, flagWalker)
		if err != nil {
			t.Fatal(err)
		}
		got, err := walkTree(context.Background(), l.Problem, bitOnly(t))
		if err != nil || got != want {
			t.Errorf("%s: bitWalker %+v (%v); walker %+v", name, got, err, want)
		}
	}
	for _, c := range []struct {
		name   string
		probes int
	}{{"soma", 20}, {"pentomino-6x10", 4}, {"pentacube-3x4x5", 2}} {
		l := load(t, c.name)
		sameProbes(t, c.name, l.Problem, Options{Probes: c.probes, Seed: 5})
		sym := l.Puzzle.Symmetry()
		weigh := func(options []int) float64 { return 1 / float64(sym.ClassSize(puzzle.DistinctAll, options)) }
		sameProbes(t, c.name+" distinct", l.Problem, Options{Probes: c.probes, Seed: 6, Weigh: weigh})
	}
}

// TestNewNode: packings get the bitWalker; multiplicities, colours and
// problems with too many options the walker.
func TestNewNode(t *testing.T) {
	kind := func(p *solver.Problem) string {
		m, err := newMatrix(p)
		if err != nil {
			t.Fatal(err)
		}
		switch newNode(m).(type) {
		case *bitWalker:
			return "bits"
		case *walker:
			return "flags"
		}
		return "?"
	}
	parse := func(src string) *solver.Problem {
		p, err := solver.ParseDLX(strings.NewReader(src), "test")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	var big strings.Builder
	big.WriteString("a b\n")
	for range bitMaxOptions + 1 {
		big.WriteString("a\n")
	}
	for _, c := range []struct {
		name string
		p    *solver.Problem
		want string
	}{
		{"soma", load(t, "soma").Problem, "bits"},
		{"bedlam", load(t, "bedlam").Problem, "bits"},
		{"tetromino-4x10 (multiplicities)", load(t, "tetromino-4x10").Problem, "flags"},
		{"colours", parse("a b | x\na x:1\nb x:2\na b\n"), "flags"},
		{"8193 options", parse(big.String()), "flags"},
	} {
		if got := kind(c.p); got != c.want {
			t.Errorf("%s: %s walker, want %s", c.name, got, c.want)
		}
	}
}
