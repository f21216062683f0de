package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestMain lets a test run polyviz itself as a child process (that kill -9
// can kill): with POLYVIZ_CLI_CHILD set, the test binary is polyviz.
func TestMain(m *testing.M) {
	if os.Getenv("POLYVIZ_CLI_CHILD") != "" {
		os.Exit(Main(context.Background(), os.Args[1:], StdIO(), nil))
	}
	os.Exit(m.Run())
}

// polyvizChild returns the command that runs polyviz with args in a child
// process.
func polyvizChild(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "POLYVIZ_CLI_CHILD=1")
	return cmd
}

var altogether = regexp.MustCompile(`Altogether \d+ solutions?, \d+ updates, \d+ nodes`)

// TestCheckpointKill9 kills `polyviz solve --checkpoint` with SIGKILL at
// random moments, at least 20 times, resuming each time from the file
// left: the chain ends with exactly the figures of one uninterrupted run.
func TestCheckpointKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a child process some 20 times (several seconds)")
	}
	for _, engine := range []string{"dlx", "bits", "cell"} {
		want := altogether.FindString(mustCLI(t, "solve", "-j", "2", "--engine", engine, "pentomino-4x15"))
		if want == "" {
			t.Fatal("no summary line")
		}
		stderr, _, kills := killChain(t, 20, "-j", "2", "--engine", engine, "pentomino-4x15")
		if got := altogether.FindString(stderr); got != want {
			t.Fatalf("%s after %d kills: %q, want %q", engine, kills, got, want)
		}
		t.Logf("%s, %d kills: %s", engine, kills, want)
	}
}

// TestCheckpointKill9Print does the same with --print, raw (with each
// engine) and with --distinct all: the output of the run that ends is the whole list, each
// solution once, and the counts are those of one uninterrupted run.
func TestCheckpointKill9Print(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a child process some 10 times per case (several seconds)")
	}
	for _, c := range []struct {
		name string
		args []string
		sum  *regexp.Regexp
	}{
		{"raw", []string{"-j", "2", "--print", "pentomino-4x15"}, altogether},
		{"bits", []string{"-j", "2", "--print", "--engine", "bits", "pentomino-4x15"}, altogether},
		{"distinct", []string{"-j", "2", "--print", "--distinct", "all", "pentomino-5x12"}, regexp.MustCompile(`Altogether \d+ distinct solutions [a-z ]+ \(\d+ raw\), \d+ updates, \d+ nodes`)},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, wantOut, wantErr := runCLI(t, "", append([]string{"solve"}, c.args...)...)
			if code != 0 {
				t.Fatal(wantErr)
			}
			want := c.sum.FindString(wantErr)
			stderr, stdout, kills := killChain(t, 10, c.args...)
			if got := c.sum.FindString(stderr); got != want || want == "" {
				t.Fatalf("after %d kills: %q, want %q", kills, got, want)
			}
			// "(k of d)" included: the bitset engine's are the same whatever
			// the workers did before
			got, wantList := solutionBlocks(stdout), solutionBlocks(wantOut)
			if !slices.Equal(got, wantList) {
				t.Fatalf("after %d kills: %d solutions printed, want %d (or not the same ones)", kills, len(got), len(wantList))
			}
			t.Logf("%d kills: %d solutions printed; %s", kills, len(got), want)
		})
	}
}

// solutionBlocks cuts --print output into solutions, numbers removed, sorted.
func solutionBlocks(out string) []string {
	blocks := regexp.MustCompile(`(?m)^\d+:`).Split(out, -1)[1:]
	slices.Sort(blocks)
	return blocks
}

// killChain runs `polyviz solve --checkpoint FILE args...` in a child
// process, killing it with SIGKILL at a random moment and resuming it from
// the file left, kills times, then lets it end: it returns the last run's
// standard error and output.
func killChain(t *testing.T, kills int, args ...string) (stderrText, stdoutText string, killed int) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "ck.json")
	r := rand.New(rand.NewPCG(4, 15))
	for runs := 0; ; runs++ {
		a := append([]string{"solve", "--checkpoint-every", "20ms", "--checkpoint", file}, args...)
		if _, err := os.Stat(file); err == nil {
			a = append(a, "--resume", file)
		}
		cmd := polyvizChild(a...)
		var stderr, stdout bytes.Buffer
		cmd.Stderr, cmd.Stdout = &stderr, &stdout
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		wasKilled := false
		if killed < kills {
			timer := time.AfterFunc(time.Duration(20+r.IntN(60))*time.Millisecond, func() { cmd.Process.Kill() })
			err := cmd.Wait()
			timer.Stop()
			wasKilled = err != nil && strings.Contains(err.Error(), "killed")
			if err != nil && !wasKilled {
				t.Fatalf("run %d: %v\n%s", runs, err, stderr.String())
			}
		} else if err := cmd.Wait(); err != nil {
			t.Fatalf("run %d: %v\n%s", runs, err, stderr.String())
		}
		if !wasKilled {
			return stderr.String(), stdout.String(), killed
		}
		killed++
	}
}

// TestCheckpointRefusals: another problem, --distinct and --print are
// refused with a clear message.
func TestCheckpointRefusals(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ck.json")
	mustCLI(t, "solve", "-j", "1", "--checkpoint", file, "pentomino-3x20")
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--resume", file, "soma"}, 1, "checkpoint is for another problem"},
		{[]string{"--resume", file, "--distinct", "all", "pentomino-3x20"}, 1, "a checkpoint goes on only with the puzzle and the --distinct mode"},
		{[]string{"--checkpoint", file, "--first", "pentomino-3x20"}, 2, "cannot be used with --max or --first"},
		// multiplicities under dancing links: refused by the solver before
		// any search, in the user's words
		{[]string{"--engine", "dlx", "--checkpoint", filepath.Join(t.TempDir(), "m.json"), "tetromino-5x8"}, 1, "polyviz solve: checkpoints are not supported here"},
	} {
		var out, errb bytes.Buffer
		code := Main(context.Background(), append([]string{"solve"}, c.args...), IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
		if code != c.code || !strings.Contains(errb.String(), c.msg) || strings.Contains(errb.String(), "Altogether") {
			t.Errorf("%v: exit %d, %q; want %d and %q, and no closing line", c.args, code, errb.String(), c.code, c.msg)
		}
	}
	// a checkpoint changed by hand, cut short, or with figures that do not
	// add up (resealed): refused, the file named, no closing line
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var ck checkpointFile
	if err := json.Unmarshal(data, &ck); err != nil {
		t.Fatal(err)
	}
	ck.Nodes++
	if err := seal(&ck); err != nil {
		t.Fatal(err)
	}
	resealed, err := jsonBytes(&ck)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		msg  string
	}{
		{"tampered", bytes.Replace(data, []byte(`"solutions": 8`), []byte(`"solutions": 9`), 1), "digest mismatch"},
		{"truncated", data[:len(data)/3], "truncated"},
		{"resealed", resealed, "the profile adds up to"},
	} {
		bad := filepath.Join(t.TempDir(), "bad.json")
		if err := os.WriteFile(bad, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := Main(context.Background(), []string{"solve", "--resume", bad, "pentomino-3x20"}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
		if code != 1 || !strings.Contains(errb.String(), c.msg) || !strings.Contains(errb.String(), bad) || strings.Contains(errb.String(), "Altogether") {
			t.Errorf("%s checkpoint: exit %d, %q; want 1, the file, %q and no closing line", c.name, code, errb.String(), c.msg)
		}
	}
	var out, errb bytes.Buffer
	code := Main(context.Background(), []string{"solve", "--resume", file, "pentomino-3x20"}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
	if code != 0 || !strings.Contains(errb.String(), "Altogether 8 solutions") {
		t.Errorf("resume of a finished run: exit %d, %s", code, errb.String())
	}
	// a checkpoint of the bitset engine goes on with it, whatever --engine says
	bits := filepath.Join(t.TempDir(), "bits.json")
	mustCLI(t, "solve", "-j", "1", "--engine", "bits", "--checkpoint", bits, "pentomino-3x20")
	errb.Reset()
	code = Main(context.Background(), []string{"solve", "--engine", "dlx", "--resume", bits, "pentomino-3x20"}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
	if code != 0 || !strings.Contains(errb.String(), "taken by the bits engine: going on with it") || !strings.Contains(errb.String(), "Altogether 8 solutions") {
		t.Errorf("resume of a bitset run: exit %d, %s", code, errb.String())
	}
}

// mustCLI runs polyviz in-process and returns its standard error; it fails
// the test on a non-zero exit.
func mustCLI(t *testing.T, args ...string) string {
	t.Helper()
	code, _, stderr := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("polyviz %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	return stderr
}
