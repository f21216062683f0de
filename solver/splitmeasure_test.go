package solver

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuUserSys is the process's CPU time so far, user and system.
func cpuUserSys() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestSplitJobsMeasure measures a split with every job run, in one
// process: POLYVIZ_SPLIT_MEASURE=FILE.dlx:JOBS (the bitset engine, split's
// default cut and seed). It logs the largest job's nodes against the whole
// tree's, as merge --profile would say them. docs/PERFORMANCE.md's
// Bedlam at 16384 jobs comes from it, on the DLX file of its distinct
// problem (a split's problem.dlx is that of a raw count).
// POLYVIZ_SPLIT_MEASURE_ONLY=1 stops after the split (its CPU time);
// POLYVIZ_SPLIT_MEASURE_V=1 logs the largest subtrees against their
// estimates, and the spread of the jobs.
func TestSplitJobsMeasure(t *testing.T) {
	arg := os.Getenv("POLYVIZ_SPLIT_MEASURE")
	if arg == "" {
		t.Skip("POLYVIZ_SPLIT_MEASURE=FILE.dlx:JOBS measures a split")
	}
	file, n, _ := strings.Cut(arg, ":")
	jobs, err := strconv.Atoi(n)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ParseDLX(f, file)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	start, cpu0 := time.Now(), cpuUserSys()
	// POLYVIZ_SPLIT_MEASURE_EXACT and _PIECES try other cuts: a job's
	// share (nodes) at or below which the pieces are searched, the pieces
	// aimed at
	exact := float64(DefaultSearchBelow)
	if v := os.Getenv("POLYVIZ_SPLIT_MEASURE_EXACT"); v != "" {
		if exact, err = strconv.ParseFloat(v, 64); err != nil {
			t.Fatal(err)
		}
	}
	pieces, _ := strconv.Atoi(os.Getenv("POLYVIZ_SPLIT_MEASURE_PIECES"))
	res, err := splitJobs(context.Background(), p, SplitOptions{Engine: EngineBits, Jobs: jobs, Pieces: pieces, Seed: 1}, exact)
	if err != nil {
		t.Fatal(err)
	}
	big := res.Largest()
	t.Logf("split: %v (CPU %v), %d jobs, %d subtrees, %d probes; largest job estimated %.3g%% ± %.2g%%",
		time.Since(start), cpuUserSys()-cpu0, len(res.Jobs), res.Pieces, res.Probes, 100*res.Work[big], 100*res.StdErr[big])
	if os.Getenv("POLYVIZ_SPLIT_MEASURE_ONLY") != "" {
		return // the split alone, for its cost
	}
	eng, err := pickEngine(context.Background(), p, Options{Engine: EngineBits})
	if err != nil {
		t.Fatal(err)
	}
	s := madeSearch(t, eng.newSearch)
	fig := s.figures()
	total, most := res.Top.Nodes, int64(0)
	cpu1 := cpuUserSys()
	type taskRun struct {
		job    int
		nodes  int64
		weight float64
		depth  int
	}
	var runs []taskRun
	jobNodes := make([]int64, len(res.Jobs))
	for j, tasks := range res.Jobs {
		before := fig.nodes
		for _, tk := range tasks {
			prefix, err := prefixChoices(s, tk.Prefix)
			if err != nil {
				t.Fatal(err)
			}
			b := fig.nodes
			s.replay(prefix)
			s.search(len(prefix))
			runs = append(runs, taskRun{j, fig.nodes - b, tk.Weight, len(prefix)})
		}
		jobNodes[j] = fig.nodes - before
		total += fig.nodes - before
		most = max(most, fig.nodes-before)
	}
	t.Logf("every job run: %d nodes (CPU %v), the largest job %d: %.3g%% (an even share %.3g%%)",
		total, cpuUserSys()-cpu1, most, 100*float64(most)/float64(total), 100/float64(len(res.Jobs)))
	if os.Getenv("POLYVIZ_SPLIT_MEASURE_V") == "" {
		return
	}
	slices.SortFunc(runs, func(a, b taskRun) int { return int(b.nodes - a.nodes) })
	for _, r := range runs[:min(15, len(runs))] {
		t.Logf("task: %.3g%% of the nodes, estimated %.3g%%, depth %d, its job %.3g%% estimated %.3g%%",
			100*float64(r.nodes)/float64(total), 100*r.weight, r.depth,
			100*float64(jobNodes[r.job])/float64(total), 100*res.Work[r.job])
	}
	slices.Sort(jobNodes)
	nj := len(jobNodes)
	t.Logf("jobs' nodes: median %d, 90%% %d, 99%% %d, 99.9%% %d, max %d", jobNodes[nj/2], jobNodes[nj*9/10], jobNodes[nj*99/100], jobNodes[nj*999/1000], jobNodes[nj-1])
}
