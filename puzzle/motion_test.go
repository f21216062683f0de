package puzzle

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"polyviz/solver"
)

// TestMotionOrientations: a one-sided piece keeps its rotations, a fixed
// one the orientation it is drawn in, and the others all that Knuth's
// generators make.
func TestMotionOrientations(t *testing.T) {
	spec := "[0-9][0-9]\nF 10 20 01 11 12\nI 00 01 02 03 04\nX 10 01 11 21 12\nL 00 01 02 03 13\nW 00 10 11 21 22\n| one-sided F I X\n| fixed L\n"
	l, err := Load("motion.txt", []byte(spec), FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		m Motion
		n int
	}{"F": {MotionOneSided, 4}, "I": {MotionOneSided, 2}, "X": {MotionOneSided, 1}, "L": {MotionFixed, 1}, "W": {MotionFree, 4}}
	for _, pc := range l.Puzzle.Pieces {
		if w := want[pc.Name]; pc.Motion != w.m || len(pc.Orientations) != w.n {
			t.Errorf("%s: %v with %d orientations, want %v with %d", pc.Name, pc.Motion, len(pc.Orientations), w.m, w.n)
		}
	}
	// the fixed L keeps the orientation it is drawn in
	if got := l.Puzzle.Pieces[3].Orientations[0].String(); got != "000 010 020 030 130" {
		t.Errorf("fixed L drawn as %s", got)
	}
	for _, bad := range []struct{ spec, at string }{
		{"[0-3]0\nI 00 10\n| one-sided J\n", "motion.txt:3:13"},
		{"[0-3]0\nI 00 10\n| fixed I\n| one-sided I\n", "motion.txt:4:13"},
	} {
		_, err := Load("motion.txt", []byte(bad.spec), FormatAuto)
		if !errors.Is(err, ErrBadMotionLine) || !strings.HasPrefix(err.Error(), bad.at+":") {
			t.Errorf("%q: %v, want ErrBadMotionLine at %s", bad.spec, err, bad.at)
		}
	}
}

// TestMotionTitle: a comment before the box is a title, even one that
// starts with the word "one-sided"; only the lines after the box move pieces.
func TestMotionTitle(t *testing.T) {
	l, err := Load("t.txt", []byte("| one-sided pentominoes\n[0-4]0\nI 00 10 20 30 40\n"), FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	if m := l.Puzzle.Pieces[0].Motion; m != MotionFree {
		t.Errorf("I is %v after a title, want free", m)
	}
}

// TestOneSidedMirrors: a reflection of the board maps a one-sided set
// onto itself only when the set holds both mirror images of each chiral
// piece; then F pairs with F'.
func TestOneSidedMirrors(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		acts  bool
		pairs map[string]string
	}{
		{"[0-4][0-4]\nF 10 20 01 11 12\nF' 10 00 21 11 12\nX 10 01 11 21 12\n| one-sided\n", true, map[string]string{"F": "F'", "F'": "F", "X": "X"}},
		{"[0-4][0-4]\nF 10 20 01 11 12\nX 10 01 11 21 12\n| one-sided\n", false, map[string]string{"X": "X"}},
		{"[0-4][0-4]\nF 10 20 01 11 12\nX 10 01 11 21 12\n", true, map[string]string{"F": "F", "X": "X"}},
	} {
		l, err := Load("m.txt", []byte(tc.spec), FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		p := l.Puzzle
		m := p.mirrorPieces()
		for i, j := range m {
			name := p.Pieces[i].Name
			want, ok := tc.pairs[name]
			if (j >= 0) != ok || (ok && p.Pieces[j].Name != want) {
				t.Errorf("%q: %s pairs with %d, want %q", tc.spec, name, j, want)
			}
		}
		if f := p.Symmetry().Facts; f.MirrorsAct() != tc.acts {
			t.Errorf("%q: reflections act %v, want %v (%+v)", tc.spec, f.MirrorsAct(), tc.acts, f)
		}
	}
}

// TestOneSidedPentominoes3x30: the 18 one-sided pentominoes in a 3x30
// rectangle: 184 packings (DLX1 on a DLX file written by hand), 46 up to
// rotation and reflection, 92 up to rotation, with every engine; and the
// DLX file polyviz writes for the spec has the same 184.
func TestOneSidedPentominoes3x30(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a few seconds of search")
	}
	data, err := os.ReadFile("testdata/onesided-3x30.txt")
	if err != nil {
		t.Fatal(err)
	}
	l, err := Load("onesided-3x30.txt", data, FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, ok, err := l.Puzzle.CountBySymmetry(ctx, solver.Options{Workers: 2}, nil)
	if err != nil || !ok || st.Raw != 184 || st.Distinct != 46 {
		t.Errorf("count by symmetry: %d raw, %d classes, ok %v, %v; want 184, 46", st.Raw, st.Distinct, ok, err)
	}
	for _, e := range []solver.Engine{solver.EngineBits, solver.EngineCell} {
		for mode, want := range map[Distinct]int64{DistinctRotations: 92, DistinctAll: 46} {
			st, err := l.Puzzle.SolveDistinct(ctx, mode, solver.Options{Workers: 2, Engine: e}, nil)
			if err != nil || st.Distinct != want || st.Raw != 184 {
				t.Errorf("%v %v: %d distinct, %d raw, %v; want %d, 184", e, mode, st.Distinct, st.Raw, err, want)
			}
		}
	}
	var dlx strings.Builder
	if err := l.Puzzle.WriteDLX(&dlx); err != nil {
		t.Fatal(err)
	}
	prob, err := solver.ParseDLX(strings.NewReader(dlx.String()), "onesided.dlx")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := solver.Solve(ctx, prob, solver.Options{Workers: 2, Engine: solver.EngineBits}, nil)
	if err != nil || raw.Solutions != 184 {
		t.Errorf("the DLX file: %d solutions, %v; want 184", raw.Solutions, err)
	}
}
