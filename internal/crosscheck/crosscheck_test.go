package crosscheck

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"polyviz/cli"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// The engines and modes every case is counted with.
var (
	engines = []solver.Engine{solver.EngineDLX, solver.EngineBits, solver.EngineCell}
	modes   = []puzzle.Distinct{puzzle.DistinctNone, puzzle.DistinctRotations, puzzle.DistinctAll}
)

// TestTruthKnownAnswers: the brute force gives BurrTools' and DLX1's
// figures on the two random cases where polyviz's shortcuts went wrong (a
// symmetry that permutes pieces: repeated copies of a chiral piece with
// their mirror images), and small hand-counted ones.
func TestTruthKnownAnswers(t *testing.T) {
	if raceEnabled {
		t.Skip("the brute force alone, one goroutine: the plain pass runs it")
	}
	for _, tt := range []struct {
		file          string
		raw, rot, all int64
		long          bool
	}{
		{"fuzz2.txt", 288, 36, 21, false},
		{"fuzz.txt", 465984, 116496, 58248, true},
		// two dominoes, A and B, in a 2x2 square: a quarter turn takes
		// each of the 4 packings to the next
		{"known/dominoes.txt", 4, 1, 1, false},
		// the Soma cube: 240 classes of 48
		{"known/soma.txt", 11520, 480, 240, false},
	} {
		t.Run(tt.file, func(t *testing.T) {
			if tt.long && !longRun() {
				t.Skip("465,984 solutions by brute force: only in the long run (POLYVIZ_CROSSCHECK=N)")
			}
			p := loadFile(t, tt.file)
			tr, err := Solve(context.Background(), p, 0)
			if err != nil {
				t.Fatal(err)
			}
			if tr.Raw != tt.raw || tr.Rotations != tt.rot || tr.All != tt.all {
				t.Errorf("brute force: %d raw, %d up to rotation, %d up to all; want %d, %d, %d", tr.Raw, tr.Rotations, tr.All, tt.raw, tt.rot, tt.all)
			}
		})
	}
}

// TestCrossCheckRegressions holds every fast path to the truth on the
// fixed cases of testdata (the random cases that were once wrong).
func TestCrossCheckRegressions(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no regression cases: %v", err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			big, isBig := bigCases[name]
			if isBig && testing.Short() {
				t.Skip("a large case: not in -short")
			}
			if raceEnabled && name != "fuzz2.txt" {
				// TestCrossCheck's random cases hold the concurrent paths
				// under the race detector; the plain pass runs them all
				t.Skip("the plain pass runs it")
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			format := puzzle.FormatAuto
			if lf := puzzle.LatticeComment(data); lf != puzzle.FormatAuto {
				format = lf
			}
			c := Case{Name: name, Format: format, Data: data, About: "regression " + name}
			p, err := c.Load()
			if err != nil {
				t.Fatal(err)
			}
			c.Lattice = p.Lattice
			if isBig && !longRun() {
				// its known figures only; the brute force in the long run
				for _, d := range checkFigures(context.Background(), p, big) {
					t.Error(d)
				}
				return
			}
			tr, err := Solve(context.Background(), p, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range check(context.Background(), t.TempDir(), c, p, tr, 0) {
				t.Error(d)
			}
		})
	}
}

// bigCases are the regression cases too large for the brute force outside
// the long run, with their known figures (DLX1's raw count, burrTxt's
// distinct ones): raw, up to rotation, up to rotation and reflection.
var bigCases = map[string][3]int64{
	"fuzz.txt": {465984, 116496, 58248},
}

// longRun reports whether POLYVIZ_CROSSCHECK asks for the long run.
func longRun() bool { return os.Getenv("POLYVIZ_CROSSCHECK") != "" }

// checkFigures holds the count by symmetry and the distinct counts of
// every engine to known figures, without the brute force.
func checkFigures(ctx context.Context, p *puzzle.Puzzle, want [3]int64) []string {
	var diffs []string
	for _, e := range engines {
		st, ok, err := p.CountBySymmetry(ctx, solver.Options{Workers: 2, Engine: e}, nil)
		if err != nil || (ok && st.Raw != want[0]) {
			diffs = append(diffs, fmt.Sprintf("count by symmetry --engine %v: %d solutions (%v), want %d", e, st.Raw, err, want[0]))
		}
		for _, d := range modes[1:] {
			st, err := p.SolveDistinct(ctx, d, solver.Options{Workers: 2, Engine: e}, nil)
			if err != nil || st.Distinct != want[d] || st.Raw != want[0] {
				diffs = append(diffs, fmt.Sprintf("--distinct %v --engine %v: %d (%d raw) (%v), want %d (%d)", d, e, st.Distinct, st.Raw, err, want[d], want[0]))
			}
		}
	}
	return diffs
}

// TestCrossCheck generates random cases on the four lattices and on
// BurrTools' other grids (a random seed each run, logged;
// POLYVIZ_CROSSCHECK_SEED replays one) and holds every engine and mode,
// the count by symmetry, split and merge, and checkpoint and resume to
// the brute force. POLYVIZ_CROSSCHECK=N checks N cases (the long run);
// by default 300 of up to 10,000 solutions, 100 of up to 5,000 with
// -short, 12 of up to 1,000 with -race (larger ones are turned away). A
// case that disagrees is printed as a file to save and replay with
// `polyviz solve`.
func TestCrossCheck(t *testing.T) {
	n, maxRaw := 300, int64(10000)
	if testing.Short() {
		n, maxRaw = 100, 5000
	}
	if raceEnabled {
		n, maxRaw = 12, 1000
	}
	if s := os.Getenv("POLYVIZ_CROSSCHECK"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			t.Fatalf("POLYVIZ_CROSSCHECK=%q: want a number of cases", s)
		}
		n = v
	}
	seed := rand.Uint64()
	if s := os.Getenv("POLYVIZ_CROSSCHECK_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("POLYVIZ_CROSSCHECK_SEED=%q: %v", s, err)
		}
		seed = v
	}
	t.Logf("seed %d (POLYVIZ_CROSSCHECK_SEED=%d replays this run)", seed, seed)
	r := rand.New(rand.NewPCG(seed, 39))
	lattices := []*geometry.Lattice{geometry.Cubes(), geometry.Squares(), geometry.Triangles(), geometry.Hexagons()}
	ctx := context.Background()
	var st runStats
	for tries := 0; st.cases < n && tries < 20*n; tries++ {
		// as many cases of each lattice, and of BurrTools' other grids
		var c Case
		if k := st.cases % (len(lattices) + 1); k < len(lattices) {
			c = Generate(r, Options{Lattices: lattices[k : k+1]})
		} else {
			c = GenerateGrid(r)
		}
		p, err := c.Load()
		if err != nil {
			t.Fatalf("a generated case is refused: %v\n%s", err, c)
		}
		tr, err := Solve(ctx, p, maxRaw)
		if errors.Is(err, ErrTooMany) {
			st.tooMany++
			continue
		}
		if err != nil {
			t.Fatalf("brute force: %v\n%s", err, c)
		}
		diffs := check(ctx, t.TempDir(), c, p, tr, st.cases)
		st.add(c, p, tr, len(diffs) > 0)
		switch {
		case len(diffs) > 0 && st.failed <= 5:
			t.Errorf("case %d disagrees with the brute force (%d raw, %d up to rotation, %d up to all):\n  %s\n%s",
				st.cases-1, tr.Raw, tr.Rotations, tr.All, strings.Join(diffs, "\n  "), c)
		case len(diffs) > 0:
			t.Errorf("case %d (%s, %s): %s (and %d more)", st.cases-1, c.Lattice, c.About, diffs[0], len(diffs)-1)
		}
	}
	t.Log(st)
	if st.failed > 0 {
		t.Errorf("%d of %d random cases disagree with the brute force (seed %d)", st.failed, st.cases, seed)
	}
	if st.cases < n {
		t.Errorf("only %d cases of %d had at most %d solutions", st.cases, n, maxRaw)
	}
}

// runStats counts what the random cases covered.
type runStats struct {
	cases, failed, tooMany    int
	byLattice                 map[string]int
	xmpuzzle, mirrors, chiral int
	fixed                     int // cases with a solution that a symmetry fixes
}

func (s *runStats) add(c Case, p *puzzle.Puzzle, tr *Truth, failed bool) {
	if s.byLattice == nil {
		s.byLattice = map[string]int{}
	}
	s.cases++
	if failed {
		s.failed++
	}
	if c.Grid != nil {
		s.byLattice[c.Grid.Name()]++
	} else {
		s.byLattice[c.Lattice.Name()]++
	}
	if c.Name == "random.xmpuzzle" && c.Grid == nil {
		s.xmpuzzle++
	}
	if tr.MirrorsAct && !p.Lattice.Reflects() {
		s.mirrors++
	}
	if m, ok := mirrorInvolution(p); ok && !p.Lattice.Reflects() {
		for i, j := range m {
			if i != j {
				s.chiral++
				break
			}
		}
	}
	if tr.Raw != tr.All*int64(tr.Group) {
		s.fixed++
	}
}

func (s runStats) String() string {
	return fmt.Sprintf("%d cases (%d failed; %d turned away as too large): by lattice %v, %d BurrTools files with optional cells, "+
		"%d on cubes where reflections act, %d with chiral pairs, %d where a symmetry fixes some solution",
		s.cases, s.failed, s.tooMany, s.byLattice, s.xmpuzzle, s.mirrors, s.chiral, s.fixed)
}

// check counts case c (read as p) every way polyviz can, and returns how
// each count differs from the truth (none when all agree). Case number i
// picks the engine and mode of the costlier checks (split and merge,
// checkpoint and resume), so that a run covers them all.
func check(ctx context.Context, dir string, c Case, p *puzzle.Puzzle, tr *Truth, i int) []string {
	var diffs []string
	fail := func(format string, a ...any) { diffs = append(diffs, fmt.Sprintf(format, a...)) }
	prob, err := p.Problem()
	if err != nil {
		return []string{fmt.Sprintf("problem: %v", err)}
	}
	// raw: each engine's plain search
	for _, e := range engines {
		seen := newSeen(tr, puzzle.DistinctNone)
		st, err := solver.Solve(ctx, prob, solver.Options{Workers: 1, Engine: e}, func(s solver.Solution) bool {
			seen.add(s.Options, 0)
			return true
		})
		if err != nil {
			fail("raw --engine %v: %v", e, err)
			continue
		}
		if st.Solutions != tr.Raw || seen.wrong != "" {
			fail("raw --engine %v: %d solutions, want %d %s", e, st.Solutions, tr.Raw, seen.wrong)
		}
	}
	// the default solve: counted by symmetry where it is taken
	for _, e := range engines {
		seen := newSeen(tr, puzzle.DistinctNone)
		st, ok, err := p.CountBySymmetry(ctx, solver.Options{Workers: 1 + i%2, Engine: e}, func(o []int) bool {
			seen.add(o, 0)
			return true
		})
		switch {
		case err != nil:
			fail("count by symmetry --engine %v: %v", e, err)
		case ok && (st.Raw != tr.Raw || seen.n != tr.Raw || seen.wrong != ""):
			fail("count by symmetry --engine %v: %d solutions (%d classes, %d visited), want %d %s", e, st.Raw, st.Distinct, seen.n, tr.Raw, seen.wrong)
		}
	}
	// the distinct counts, every engine and mode
	for _, d := range modes {
		for _, e := range engines {
			seen := newSeen(tr, d)
			st, err := p.SolveDistinct(ctx, d, solver.Options{Workers: 1 + i%2, Engine: e}, func(s puzzle.DistinctSolution) bool {
				seen.add(s.Options, s.Images)
				return true
			})
			if err != nil {
				fail("--distinct %v --engine %v: %v", d, e, err)
				continue
			}
			if st.Distinct != tr.Count(d) || st.Raw != tr.Raw || seen.n != tr.Count(d) || seen.wrong != "" {
				fail("--distinct %v --engine %v: %d distinct (%d raw), want %d (%d) %s", d, e, st.Distinct, st.Raw, tr.Count(d), tr.Raw, seen.wrong)
			}
		}
	}
	diffs = append(diffs, checkResume(ctx, p, prob, tr, i)...)
	diffs = append(diffs, checkCommandLine(ctx, dir, c, tr, i)...)
	return diffs
}

// seen checks the solutions or representatives a search visits: each a
// solution, no class twice, each with its class's size.
type seen struct {
	tr    *Truth
	mode  puzzle.Distinct
	class map[int]bool
	n     int64
	wrong string
}

func newSeen(tr *Truth, d puzzle.Distinct) *seen {
	return &seen{tr: tr, mode: d, class: map[int]bool{}}
}

// add records a visit; images is the class size the search claims (0: not
// claimed).
func (s *seen) add(options []int, images int) {
	s.n++
	if s.wrong != "" {
		return
	}
	c, size, ok := s.tr.Class(s.mode, options)
	switch {
	case !ok:
		s.wrong = fmt.Sprintf("(visited options %v: no solution)", options)
	case s.class[c]:
		s.wrong = fmt.Sprintf("(a class visited twice: options %v)", options)
	case images != 0 && images != size:
		s.wrong = fmt.Sprintf("(options %v said to stand for %d, the class has %d)", options, images, size)
	}
	s.class[c] = true
}

// checkResume stops each search about halfway, at a checkpoint, and
// resumes it: the counts must come out whole, each class visited once.
// One engine per case, by turns.
func checkResume(ctx context.Context, p *puzzle.Puzzle, prob *solver.Problem, tr *Truth, i int) []string {
	var diffs []string
	e := engines[i%len(engines)]
	// run runs a search twice: stopped after half its visits, then resumed
	run := func(what string, want int64, search func(ctx context.Context, opt solver.Options, visit func([]int, int) bool) (int64, int64, error), sn *seen) {
		stop, cancel := context.WithCancel(ctx)
		defer cancel()
		var ck *solver.Checkpoint
		half := max(1, want/2)
		got, raw, err := search(stop, solver.Options{Workers: 1, Engine: e, Checkpoint: func(c solver.Checkpoint) { ck = &c }}, func(o []int, images int) bool {
			sn.add(o, images)
			if sn.n >= half {
				cancel()
			}
			return true
		})
		switch {
		case err == nil:
			// done before the stop took
			if got != want || raw != tr.Raw || sn.n != want || sn.wrong != "" {
				diffs = append(diffs, fmt.Sprintf("%s --engine %v with a checkpoint: %d (%d raw, %d visited), want %d (%d raw) %s",
					what, e, got, raw, sn.n, want, tr.Raw, sn.wrong))
			}
			return
		case errors.Is(err, solver.ErrCheckpointUnsup):
			return // this search keeps no checkpoint (Algorithm M's dancing links)
		case !errors.Is(err, context.Canceled):
			diffs = append(diffs, fmt.Sprintf("%s --engine %v stopped: %v", what, e, err))
			return
		case ck == nil:
			return // this search keeps no checkpoint (Algorithm M's dancing links)
		}
		got, raw, err = search(ctx, solver.Options{Workers: 1 + i%2, Engine: e, Resume: ck}, func(o []int, images int) bool {
			sn.add(o, images)
			return true
		})
		if err != nil {
			diffs = append(diffs, fmt.Sprintf("%s --engine %v resumed: %v", what, e, err))
			return
		}
		if got != want || raw != tr.Raw || sn.n != want || sn.wrong != "" {
			diffs = append(diffs, fmt.Sprintf("%s --engine %v stopped after %d and resumed: %d (%d raw, %d visited), want %d (%d raw) %s",
				what, e, half, got, raw, sn.n, want, tr.Raw, sn.wrong))
		}
	}
	run("raw", tr.Raw, func(ctx context.Context, opt solver.Options, visit func([]int, int) bool) (int64, int64, error) {
		st, err := solver.Solve(ctx, prob, opt, func(s solver.Solution) bool { return visit(s.Options, 0) })
		return st.Solutions, st.Solutions, err
	}, newSeen(tr, puzzle.DistinctNone))
	run("count by symmetry", tr.Raw, func(ctx context.Context, opt solver.Options, visit func([]int, int) bool) (int64, int64, error) {
		st, ok, err := p.CountBySymmetry(ctx, opt, func(o []int) bool { return visit(o, 0) })
		if !ok && err == nil {
			// not taken (nor resumed): the raw search counts, as solve does
			st, err := solver.Solve(ctx, prob, opt, func(s solver.Solution) bool { return visit(s.Options, 0) })
			return st.Solutions, st.Solutions, err
		}
		return st.Raw, st.Raw, err
	}, newSeen(tr, puzzle.DistinctNone))
	for _, d := range modes[1:] {
		run("--distinct "+d.String(), tr.Count(d), func(ctx context.Context, opt solver.Options, visit func([]int, int) bool) (int64, int64, error) {
			st, err := p.SolveDistinct(ctx, d, opt, func(s puzzle.DistinctSolution) bool { return visit(s.Options, s.Images) })
			return st.Distinct, st.Raw, err
		}, newSeen(tr, d))
	}
	return diffs
}

// checkCommandLine runs the command line in-process on the case's file:
// the default solve, and split, run-job and merge in one mode and engine
// (by turns).
func checkCommandLine(ctx context.Context, dir string, c Case, tr *Truth, i int) []string {
	var diffs []string
	file := filepath.Join(dir, c.Name)
	if err := os.WriteFile(file, c.Data, 0o644); err != nil {
		return []string{err.Error()}
	}
	run := func(args ...string) (string, bool) {
		var out, errs bytes.Buffer
		code := cli.Main(ctx, args, cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs}, nil)
		if code != 0 {
			diffs = append(diffs, fmt.Sprintf("polyviz %s: exit %d: %s", strings.Join(args, " "), code, strings.TrimSpace(errs.String())))
			return "", false
		}
		return out.String(), true
	}
	solutions := func(what, out string) (int64, bool) {
		var j struct {
			Solutions *int64 `json:"solutions"`
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil || j.Solutions == nil {
			diffs = append(diffs, fmt.Sprintf("%s: no JSON summary: %q", what, out))
			return 0, false
		}
		return *j.Solutions, true
	}
	if out, ok := run("solve", "--json", "-j", "1", file); ok {
		if n, ok := solutions("polyviz solve", out); ok && n != tr.Raw {
			diffs = append(diffs, fmt.Sprintf("polyviz solve (the default count): %d solutions, want %d", n, tr.Raw))
		}
	}
	d := modes[(i/len(engines))%len(modes)]
	e := engines[i%len(engines)]
	jobs := filepath.Join(dir, "jobs")
	what := fmt.Sprintf("polyviz split --distinct %v --engine %v, run-job, merge", d, e)
	var errs bytes.Buffer
	args := []string{"split", "--job-files", "--distinct", d.String(), "--engine", e.String(), "--jobs", strconv.Itoa(2 + i%3), "-o", jobs, file}
	if code := cli.Main(ctx, args, cli.IO{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errs}, nil); code != 0 {
		if code == 1 && strings.Contains(errs.String(), "engine cannot cut this search into jobs: the problem has items with multiplicities") {
			return diffs // dancing links cannot cut a problem with multiplicities: refused, and said so
		}
		return append(diffs, fmt.Sprintf("polyviz %s: exit %d: %s", strings.Join(args, " "), code, strings.TrimSpace(errs.String())))
	}
	names, _ := filepath.Glob(filepath.Join(jobs, "job-*.json"))
	for _, name := range names {
		if strings.HasSuffix(name, ".result.json") {
			continue
		}
		if _, ok := run("run-job", "-j", "1", "-o", strings.TrimSuffix(name, ".json")+".result.json", name); !ok {
			return diffs
		}
	}
	var out bytes.Buffer
	errs.Reset()
	args = []string{"merge", "--json", jobs}
	if code := cli.Main(ctx, args, cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs}, nil); code != 0 {
		return append(diffs, fmt.Sprintf("polyviz %s: exit %d: %s", strings.Join(args, " "), code, strings.TrimSpace(errs.String())))
	}
	if d == puzzle.DistinctNone {
		if n, ok := solutions(what, out.String()); ok && n != tr.Raw {
			diffs = append(diffs, fmt.Sprintf("%s: %d solutions, want %d", what, n, tr.Raw))
		}
		return diffs
	}
	// the closing line, as solve --distinct words it
	m := regexp.MustCompile(`Altogether (\d+) distinct solutions? .*\((\d+) raw\)`).FindStringSubmatch(errs.String())
	if m == nil {
		return append(diffs, fmt.Sprintf("%s: no closing line: %q", what, errs.String()))
	}
	if m[1] != strconv.FormatInt(tr.Count(d), 10) || m[2] != strconv.FormatInt(tr.Raw, 10) {
		diffs = append(diffs, fmt.Sprintf("%s: %s distinct (%s raw), want %d (%d)", what, m[1], m[2], tr.Count(d), tr.Raw))
	}
	// and the JSON summary, as solve --distinct --json gives it
	if n, ok := solutions(what, out.String()); ok && n != tr.Count(d) {
		diffs = append(diffs, fmt.Sprintf("%s: --json says %d solutions, want %d", what, n, tr.Count(d)))
	}
	return diffs
}

// loadFile reads testdata/name.
func loadFile(t *testing.T, name string) *puzzle.Puzzle {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	format := puzzle.FormatAuto
	if lf := puzzle.LatticeComment(data); lf != puzzle.FormatAuto {
		format = lf
	}
	l, err := puzzle.Load(name, data, format)
	if err != nil {
		t.Fatal(err)
	}
	return l.Puzzle
}
