package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestRefusedUnderUlimit: under ulimit -v ulimitKiB the Go runtime
// holds most of the limit before main, so a default of half the limit let
// estimate build a 62x62 board of polyominoes and die of out-of-memory
// with a goroutine dump; the default counts what the runtime holds, and
// the problem is refused with the memory message instead. Heptominoes, so
// that the problem needs several times the limit in the static headless
// test binary too (whose runtime holds less); a monomino up to 4000 times
// makes the cells add up: a board the pieces cannot fill is said to have
// no solution before the problem is sized.
func TestRefusedUnderUlimit(t *testing.T) {
	rest := underUlimit(t, "TestRefusedUnderUlimit", "[0-Z][0-Z]\n| polyforms 7\n1:4000|M 00\n", "estimate", "--budget", "2s", "-")
	if !strings.HasPrefix(rest, "exit 1: polyviz estimate: <stdin>: its exact-cover problem needs ") {
		t.Errorf("under ulimit -v "+ulimitKiB+", want the memory refusal; the child said:\n%.800s", rest)
	}
}

// TestPiecesUnderUlimit: under ulimit -v ulimitKiB the default --max-pieces
// (a million, some 1 KB each for 14 cells) would outgrow the room and the
// runtime die; the default is cut to what fits, and the count refused.
func TestPiecesUnderUlimit(t *testing.T) {
	rest := underUlimit(t, "TestPiecesUnderUlimit", "", "pieces", "-L", "squares", "-n", "14", "--count")
	if !strings.HasPrefix(rest, "exit 1: polyviz pieces: ") || !strings.Contains(rest, "fit in the memory limit") {
		t.Errorf("under ulimit -v "+ulimitKiB+", want the pieces refused; the child said:\n%.800s", rest)
	}
}

// ulimitKiB is the address-space limit underUlimit's children run under:
// the runtime holds most of it before main. At 1000000 a few MB of heap
// now and then failed to grow ("fatal error: out of memory"), killing the
// child in its load before the refusal the tests look for; the inputs
// here still need several times the limit the commands derive from it.
const ulimitKiB = "1150000"

// underUlimit runs polyviz ARGS (stdin from input) in a child of the test
// binary (test) under ulimit -v ulimitKiB and returns "exit N: " and its
// standard error; in the child it runs them and the test ends there. It
// skips where sh is missing, a limit is set already, or the race detector
// runs (it reserves terabytes of address space).
func underUlimit(t *testing.T, test, input string, args ...string) string {
	t.Helper()
	if os.Getenv("POLYVIZ_ULIMIT_CHILD") == test {
		fmt.Println("started")
		var out, errb strings.Builder
		code := Main(context.Background(), args, IO{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &errb}, nil)
		fmt.Printf("exit %d: %s", code, errb.String())
		t.SkipNow() // the parent reads what the child printed
	}
	sh, err := exec.LookPath("sh")
	if err != nil || addressSpaceLimit() != 0 || raceEnabled {
		t.Skip("needs sh, no address-space limit already, and no race detector (which reserves terabytes of address space)")
	}
	// the runtime itself, before any test runs, now and then finds no
	// room for its first arena that close to what it reserves: tried again
	for range 5 {
		cmd := exec.Command(sh, "-c", `ulimit -v `+ulimitKiB+` && exec "$0" -test.run='^`+test+`$'`, os.Args[0])
		cmd.Env = append(os.Environ(), "POLYVIZ_ULIMIT_CHILD="+test)
		out, _ := cmd.CombinedOutput()
		if rest, started := strings.CutPrefix(string(out), "started\n"); started {
			rest, _, _ = strings.Cut(rest, "--- SKIP") // the child's own skip line
			return rest
		}
	}
	t.Skip("the test binary did not start under ulimit -v " + ulimitKiB)
	return ""
}
