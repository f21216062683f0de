package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMemoryHintWithoutFlag: a command without --max-memory that refuses
// an input over its memory limit does not tell the user to give that flag
// (estimate, split, unique and the like reject it as unknown); solve, which
// has it, still names it. Run in a child under ulimit -v 3 GiB, where the
// limit is half of what that leaves (under 1.5 GiB) and the heptominoes
// on a 62x62 board are over it (with a monomino up to 4000 times, so that
// the cells add up: estimate says first that a board the pieces cannot
// fill has no solution, with no problem built).
func TestMemoryHintWithoutFlag(t *testing.T) {
	const spec = "[0-Z][0-Z]\n| polyforms 7\n1:4000|M 00\n"
	if os.Getenv("POLYVIZ_MEMHINT_CHILD") != "" {
		for _, cmd := range []string{"estimate", "unique", "solve"} {
			var out, errb strings.Builder
			code := Main(context.Background(), []string{cmd, "--format", "polyomino", "-"}, IO{Stdin: strings.NewReader(spec), Stdout: &out, Stderr: &errb}, nil)
			fmt.Printf("%s %d %s", cmd, code, errb.String())
		}
		return
	}
	sh, err := exec.LookPath("sh")
	if err != nil || addressSpaceLimit() != 0 || raceEnabled {
		t.Skip("needs sh, no address-space limit already, and no race detector (which reserves terabytes of address space)")
	}
	cmd := exec.Command(sh, "-c", `ulimit -v 3145728 && exec "$0" -test.run='^TestMemoryHintWithoutFlag$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "POLYVIZ_MEMHINT_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for _, c := range []string{"estimate", "unique"} {
		if !strings.Contains(string(out), c+" 1 polyviz "+c+": <stdin>: its exact-cover problem needs about") {
			t.Errorf("%s: not refused for memory: %s", c, out)
		}
	}
	if strings.Count(string(out), "this command's limit is half the memory the process may have") != 2 ||
		strings.Count(string(out), "raise the limit with --max-memory SIZE") != 1 ||
		!strings.Contains(string(out), "solve 1 polyviz solve: <stdin>:") {
		t.Errorf("want the flag named by solve only:\n%s", out)
	}
}
