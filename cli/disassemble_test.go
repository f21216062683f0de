package cli

import (
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/disassembly"
	"polyviz/geometry"
	"polyviz/render"
	"polyviz/solver"
)

// librarySolutions returns the first max solutions (0: all) of a library
// puzzle as packing scenes, in the order of a sequential search.
func librarySolutions(t *testing.T, name string, max int64) (*loadedInput, []*render.Scene) {
	t.Helper()
	ctx := context.Background()
	in, err := loadPuzzle(ctx, IO{}, name, "")
	if err != nil {
		t.Fatal(err)
	}
	var scenes []*render.Scene
	_, err = solver.Solve(ctx, in.Problem, solver.Options{Workers: 1, MaxSolutions: max}, func(s solver.Solution) bool {
		sc, err := packingScene(in.Puzzle, in.Problem, s)
		if err != nil {
			t.Fatal(err)
		}
		scenes = append(scenes, sc)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return in, scenes
}

// overlap reports whether two unit cubes at real positions p and q share
// interior points: they are less than one apart on every axis.
func overlap(p, q mgl64.Vec3) bool {
	const eps = 1e-9
	return math.Abs(p[0]-q[0]) < 1-eps && math.Abs(p[1]-q[1]) < 1-eps && math.Abs(p[2]-q[2]) < 1-eps
}

// cubes returns the positions of a drawn piece's cubes.
func cubes(p render.Piece) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(p.Cells))
	for i, c := range p.Cells {
		out[i] = mgl64.Vec3{float64(c.X), float64(c.Y), float64(c.Z)}.Add(p.Offset)
	}
	return out
}

// replay plays an assembly at the frame times of its GIF (20 a second) and
// at the middle and end of every step, and reports the first time two
// pieces overlap. At each frame the pieces that moved or appeared since the
// one before are checked against every other piece (two pieces that keep
// their places relative to each other cannot come to overlap).
func replay(t *testing.T, a *render.Assembly) (float64, string, bool) {
	var times []float64
	for f := 0; float64(f)*0.05 <= a.Duration(); f++ {
		times = append(times, float64(f)*0.05)
	}
	times = append(times, a.Duration())
	var sc render.Scene
	prev := map[string]mgl64.Vec3{}
	for _, tm := range times {
		s := a.At(tm, &sc)
		for i, p := range s.Pieces {
			if o, ok := prev[p.Name]; ok && o == p.Offset {
				continue
			}
			mine := cubes(p)
			for j, q := range s.Pieces {
				if j == i {
					continue
				}
				for _, c := range mine {
					for _, d := range cubes(q) {
						if overlap(c, d) {
							return tm, p.Name + " and " + q.Name, false
						}
					}
				}
			}
		}
		clear(prev)
		for _, p := range s.Pieces {
			prev[p.Name] = p.Offset
		}
	}
	end := a.At(a.Duration(), &sc)
	if len(end.Pieces) != len(a.Packing.Pieces) {
		t.Errorf("%d pieces at the end, want %d", len(end.Pieces), len(a.Packing.Pieces))
	}
	for _, p := range end.Pieces {
		if p.Offset != (mgl64.Vec3{}) {
			t.Errorf("piece %s is not in its place at the end: %v", p.Name, p.Offset)
		}
	}
	return 0, "", true
}

// TestAssemblyPathsNeverOverlap plays the assembly animation of every Soma
// solution (all 11520; the first 100 with -short) and of every one of the
// 9356 pentomino 6x10 solutions (the first 30 with -short), and
// checks that no two pieces ever overlap and that every one has a path.
func TestAssemblyPathsNeverOverlap(t *testing.T) {
	pureComputation(t)
	cases := []struct {
		name     string
		max      int64
		shortMax int64
	}{
		{"soma", 0, 100},
		{"pentomino-6x10", 0, 30},
	}
	for _, c := range cases {
		max := c.max
		if testing.Short() {
			max = c.shortMax
		}
		in, scenes := librarySolutions(t, c.name, max)
		d := disassemblyFlags{maxStates: disassembly.DefaultMaxStates}
		paths := 0
		for k, sc := range scenes {
			a, err := possibleAssembly(context.Background(), IO{Stderr: noNoteWriter{t}}, in.Puzzle, sc, d)
			if err != nil {
				t.Fatal(err)
			}
			if a.Path != nil {
				paths++
			}
			if tm, who, ok := replay(t, a); !ok {
				t.Fatalf("%s solution %d: %s overlap at %.2f s", c.name, k+1, who, tm)
			}
		}
		t.Logf("%s: %d solutions replayed, %d along a disassembly path", c.name, len(scenes), paths)
		if paths != len(scenes) {
			t.Errorf("%s: %d of %d solutions have no disassembly path", c.name, len(scenes)-paths, len(scenes))
		}
	}
}

// TestReplaySeesOverlap is the control of the test above: a path that
// takes a piece through another is caught.
func TestReplaySeesOverlap(t *testing.T) {
	sc := &render.Scene{Pieces: []render.Piece{
		{Name: "a", Cells: []geometry.Cell{{}, {X: 1}}},
		{Name: "b", Cells: []geometry.Cell{{Y: 1}, {X: 1, Y: 1}}},
	}}
	// b comes in from below a, through it
	a := render.NewPathAssembly(sc, false, []render.Step{{Pieces: []int{1}, Dir: mgl64.Vec3{0, 1, 0}, Dist: 3, Enter: true}})
	if _, who, ok := replay(t, a); ok || who != "b and a" {
		t.Errorf("a piece passing through another was not seen (%q)", who)
	}
}

// noNoteWriter fails the test when anything is written (no fallback note is
// expected).
type noNoteWriter struct{ t *testing.T }

func (w noNoteWriter) Write(p []byte) (int, error) {
	w.t.Errorf("unexpected note: %s", p)
	return len(p), nil
}

func TestDisassembleCommand(t *testing.T) {
	pureComputation(t)
	code, out, errs := runCLI(t, "", "disassemble", "soma", "--solution", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "solution 3: can be taken apart, level 1, 6 moves") || strings.Count(out, "(comes out)") != 6 {
		t.Errorf("output:\n%s", out)
	}
	code, out, errs = runCLI(t, "", "disassemble", "soma", "--solution", "3", "--json")
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errs)
	}
	var j disassemblyJSON
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if !j.Apart || j.Level != "1" || len(j.Moves) != 6 || j.Moves[0].Distance < 1 || j.Moves[0].Axis == "" {
		t.Errorf("json: %+v", j)
	}
	// a box open at the top: the pieces leave upwards
	code, out, errs = runCLI(t, "", "disassemble", "pentomino-6x10", "--open", "+z")
	if code != 0 || strings.Count(out, " +z ") != 12 {
		t.Errorf("--open +z: exit %d, %s\n%s", code, errs, out)
	}
	for _, bad := range [][]string{
		{"disassemble", "soma", "--solution", "0"},
		{"disassemble", "soma", "--open", "up"},
		{"disassemble"},
	} {
		if code, _, _ := runCLI(t, "", bad...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
	// a domino on a 2x1 board: one solution, one piece
	const domino = "[0-1]0\nD 00 10\n"
	if code, _, errs := runCLI(t, domino, "disassemble", "-", "--solution", "2"); code != 1 || !strings.Contains(errs, "has 1 solution, not 2") {
		t.Errorf("solution out of range: exit %d, %s", code, errs)
	}
	if code, out, errs := runCLI(t, domino, "disassemble", "-"); code != 0 || !strings.Contains(out, "nothing to take apart (a single piece)") {
		t.Errorf("one piece: exit %d, %s%s", code, out, errs)
	}
}

// TestSolveDisassembleSingle: an assembly of a single piece has nothing to
// take apart, and BurrTools does not count it among the solutions that
// come apart; no level "" appears.
func TestSolveDisassembleSingle(t *testing.T) {
	// a domino alone, or two monominoes, on a 2x1 board
	const spec = "[0-1]0\n0:1|D 00 10\n0:2|M 00\n"
	code, out, errs := runCLI(t, spec, "solve", "-", "--disassemble", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var j struct {
		Solutions int64            `json:"solutions"`
		Apart     int64            `json:"apart"`
		Single    int64            `json:"nothing_to_take_apart"`
		Levels    map[string]int64 `json:"levels"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if j.Solutions != 2 || j.Apart != 1 || j.Single != 1 || len(j.Levels) != 1 || j.Levels["1"] != 1 {
		t.Errorf("got %+v", j)
	}
	if !strings.Contains(errs, "Disassembly: 1 comes apart, level 1: 1, nothing to take apart: 1, cannot be taken apart: 0.") {
		t.Errorf("stderr:\n%s", errs)
	}
	if _, out, _ := runCLI(t, spec, "solve", "-", "--disassemble", "--print"); !strings.Contains(out, "level 1, 1 move\n") {
		t.Errorf("stdout:\n%s", out)
	}
}

func TestSolveDisassemble(t *testing.T) {
	code, out, errs := runCLI(t, "", "solve", "soma", "--disassemble", "--max", "5", "--print", "-j1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Count(out, " can be taken apart, level 1, ") != 5 {
		t.Errorf("stdout:\n%s", out)
	}
	if !strings.Contains(errs, "Disassembly: 5 come apart, level 1: 5, cannot be taken apart: 0.") {
		t.Errorf("stderr:\n%s", errs)
	}
	code, out, _ = runCLI(t, "", "solve", "soma", "--disassemble", "--json", "--max", "3")
	var j struct {
		Solutions int64            `json:"solutions"`
		Levels    map[string]int64 `json:"levels"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Solutions != 3 || j.Levels["1"] != 3 {
		t.Errorf("--json: exit %d %s", code, out)
	}
	// the 240 distinct Soma packings all come apart; with --distinct the
	// summary counts the distinct ones
	code, out, errs = runCLI(t, "", "solve", "soma", "--disassemble", "--distinct", "all", "--json")
	var d struct {
		Distinct, Raw, Apart int64
		Levels               map[string]int64
	}
	if code != 0 || json.Unmarshal([]byte(lastLine(out)), &d) != nil || d.Distinct != 240 || d.Raw != 11520 || d.Apart != 240 || d.Levels["1"] != 240 {
		t.Errorf("--disassemble --distinct all: exit %d %s %s", code, out, errs)
	}
}

// TestAnimateFallsBackWithANote: a packing that cannot be taken apart (a
// monomino inside a ring, sliding in the plane) is animated with the
// fly-in, and a note says so; with the board as a tray open at the top it
// comes apart, and no note.
func TestAnimateFallsBackWithANote(t *testing.T) {
	const ring = "[0-2][0-2]\na 00 01 02 10 12 20 21 22\nb 00\n"
	out := filepath.Join(t.TempDir(), "ring.gif")
	code, _, errs := runCLI(t, ring, "animate", "-", "-o", out, "--size", "48x36", "--fps", "5")
	if code != 0 || !strings.Contains(errs, "note: this packing cannot be taken apart") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	code, _, errs = runCLI(t, ring, "animate", "-", "-o", out, "--size", "48x36", "--fps", "5", "--open", "+z")
	if code != 0 || strings.Contains(errs, "note") {
		t.Errorf("--open +z: exit %d, stderr %q", code, errs)
	}
	if code, out, _ := runCLI(t, ring, "disassemble", "-", "--json"); code != 0 || !strings.Contains(out, `"status": "locked"`) || !strings.Contains(out, `"apart": false`) {
		t.Errorf("disassemble --json: exit %d\n%s", code, out)
	}
}
