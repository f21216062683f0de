package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cancelAfter runs polyviz in-process with a context that SIGTERM's
// Interrupted cancels after wait, and returns the exit status and standard
// error. It fails the test when the command has not returned within a
// generous bound after the cancellation: a command must stop at any stage,
// setup included, not only in the search.
func cancelAfter(t *testing.T, wait time.Duration, stdin string, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Main(ctx, args, IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, nil)
	}()
	select {
	case code := <-done:
		t.Fatalf("polyviz %s ended before it was cancelled (exit %d): make the input bigger\n%s", strings.Join(args, " "), code, errb.String())
	case <-time.After(wait):
	}
	cancel(&Interrupted{Signal: syscall.SIGTERM})
	select {
	case code := <-done:
		return code, errb.String()
	case <-time.After(5 * time.Second):
		t.Fatalf("polyviz %s: still running 5 s after it was cancelled", strings.Join(args, " "))
	}
	return 0, ""
}

// TestInterruptFIFO: writing to a FIFO that nobody reads stops on a signal
// (the open of a FIFO waits for a reader).
func TestInterruptFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "f")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	code, stderr := cancelAfter(t, 300*time.Millisecond, "", "xmpuzzle", "soma", "-o", fifo)
	if code != 143 || !strings.Contains(stderr, "interrupted by SIGTERM") {
		t.Errorf("exit %d, %q; want 143 and interrupted by SIGTERM", code, stderr)
	}
}

// ringDLX is a DLX file of n items and n options, option i covering items
// i and i+1 (mod n): its cut into tasks and each of its nodes scan every
// active item.
func ringDLX(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "i%d ", i)
	}
	b.WriteString("\n")
	for i := range n {
		fmt.Fprintf(&b, "i%d i%d\n", i, (i+1)%n)
	}
	return b.String()
}

// TestInterruptSetup: a solve, a checkpointed solve and a split of a DLX
// file of 10^5 items stop on a signal during their setup (the cut of the
// tree ran to its end first), and --progress speaks during the setup.
func TestInterruptSetup(t *testing.T) {
	if testing.Short() {
		t.Skip("a DLX file of 100,000 items")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "ring.dlx")
	if err := os.WriteFile(file, []byte(ringDLX(100_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", "--progress", "--engine", "dlx", file},
		{"solve", "--checkpoint", filepath.Join(dir, "ck.json"), file},
		{"split", "--jobs", "4", "-o", filepath.Join(dir, "jobs"), file},
	} {
		code, stderr := cancelAfter(t, 2500*time.Millisecond, "", args...)
		if code != 143 || !strings.Contains(stderr, "interrupted by SIGTERM") {
			t.Errorf("%v: exit %d, %q; want 143 and interrupted by SIGTERM", args, code, stderr)
		}
		if args[1] == "--progress" && !strings.Contains(stderr, "setting up: ") {
			t.Errorf("%v: no progress during the setup: %q", args, stderr)
		}
	}
}

// TestAfterInterrupt: the function is called once the grace has passed
// after a signal's cancellation, not when the command stopped in time, and
// not for a context cancelled otherwise.
func TestAfterInterrupt(t *testing.T) {
	for _, c := range []struct {
		name       string
		cause      error
		stopInTime bool
		want       bool
	}{
		{"late", &Interrupted{Signal: syscall.SIGINT}, false, true},
		{"stopped in time", &Interrupted{Signal: syscall.SIGINT}, true, false},
		{"not a signal", context.Canceled, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			called := make(chan *Interrupted, 1)
			stop := AfterInterrupt(ctx, 50*time.Millisecond, func(in *Interrupted) { called <- in })
			cancel(c.cause)
			if c.stopInTime {
				stop()
			}
			select {
			case in := <-called:
				if !c.want {
					t.Errorf("called with %v", in)
				} else if in.ExitCode() != 130 {
					t.Errorf("exit code %d, want 130", in.ExitCode())
				}
			case <-time.After(time.Second):
				if c.want {
					t.Error("not called")
				}
			}
			stop()
		})
	}
}

// TestInterruptSays: commands that stop on a signal mid-work say they were
// interrupted, never the bare "context canceled".
func TestInterruptSays(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("three runs interrupted after 0.6 s each, and a split")
	}
	dir := t.TempDir()
	jobs := filepath.Join(dir, "jobs")
	mustCLI(t, "split", "--engine", "dlx", "--jobs", "1", "-o", jobs, "pentomino-6x10")
	big := filepath.Join(dir, "big.txt") // 238,328 cells: seconds to set up
	if err := os.WriteFile(big, []byte("[0-Z][0-Z][0-Z]\nA 000 001\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"fillomino-gen", "--size", "16x16", "--seed", "9", "--max-label", "9", "-j", "1"},
		{"run-job", "-j", "1", "--checkpoint-every", "0", "--index", "0", jobs, "-o", dir},
		{"disassemble", "--solution", "9000", "pentomino-6x10"},
		{"stl", "--assembled", big, "-o", filepath.Join(dir, "stl")},            // the pieces alone are quick: the problem is built
		{"render", "--solution", "1", big, "-o", filepath.Join(dir, "big.png")}, // xmpuzzle and render alone need no problem: quick
	} {
		code, stderr := cancelAfter(t, 600*time.Millisecond, "", args...)
		if code != 143 || !strings.Contains(stderr, "polyviz "+args[0]+": interrupted by SIGTERM") || strings.Contains(stderr, "context canceled") {
			t.Errorf("%v: exit %d, %q; want 143 and interrupted by SIGTERM", args, code, stderr)
		}
	}
}
