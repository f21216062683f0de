package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// referenceDir holds Knuth's real outputs, copied from shared/reference into
// package puzzle's testdata (see its README.md).
func referenceDir(t testing.TB) string {
	t.Helper()
	return filepath.Join("..", "puzzle", "testdata", "knuth")
}

// testDLXDir is the reference DLX files' folder (as findReferenceDir finds
// shared/reference/dlx), inside the repository.
var testDLXDir = filepath.Join("..", "puzzle", "testdata", "knuth", "dlx")

// run runs polyviz in-process with the given standard input.
func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(context.Background(), args, IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, nil)
	return code, out.String(), errb.String()
}

// TestSpecDLXCommands runs `polyviz polycube-dlx` and `polyomino-dlx` on
// every reference spec, from standard input as Knuth's programs read it, and
// compares with what his programs wrote.
func TestSpecDLXCommands(t *testing.T) {
	ref := referenceDir(t)
	specs, _ := filepath.Glob(filepath.Join(ref, "random", "*.txt"))
	classic, _ := filepath.Glob(filepath.Join(ref, "specs", "*.txt"))
	for _, spec := range append(specs, classic...) {
		t.Run(filepath.Base(spec), func(t *testing.T) {
			base := strings.TrimSuffix(spec, ".txt")
			outFile := base + ".out"
			if strings.Contains(spec, "/specs/") {
				base = filepath.Join(ref, "dlx", strings.TrimSuffix(filepath.Base(spec), ".txt"))
				outFile = base + ".dlx"
			}
			cmd := "polycube-dlx"
			if strings.Contains(filepath.Base(spec), "omino") {
				cmd = "polyomino-dlx"
			}
			in, _ := os.ReadFile(spec)
			rc, _ := os.ReadFile(base + ".rc")
			code, stdout, stderr := run(t, string(in), cmd)
			if strings.TrimSpace(string(rc)) != "0" {
				if code == 0 || stdout != "" {
					t.Fatalf("exit %d with %d bytes of output; Knuth's program rejected it", code, len(stdout))
				}
				if !strings.HasPrefix(stderr, "polyviz "+cmd+": <stdin>:") {
					t.Errorf("error message %q has no position", stderr)
				}
				return
			}
			want, _ := os.ReadFile(outFile)
			if code != 0 || stdout != string(want) {
				t.Fatalf("exit %d, output equal: %v; stderr %s", code, stdout == string(want), stderr)
			}
			wantErr, _ := os.ReadFile(base + ".err")
			lines := strings.Split(strings.TrimSpace(string(wantErr)), "\n")
			if !strings.HasSuffix(strings.TrimSpace(stderr), lines[len(lines)-1]) {
				t.Errorf("stderr %q does not end with %q", stderr, lines[len(lines)-1])
			}
		})
	}
}

func TestSpecDLXFileArgument(t *testing.T) {
	ref := referenceDir(t)
	code, stdout, _ := run(t, "", "polycube-dlx", filepath.Join(ref, "specs", "soma-3x3x3.txt"))
	want, _ := os.ReadFile(filepath.Join(ref, "dlx", "soma-3x3x3.dlx"))
	if code != 0 || stdout != string(want) {
		t.Fatalf("exit %d; output equal %v", code, stdout == string(want))
	}
	code, _, stderr := run(t, "", "polycube-dlx", "/no/such/file.txt")
	if code == 0 || !strings.Contains(stderr, "/no/such/file.txt") {
		t.Errorf("unreadable path: exit %d, %q", code, stderr)
	}
	code, _, _ = run(t, "", "polycube-dlx", "a", "b")
	if code != 2 {
		t.Errorf("two arguments: exit %d, want 2", code)
	}
	// another format is refused at its position, and named
	code, stdout, stderr = run(t, "", "polycube-dlx", filepath.Join(ref, "dlx", "soma-3x3x3.dlx"))
	if code != 1 || stdout != "" || !strings.Contains(stderr, "soma-3x3x3.dlx:14:111: ") || !strings.Contains(stderr, "(not a spec: its format is Knuth's DLX exact-cover file)") {
		t.Errorf("a DLX file: exit %d, %q", code, stderr)
	}
	// a spec with a bad first line is a spec with an error, not a DLX file
	code, _, stderr = run(t, "[1-2[435]\nQ0 02\n", "polyomino-dlx")
	if code != 1 || !strings.Contains(stderr, "<stdin>:1:5: illegal digit inside brackets") || strings.Contains(stderr, "not a spec") {
		t.Errorf("a bad spec: exit %d, %q", code, stderr)
	}
	code, _, stderr = run(t, "...1\n2...\n", "polyomino-dlx")
	if code != 1 || !strings.Contains(stderr, "<stdin>:1:1: ") || !strings.Contains(stderr, "its format is fillomino grid") {
		t.Errorf("a fillomino grid: exit %d, %q", code, stderr)
	}
}
