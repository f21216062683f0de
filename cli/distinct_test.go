package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSolveDistinct(t *testing.T) {
	tests := []struct {
		args     []string
		distinct int64
		raw      int64
		summary  string
	}{
		{[]string{"solve", "soma", "--distinct", "all", "--json"}, 240, 11520, "240 distinct solutions up to rotation and reflection (11520 raw)"},
		{[]string{"solve", "soma", "--distinct", "rotations", "--json", "-j", "1"}, 480, 11520, "480 distinct solutions up to rotation (11520 raw)"},
		{[]string{"solve", "pentomino-3x20", "--distinct", "all", "--json"}, 2, 8, "2 distinct solutions up to rotation and reflection (8 raw)"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := run(t, "", tc.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var got struct{ Solutions, Distinct, Raw int64 }
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("bad JSON %q: %v", stdout, err)
			}
			if got.Distinct != tc.distinct || got.Solutions != tc.distinct || got.Raw != tc.raw {
				t.Errorf("got %+v, want %d distinct, %d raw", got, tc.distinct, tc.raw)
			}
			if !strings.Contains(stderr, tc.summary) || !strings.Contains(stderr, "Symmetry: group of order") {
				t.Errorf("summary %q", stderr)
			}
		})
	}
}

func TestSolveDistinctPrintAndErrors(t *testing.T) {
	code, stdout, stderr := run(t, "", "solve", "soma", "--distinct", "all", "--print", "--max", "2")
	if code != 0 || strings.Count(stdout, "(class of ") != 2 || strings.Contains(stderr, "raw)") {
		t.Errorf("exit %d; stdout %q; stderr %q", code, stdout, stderr)
	}
	// Each representative lists the 7 pieces of the Soma cube.
	if lines := strings.Split(strings.TrimSpace(stdout), "\n"); len(lines) != 16 {
		t.Errorf("%d lines, want 2 x (1 + 7)", len(lines))
	}
	if code, _, stderr := run(t, "", "solve", "soma", "--distinct", "sideways"); code != 2 || !strings.Contains(stderr, "sideways") {
		t.Errorf("bad mode: exit %d, %q", code, stderr)
	}
	dlx := "| not a packing\na b c\na b\nc\n"
	if code, _, stderr := run(t, dlx, "solve", "-", "--distinct", "all"); code != 1 || !strings.Contains(stderr, "packing puzzle") {
		t.Errorf("DLX without cells: exit %d, %q", code, stderr)
	}
	// Bedlam: reflections do not apply, and the output says why.
	if code, _, stderr := run(t, "", "solve", "bedlam", "--distinct", "all", "--max", "1"); code != 0 || !strings.Contains(stderr, "reflections do not apply") {
		t.Errorf("bedlam: exit %d, %q", code, stderr)
	}
}
