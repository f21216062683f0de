package backend

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"

	"polyviz/formats"
	"polyviz/internal/memlimit"
	"polyviz/puzzle"
	"polyviz/ui"
)

// TestLoadSizedFirst: the window sizes a packing before building it, under
// the command line's default limit, and refuses one over it with what it
// needs and where the limit comes from (it built every problem, and a huge
// box could take the machine's memory); within the limit it opens as
// before.
func TestLoadSizedFirst(t *testing.T) {
	old := windowMemory
	windowMemory = func() int64 { return 10 << 20 }
	defer func() { windowMemory = old }()
	b := New()
	_, err := b.Load("big.txt", []byte("[0-Z][0-Z]\n| polyforms 5\n"))
	var le *ui.LoadError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "big.txt: its exact-cover problem needs more than 80.0 MiB of memory, over 8 times the limit of 10.0 MiB; the window") ||
		!strings.Contains(err.Error(), "the window's limit is half the memory it may have") {
		t.Errorf("a 62x62 board under a 10 MiB limit: %v", err)
	}
	if _, err := b.Load("small.txt", []byte("[0-9][0-5]\n| polyforms 5\n")); err != nil {
		t.Errorf("pentominoes in 10x6 under a 10 MiB limit: %v", err)
	}
}

// TestCutSizedInWindow: where the symmetry cut and its search do not fit
// the limit the puzzle was loaded under (though the cut alone does, which
// is all the puzzle checks), the window builds no cut: a distinct count
// and its estimate are refused with what they need, all solutions are
// counted in the whole tree, and the symmetry note is not worked out.
func TestCutSizedInWindow(t *testing.T) {
	b := New()
	p := library(t, b, "soma")
	l := p.Source.(*puzzle.Loaded)
	p.MemoryLimit = l.Problem.MemoryEstimate(2) + l.Puzzle.CutBytes() - 1
	_, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2, Distinct: ui.DistinctAll}, func(ui.Solution) bool { return true })
	if err == nil || !strings.Contains(err.Error(), "symmetry cut and its search, more than the window's limit") {
		t.Errorf("a distinct count whose cut does not fit: %v", err)
	}
	err = b.Estimate(context.Background(), p, ui.DistinctAll, func(string) {})
	if err == nil || !strings.Contains(err.Error(), "more than the window's limit") {
		t.Errorf("the estimate of a distinct count whose cut does not fit: %v", err)
	}
	st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2}, func(ui.Solution) bool { return true })
	if err != nil || st.Solutions != 11520 || !strings.Contains(st.Note, "the whole tree is searched instead") {
		t.Errorf("all solutions: %d, %v, note %q; want 11520 in the whole tree", st.Solutions, err, st.Note)
	}
	if note := b.SymmetryNote(p); !strings.Contains(note, "not worked out here") {
		t.Errorf("symmetry note %q", note)
	}
	p.MemoryLimit = 0
	if st, err := b.Solve(context.Background(), p, ui.SolveOptions{Workers: 2}, func(ui.Solution) bool { return true }); err != nil || strings.Contains(st.Note, "whole tree") || st.Setup <= 0 {
		t.Errorf("all solutions with no limit: %v, note %q, setup %v: want a count by symmetry, its setup reported", err, st.Note, st.Setup)
	}
}

// TestWindowKeepsSymmetry: the window's puzzle keeps its symmetry however
// large (the pentacubes in a 9x9x9 box map more option images than the
// puzzle keeps by itself), so that a change of the count does not work it
// out again: on a 62x62 torus that took minutes at each change.
func TestWindowKeepsSymmetry(t *testing.T) {
	if raceEnabled {
		t.Skip("seconds of setup under the race detector: the plain pass runs it")
	}
	p, err := New().Load("cube.txt", []byte("[0-8][0-8][0-8]\n| polyforms 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	pz := p.Source.(*puzzle.Loaded).Puzzle
	if a, b := pz.Symmetry(), pz.Symmetry(); a != b {
		t.Error("the symmetry was worked out again")
	}
}

// TestLoadMeasuresRoomNow: the window's limit is measured as it loads, not
// as the process starts: under ulimit -v, what the graphics libraries map
// once the window is up is no room, and a problem that fits only in what
// the start saw is refused (it was built, and the window died of
// out-of-memory building its cut). It runs in a process of its own, the
// limit lowered.
func TestLoadMeasuresRoomNow(t *testing.T) {
	if runtime.GOOS != "linux" || raceEnabled {
		t.Skip("needs /proc's VmSize, and the race detector maps its shadow memory")
	}
	if os.Getenv("POLYVIZ_ROOM_CHILD") == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestLoadMeasuresRoomNow$", "-test.v")
		cmd.Env = append(os.Environ(), "POLYVIZ_ROOM_CHILD=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v:\n%s", err, out)
		}
		return
	}
	big := []byte("[0-Z][0-Z]\n| polyforms 5\n")
	p, err := New().Load("big.txt", big)
	if err != nil {
		t.Fatal(err)
	}
	need, err := p.Source.(*puzzle.Loaded).Puzzle.ProblemBytes(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	p = nil
	debug.FreeOSMemory()
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil {
		t.Fatal(err)
	}
	rl.Cur = uint64(memlimit.AddressSpaceInUse() + 4*need + 256<<20)
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &rl); err != nil {
		t.Fatal(err)
	}
	// the command line's limit, taken at start (cli.LimitMemory), has room
	start := memlimit.Default()
	if start < 2*need {
		t.Fatalf("the limit at start, %d, is under twice the %d big.txt needs", start, need)
	}
	debug.SetMemoryLimit(start) // the collector's, as cli.LimitMemory sets it
	// what the graphics libraries take: the room left is about need, half
	// of which the window plans for
	gl, err := syscall.Mmap(-1, 0, int(2*memlimit.Now()-need), syscall.PROT_NONE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(gl)
	_, err = New().Load("big.txt", big)
	var tb *puzzle.TooBigError
	if !errors.As(err, &tb) {
		t.Errorf("big.txt (%d bytes) with about that much room left: %v, want it refused", need, err)
	}
	// and the collector works within the room left, so that an estimate's
	// garbage goes before a search's setup runs out of address space
	if gc := debug.SetMemoryLimit(-1); gc >= start {
		t.Errorf("the collector's limit is %d, as at start: want it lowered to the room left", gc)
	}
}

// TestCutSharesLoadedProblem: the window's symmetry cut reads the problem
// it loaded rather than building a copy beside it (the estimate of a 62x62
// board held the window's problem, the copy and the cut at once): the cut
// of the window's puzzle allocates less than the same cut of the puzzle
// loaded by itself, by most of what building the problem again allocates
// (a problem this large is not kept by the puzzle's own memo).
func TestCutSharesLoadedProblem(t *testing.T) {
	if raceEnabled {
		t.Skip("seconds of setup under the race detector: the plain pass runs it")
	}
	spec := []byte("[0-Z][0-J]\n| polyforms 5\n")
	p, err := New().Load("wide.txt", spec)
	if err != nil {
		t.Fatal(err)
	}
	own, err := formats.Load("wide.txt", spec, "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	allocs := func(f func()) int64 {
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		return int64(b.TotalAlloc - a.TotalAlloc)
	}
	cut := func(pz *puzzle.Puzzle) func() {
		return func() {
			if _, ok, err := pz.BySymmetryProblem(context.Background()); !ok || err != nil {
				t.Fatalf("no cut: %v", err)
			}
		}
	}
	window := p.Source.(*puzzle.Loaded).Puzzle
	cut(window)() // the symmetries, worked out once and kept
	cut(own.Puzzle)()
	build := allocs(func() { own.Puzzle.Problem() })
	shared, alone := allocs(cut(window)), allocs(cut(own.Puzzle))
	if shared > alone-build/2 {
		t.Errorf("the window's cut allocates %d bytes, the puzzle's own %d: want less by most of the %d of building the problem", shared, alone, build)
	}
}
