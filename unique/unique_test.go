package unique

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/puzzle"
	"polyviz/solver"
)

// load reads a spec, from the library when name has no newline.
func load(t *testing.T, name string, planar bool) (*puzzle.Puzzle, *solver.Problem) {
	t.Helper()
	data := []byte(name)
	if !strings.Contains(name, "\n") {
		e, ok := assets.Lookup(name)
		if !ok {
			t.Fatalf("no library puzzle %s", name)
		}
		data = e.Data()
	}
	pz, err := puzzle.ParseSpec(name, data, planar)
	if err != nil {
		t.Fatal(err)
	}
	prob, err := pz.Problem()
	if err != nil {
		t.Fatal(err)
	}
	return pz, prob
}

// count solves a problem with the ordinary solver.
func count(t *testing.T, prob *solver.Problem) int64 {
	t.Helper()
	st, err := solver.Solve(context.Background(), prob, solver.Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st.Solutions
}

// checkProposals recounts every proposal twice: the problem restricted in
// memory, and the spec WriteSpec writes read back by package puzzle.
func checkProposals(t *testing.T, pz *puzzle.Puzzle, prob *solver.Problem, res *Result, changes int) {
	t.Helper()
	if len(res.Proposals) == 0 {
		t.Fatalf("%s: no proposal", pz.Name)
	}
	for _, p := range res.Proposals {
		if len(p.Changes) != changes {
			t.Errorf("%s: %v: %d changes, want %d", pz.Name, p.Changes, len(p.Changes), changes)
		}
		var fixed []int
		for _, c := range p.Changes {
			fixed = append(fixed, c.Option)
		}
		r, err := Restrict(prob, fixed)
		if err != nil {
			t.Fatal(err)
		}
		if n := count(t, r); n != 1 || p.Proved != 1 {
			t.Errorf("%s: %v leaves %d solutions (proved %d), want 1", pz.Name, p.Changes, n, p.Proved)
		}
		var buf bytes.Buffer
		if err := WriteSpec(&buf, pz, p); err != nil {
			t.Fatal(err)
		}
		back, err := puzzle.ParseSpecOn("changed", buf.Bytes(), pz.Lattice)
		if err != nil {
			t.Fatalf("%s: the changed spec does not read back: %v\n%s", pz.Name, err, buf.String())
		}
		bp, err := back.Problem()
		if err != nil {
			t.Fatal(err)
		}
		if n := count(t, bp); n != 1 {
			t.Errorf("%s: the spec with %v has %d solutions, want 1:\n%s", pz.Name, p.Changes, n, buf.String())
		}
	}
}

// The twelve pentominoes in 3x20: 2 solutions up to symmetry, 8 raw; a
// placement used by one raw solution alone is one change.
func TestPentomino3x20(t *testing.T) {
	if raceEnabled {
		t.Skip("pure computation; runs in the plain pass")
	}
	pz, prob := load(t, "pentomino-3x20", true)
	res, err := Find(context.Background(), prob, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != 8 || res.Unique || res.Changes != 1 || len(res.Proposals) != 10 {
		t.Fatalf("got %d solutions, unique %v, %d changes, %d proposals; want 8, false, 1, 10",
			res.Solutions, res.Unique, res.Changes, len(res.Proposals))
	}
	// I, P, T, U, V and X lie in the same places in both classes: only
	// the other six pieces have a placement of one raw solution, 8 each
	// (one for each solution); the first six proposals show all six
	seen := map[string]bool{}
	for _, p := range res.Proposals[:6] {
		seen[p.Changes[0].Piece] = true
	}
	if len(seen) != 6 || !seen["F"] || !seen["L"] || !seen["N"] || !seen["W"] || !seen["Y"] || !seen["Z"] {
		t.Errorf("the first six proposals fix %v, want F, L, N, W, Y and Z", seen)
	}
	sols, err := enumerate(context.Background(), prob, Options{}.withDefaults())
	if err != nil {
		t.Fatal(err)
	}
	ix, err := newIndex(prob, sols, nil)
	if err != nil {
		t.Fatal(err)
	}
	all, err := ix.search(context.Background(), 1, 1000)
	if err != nil || len(all) != 48 {
		t.Errorf("got %d single changes (%v), want 48", len(all), err)
	}
	checkProposals(t, pz, prob, res, 1)
}

// Three monominoes A, B, C in a row of three: 6 solutions, each piece in
// each cell twice, so no single change works; two pieces fixed do.
func TestTwoChanges(t *testing.T) {
	pz, prob := load(t, "[0-2]00\nA 000\nB 000\nC 000\n", false)
	res, err := Find(context.Background(), prob, Options{MaxChanges: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != 6 || len(res.Proposals) != 0 {
		t.Fatalf("one change: %d solutions, %d proposals; want 6 and none", res.Solutions, len(res.Proposals))
	}
	res, err = Find(context.Background(), prob, Options{MaxProposals: 100})
	if err != nil {
		t.Fatal(err)
	}
	// pairs of distinct pieces A-B, A-C, B-C, each in 3x2 pairs of cells
	if res.Changes != 2 || len(res.Proposals) != 18 {
		t.Fatalf("got %d changes, %d proposals; want 2 and 18", res.Changes, len(res.Proposals))
	}
	checkProposals(t, pz, prob, res, 2)
}

// Four monominoes in a row of four: 24 solutions; a pair of pieces fixed
// leaves 2, so three changes are the fewest.
func TestThreeChanges(t *testing.T) {
	pz, prob := load(t, "[0-3]00\nA 000\nB 000\nC 000\nD 000\n", false)
	res, err := Find(context.Background(), prob, Options{MaxProposals: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != 24 || res.Changes != 3 || len(res.Proposals) != 5 {
		t.Fatalf("got %d solutions, %d changes, %d proposals; want 24, 3, 5", res.Solutions, res.Changes, len(res.Proposals))
	}
	checkProposals(t, pz, prob, res, 3)
}

// A puzzle with one solution already proposes nothing.
func TestAlreadyUnique(t *testing.T) {
	_, prob := load(t, "[0-1]00 001\nL 000 100 001\n", false)
	res, err := Find(context.Background(), prob, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != 1 || !res.Unique || len(res.Proposals) != 0 {
		t.Fatalf("got %d solutions, unique %v, %d proposals; want 1, true, none", res.Solutions, res.Unique, len(res.Proposals))
	}
}

// The limit on solutions is a clear refusal, not a long wait.
func TestTooMany(t *testing.T) {
	_, prob := load(t, "[0-3]00\nA 000\nB 000\nC 000\nD 000\n", false)
	_, err := Find(context.Background(), prob, Options{MaxSolutions: 10})
	if err == nil || !strings.Contains(err.Error(), "more than 10") {
		t.Fatalf("got %v, want a refusal above 10 solutions", err)
	}
}

// Two identical dominoes in a 2x2 square: 2 solutions (both flat one way
// or the other); one domino fixed leaves one, though the piece has two
// copies. The spec writes the copy fixed as a piece of its own, D_1, and
// D with one copy; it solves to 1. The same on a board with a range of
// copies: a domino and 0 to 3 monominoes in a row of 3 (2 solutions).
func TestCopies(t *testing.T) {
	for _, c := range []struct {
		spec     string
		planar   bool
		sols     int64
		want     string // the changed piece lines
		proposal int
	}{
		{"[01][01]0\n2*D 000 100\n", false, 2, "\nD 000 100\nD_1 ", 4},
		{"[0-2]0\n0:3|M 00\nD 00 10\n", true, 2, "\n0:2|M 00\nM_1 ", 0},
	} {
		pz, prob := load(t, c.spec, c.planar)
		res, err := Find(context.Background(), prob, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Solutions != c.sols || res.Changes != 1 || c.proposal > 0 && len(res.Proposals) != c.proposal {
			t.Fatalf("%q: got %d solutions, %d changes, %d proposals", c.spec, res.Solutions, res.Changes, len(res.Proposals))
		}
		checkProposals(t, pz, prob, res, 1)
		var buf bytes.Buffer
		for _, p := range res.Proposals {
			if p.Changes[0].Piece == "D" && c.planar {
				continue
			}
			buf.Reset()
			if err := WriteSpec(&buf, pz, p); err != nil || !strings.Contains(buf.String(), c.want) {
				t.Errorf("%q: %v wrote (%v):\n%s", c.spec, p.Changes, err, buf.String())
			}
		}
	}
}

// Two dominoes on a ring of four squares (| wrap x): 4 solutions, each
// placement in one. A domino fixed across the join cannot be drawn as a
// spec line, and WriteSpec says so; the others are written and solve to 1.
func TestWrapped(t *testing.T) {
	pz, prob := load(t, "[0-3]0\nA 00 10\nB 00 10\n| wrap x\n", true)
	res, err := Find(context.Background(), prob, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != 4 || len(res.Proposals) != 8 {
		t.Fatalf("got %d solutions, %d proposals; want 4 and 8", res.Solutions, len(res.Proposals))
	}
	across := 0
	for _, p := range res.Proposals {
		var buf bytes.Buffer
		err := WriteSpec(&buf, pz, p)
		if strings.Join(p.Changes[0].Items, " ") == "30 00" {
			across++
			if err == nil || !strings.Contains(err.Error(), "join") {
				t.Errorf("%v: WriteSpec gave %v, want a refusal across the join", p.Changes, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		back, err := puzzle.ParseSpec("changed", buf.Bytes(), true)
		if err != nil {
			t.Fatal(err)
		}
		bp, err := back.Problem()
		if err != nil {
			t.Fatal(err)
		}
		if n := count(t, bp); n != 1 {
			t.Errorf("%v: the spec has %d solutions, want 1:\n%s", p.Changes, n, buf.String())
		}
	}
	if across != 2 {
		t.Errorf("%d proposals across the join, want 2 (A and B)", across)
	}
}

// Two sets of the five tetrominoes in 5x8 (3,106 raw solutions, 783
// classes; every piece has two copies): one T fixed leaves one solution,
// and the spec written, with a piece T_1 in place and T of one copy,
// solves to 1.
func TestLibraryCopies(t *testing.T) {
	if raceEnabled {
		t.Skip("pure computation; runs in the plain pass")
	}
	pz, prob := load(t, "tetromino-5x8", true)
	res, err := Find(context.Background(), prob, Options{MaxProposals: 3})
	if err != nil {
		t.Fatal(err)
	}
	if res.Solutions != 3106 || res.Changes != 1 || len(res.Proposals) != 3 {
		t.Fatalf("got %d solutions, %d changes, %d proposals; want 3106, 1, 3", res.Solutions, res.Changes, len(res.Proposals))
	}
	checkProposals(t, pz, prob, res, 1)
	var buf bytes.Buffer
	if err := WriteSpec(&buf, pz, res.Proposals[0]); err != nil || !strings.Contains(buf.String(), "\n"+res.Proposals[0].Changes[0].Piece+"_1 ") {
		t.Errorf("%v:\n%s", err, buf.String())
	}
}

// TestPolyformsLines: pieces made by "| polyforms" lines (free, one-sided
// and fixed, between pieces of their own lines) are fixed too: the written
// spec has their lines in place of the polyforms line, with a motion line,
// and reads back to one solution.
func TestPolyformsLines(t *testing.T) {
	for _, spec := range []string{
		"[0-j][0-2]\n| polyforms 5\n",
		"[0-4][0-1]\n| polyforms 3\nA 00\n| polyforms 2\n| polyforms 1\n",
		"[0-2][0-1]\n| polyforms 2 fixed\nB 00\n| polyforms 1\n",
		"[0-3][0-1]\n| polyforms 3 one-sided\n| polyforms 2\n",
	} {
		pz, prob := load(t, spec, true)
		res, err := Find(context.Background(), prob, Options{})
		if err != nil {
			t.Fatalf("%q: %v", spec, err)
		}
		if res.Unique || len(res.Proposals) == 0 {
			t.Fatalf("%q: %d solutions, unique %v, no proposal", spec, res.Solutions, res.Unique)
		}
		checkProposals(t, pz, prob, res, res.Changes)
	}
}
