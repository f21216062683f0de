package cli

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
	want := altogether.FindString(mustCLI(t, "solve", "-j", "2", "pentomino-4x15"))
	if want == "" {
		t.Fatal("no summary line")
	}
	file := filepath.Join(t.TempDir(), "ck.json")
	r := rand.New(rand.NewPCG(4, 15))
	kills := 0
	for runs := 0; ; runs++ {
		args := []string{"solve", "-j", "2", "--checkpoint-every", "20ms", "--checkpoint", file, "pentomino-4x15"}
		if _, err := os.Stat(file); err == nil {
			args = append(args, "--resume", file)
		}
		cmd := polyvizChild(args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		killed := false
		if kills < 20 {
			timer := time.AfterFunc(time.Duration(30+r.IntN(300))*time.Millisecond, func() { cmd.Process.Kill() })
			defer timer.Stop()
			err := cmd.Wait()
			timer.Stop()
			killed = err != nil && strings.Contains(err.Error(), "killed")
			if err != nil && !killed {
				t.Fatalf("run %d: %v\n%s", runs, err, stderr.String())
			}
		} else if err := cmd.Wait(); err != nil {
			t.Fatalf("run %d: %v\n%s", runs, err, stderr.String())
		}
		if !killed {
			if got := altogether.FindString(stderr.String()); got != want {
				t.Fatalf("after %d kills: %q, want %q", kills, got, want)
			}
			break
		}
		kills++
	}
	t.Logf("%d kills: %s", kills, want)
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
		{[]string{"--checkpoint", file, "--distinct", "all", "pentomino-3x20"}, 2, "do not work with --distinct"},
		{[]string{"--checkpoint", file, "--print", "pentomino-3x20"}, 2, "cannot be used with --print"},
		{[]string{"--checkpoint", file, "--engine", "bits", "pentomino-3x20"}, 2, "use --engine dlx or auto"},
	} {
		var out, errb bytes.Buffer
		code := Main(context.Background(), append([]string{"solve"}, c.args...), IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
		if code != c.code || !strings.Contains(errb.String(), c.msg) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errb.String(), c.code, c.msg)
		}
	}
	var out, errb bytes.Buffer
	code := Main(context.Background(), []string{"solve", "--resume", file, "pentomino-3x20"}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
	if code != 0 || !strings.Contains(errb.String(), "Altogether 8 solutions") {
		t.Errorf("resume of a finished run: exit %d, %s", code, errb.String())
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
