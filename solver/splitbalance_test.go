package solver

import (
	"context"
	"math"
	"slices"
	"testing"
	"time"
)

// TestSplitJobs: the top's figures plus those of every job, each resumed
// on its own, are exactly those of one whole search, for every engine and
// numbers of jobs from one to more than the tree has pieces, with the
// pieces sized by probes or by searching them.
func TestSplitJobs(t *testing.T) {
	type tc struct {
		engine Engine
		name   string
		jobs   []int
	}
	cases := []tc{{EngineBits, "soma-3x3x3.dlx", []int{1, 7, 64}}, {EngineCell, "pentomino-3x20.dlx", []int{7, 64}},
		{EngineDLX, "soma-3x3x3.dlx", []int{7}}}
	if !testing.Short() {
		cases = append(cases, tc{EngineBits, "pentomino-3x20.dlx", []int{7, 300}}, tc{EngineDLX, "pentomino-3x20.dlx", []int{64}})
	}
	if raceEnabled {
		cases = []tc{{EngineBits, "soma-3x3x3.dlx", []int{7}}}
	}
	for _, c := range cases {
		p := loadTestdata(t, "dlx/"+c.name)
		want, err := Solve(context.Background(), p, Options{Workers: 1, Engine: c.engine}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for k, n := range c.jobs {
			// probes, or searches (every other case)
			exactBelow := 0.0
			if k%2 == 1 {
				exactBelow = math.Inf(1)
			}
			res, err := splitJobs(context.Background(), p, SplitOptions{Engine: c.engine, Jobs: n, Seed: uint64(n)}, exactBelow)
			if err != nil {
				t.Fatal(err)
			}
			if searched := res.Searched > 0; searched != (exactBelow > 0) && res.Pieces > 0 {
				t.Errorf("%v %s into %d: %d pieces searched", c.engine, c.name, n, res.Searched)
			}
			if len(res.Jobs) != min(n, res.Pieces) {
				t.Errorf("%v %s into %d: %d jobs of %d pieces", c.engine, c.name, n, len(res.Jobs), res.Pieces)
			}
			got := sumJobs(t, p, c.engine, res)
			if got.Solutions != want.Solutions || got.Nodes != want.Nodes || got.Updates != want.Updates || !slices.Equal(got.Profile, want.Profile) {
				t.Errorf("%v %s into %d: %d %d %d %v; want %d %d %d %v", c.engine, c.name, n, got.Solutions, got.Nodes, got.Updates, got.Profile,
					want.Solutions, want.Nodes, want.Updates, want.Profile)
			}
		}
	}
}

// sumJobs resumes every job of res and adds up the figures, the top's
// included.
func sumJobs(t *testing.T, p *Problem, engine Engine, res SplitResult) Stats {
	t.Helper()
	c := res.Top
	got := Stats{Solutions: c.Solutions, Nodes: c.Nodes, Updates: c.Updates, Profile: slices.Clone(c.Profile)}
	for _, tasks := range res.Jobs {
		job := Checkpoint{Problem: c.Problem, Engine: c.Engine, Tasks: tasks}
		st, err := Solve(context.Background(), p, Options{Workers: 1, Engine: engine, Resume: &job}, nil)
		if err != nil {
			t.Fatal(err)
		}
		got.Solutions += st.Solutions
		got.Nodes += st.Nodes
		got.Updates += st.Updates
		got.Profile = addProfiles(got.Profile, st.Profile)
	}
	return got
}

// TestSplitJobsBalance: the jobs' measured nodes are near an even share,
// and the estimate of the largest job is near an even share too (the deal
// evens the estimates out).
func TestSplitJobsBalance(t *testing.T) {
	p := loadTestdata(t, "dlx/soma-3x3x3.dlx")
	const jobs = 32
	res, err := splitJobs(context.Background(), p, SplitOptions{Engine: EngineBits, Jobs: jobs, Seed: 1}, 0)
	if err != nil {
		t.Fatal(err)
	}
	total, most := res.Top.Nodes, int64(0)
	for _, tasks := range res.Jobs {
		job := Checkpoint{Problem: res.Top.Problem, Engine: res.Top.Engine, Tasks: tasks}
		st, err := Solve(context.Background(), p, Options{Workers: 1, Engine: EngineBits, Resume: &job}, nil)
		if err != nil {
			t.Fatal(err)
		}
		total += st.Nodes
		most = max(most, st.Nodes)
	}
	share, est := float64(most)/float64(total), res.Work[res.Largest()]
	t.Logf("largest job: %.3g%% measured, %.3g%% ± %.2g%% estimated; even %.3g%%", 100*share, 100*est, 100*res.StdErr[res.Largest()], 100.0/jobs)
	if share > 1.5/jobs {
		t.Errorf("the largest of %d jobs has %.3g%% of the nodes, more than 1.5 times an even share", jobs, 100*share)
	}
	if est < 0.5/jobs || est > 2.0/jobs {
		t.Errorf("the largest job's estimate %.3g%% is far from an even share %.3g%%", 100*est, 100.0/jobs)
	}
}

// TestSplitJobsSearched: a small tree for its jobs has its pieces sized by
// searching them, so every job's estimated work is its nodes exactly, the
// whole tree's estimate is its nodes, and the largest job is within a
// piece of an even share.
func TestSplitJobsSearched(t *testing.T) {
	p := loadTestdata(t, "dlx/pentomino-3x20.dlx")
	const jobs = 64
	want, err := Solve(context.Background(), p, Options{Workers: 1, Engine: EngineBits}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Split(context.Background(), p, SplitOptions{Engine: EngineBits, Jobs: jobs, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Searched == 0 || res.Nodes != float64(want.Nodes) || res.NodesErr != 0 {
		t.Fatalf("%d pieces searched, %g nodes ± %g; want some, %d ± 0", res.Searched, res.Nodes, res.NodesErr, want.Nodes)
	}
	below := want.Nodes - res.Top.Nodes
	most := int64(0)
	for j, tasks := range res.Jobs {
		job := Checkpoint{Problem: res.Top.Problem, Engine: res.Top.Engine, Tasks: tasks}
		st, err := Solve(context.Background(), p, Options{Workers: 1, Engine: EngineBits, Resume: &job}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if est := res.Work[j] * float64(below); math.Abs(est-float64(st.Nodes)) > 0.5 || res.StdErr[j] != 0 {
			t.Errorf("job %d: %d nodes, estimated %g ± %g", j+1, st.Nodes, est, res.StdErr[j]*float64(below))
		}
		most = max(most, st.Nodes)
	}
	if even := float64(below) / jobs; float64(most) > 3*even {
		t.Errorf("the largest of %d jobs has %d nodes, more than three times an even share (%.0f)", jobs, most, even)
	}
}

// TestSplitSearchBelow: SplitOptions.SearchBelow moves the size of a job's
// share at or below which Split searches the pieces: pentomino 3x20 in 2
// jobs (some 16,000 nodes a job) is probed by default and searched when
// the jobs may have shares of up to a million nodes; both deal every
// subtree.
func TestSplitSearchBelow(t *testing.T) {
	p := loadTestdata(t, "dlx/pentomino-3x20.dlx")
	for _, c := range []struct {
		below    float64
		searched bool
	}{{0, false}, {1e6, true}} {
		res, err := Split(context.Background(), p, SplitOptions{Engine: EngineBits, Jobs: 2, Seed: 1, SearchBelow: c.below})
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Searched > 0; got != c.searched {
			t.Errorf("SearchBelow %g: %d pieces searched, want searched %v", c.below, res.Searched, c.searched)
		}
		if got := sumJobs(t, p, EngineBits, res); got.Nodes != 32576 {
			t.Errorf("SearchBelow %g: the jobs and the top add up to %d nodes, want 32576", c.below, got.Nodes)
		}
	}
}

// TestSplitBudget: a budget that has run out stops the cut at the root's
// first probe; the jobs stay exact, the result says the cut was short,
// and the progress function hears of the probe. Without a budget the
// same split refines its cut.
func TestSplitBudget(t *testing.T) {
	p := loadTestdata(t, "dlx/soma-3x3x3.dlx")
	for _, eng := range []Engine{EngineDLX, EngineBits} {
		want, err := Solve(context.Background(), p, Options{Workers: 1, Engine: eng}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var heard []SplitProgress
		opt := SplitOptions{Engine: eng, Jobs: 7, Seed: 7, Budget: time.Nanosecond,
			Progress: func(pr SplitProgress) { heard = append(heard, pr) }}
		res, err := splitJobs(context.Background(), p, opt, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !res.CutShort || res.Probes != 1 {
			t.Errorf("%v: cut short %v after %d probes; want short after the root's one", eng, res.CutShort, res.Probes)
		}
		if len(heard) == 0 || heard[0].Probes != 1 {
			t.Errorf("%v: progress heard %v; want the first probe", eng, heard)
		}
		got := sumJobs(t, p, eng, res)
		if got.Solutions != want.Solutions || got.Nodes != want.Nodes || !slices.Equal(got.Profile, want.Profile) {
			t.Errorf("%v: jobs add up to %d solutions, %d nodes; want %d, %d", eng, got.Solutions, got.Nodes, want.Solutions, want.Nodes)
		}
		opt.Budget, opt.Progress = 0, nil
		if res, err = splitJobs(context.Background(), p, opt, 0); err != nil || res.CutShort || res.Probes <= 1 || res.Pieces < 7 {
			t.Errorf("%v: unbudgeted: short %v, %d probes, %d pieces, %v", eng, res.CutShort, res.Probes, res.Pieces, err)
		}
	}
}
