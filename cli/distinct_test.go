package cli

import (
	"encoding/json"
	"path/filepath"
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

// TestSolveBySymmetry: a plain solve of a packing with a symmetric box
// counts by symmetry (the classes' sizes added up: the raw count) and says
// so; --engine bits, --print, --max and the file's own restrictions keep
// the search of DLX1's whole tree, and a set with no piece to lock (every
// tetromino twice) is searched raw.
func TestSolveBySymmetry(t *testing.T) {
	pureComputation(t)
	type summary struct {
		Solutions, Classes, Nodes int64
		CountedBy                 string `json:"counted_by"`
		Engine                    string
		Complete                  bool
	}
	run := func(args ...string) (summary, string) {
		t.Helper()
		code, out, errs := runCLI(t, "", append([]string{"solve", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var s summary
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatalf("%v: %v in %q", args, err, out)
		}
		return s, errs
	}
	s, errs := run("soma", "-j", "2")
	if s.Solutions != 11520 || s.Classes != 240 || s.CountedBy != "symmetry" || !s.Complete || s.Nodes >= 256917 {
		t.Errorf("soma: %+v", s)
	}
	for _, want := range []string{"Altogether 11520 solutions, ", "Counted by symmetry: 240 classes up to rotation and reflection, each with its size", "piece Z locked"} {
		if !strings.Contains(errs, want) {
			t.Errorf("soma: no %q in\n%s", want, errs)
		}
	}
	if s, _ := run("soma", "--engine", "bits"); s.Solutions != 11520 || s.Nodes != 256917 || s.CountedBy != "" {
		t.Errorf("soma --engine bits: %+v", s)
	}
	if s, errs := run("tetromino-5x8"); s.Solutions != 3106 || s.CountedBy != "" || strings.Contains(errs, "Counted by") {
		t.Errorf("tetromino-5x8: %+v\n%s", s, errs)
	}
	lp := filepath.Join("testdata", "lepage", "problems", "pentacube-2x3x10.txt")
	if s, errs := run(lp); s.Solutions != 12 || s.CountedBy != "" || s.Nodes != 72117 || strings.Contains(errs, "Counted by") {
		t.Errorf("Lepage's 2x3x10 (locked and constrained): %+v\n%s", s, errs)
	}
	code, out, errs := runCLI(t, "", "solve", "--print", "pentomino-3x20")
	if code != 0 || strings.Count(out, ":\n") != 8 || strings.Contains(errs, "Counted by") || !strings.Contains(errs, "32576 nodes") {
		t.Errorf("--print: exit %d, %d solutions listed\n%s", code, strings.Count(out, ":\n"), errs)
	}
}

// TestSolveBySymmetryReference: a plain solve of each of Knuth's reference
// DLX files (items that are cells, so the box and its symmetries are read
// back) counts by symmetry and gets DLX1's count, from the reference
// README's table, in fewer nodes than DLX1's.
func TestSolveBySymmetryReference(t *testing.T) {
	pureComputation(t)
	refs := readBenchRefs(filepath.Join(testDLXDir, "..", "README.md"))
	if len(refs) < 7 {
		t.Fatalf("%d rows of DLX1 figures in the reference README", len(refs))
	}
	// and two with the literature's counts and DLX1's nodes (the bench
	// table): 65 distinct packings of the 8x8 board less its centre, 3940
	// of the pentacube 3x4x5 box
	refs["pentomino-8x8-hole.dlx"] = benchRef{solutions: 520, nodes: 289327}
	refs["pentacube-3x4x5.dlx"] = benchRef{solutions: 31520, nodes: 46477438, seconds: 60}
	for file, ref := range refs {
		if ref.seconds > 10 && (testing.Short() || raceEnabled) {
			continue // seconds by symmetry; the plain pass counts it
		}
		code, out, errs := runCLI(t, "", "solve", "--json", "-j", "2", filepath.Join(testDLXDir, file))
		var got struct {
			Solutions, Classes, Nodes int64
			CountedBy                 string `json:"counted_by"`
		}
		if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
			t.Fatalf("%s: exit %d, %v: %s", file, code, err, errs)
		}
		if got.Solutions != ref.solutions || got.CountedBy != "symmetry" || got.Nodes >= ref.nodes || got.Classes*2 > got.Solutions {
			t.Errorf("%s: %+v; DLX1 counts %d in %d nodes", file, got, ref.solutions, ref.nodes)
		}
	}
}

// TestDistinctRepeatedOption: a DLX file that gives an option twice has 5
// solutions as DLX1 counts them, 4 packings; the distinct count's raw
// figure counts packings and says so, in text and JSON.
func TestDistinctRepeatedOption(t *testing.T) {
	dlx := "00 01 10 11 A B\nA 00 10\nA 01 11\nA 00 01\nA 10 11\nB 00 10\nB 01 11\nB 00 01\nB 10 11\nA 00 10\n"
	if _, _, stderr := runCLI(t, dlx, "solve", "-j", "1", "-"); !strings.Contains(stderr, "Altogether 5 solutions") {
		t.Fatalf("plain count: %s", stderr)
	}
	_, _, stderr := runCLI(t, dlx, "solve", "-j", "1", "--distinct", "all", "-")
	if !strings.Contains(stderr, "(4 raw packings, each counted once: 1 option repeats another") {
		t.Errorf("distinct count: %s", stderr)
	}
	_, stdout, _ := runCLI(t, dlx, "solve", "-j", "1", "--distinct", "all", "--json", "-")
	if !strings.Contains(stdout, `"raw":4,"repeated_options":1`) {
		t.Errorf("distinct --json: %s", stdout)
	}
}
