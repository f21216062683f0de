package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestRefusedUnderUlimit: under ulimit -v 1000000 (KiB) the Go runtime
// holds some 700 MB before main, so a default of half the limit let
// estimate build a 62x62 board of pentominoes and die of out-of-memory
// with a goroutine dump; the default counts what the runtime holds, and
// the problem is refused with the memory message instead.
func TestRefusedUnderUlimit(t *testing.T) {
	if os.Getenv("POLYVIZ_ULIMIT_REFUSE") != "" {
		fmt.Println("started")
		var out, errb strings.Builder
		code := Main(context.Background(), []string{"estimate", "--budget", "2s", "-"}, IO{Stdin: strings.NewReader("[0-Z][0-Z]\n| polyforms 5\n"), Stdout: &out, Stderr: &errb}, nil)
		fmt.Printf("exit %d: %s", code, errb.String())
		return
	}
	sh, err := exec.LookPath("sh")
	if err != nil || addressSpaceLimit() != 0 || raceEnabled {
		t.Skip("needs sh, no address-space limit already, and no race detector (which reserves terabytes of address space)")
	}
	// the runtime itself, before any test runs, now and then finds no
	// room for its first arena that close to what it reserves: tried again
	for range 5 {
		cmd := exec.Command(sh, "-c", `ulimit -v 1000000 && exec "$0" -test.run='^TestRefusedUnderUlimit$'`, os.Args[0])
		cmd.Env = append(os.Environ(), "POLYVIZ_ULIMIT_REFUSE=1")
		out, _ := cmd.CombinedOutput()
		rest, started := strings.CutPrefix(string(out), "started\n")
		if !started {
			continue
		}
		if !strings.HasPrefix(rest, "exit 1: polyviz estimate: <stdin>: its exact-cover problem needs more memory than the limit") {
			t.Errorf("under ulimit -v 1000000, want the memory refusal; the child said:\n%.800s", rest)
		}
		return
	}
	t.Skip("the test binary did not start under ulimit -v 1000000")
}

// TestPiecesUnderUlimit: under ulimit -v 1000000 the default --max-pieces
// (a million, some 1 KB each for 14 cells) would outgrow the room and the
// runtime die; the default is cut to what fits, and the count refused.
func TestPiecesUnderUlimit(t *testing.T) {
	if os.Getenv("POLYVIZ_ULIMIT_PIECES") != "" {
		fmt.Println("started")
		var out, errb strings.Builder
		code := Main(context.Background(), []string{"pieces", "-L", "squares", "-n", "14", "--count"}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
		fmt.Printf("exit %d: %s", code, errb.String())
		return
	}
	sh, err := exec.LookPath("sh")
	if err != nil || addressSpaceLimit() != 0 || raceEnabled || testing.Short() {
		t.Skip("needs sh, no address-space limit already, no race detector, and not -short (a few seconds)")
	}
	for range 5 {
		cmd := exec.Command(sh, "-c", `ulimit -v 1000000 && exec "$0" -test.run='^TestPiecesUnderUlimit$'`, os.Args[0])
		cmd.Env = append(os.Environ(), "POLYVIZ_ULIMIT_PIECES=1")
		out, _ := cmd.CombinedOutput()
		rest, started := strings.CutPrefix(string(out), "started\n")
		if !started {
			continue
		}
		if !strings.HasPrefix(rest, "exit 1: polyviz pieces: ") || !strings.Contains(rest, "fit in the memory limit") {
			t.Errorf("under ulimit -v 1000000, want the pieces refused; the child said:\n%.800s", rest)
		}
		return
	}
	t.Skip("the test binary did not start under ulimit -v 1000000")
}
