package formats

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"polyviz/lepage"
	"polyviz/polystick"
	"polyviz/puzzle"
)

// TestLoadNoProblem: a Lepage file and a polysticks spec loaded with
// NoProblem leave Problem unbuilt; BuildProblem builds the one a full load
// gives (his matrix, with "#2" for a repeated piece, not the puzzle's
// problem), and stops when its context is cancelled. A polysticks spec too
// big to build is refused at the load, as a full load refuses it.
func TestLoadNoProblem(t *testing.T) {
	sticks := polystick.Marker + "\nboard 2x2\n0-4|A H00 V00 H10\n0-4|B H00 V00 V10\n0-4|C H00 H10 V10\n0-4|D H00 H10 H20\n0-4|E H00 V10 H11\n"
	for _, tc := range []struct {
		name, src string
		format    puzzle.Format
	}{
		{"dup.txt", "problem = { box = { 2, 2, 2 }, pieces = { '3L', '3L', '2_' }, lock = '3L' }", lepage.Format},
		{"sticks.txt", sticks, Polysticks},
	} {
		full, err := Load(tc.name, []byte(tc.src), "", puzzle.LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		l, err := Load(tc.name, []byte(tc.src), "", puzzle.LoadOptions{NoProblem: true})
		if err != nil {
			t.Fatal(err)
		}
		if l.Format != tc.format || l.Problem != nil || l.BuildProblem == nil {
			t.Fatalf("%s: format %v, problem built %v, a builder %v", tc.name, l.Format, l.Problem != nil, l.BuildProblem != nil)
		}
		if (l.Puzzle == nil) != (full.Puzzle == nil) || len(l.Restrictions) != len(full.Restrictions) {
			t.Errorf("%s: the puzzle or the restrictions differ from a full load's", tc.name)
		}
		prob, err := l.BuildProblem(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var got, want bytes.Buffer
		if err := prob.WriteDLX(&got); err != nil {
			t.Fatal(err)
		}
		if err := full.Problem.WriteDLX(&want); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s: built problem\n%s\nwant\n%s", tc.name, got.String(), want.String())
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := l.BuildProblem(ctx); !errors.Is(err, context.Canceled) {
			t.Errorf("%s: cancelled build: %v", tc.name, err)
		}
	}
	// 200 pieces on a 35x35 board: more placements than polyviz builds
	var big strings.Builder
	big.WriteString(polystick.Marker + "\nboard 35x35\n")
	for i := range 200 {
		big.WriteString("0-1|P" + string(rune('a'+i/26)) + string(rune('a'+i%26)) + " H00 H10\n")
	}
	_, want := Load("big.txt", []byte(big.String()), "", puzzle.LoadOptions{})
	_, err := Load("big.txt", []byte(big.String()), "", puzzle.LoadOptions{NoProblem: true})
	if want == nil || err == nil || err.Error() != want.Error() {
		t.Errorf("too big a spec without its problem: %v, want %v", err, want)
	}
}
