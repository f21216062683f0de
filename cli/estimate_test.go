package cli

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestEstimateJSON estimates the Soma cube (11520 solutions, 240 up to
// rotation and reflection) with the default budget and checks the JSON
// fields, that the truth lies in the intervals and that they are within
// 10x; with --budget 0 it makes --probes probes. --engine bits: probes of
// DLX1's whole tree (the cut tree of --distinct all is walked whole: its
// count is exact, TestEstimateExactDistinct).
func TestEstimateJSON(t *testing.T) {
	skipUnderRace(t)
	for _, tt := range []struct {
		distinct string
		want     float64
	}{{"none", 11520}} {
		code, out, errs := run(t, "", "estimate", "soma", "--engine", "bits", "--json", "--distinct", tt.distinct, "--calibrate", "50ms")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var r map[string]any
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"solutions", "solutions_low", "solutions_high", "nodes", "seconds", "probes"} {
			if _, ok := r[k]; !ok {
				t.Errorf("no field %q in %s", k, out)
			}
		}
		lo, hi := r["solutions_low"].(float64), r["solutions_high"].(float64)
		if tt.want < lo || tt.want > hi {
			t.Errorf("--distinct %s: %v not in %v..%v", tt.distinct, tt.want, lo, hi)
		}
		if r["narrow"] != true || hi > 10*lo || r["confidence"] != 0.95 || r["ratio"] != 10.0 || r["budget"] != 10.0 {
			t.Errorf("--distinct %s: not narrow within the default budget: %s", tt.distinct, out)
		}
	}
	code, out, errs := run(t, "", "estimate", "soma", "--engine", "bits", "--json", "--budget", "0", "--probes", "7", "--calibrate", "20ms")
	if code != 0 {
		t.Fatalf("--budget 0: exit %d: %s", code, errs)
	}
	var r map[string]any
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r["count_probes"] != 7.0 || r["narrow"] != false {
		t.Errorf("--budget 0 --probes 7: %s", out)
	}
}

// TestEstimateText checks the words of the report: the interval's
// confidence and whether it became narrow, and a count made exact.
func TestEstimateText(t *testing.T) {
	skipUnderRace(t)
	code, out, errs := run(t, "", "estimate", "soma", "--engine", "bits", "--calibrate", "20ms")
	if code != 0 || !strings.Contains(out, "95% confidence, within 10x") {
		t.Errorf("soma: exit %d, %q %q", code, out, errs)
	}
	// two dominoes in a 2x2 square: a tree that small is walked whole
	code, out, errs = run(t, "[0-1][0-1]\nD 00 01\nE 00 01\n", "estimate", "-", "--calibrate", "20ms")
	if code != 0 || !strings.Contains(out, "exactly 4 solutions") || !strings.Contains(out, "the count is exact") {
		t.Errorf("2x2: exit %d, %q %q", code, out, errs)
	}
}

// TestEstimateFlags: bad values of the estimate's flags are refused with
// the reason and exit 2.
func TestEstimateFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--budget", "-1s"}, {"--ratio", "1"}, {"--confidence", "1"}, {"--confidence", "0"}, {"--calibrate", "-1s"},
	} {
		code, _, errs := run(t, "", append([]string{"estimate", "soma"}, args...)...)
		if code != 2 || !strings.Contains(errs, "must") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}

// TestWhyExit checks why's words and exit status: 0 with the colouring
// argument on the mutilated chessboard, 1 on the Soma cube (solvable).
func TestWhyExit(t *testing.T) {
	code, out, errs := run(t, "[1-7]0 [0-7][1-6] [0-6]7\n31|D 00 01\n", "why", "-")
	if code != 0 || !strings.Contains(out, "has no solution: colour each cell by (x+y) mod 2, a checkerboard") {
		t.Errorf("mutilated chessboard: exit %d, %q %q", code, out, errs)
	}
	code, out, _ = run(t, "", "why", "soma", "--budget", "2s")
	if code != 1 || !strings.Contains(out, "has a solution") {
		t.Errorf("soma: exit %d, %q", code, out)
	}
}

// TestSolveHeatmapCSV writes the heat map of pentomino 3x20 (8 solutions,
// 2 up to symmetry) and adds up its rows.
func TestSolveHeatmapCSV(t *testing.T) {
	for _, tt := range []struct {
		distinct string
		want     int64
	}{{"none", 8}, {"all", 2}} {
		path := filepath.Join(t.TempDir(), "heat.csv")
		if code, _, errs := run(t, "", "solve", "--heatmap", path, "--distinct", tt.distinct, "pentomino-3x20"); code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 61 {
			t.Fatalf("%d rows, want a header and 60 cells", len(rows))
		}
		for _, row := range rows[1:] {
			sum := int64(0)
			for _, v := range row[1:] {
				n, _ := strconv.ParseInt(v, 10, 64)
				sum += n
			}
			if sum != tt.want {
				t.Errorf("--distinct %s: cell %s sums to %d, want %d", tt.distinct, row[0], sum, tt.want)
			}
		}
	}
}

// TestEstimateOtherLattices estimates puzzles on triangles, hexagons and
// BurrTools' grids (none may panic or be refused) and checks that the
// counts of solve lie in the intervals.
func TestEstimateOtherLattices(t *testing.T) {
	skipUnderRace(t)
	for _, tt := range []struct {
		arg  string
		want float64
	}{
		{"hexiamond-4x9", 148},
		{"tetrahex-coin", 16},
		{"../burrtools/testdata/grids/BallRoom.xmpuzzle", 8},
		{"../burrtools/testdata/grids/PiecesOfEight.xmpuzzle", 88},
	} {
		code, out, errs := run(t, "", "estimate", tt.arg, "--json", "--calibrate", "20ms")
		if code != 0 {
			t.Errorf("%s: exit %d: %s", tt.arg, code, errs)
			continue
		}
		var r map[string]any
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		lo, hi := r["solutions_low"].(float64), r["solutions_high"].(float64)
		if tt.want < lo || tt.want > hi {
			t.Errorf("%s: %v not in %v..%v", tt.arg, tt.want, lo, hi)
		}
	}
}

// skipUnderRace skips a test of plain computation under the race detector
// (a minute there); go test without -race runs it.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("plain computation, about ten times slower under the race detector: run by go test without -race")
	}
}
