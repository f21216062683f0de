package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"polyviz/disassembly"
	"polyviz/polystick"
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
		t.Run(name, func(t *testing.T) { checkStoppedInSetup(t, solve) })
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

// TestSolveStoppedInSetupOtherPaths: solve's other searches (--heatmap,
// --disassemble, polysticks, fillomino) say the same as a plain count when
// their context ends before the search begins, and --json alike.
func TestSolveStoppedInSetupOtherPaths(t *testing.T) {
	load := func(arg string) *loadedInput {
		in, err := loadProblem(context.Background(), IO{}, arg, "")
		if err != nil {
			t.Fatal(err)
		}
		return in
	}
	soma, burr, sticks := load("soma"), load("testdata/burrtools/CubeInCage.xmpuzzle"), load("tetrastick-5x5")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&Interrupted{Signal: syscall.SIGINT})
	dir := t.TempDir()
	dis := disassemblyFlags{maxStates: disassembly.DefaultMaxStates}
	for _, tc := range []struct {
		name  string
		solve func(IO, solveFlags) int
	}{
		{"heatmap", func(std IO, f solveFlags) int {
			return solveHeatmap(ctx, std, soma, puzzle.DistinctNone, f, filepath.Join(dir, "plain.csv"))
		}},
		{"heatmap distinct", func(std IO, f solveFlags) int {
			return solveHeatmap(ctx, std, soma, puzzle.DistinctAll, f, filepath.Join(dir, "distinct.csv"))
		}},
		{"disassemble", func(std IO, f solveFlags) int { return solveDisassemble(ctx, std, burr, f, dis, puzzle.DistinctNone) }},
		{"disassemble distinct", func(std IO, f solveFlags) int {
			return solveDisassemble(ctx, std, burr, f, dis, puzzle.DistinctAll)
		}},
		{"polysticks", func(std IO, f solveFlags) int {
			return solvePolysticks(ctx, std, sticks.Source.(*polystick.Build), puzzle.DistinctNone, f)
		}},
		{"polysticks distinct", func(std IO, f solveFlags) int {
			return solvePolysticks(ctx, std, sticks.Source.(*polystick.Build), puzzle.DistinctAll, f)
		}},
		{"fillomino", func(std IO, f solveFlags) int {
			code, _ := solveFillomino(ctx, &std, "fillomino-6x6", f) // 0 if not taken for a grid
			return code
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkStoppedInSetup(t, tc.solve) })
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) > 0 {
		t.Errorf("a heat map written by a run that searched nothing: %v", names)
	}
}

// checkStoppedInSetup runs solve, given a context already cancelled by
// SIGINT, with --json and a start 3 s ago, and checks it said it stopped
// during setup: the line, exit 130, and a --json summary that says so and
// names no workers nor engine ("complete", where the summary has it,
// false).
func checkStoppedInSetup(t *testing.T, solve func(IO, solveFlags) int) {
	t.Helper()
	var out, errb bytes.Buffer
	f := solveFlags{workers: 2, json: true, times: commandTimes{start: time.Now().Add(-3 * time.Second)}}
	code := solve(IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, f)
	if want := regexp.MustCompile(`^Stopped during setup after 3\.\d s: no search ran\.\npolyviz solve: interrupted by SIGINT\n$`); code != 130 || !want.MatchString(errb.String()) {
		t.Errorf("exit %d, stderr %q; want 130 and %s", code, errb.String(), want)
	}
	var js map[string]any
	if err := json.Unmarshal(out.Bytes(), &js); err != nil {
		t.Fatalf("%v in %q", err, out.String())
	}
	setup, _ := js["setup_seconds"].(float64)
	if complete, ok := js["complete"]; js["stopped_during_setup"] != true || ok && complete != false || setup < 3 {
		t.Errorf("json %s", strings.TrimSpace(out.String()))
	}
	for _, k := range []string{"workers", "engine"} {
		if _, ok := js[k]; ok {
			t.Errorf("json names %s: %s", k, strings.TrimSpace(out.String()))
		}
	}
}
