package solver

import (
	"context"
	"slices"
	"testing"
)

// TestSplitJobs: the top's figures plus those of every job, each resumed
// on its own, are exactly those of one whole search, for every engine and
// numbers of jobs from one to more than the tree has pieces.
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
		for _, n := range c.jobs {
			res, err := SplitJobs(context.Background(), p, SplitOptions{Engine: c.engine, Jobs: n, Seed: uint64(n)})
			if err != nil {
				t.Fatal(err)
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
	res, err := SplitJobs(context.Background(), p, SplitOptions{Engine: EngineBits, Jobs: jobs, Seed: 1})
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
