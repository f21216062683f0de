package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func parseFloat(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestBenchBurrTxt runs the table's machinery on HexSticks, with this test
// binary as polyviz and a stand-in for burrTxt (a script that answers with
// its closing line): the row has both counts, the engine and a ratio; a
// burrTxt that counts otherwise is reported and the status is 1.
func TestBenchBurrTxt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs polyviz as a child process")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("POLYVIZ_CLI_CHILD", "1") // the children are polyviz
	dir := t.TempDir()
	fake := func(n string) string {
		f := filepath.Join(dir, "burrTxt-"+n)
		script := "#!/bin/sh\necho 'using assembler 1'\necho '" + n + " assemblies and 0 solutions found with 1828505 iterations '\n"
		if err := os.WriteFile(f, []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
		return f
	}
	var out, errs strings.Builder
	var targets benchTargets
	code := runBurrTxtTable(context.Background(), IO{Stdout: &out, Stderr: &errs}, fake("33"), self, 1, []string{"HexSticks"}, &targets)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs.String(), out.String())
	}
	var row string
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "HexSticks") {
			row = l
		}
	}
	// puzzle assemblies distinct raw engine nodes burrTxt polyviz search setup ratio target check
	f := strings.Fields(row)
	if len(f) != 13 || f[1] != "33" || f[2] != "33" || f[3] != "744" || f[4] != "bits" || !strings.HasSuffix(f[10], "x") || f[11] != "27x" || f[12] != "ok" {
		t.Errorf("row %q", row)
	} else if search, setup := parseFloat(t, f[8]), parseFloat(t, f[9]); search <= 0 || setup <= 0 {
		// the search's own time and the setup, read from the run's --json
		t.Errorf("row %q: search %v s, setup %v s", row, search, setup)
	}
	// the targets get the row's figures: its ratio and target, the whole
	// command's CPU time beside its search's, and its setup (wall clock
	// inside the process, so not bounded by the CPU time on a busy machine)
	if b := targets.burr; len(b) != 1 || b[0].name != "HexSticks" || b[0].target != 27 || len(f) != 13 ||
		fmt.Sprintf("%.1fx", b[0].ratio) != f[10] || b[0].search <= 0 || b[0].setup <= 0 || fmt.Sprintf("%.4f", b[0].setup) != f[9] || b[0].cpu <= b[0].search {
		t.Errorf("targets hold %+v for the row %q", targets.burr, row)
	}
	// the start alone, measured in the same turns
	var start float64
	for _, l := range strings.Split(out.String(), "\n") {
		if rest, ok := strings.CutPrefix(l, "start: "); ok {
			start = parseFloat(t, strings.Fields(rest)[0])
		}
	}
	if start <= 0 {
		t.Errorf("no start time:\n%s", out.String())
	}
	out.Reset()
	if code := runBurrTxtTable(context.Background(), IO{Stdout: &out, Stderr: &errs}, fake("34"), self, 1, []string{"HexSticks"}, nil); code != 1 || !strings.Contains(out.String(), "MISMATCH") {
		t.Errorf("a burrTxt that counts 34: exit %d\n%s", code, out.String())
	}
	// run outside the repository, none of the files is found: an error,
	// not an empty table and exit 0
	out.Reset()
	errs.Reset()
	t.Chdir(dir)
	if code := runBurrTxtTable(context.Background(), IO{Stdout: &out, Stderr: &errs}, fake("33"), self, 1, nil, nil); code != 1 ||
		!strings.Contains(errs.String(), "none of BurrTools' examples found") {
		t.Errorf("outside the repository: exit %d, stderr %q\n%s", code, errs.String(), out.String())
	}
}
