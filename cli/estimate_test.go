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
// rotation and reflection) and checks the JSON fields and that the truth
// lies in the intervals.
func TestEstimateJSON(t *testing.T) {
	skipUnderRace(t)
	for _, tt := range []struct {
		distinct string
		want     float64
	}{{"none", 11520}, {"all", 240}} {
		code, out, errs := run(t, "", "estimate", "soma", "--json", "--distinct", tt.distinct, "--probes", "2000", "--calibrate", "50ms")
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
		if r["probes"].(float64) != 2000 {
			t.Errorf("probes %v", r["probes"])
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
