package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/solver"
)

// runCLI runs polyviz in-process with the given standard input.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Main(context.Background(), args, IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, nil)
	return code, out.String(), errb.String()
}

// dlx1Example is the example in the introduction of Knuth's DLX1.
const dlx1Example = "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"

func TestSolvePrint(t *testing.T) {
	for _, j := range []string{"-j1", "-j2"} {
		code, out, errs := runCLI(t, dlx1Example, "solve", "--print", "--format", "dlx", j, "-")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		// DLX1 prints the unique solution as "A D", "E F C", "B G".
		if want := "1:\n A D (2 of 2)\n E F C (1 of 1)\n B G (1 of 1)\n"; out != want {
			t.Errorf("%s: stdout\n%s\nwant\n%s", j, out, want)
		}
		if !strings.HasPrefix(errs, "Altogether 1 solution, ") || !strings.Contains(errs, " updates, ") || !strings.Contains(errs, " nodes. ") {
			t.Errorf("%s: summary %q", j, errs)
		}
	}
}

func TestSolveJSON(t *testing.T) {
	dir := testDLXDir
	tests := []struct {
		args                      []string
		solutions, nodes, updates int64
	}{
		{[]string{filepath.Join(dir, "pentomino-3x20.dlx"), "-j", "2", "--engine", "bits"}, 8, 32576, 10901833},
		{[]string{filepath.Join(dir, "pentomino-3x20.dlx"), "-j", "2"}, 8, -1, -1}, // by symmetry
		{[]string{filepath.Join(dir, "pentomino-3x20.dlx"), "--first", "-j1"}, 1, -1, -1},
		{[]string{filepath.Join(dir, "soma-3x3x3.dlx"), "--max", "10"}, 10, -1, -1},
		// a spec, turned into the same problem by the puzzle package
		{[]string{filepath.Join(dir, "..", "specs", "soma-3x3x3.txt"), "--format", "polycube", "--engine", "dlx"}, 11520, 256917, 29724469},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			if tt.nodes >= 0 && testing.Short() {
				t.Skip("a whole search: the plain pass runs it")
			}
			code, out, errs := runCLI(t, "", append([]string{"solve", "--json"}, tt.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var got struct {
				Solutions, Nodes, Updates int64
				Seconds                   float64
				Workers                   int
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v in %q", err, out)
			}
			if got.Solutions != tt.solutions || (tt.nodes >= 0 && (got.Nodes != tt.nodes || got.Updates != tt.updates)) || got.Workers < 1 {
				t.Errorf("got %+v", got)
			}
		})
	}
}

func TestSolveErrors(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{"no file", "", []string{"solve"}, 2, "usage"},
		{"two files", "", []string{"solve", "a", "b"}, 2, "usage"},
		{"bad flag", "", []string{"solve", "--nope", "-"}, 2, "unknown flag"},
		{"bad workers", "", []string{"solve", "-j", "0", "-"}, 2, "-j 0: the number of workers must be at least 1"},
		{"negative workers", "", []string{"solve", "-j", "-1", "-"}, 2, "-j -1: the number of workers must be at least 1"},
		{"negative max", "", []string{"solve", "--max", "-5", "-"}, 2, "--max -5: the number of solutions must be 0 (all) or more"},
		{"print and json", "", []string{"solve", "--print", "--json", "-"}, 2, "--print and --json both write on standard output"},
		{"missing file", "", []string{"solve", "/nonexistent.dlx"}, 1, "polyviz solve:"},
		{"bad dlx", "A B\nA C\n", []string{"solve", "--format", "dlx", "-"}, 1, ":2:3: unknown item \"C\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := runCLI(t, tt.stdin, tt.args...)
			if code != tt.code || !strings.Contains(errs, tt.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, tt.code, tt.msg)
			}
		})
	}
}

func TestSolveProfile(t *testing.T) {
	code, _, errs := runCLI(t, dlx1Example, "solve", "--profile", "--format", "dlx", "-")
	// levels 0..3 of the example's tree: 1, 2, 2 nodes and the solution
	if want := "Profile:\n  0: 1\n  1: 2\n  2: 2\n  3: 1\nAltogether 1 solution, 30 updates, 6 nodes."; code != 0 || !strings.HasPrefix(errs, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant prefix\n%s", code, errs, want)
	}
}

func TestSolveProgress(t *testing.T) {
	dir := testDLXDir
	code, _, errs := runCLI(t, "", "solve", "--progress", "-j1", filepath.Join(dir, "pentacube-2x3x10.dlx"), "--max", "20")
	if code != 0 || !strings.Contains(errs, "Altogether 20 solutions") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

func TestBench(t *testing.T) {
	tmp := t.TempDir()
	dlx := filepath.Join(tmp, "dlx")
	os.Mkdir(dlx, 0o755)
	os.WriteFile(filepath.Join(dlx, "example.dlx"), []byte(dlx1Example), 0o644)
	os.WriteFile(filepath.Join(dlx, "other.dlx"), []byte(dlx1Example), 0o644)
	// DLX1 makes 6 nodes and 30 updates on its example
	os.WriteFile(filepath.Join(tmp, "README.md"), []byte("| file | solutions | nodes | updates | DLX1 time |\n|---|---:|---:|---:|---:|\n| example.dlx | 1 | 6 | 30 | 0.01 s |\n"), 0o644)
	code, out, errs := runCLI(t, "", "bench", "--dir", dlx, "--quick", "-j", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "example") || !strings.Contains(out, "  ok") || strings.Contains(out, "\nother ") {
		t.Errorf("table:\n%s", out)
	}
	// the cell search's columns: DLX1's example is no packing, so it falls back
	if !strings.Contains(out, "cell 1w s") || !strings.Contains(out, "(bits)") {
		t.Errorf("no cell search columns, or no fallback shown:\n%s", out)
	}
	code, out, _ = runCLI(t, "", "bench", "--dir", dlx, "--all", "-j", "2")
	if code != 0 || !strings.Contains(out, "\nother ") || !strings.Contains(out, "no ref") {
		t.Errorf("--all: exit %d\n%s", code, out)
	}
	// a wrong reference figure is reported and fails the command
	os.WriteFile(filepath.Join(tmp, "README.md"), []byte("| example.dlx | 1 | 7 | 30 | 0.01 s |\n"), 0o644)
	if code, out, _ = runCLI(t, "", "bench", "--dir", dlx, "-j", "2"); code != 1 || !strings.Contains(out, "MISMATCH DLX1") {
		t.Errorf("mismatch: exit %d\n%s", code, out)
	}
}

// TestSolveJSONTimes: every solve --json summary (a raw count, one by
// symmetry, a distinct count) says how long loading took and the setup
// besides the search, timed inside the command: both above zero, the load
// part of the setup; a merge's summary, which loads nothing, has neither.
func TestSolveJSONTimes(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--json", "--engine", "bits", "-j", "1", "soma"},
		{"solve", "--json", "-j", "1", "soma"},
		{"solve", "--json", "--distinct", "all", "-j", "1", "soma"},
	} {
		code, out, errs := runCLI(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var j struct {
			Load   *float64 `json:"load_seconds"`
			Setup  *float64 `json:"setup_seconds"`
			Search float64  `json:"search_seconds"`
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatalf("%v: %v: %s", args, err, out)
		}
		if j.Load == nil || j.Setup == nil || *j.Load <= 0 || *j.Setup < *j.Load {
			t.Errorf("%v: load_seconds %v, setup_seconds %v: want both, the load within the setup\n%s", args, j.Load, j.Setup, out)
		}
	}
	var b bytes.Buffer
	if err := writeJSONSummary(&b, solver.Stats{Solutions: 1}, true, commandTimes{}); err != nil || strings.Contains(b.String(), "load_seconds") || strings.Contains(b.String(), "setup_seconds") {
		t.Errorf("an untimed summary: %v %s", err, b.String())
	}
}
