package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// solve --engine: bits finds the same counts (its own node figures), dlx
// keeps DLX1's, and a wrong name is a usage error.
func TestSolveEngine(t *testing.T) {
	pureComputation(t)
	dir := findReferenceDir()
	if dir == "" {
		t.Fatal("no reference directory (the repository has solver/testdata/dlx)")
	}
	file := filepath.Join(dir, "pentomino-3x20.dlx")
	// the bitset engine makes DLX1's tree on a problem without
	// multiplicities: the same nodes (32576 for pentomino 3x20)
	for _, tt := range []struct {
		args      []string
		solutions int64
		nodes     int64 // -1: not checked
		engine    string
	}{
		{[]string{"--engine", "dlx"}, 8, 32576, "dlx"},
		{[]string{"--engine", "bits"}, 8, 32576, "bits"},
		// auto counts by symmetry (the 3x20 box's four symmetries; the
		// cell search on a board): its own, smaller tree
		{[]string{"--engine", "auto", "-j", "1"}, 8, -1, "cell"},
		{nil, 8, -1, "cell"},
		// but keeps the bitset engine on DLX1's tree for a limited count
		{[]string{"--max", "100"}, 8, 32576, "bits"},
		{[]string{"--engine", "bits", "--distinct", "all"}, 2, -1, "bits"},
		{[]string{"--distinct", "all"}, 2, -1, "cell"}, // the cell search on a board
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			in := file
			if strings.Contains(strings.Join(tt.args, " "), "--distinct") {
				in = "pentomino-3x20" // the library's: a packing, not only a DLX file
			}
			args := append([]string{"solve", "--json", in}, tt.args...)
			code, out, errs := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var got struct {
				Solutions, Distinct, Nodes int64
				Engine                     string
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v in %q", err, out)
			}
			n := got.Solutions
			if got.Distinct != 0 {
				n = got.Distinct
			}
			if n != tt.solutions || (tt.nodes >= 0 && got.Nodes != tt.nodes) || got.Engine != tt.engine {
				t.Errorf("got %+v", got)
			}
		})
	}
	if code, _, errs := runCLI(t, "", "solve", "--engine", "fast", file); code != 2 || !strings.Contains(errs, "unknown engine") {
		t.Errorf("--engine fast: exit %d, %s", code, errs)
	}
}
