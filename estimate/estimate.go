package estimate

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"polyviz/solver"
)

// DefaultProbes is the least number of probes Run makes when
// Options.Probes is 0.
const DefaultProbes = 100

// DefaultStrata is the strata per halving of the options left that Run
// uses when Options.Strata is 0: finer strata make each probe dearer and
// its figures closer to the truth; 16 gives the narrowest intervals per
// second on the pentomino and pentacube boxes of the library.
const DefaultStrata = 16

// DefaultRatio is how narrow Run makes the solutions' interval when it may
// go on past Options.Probes: High at most DefaultRatio times Low.
const DefaultRatio = 10

// DefaultBudget is the time the command line and the window give Run to
// make the solutions' interval narrow: long enough for the pentomino and
// pentacube boxes of the library, short enough to wait for.
const DefaultBudget = 10 * time.Second

// DefaultConfidence is the confidence of the intervals when
// Options.Confidence is 0.
const DefaultConfidence = 0.95

// MinProbes and MinHits are how many probes must have been made, and how
// many of them met a solution, before an interval counts as narrow: a
// spread measured on fewer understates the long right tail of the probes'
// figures, and an interval that stops there misses the truth too often.
const MinProbes, MinHits = 100, 30

// Options control Run. The zero value makes DefaultProbes stratified
// probes with seed 0, counts every solution once and gives 95% intervals.
type Options struct {
	// Probes is the number of probes; 0 means DefaultProbes. With a
	// Budget or MaxProbes it is the least number.
	Probes int
	// Budget, if positive, lets Run go on past Probes until the
	// solutions' interval is narrow (Low above 0 and High at most Ratio
	// times Low, after at least MinProbes probes of which MinHits met a
	// solution), MaxProbes are made, or Budget has passed, whichever comes
	// first; Run stops at Budget even before Probes.
	Budget time.Duration
	// MaxProbes, if positive, lets Run go on past Probes as Budget does,
	// up to MaxProbes probes.
	MaxProbes int
	// Deadline, if not zero, is when Run stops probing, even before
	// Probes, as Budget does (which sets one of its own): the probe under
	// way is dropped and the figures of those made are returned.
	Deadline time.Time
	// Ratio is how narrow the interval must be to stop; 0 means
	// DefaultRatio.
	Ratio float64
	// Confidence is the probability the intervals are meant to hold the
	// truth with; 0 means DefaultConfidence.
	Confidence float64
	// Strata is the number of strata per halving of the options left
	// (see sampler); 0 means DefaultStrata, and a negative number one
	// stratum a level: Knuth's plain probes.
	Strata float64
	// CountOnly leaves out the updates (Result.Updates is 0), which
	// saves the probes of a count about a quarter of their time.
	CountOnly bool
	// Seed makes the probes reproducible, for a given number of Workers.
	Seed uint64
	// Workers is the number of probes made at the same time (0 means 1).
	Workers int
	// Weigh, if not nil, gives the weight of a solution found by a probe
	// (its option numbers): 1 counts solutions; 1/(the size of its class)
	// counts classes (distinct solutions).
	Weigh func(options []int) float64
	// Progress, if not nil, receives the figures so far about every
	// ProgressEvery probes, or when ProgressEvery is 0 after the first
	// probe and then about ten times a second, and the last figures, from
	// Run's goroutine.
	Progress      func(Result)
	ProgressEvery int
}

// A Figure is an estimate with its interval: the mean of the probes, and
// Low..High, which holds the truth with the stated confidence (see
// interval).
type Figure struct {
	Mean, Low, High float64
	// StdErr is the standard error of the mean.
	StdErr float64
}

// Result is what the probes say of the search tree.
type Result struct {
	Nodes, Updates, Solutions Figure
	// Probes is the number of probes made; Hits how many met a solution;
	// MaxDepth the deepest level one reached.
	Probes, Hits, MaxDepth int
	// Exact is true when the whole tree was walked (a tree of at most
	// exhaustNodes nodes, or a probe whose strata never held two nodes):
	// the figures are then the tree's own, with no spread.
	Exact bool
	// Narrow is true when the solutions' interval met the ratio asked.
	Narrow bool
	// Confidence is the confidence of the intervals.
	Confidence float64
	Elapsed    time.Duration
}

// Run estimates the size of the tree DLX1 searches for p by stratified
// random probes. When ctx ends it returns the figures of the probes made
// so far, with ctx.Err().
func Run(ctx context.Context, p *solver.Problem, opt Options) (Result, error) {
	return run(ctx, p, opt, newNode)
}

// run is Run with the kind of node the probes walk (tests compare them).
func run(ctx context.Context, p *solver.Problem, opt Options, root func(*matrix) node) (Result, error) {
	m, err := newMatrix(p)
	if err != nil {
		return Result{}, err
	}
	n := opt.Probes
	if n <= 0 {
		n = DefaultProbes
	}
	ratio := opt.Ratio
	if ratio <= 0 {
		ratio = DefaultRatio
	}
	conf := opt.Confidence
	if conf <= 0 || conf >= 1 {
		conf = DefaultConfidence
	}
	strata := opt.Strata
	if strata == 0 {
		strata = DefaultStrata
	}
	start := time.Now()
	// the budget bounds the time inside a probe too: on a large board one
	// probe (or the walk of a small tree) can take many seconds
	probing := ctx
	if stopAt := deadline(opt, start); !stopAt.IsZero() {
		var cancel context.CancelFunc
		probing, cancel = context.WithDeadline(ctx, stopAt)
		defer cancel()
	}
	w := root(m)
	ps := newProbers(probing, w, opt, max(strata, 0))
	acc := accumulator{z: math.Sqrt2 * math.Erfinv(conf), conf: conf, ratio: ratio}
	goOn := opt.Budget > 0 || opt.MaxProbes > 0
	var lastReport time.Time // the first probe reports at once
	if s, ok := exhaust(w, ps[0].weigh, exhaustNodes, ps[0].sp.stop); ok {
		// a small tree: counted, not sampled
		if opt.CountOnly {
			s.updates = 0
		}
		r := exactResult(s, conf, time.Since(start))
		report(opt, r)
		return r, nil
	}
	for {
		probeRound(ps)
		if ctx.Err() != nil {
			return acc.result(time.Since(start)), ctx.Err()
		}
		if probing.Err() != nil {
			// the budget ran out in this round: its probes were cut short
			r := acc.result(time.Since(start))
			report(opt, r)
			return r, nil
		}
		for _, pr := range ps {
			if pr.exact {
				// the probe walked the whole tree: nothing to estimate
				r := exactResult(pr.s, conf, time.Since(start))
				report(opt, r)
				return r, nil
			}
			acc.add(pr.s)
			k, el := acc.n, time.Since(start)
			r := acc.result(el)
			switch {
			case !goOn && k >= n,
				goOn && k >= n && r.Narrow,
				opt.MaxProbes > 0 && k >= max(n, opt.MaxProbes),
				opt.Budget > 0 && el >= opt.Budget:
				report(opt, r)
				return r, nil
			}
			if opt.Progress != nil {
				if opt.ProgressEvery > 0 && k%opt.ProgressEvery == 0 ||
					opt.ProgressEvery <= 0 && time.Since(lastReport) >= 100*time.Millisecond {
					opt.Progress(r)
					lastReport = time.Now()
				}
			}
		}
	}
}

// deadline is when a Run started at start stops probing: the earlier of
// opt.Deadline and the end of opt.Budget (zero: none).
func deadline(opt Options, start time.Time) time.Time {
	at := opt.Deadline
	if opt.Budget > 0 {
		if end := start.Add(opt.Budget); at.IsZero() || end.Before(at) {
			at = end
		}
	}
	return at
}

// A prober makes probes on a walker of its own, with its own random
// numbers, and keeps its last probe.
type prober struct {
	w     node
	sp    *sampler
	rng   *rand.Rand
	weigh func([]int32) float64
	s     sample
	exact bool
}

// newProbers returns opt.Workers probers (at least one) on the tree of w:
// the first walks w, the others clones; prober k draws from the random
// stream k of opt.Seed. opt.Weigh is called by one prober at a time.
func newProbers(ctx context.Context, w node, opt Options, strata float64) []*prober {
	ps := make([]*prober, max(1, opt.Workers))
	var mu sync.Mutex
	if opt.CountOnly {
		w.skipUpdates()
	}
	for k := range ps {
		p := &prober{w: w, sp: newSampler(strata), rng: rand.New(rand.NewPCG(opt.Seed, 0x9e3779b97f4a7c15+uint64(k)))}
		if k > 0 {
			p.w = w.clone()
		}
		p.sp.stop = func() bool { return ctx.Err() != nil }
		p.sp.noCost = opt.CountOnly
		if opt.Weigh != nil {
			ints := []int{}
			p.weigh = func(sol []int32) float64 {
				ints = ints[:0]
				for _, o := range sol {
					ints = append(ints, int(o))
				}
				mu.Lock()
				defer mu.Unlock()
				return opt.Weigh(ints)
			}
		}
		ps[k] = p
	}
	return ps
}

// probeRound makes one probe with each prober, at the same time; their
// results are taken in the probers' order, so that the figures depend on
// the seed and the number of probers only.
func probeRound(ps []*prober) {
	if len(ps) == 1 {
		ps[0].s, ps[0].exact = ps[0].sp.sample(ps[0].w, ps[0].rng, ps[0].weigh)
		return
	}
	var wg sync.WaitGroup
	for _, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.s, p.exact = p.sp.sample(p.w, p.rng, p.weigh)
		}()
	}
	wg.Wait()
}

// exactResult is the result of a probe s that walked the whole tree.
func exactResult(s sample, conf float64, el time.Duration) Result {
	fig := func(x float64) Figure { return Figure{Mean: x, Low: x, High: x} }
	r := Result{Nodes: fig(s.nodes), Updates: fig(s.updates), Solutions: fig(s.solutions),
		Probes: 1, MaxDepth: s.depth, Exact: true, Narrow: s.solutions > 0, Confidence: conf, Elapsed: el}
	if s.hit {
		r.Hits = 1
	}
	return r
}

// report gives the last figures to opt.Progress.
func report(opt Options, r Result) {
	if opt.Progress != nil {
		opt.Progress(r)
	}
}

// An accumulator keeps the sums the figures need.
type accumulator struct {
	n, hits, maxDepth int
	nodes, upd, sols  moments
	maxWeight         float64
	z, conf, ratio    float64 // the interval's half-width in standard errors; its confidence; the ratio that is narrow
}

// moments are the sum and sum of squares of a sample.
type moments struct{ sum, sq float64 }

func (m *moments) add(x float64) { m.sum += x; m.sq += x * x }

func (a *accumulator) add(s sample) {
	a.n++
	a.nodes.add(s.nodes)
	a.upd.add(s.updates)
	a.sols.add(s.solutions)
	if s.hit {
		a.hits++
	}
	a.maxDepth = max(a.maxDepth, s.depth)
	a.maxWeight = max(a.maxWeight, s.weight)
}

// result turns the sums into figures.
func (a *accumulator) result(el time.Duration) Result {
	unseen := 0.0
	if a.hits < MinHits {
		unseen = a.maxWeight
	}
	r := Result{
		Nodes:     interval(a.nodes, a.n, 0, a.z),
		Updates:   interval(a.upd, a.n, 0, a.z),
		Solutions: interval(a.sols, a.n, unseen, a.z),
		Probes:    a.n, Hits: a.hits, MaxDepth: a.maxDepth,
		Confidence: a.conf,
		Elapsed:    el,
	}
	s := r.Solutions
	r.Narrow = a.n >= MinProbes && a.hits >= MinHits && s.Low > 0 && s.High <= a.ratio*s.Low
	return r
}

// interval returns the mean of n probes with an interval of z standard
// errors below and 3z above: the probes are independent and each an
// unbiased estimate, so for many of them the mean is about normal, but
// their figures have a long right tail (a few rare probes carry much of
// the mass), so that a mean is more often below the truth than above it,
// with a spread that understates the true one. The misses are all on the
// upper side, where room costs little: the interval is within 10x when
// the standard error is at most 35% of the mean, against 41% with z on
// both sides (TestCoverage checks the stated confidence over many
// seeds). While few
// probes met a solution (unseen > 0, for solutions) the upper end also
// allows for mass the probes have not met: a solution below the heaviest
// node seen would count unseen/n, and it adds room for three such.
func interval(m moments, n int, unseen, z float64) Figure {
	if n == 0 {
		return Figure{}
	}
	fn := float64(n)
	mean := m.sum / fn
	v := 0.0
	if n > 1 {
		v = max(0, (m.sq-fn*mean*mean)/(fn-1))
	}
	se := math.Sqrt(v / fn)
	return Figure{Mean: mean, StdErr: se, Low: max(0, mean-z*se), High: mean + 3*z*se + 3*unseen/fn}
}
