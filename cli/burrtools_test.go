package cli

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestBurrToolsExamples holds BurrTools' own figures for its example files
// (testdata/burrtools/README.md): solve --distinct all --disassemble counts
// the assemblies, those that come apart and their level strings.
func TestBurrToolsExamples(t *testing.T) {
	pureComputation(t)
	tests := []struct {
		file, problem string
		assemblies    int64
		levels        map[string]int64
		single        int64 // assemblies of one piece: nothing to take apart
	}{
		{"AlPackino", "1", 1, map[string]int64{"1.1.1.1.1.2.1.3.1.2.1.2": 1}, 0},
		{"CubeInCage", "1", 96, map[string]int64{"4.9.3": 1}, 0},
		{"PelikanBurr", "1", 12, map[string]int64{"98.2.4.2": 1}, 0},
		{"DemoMirrorParadox", "1", 1, map[string]int64{"1": 1}, 0},
		{"DemoMirrorParadox", "2", 1, map[string]int64{"1": 1}, 0},
		// pieces in ranges 0-10: one assembly is a single piece
		{"DemoPieceGenerator", "1", 928, map[string]int64{"1": 927}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.file+"/"+tc.problem, func(t *testing.T) {
			code, out, errs := runCLI(t, "", "solve", "testdata/burrtools/"+tc.file+".xmpuzzle", "--problem", tc.problem,
				"--distinct", "all", "--disassemble", "--json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var j struct {
				Distinct int64            `json:"distinct"`
				Apart    int64            `json:"apart"`
				Levels   map[string]int64 `json:"levels"`
				Locked   int64            `json:"locked"`
				Single   int64            `json:"nothing_to_take_apart"`
			}
			if err := json.Unmarshal([]byte(lastLine(out)), &j); err != nil {
				t.Fatalf("%v: %q", err, out)
			}
			apart := int64(0)
			for _, n := range tc.levels {
				apart += n
			}
			if j.Distinct != tc.assemblies || j.Apart != apart || !sameCounts(j.Levels, tc.levels) || j.Single != tc.single || j.Locked != tc.assemblies-apart-tc.single {
				t.Errorf("%d assemblies, %d apart, levels %v, %d single, %d locked; BurrTools: %d, %d, %v, %d single", j.Distinct, j.Apart, j.Levels, j.Single, j.Locked, tc.assemblies, apart, tc.levels, tc.single)
			}
		})
	}
}

// TestDisassembleGroups: without its piece groups CubeInCage's cage would
// have to come apart too; with them the one packing that comes apart says
// which group stayed together.
func TestDisassembleGroups(t *testing.T) {
	code, out, errs := runCLI(t, "", "solve", "testdata/burrtools/CubeInCage.xmpuzzle", "--disassemble", "--print")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	k := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.HasSuffix(l, ":") {
			k++
		}
		if strings.Contains(l, "can be taken apart") {
			break
		}
	}
	code, out, errs = runCLI(t, "", "disassemble", "testdata/burrtools/CubeInCage.xmpuzzle", "--solution", strconv.Itoa(k), "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j disassemblyJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if !j.Apart || j.Level != "4.9.3" || len(j.Together) != 1 || j.Together[0].Group != 1 || len(j.Together[0].Pieces) != 3 {
		t.Fatalf("solution %d: %+v", k, j)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func sameCounts(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestSolidSixPieceBurrs reproduces Bill Cutler's 314 solid six-piece burrs
// that come apart (mirror images counted apart), from the 25 notchable
// pieces written for polyviz (testdata/burrs/README.md), and BurrTools'
// 588 and 179 when mirror images are folded.
func TestSolidSixPieceBurrs(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	for _, tc := range []struct {
		mode                 string
		distinct, raw, apart int64
	}{{"rotations", 1063, 12597, 314}, {"all", 588, 12597, 179}} {
		code, out, errs := runCLI(t, "", "solve", "testdata/burrs/solid-six-piece-burrs.xmpuzzle", "--distinct", tc.mode, "--disassemble", "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var j struct{ Distinct, Raw, Apart, Locked int64 }
		if err := json.Unmarshal([]byte(lastLine(out)), &j); err != nil {
			t.Fatal(err)
		}
		if j.Distinct != tc.distinct || j.Raw != tc.raw || j.Apart != tc.apart || j.Locked != tc.distinct-tc.apart {
			t.Errorf("--distinct %s: %+v, want %d distinct (%d raw), %d apart", tc.mode, j, tc.distinct, tc.raw, tc.apart)
		}
	}
}

// TestProblemFlag: the commands that take a BurrTools file pick its problem
// with --problem, as solve does (DemoMirrorParadox: problem 1 has 2 raw
// solutions and pieces S2, S3; problem 2 has 48 and pieces S5, S6, S7).
func TestProblemFlag(t *testing.T) {
	file := "testdata/burrtools/DemoMirrorParadox.xmpuzzle"
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"estimate", "--problem", "2", file}, 0, "exactly 48 solutions", ""},
		{[]string{"estimate", file}, 0, "exactly 2 solutions", ""},
		{[]string{"disassemble", "--problem", "2", file}, 0, "level 1, 3 moves", ""},
		{[]string{"disassemble", file}, 0, "level 1, 1 move\n", ""},
		{[]string{"orientations", "--problem", "2", "--piece", "S5", "-o", "-", file}, 0, "\x89PNG", ""},
		{[]string{"orientations", "--piece", "S5", "-o", "-", file}, 1, "", `has no piece "S5"`},
		{[]string{"why", "--problem", "3", file}, 1, "", "problem 3 asked, the file has 2"},
	} {
		code, out, errs := runCLI(t, "", tc.args...)
		if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.Contains(errs, tc.stderr) {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q; want %d, %q, %q", tc.args, code, out, errs, tc.code, tc.stdout, tc.stderr)
		}
	}
}

// TestPlacedSecondsWithinLoad: placed_seconds (from the read to the
// placements) is part of load_seconds (from the command's start to the
// built problem), for a count and for a distinct count.
func TestPlacedSecondsWithinLoad(t *testing.T) {
	for _, distinct := range []string{"none", "all"} {
		code, out, errs := runCLI(t, "", "solve", "-j1", "--json", "--distinct", distinct, "testdata/burrtools/CubeInCage.xmpuzzle")
		if code != 0 {
			t.Fatalf("--distinct %s: exit %d: %s", distinct, code, errs)
		}
		var v struct {
			Load   float64 `json:"load_seconds"`
			Placed float64 `json:"placed_seconds"`
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		if v.Placed <= 0 || v.Placed > v.Load {
			t.Errorf("--distinct %s: placed_seconds %v, load_seconds %v", distinct, v.Placed, v.Load)
		}
	}
}
