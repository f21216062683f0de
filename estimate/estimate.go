package estimate

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"polyviz/solver"
)

// DefaultProbes is the number of probes Run makes when Options.Probes is 0.
const DefaultProbes = 2000

// Options control Run. The zero value makes DefaultProbes probes with
// seed 0 and counts every solution once.
type Options struct {
	// Probes is the number of random paths; 0 means DefaultProbes.
	Probes int
	// Seed makes the probes reproducible.
	Seed uint64
	// Weigh, if not nil, gives the weight of a solution found by a probe
	// (its option numbers): 1 counts solutions; 1/(the size of its class)
	// counts classes (distinct solutions).
	Weigh func(options []int) float64
	// Progress, if not nil, receives the figures so far about every
	// ProgressEvery probes (default 1000), from Run's goroutine.
	Progress      func(Result)
	ProgressEvery int
}

// A Figure is an estimate with its interval: the mean of the probes, and
// Low..High, which holds the truth unless the probes were very unlucky
// (see interval).
type Figure struct {
	Mean, Low, High float64
	// StdErr is the standard error of the mean.
	StdErr float64
}

// Result is what the probes say of the search tree.
type Result struct {
	Nodes, Updates, Solutions Figure
	// Probes is the number of probes made; Hits how many ended at a
	// solution; MaxDepth the deepest level one reached.
	Probes, Hits, MaxDepth int
	Elapsed                time.Duration
}

// Run estimates the size of the tree DLX1 searches for p by random probes.
// When ctx ends it returns the figures of the probes made so far, with
// ctx.Err().
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
	every := opt.ProgressEvery
	if every <= 0 {
		every = 1000
	}
	var weigh func([]int32) float64
	if opt.Weigh != nil {
		ints := []int{}
		weigh = func(sol []int32) float64 {
			ints = ints[:0]
			for _, o := range sol {
				ints = append(ints, int(o))
			}
			return opt.Weigh(ints)
		}
	}
	start := time.Now()
	w := root(m)
	rng := rand.New(rand.NewPCG(opt.Seed, 0x9e3779b97f4a7c15))
	var acc accumulator
	var buf, inner []int32
	for k := 0; k < n; k++ {
		if ctx.Err() != nil {
			r := acc.result(time.Since(start))
			return r, ctx.Err()
		}
		var s sample
		s, buf, inner = probe(w, rng, weigh, buf, inner)
		acc.add(s)
		if opt.Progress != nil && (k+1)%every == 0 && k+1 < n {
			opt.Progress(acc.result(time.Since(start)))
		}
	}
	r := acc.result(time.Since(start))
	if opt.Progress != nil {
		opt.Progress(r)
	}
	return r, nil
}

// An accumulator keeps the sums the figures need.
type accumulator struct {
	n, hits, maxDepth    int
	nodes, upd, sols     moments
	hitWeight, maxWeight float64
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
	return Result{
		Nodes:     interval(a.nodes, a.n, 0),
		Updates:   interval(a.upd, a.n, 0),
		Solutions: interval(a.sols, a.n, a.maxWeight),
		Probes:    a.n, Hits: a.hits, MaxDepth: a.maxDepth,
		Elapsed: el,
	}
}

// zLow and zHigh are how many standard errors the interval reaches below
// and above the mean. Knuth's estimates have long right tails: a few rare
// paths carry much of the mass, so a sample that missed them has a mean
// below the truth and a spread that understates the true one; the upper
// side is the wider.
const zLow, zHigh = 3, 5

// interval returns the mean of n probes with an interval of zLow standard
// errors below and zHigh above. The upper end also allows for mass the
// probes have not met (unseen > 0, for solutions): a solution at the end
// of the heaviest path seen would count unseen/n, and it adds room for
// three such. A sample whose spread looks small may simply have missed the
// heavy paths: on Lepage's Soma cube, seed 2, 2000 probes give 192 with a
// standard error of 37 for a true 480, and the unseen mass (175) is what
// brings the interval (81-552) over it.
func interval(m moments, n int, unseen float64) Figure {
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
	return Figure{Mean: mean, StdErr: se, Low: max(0, mean-zLow*se), High: mean + zHigh*se + 3*unseen/fn}
}
