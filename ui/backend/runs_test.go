package backend

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"polyviz/puzzle"
	"polyviz/ui"
)

// TestResumeSavedRun stops window runs of the Soma cube (raw and distinct)
// and of pentominoes 4x15 and 5x12 (distinct), with each engine, again and
// again, each after some more
// solutions, and resumes them from the run saved in the configuration
// folder, keeping the solutions visited in the window's state: the chain
// ends with the figures and the set of solutions of one uninterrupted run,
// and the saved run is deleted.
func TestResumeSavedRun(t *testing.T) {
	for _, c := range []struct {
		name  string
		mode  ui.Distinct
		every int // solutions between stops
		slow  bool
	}{
		{"soma", ui.DistinctRaw, 2500, true},
		{"pentomino-4x15", ui.DistinctAll, 100, true},
		{"pentomino-5x12", ui.DistinctAll, 300, true},
		// tiny (5000 nodes): a stop may come after the end; the race
		// detector's pass
		{"soma", ui.DistinctAll, 50, false},
	} {
		for _, engine := range []string{"auto", "dlx"} { // the window's engine: bits where it applies, or dancing links
			t.Run(fmt.Sprintf("%s/%d/%s", c.name, c.mode, engine), func(t *testing.T) {
				if c.slow && raceEnabled {
					t.Skip("seconds of search under the race detector: the plain pass runs it")
				}
				t.Setenv("XDG_CONFIG_HOME", t.TempDir())
				t.Setenv("POLYVIZ_ENGINE", engine)
				b := New()
				p := library(t, b, c.name)
				var want []string
				ref, err := b.Solve(context.Background(), p, ui.SolveOptions{Distinct: c.mode}, func(s ui.Solution) bool {
					want = append(want, fmt.Sprint(slices.Sorted(slices.Values(s))))
					return true
				})
				if err != nil {
					t.Fatal(err)
				}
				slices.Sort(want)
				stops := 0
				var st ui.SolveStats
				for resume := false; ; resume = true {
					var found []string
					ctx, cancel := context.WithCancel(context.Background())
					n := 0
					opt := ui.SolveOptions{Workers: 2, Distinct: c.mode, Save: true, Resume: resume,
						State:   func() []byte { data, _ := json.Marshal(found); return data },
						Restore: func(data []byte) error { return json.Unmarshal(data, &found) },
					}
					st, err = b.Solve(ctx, p, opt, func(s ui.Solution) bool {
						found = append(found, fmt.Sprint(slices.Sorted(slices.Values(s))))
						if n++; n == c.every {
							cancel()
						}
						return true
					})
					cancel()
					if err == nil {
						slices.Sort(found)
						if !slices.Equal(found, want) {
							t.Fatalf("after %d stops: %d solutions, want the %d of one run", stops, len(found), len(want))
						}
						break
					}
					if !errors.Is(err, context.Canceled) {
						t.Fatal(err)
					}
					stops++
					t.Logf("stop %d after %d solutions", stops, len(found))
					run, ok := b.SavedRun(p, c.mode)
					// solutions visited after the stop, before the search
					// stood still for the last save, are not in it: the
					// resumed run finds them again
					if !ok || run.Solutions > int64(len(found)) || run.Solutions <= int64(len(found))/4 || run.Fraction <= 0 || run.Fraction >= 1 {
						t.Fatalf("stop %d: saved run %+v (%v), %d solutions visited", stops, run, ok, len(found))
					}
					other := ui.DistinctRaw
					if c.mode == ui.DistinctRaw {
						other = ui.DistinctAll
					}
					if _, ok := b.SavedRun(p, other); ok {
						t.Fatal("a saved run in the other mode")
					}
				}
				if st.Solutions != ref.Solutions || st.Raw != ref.Raw || st.Nodes != ref.Nodes {
					t.Errorf("after %d stops: %d solutions, %d raw, %d nodes; want %d, %d, %d", stops, st.Solutions, st.Raw, st.Nodes, ref.Solutions, ref.Raw, ref.Nodes)
				}
				if stops < 1 && c.slow {
					t.Errorf("only %d stops: the test tests little", stops)
				}
				if _, ok := b.SavedRun(p, c.mode); ok {
					t.Error("the finished run is still saved")
				}
				files, _ := filepath.Glob(filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "polyviz", "runs", "*"))
				if len(files) != 0 {
					t.Errorf("files left: %v", files)
				}
				t.Logf("%d stops: %d solutions, %d raw, %d nodes", stops, st.Solutions, st.Raw, st.Nodes)
			})
		}
	}
}

// TestRunnable: runs of packings and DLX files with secondary items are
// saved; those of problems with multiplicities, fillomino boards and
// antislide puzzles are not.
func TestRunnable(t *testing.T) {
	b := New()
	for _, c := range []struct {
		name, data string
		want       bool
	}{
		{"x.dlx", "a b | c\na c\nb\n", true},
		{"m.dlx", "a b\n", true},
	} {
		p, err := b.Load(c.name, []byte(c.data))
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := runnable(p); ok != c.want {
			t.Errorf("%s: runnable %v, want %v", c.name, ok, c.want)
		}
	}
	p, err := b.Load("m.dlx", []byte("a b\n"))
	if err != nil {
		t.Fatal(err)
	}
	l, _ := runnable(p)
	if err := l.Problem.SetMultiplicity("a", 1, 2); err != nil {
		t.Fatal(err)
	}
	if _, ok := runnable(p); ok {
		t.Error("a problem with multiplicities is runnable")
	}
	if _, ok := runnable(library(t, b, "soma")); !ok {
		t.Error("soma is not runnable")
	}
}

// TestResumeAcrossTheCut: a run saved while counting by symmetry is
// offered and resumed only where the window counts by symmetry again; where
// it searches the whole tree instead (its limit too low for the cut) the
// run is not offered, and a Resume starts afresh with no error ("checkpoint
// is for another problem" was shown) and no state restored. A run of the
// whole tree goes on in the whole tree where the cut would fit.
func TestResumeAcrossTheCut(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	b := New()
	p := library(t, b, "soma")
	l := p.Source.(*puzzle.Loaded)
	limit := l.Puzzle.CutBytes() - 1 // the problem fits, the cut does not
	var data []byte
	for _, e := range b.Catalog() {
		if e.Name == "soma" {
			data, _ = e.Data()
		}
	}
	q, err := loadInput("soma", data, puzzle.LoadOptions{MaxBytes: limit})
	if err != nil {
		t.Fatalf("soma under %d bytes: %v", limit, err)
	}
	ref, err := b.Solve(context.Background(), p, ui.SolveOptions{}, func(ui.Solution) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	// run stops a saved run of pz after n solutions (0: runs to the end)
	// and returns the solutions its window state holds
	run := func(pz *ui.Puzzle, resume bool, n int) ([]string, ui.SolveStats, error) {
		var found []string
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		opt := ui.SolveOptions{Workers: 2, Save: true, Resume: resume,
			State:   func() []byte { data, _ := json.Marshal(found); return data },
			Restore: func(data []byte) error { return json.Unmarshal(data, &found) },
		}
		st, err := b.Solve(ctx, pz, opt, func(s ui.Solution) bool {
			found = append(found, fmt.Sprint(s))
			if len(found) == n {
				cancel()
			}
			return true
		})
		return found, st, err
	}
	if _, _, err := run(p, false, 1000); !errors.Is(err, context.Canceled) {
		t.Fatalf("the run by symmetry: %v, want it stopped", err)
	}
	if _, ok := b.SavedRun(p, ui.DistinctRaw); !ok {
		t.Fatal("the run by symmetry is not offered where the cut fits")
	}
	if run, ok := b.SavedRun(q, ui.DistinctRaw); ok {
		t.Errorf("the run by symmetry is offered where the whole tree is searched: %+v", run)
	}
	found, st, err := run(q, true, 0)
	if err != nil || st.Solutions != ref.Solutions || len(found) != int(ref.Solutions) {
		t.Fatalf("Resume where the whole tree is searched: %d solutions (%d listed), %v; want %d from the start", st.Solutions, len(found), err, ref.Solutions)
	}
	if !strings.Contains(st.Note, "started from the beginning") {
		t.Errorf("note %q does not say the search started again", st.Note)
	}
	// and the other way: the whole tree's run goes on in the whole tree
	if _, _, err := run(q, false, 1000); !errors.Is(err, context.Canceled) {
		t.Fatalf("the run of the whole tree: %v, want it stopped", err)
	}
	if _, ok := b.SavedRun(p, ui.DistinctRaw); !ok {
		t.Fatal("the run of the whole tree is not offered")
	}
	found, st, err = run(p, true, 0)
	if err != nil || st.Solutions != ref.Solutions {
		t.Fatalf("Resume of the whole tree's run where the cut fits: %d solutions, %v; want %d", st.Solutions, err, ref.Solutions)
	}
	slices.Sort(found)
	if len(slices.Compact(found)) != int(ref.Solutions) {
		t.Errorf("the resumed run lists %d different solutions, want %d", len(found), ref.Solutions)
	}
}
