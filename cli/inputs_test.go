package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestDLXOptionWithoutPrimary: Knuth's DLX2 example, with its option that
// has no primary item, is solved as DLX2 solves it: that option ignored
// with a warning at its position, and the one solution found.
func TestDLXOptionWithoutPrimary(t *testing.T) {
	const knuth = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"
	for _, engine := range []string{"dlx", "bits", "auto"} {
		code, out, errs := run(t, knuth, "solve", "--engine", engine, "-")
		if code != 0 || !strings.Contains(errs, "<stdin>:4:1: option ignored") || !strings.Contains(errs, "Altogether 1 solution,") {
			t.Errorf("--engine %s: exit %d, stdout %q, stderr %q", engine, code, out, errs)
		}
	}
}

// TestControlCharacterInName: a NUL in a piece name is refused with its
// position, by polycube-dlx and by solve, instead of reaching the output.
func TestControlCharacterInName(t *testing.T) {
	for _, cmd := range []string{"polycube-dlx", "solve"} {
		code, out, errs := run(t, "000 001\nA\x00 000 001\n", cmd, "-")
		if code != 1 || out != "" || !strings.Contains(errs, "<stdin>:2:2: illegal character in piece name") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", cmd, code, out, errs)
		}
	}
}

// TestMaxMemoryUnderUlimit: under an address-space limit (ulimit -v) lower
// than the machine's memory, --max-memory's default is half of what the
// limit leaves above the address space the process held when it was
// taken (the Go runtime alone reserves hundreds of MB), so that a problem
// is refused with a message before the runtime dies of out-of-memory at
// the limit.
func TestMaxMemoryUnderUlimit(t *testing.T) {
	if os.Getenv("POLYVIZ_ULIMIT_CHILD") != "" {
		def := defaultMaxMemory()
		fmt.Println("default", def, "in use", addressSpaceInUse())
		return
	}
	sh, err := exec.LookPath("sh")
	if err != nil || addressSpaceLimit() != 0 || raceEnabled {
		t.Skip("needs sh, no address-space limit already, and no race detector (which reserves terabytes of address space)")
	}
	const kib = 3 << 20 // 3 GiB
	cmd := exec.Command(sh, "-c", fmt.Sprintf(`ulimit -v %d && exec "$0" -test.run='^TestMaxMemoryUnderUlimit$'`, kib), os.Args[0])
	cmd.Env = append(os.Environ(), "POLYVIZ_ULIMIT_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var def, inUse int64
	if _, err := fmt.Sscanf(string(out), "default %d in use %d", &def, &inUse); err != nil {
		t.Fatalf("child said %q", out)
	}
	// what the process held only grows: the room at the first call is at
	// least what is left after it
	if limit := int64(kib) << 10; 2*def < limit-inUse || 2*def > limit-256<<20 {
		t.Errorf("default %d with %d of %d bytes in use: want half of what the limit leaves", def, inUse, limit)
	}
}

// blankLines is an endless standard input of empty lines.
type blankLines struct{}

func (blankLines) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '\n'
	}
	return len(p), nil
}

// TestEndlessInputRefused: standard input is read only as far as the
// memory limit allows, by every command that reads one (solve looks for a
// fillomino grid first), and then refused with the flag that raises it.
func TestEndlessInputRefused(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--max-memory", "26M", "-"},
		{"render", "--max-memory", "26M", "-o", os.DevNull, "-"},
	} {
		var out, errb strings.Builder
		code := Main(context.Background(), args, IO{Stdin: blankLines{}, Stdout: &out, Stderr: &errb}, nil)
		if code != 1 || !strings.Contains(errb.String(), "of memory, more than the limit of 26.0 MiB") || !strings.Contains(errb.String(), "--max-memory") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestCutMemoryChecked: the symmetry cut's setup is sized before it is
// built: a distinct count that would pass --max-memory is refused with
// the flag, and a plain count searches the whole tree instead, saying so.
func TestCutMemoryChecked(t *testing.T) {
	const box = "[0-9][0-9][0-9]\nL 000 001 010\n" // 9,720 placements, 48 symmetries
	code, _, errs := run(t, box, "solve", "--distinct", "all", "--max-memory", "12M", "-")
	if code != 1 || !strings.Contains(errs, "for the symmetry cut and its search, more than the limit of 12.0 MiB: raise the limit with --max-memory") {
		t.Errorf("--distinct all: exit %d, stderr %q", code, errs)
	}
	code, _, errs = run(t, box, "solve", "--max-memory", "12M", "-")
	if code != 0 || !strings.Contains(errs, "searching the whole tree instead") || !strings.Contains(errs, "Altogether 0 solutions") {
		t.Errorf("plain count: exit %d, stderr %q", code, errs)
	}
	code, _, errs = run(t, box, "solve", "--distinct", "all", "-")
	if code != 0 || strings.Contains(errs, "more than the limit") {
		t.Errorf("default limit: exit %d, stderr %q", code, errs)
	}
}
