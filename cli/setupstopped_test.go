package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"polyviz/puzzle"
)

// TestSolveStoppedInSetup: a solve whose context ends before its search
// began says so, with the setup's seconds, where its closing line would
// have said "0.000 s, 0 workers"; its --json has those seconds and
// stopped_during_setup, and names no workers nor engine. A plain count,
// a distinct one and a run stopped while it reads its input alike.
func TestSolveStoppedInSetup(t *testing.T) {
	in, err := loadProblem(context.Background(), IO{}, "soma", "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&Interrupted{Signal: syscall.SIGINT})
	for name, solve := range map[string]func(IO, solveFlags) int{
		"plain": func(std IO, f solveFlags) int { return solveProblem(ctx, std, in.Problem, f) },
		"distinct": func(std IO, f solveFlags) int {
			return solveDistinct(ctx, std, in.Puzzle, in.Problem, puzzle.DistinctAll, f)
		},
	} {
		t.Run(name, func(t *testing.T) {
			var out, errb bytes.Buffer
			f := solveFlags{workers: 2, json: true, times: commandTimes{start: time.Now().Add(-3 * time.Second)}}
			code := solve(IO{Stdout: &out, Stderr: &errb}, f)
			if want := regexp.MustCompile(`^Stopped during setup after 3\.\d s: no search ran\.\npolyviz solve: interrupted by SIGINT\n$`); code != 130 || !want.MatchString(errb.String()) {
				t.Errorf("exit %d, stderr %q; want 130 and %s", code, errb.String(), want)
			}
			var js map[string]any
			if err := json.Unmarshal(out.Bytes(), &js); err != nil {
				t.Fatalf("%v in %q", err, out.String())
			}
			if js["stopped_during_setup"] != true || js["complete"] != false || js["setup_seconds"].(float64) < 3 {
				t.Errorf("json %s", strings.TrimSpace(out.String()))
			}
			for _, k := range []string{"workers", "engine"} {
				if _, ok := js[k]; ok {
					t.Errorf("json names %s: %s", k, strings.TrimSpace(out.String()))
				}
			}
		})
	}
	var out, errb bytes.Buffer
	code := Main(ctx, []string{"solve", "--json", "soma"}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
	if want := regexp.MustCompile(`^Stopped during setup after \d+\.\d s: no search ran\.\npolyviz solve: interrupted by SIGINT\n$`); code != 130 || !want.MatchString(errb.String()) {
		t.Errorf("stopped while reading: exit %d, stderr %q; want 130 and %s", code, errb.String(), want)
	}
	if got := out.String(); !strings.Contains(got, `"stopped_during_setup":true`) || strings.Contains(got, `"workers"`) {
		t.Errorf("stopped while reading: json %s", got)
	}
}
