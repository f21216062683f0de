package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"polyviz/lepage"
	"polyviz/solver"
)

// TestPrintResumeNumbers: a run resumed from a checkpoint that printed 3
// solutions as slices numbers the next one 4 ("Solution 4", not "Solution
// 1" again), and a checkpoint printed in one form refuses to go on in the
// other, which would mix the two in one list.
func TestPrintResumeNumbers(t *testing.T) {
	in, err := loadProblem(context.Background(), IO{Stderr: &bytes.Buffer{}}, "soma", "")
	if err != nil {
		t.Fatal(err)
	}
	state := func(as string) []byte {
		b, _ := json.Marshal(savedOutput{Printed: 3, Complete: true, Text: "earlier\n", As: as})
		return b
	}
	var buf bytes.Buffer
	pr := &solutionPrinter{out: bufio.NewWriter(&buf), as: "slices"}
	opt := solver.Options{Checkpoint: func(solver.Checkpoint) {}, Resume: &solver.Checkpoint{State: state("slices")}}
	if err := pr.setupPrinter(IO{Stderr: &bytes.Buffer{}}, &opt); err != nil {
		t.Fatal(err)
	}
	sp := lepage.NewSlicePrinter(in.Puzzle)
	pr.print(func(w *bufio.Writer, n int) error { return sp.WriteAs(w, n, nil) })
	pr.out.Flush()
	if got := buf.String(); !strings.HasPrefix(got, "earlier\nSolution 4\n") {
		t.Errorf("resumed output starts %q, want the saved text, then Solution 4", got[:min(len(got), 40)])
	}
	for _, c := range []struct{ saved, now string }{{"", "slices"}, {"slices", "options"}, {"slices", ""}} {
		pr := &solutionPrinter{out: bufio.NewWriter(&bytes.Buffer{}), as: c.now}
		opt := solver.Options{Checkpoint: func(solver.Checkpoint) {}, Resume: &solver.Checkpoint{State: state(c.saved)}}
		if err := pr.setupPrinter(IO{Stderr: &bytes.Buffer{}}, &opt); err == nil || !strings.Contains(err.Error(), "resume with --print") {
			t.Errorf("printed as %q, resumed as %q: %v", c.saved, c.now, err)
		}
	}
}
