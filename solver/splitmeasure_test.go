package solver

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSplitJobsMeasure measures a split with every job run, in one
// process: POLYVIZ_SPLIT_MEASURE=FILE.dlx:JOBS (the bitset engine, split's
// default cut and seed). It logs the largest job's nodes against the whole
// tree's, as merge --profile would say them. docs/PERFORMANCE.md's
// 16384-job rows come from it, with the DLX file of a job file
// (jq -r .dlx DIR/job-0001.json).
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
	start := time.Now()
	res, err := SplitJobs(context.Background(), p, SplitOptions{Engine: EngineBits, Jobs: jobs, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	big := res.Largest()
	t.Logf("split: %v, %d jobs, %d subtrees, %d probes; largest job estimated %.3g%% ± %.2g%%",
		time.Since(start), len(res.Jobs), res.Pieces, res.Probes, 100*res.Work[big], 100*res.StdErr[big])
	eng, err := pickEngine(p, Options{Engine: EngineBits})
	if err != nil {
		t.Fatal(err)
	}
	s := eng.newSearch()
	fig := s.figures()
	total, most := res.Top.Nodes, int64(0)
	for _, tasks := range res.Jobs {
		before := fig.nodes
		for _, tk := range tasks {
			prefix, err := prefixChoices(s, tk.Prefix)
			if err != nil {
				t.Fatal(err)
			}
			s.replay(prefix)
			s.search(len(prefix))
		}
		total += fig.nodes - before
		most = max(most, fig.nodes-before)
	}
	t.Logf("every job run: %d nodes, the largest job %d: %.3g%% (an even share %.3g%%)",
		total, most, 100*float64(most)/float64(total), 100/float64(len(res.Jobs)))
}
