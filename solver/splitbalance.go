package solver

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// The balanced cut of Split: pieces of like work, dealt to jobs of like
// work, for every engine (the cut goes through the engine seam alone:
// taskSearch.children). A cut into subtrees of like count is not one of
// like work: in a packing puzzle a few subtrees at any depth hold most of
// the nodes. So each piece of the cut has an estimate of its nodes, from
// Knuth's random probes of its subtree (each probe goes down through
// children, one child taken at random at each node; the product of the
// degrees met is what a node of that depth stands for), and the cut
// expands the piece of the largest estimate until none is above the
// share a piece may have. A piece whose estimate comes near that share
// gets more probes before it is left as it is (Knuth's probes more often
// underestimate a large subtree than overestimate it: they miss its rare
// heavy branch), and the pieces kept are probed afresh, a few rounds, the
// ones that grow past the share cut again. Keeping the pieces whose probes
// said small biases their estimates low, so the deal goes by fresh probes
// of every piece, which no choice of the cut has seen (a piece whose fresh
// probes put it far past the share is cut once more). The pieces are then
// dealt largest first, each to the job of least estimated work so far.
// The cost is some five probes a piece; a probe costs about as many nodes
// of the search as the tree is deep. So when the pieces are small (many
// jobs on a small tree) probing them costs about what searching them
// does, and Split searches them instead (measure, in
// splitbalanceexact.go): exact sizes, and no heavy branch missed.

// Probe counts: each new piece gets at least minProbes probes, in
// proportion to its expected size up to maxProbes; those whose estimate
// is within half a piece's share get confirmProbes; the fresh probes of
// refresh are refreshProbes a piece of the mean estimate, more for larger
// ones.
const (
	minProbes     = 1
	confirmProbes = 4
	maxProbes     = 16
	refreshProbes = 2
)

// DefaultPiecesPerJob is the pieces Split aims at for each job when
// SplitOptions.Pieces is 0. The cut overshoots it many times over (a node
// above the limit has tens of children); with two a job the largest of
// 1024 jobs held 0.31% of Bedlam's nodes (up to rotation), with four
// 0.20% (the even share is 0.098%), at twice the probes.
const DefaultPiecesPerJob = 4

// rootProbes is how many probes of the whole tree set the first scale
// (the share a piece may have) before the first cut.
const rootProbes = 256

// A SplitResult is a tree cut and dealt into jobs (Split).
type SplitResult struct {
	// Top holds the figures of the nodes the cut expanded (counted once,
	// here, and searched by no job); no tasks.
	Top Checkpoint
	// Jobs are the jobs' tasks, each with its estimated share of the
	// tree's nodes as its Weight, each job's in the tree's order.
	Jobs [][]Task
	// Work is each job's estimated share of the nodes below the top, and
	// StdErr its standard error (from the spread of the probes).
	Work, StdErr []float64
	// Pieces is the number of tasks, Probes the probes made, Searched
	// the pieces sized by searching them (a small tree: see measure).
	Pieces, Probes, Searched int
	// Nodes is the estimated number of nodes of the whole tree (the top's
	// counted, the pieces' estimated) and NodesErr its standard error.
	Nodes, NodesErr float64
	// CutShort says the budget ended the cut's refinement (see
	// SplitOptions.Budget).
	CutShort bool
}

// Largest returns the index of the job of the largest estimated work.
func (r SplitResult) Largest() int {
	j := 0
	for k, w := range r.Work {
		if w > r.Work[j] {
			j = k
		}
	}
	return j
}

// Split cuts the search tree of p, as a Solve with opt.Engine searches
// it, into pieces of like work and deals them to opt.Jobs jobs (fewer when
// the tree has fewer pieces), largest first to the job with the least work
// so far. opt.Pieces is the number of pieces to aim at (0: 4 per job, 2
// for a small tree for its jobs, or one when the pieces are sized by
// searching them: see piecesPerJob); there is no ceiling.
// Resuming each job's tasks with zero figures and adding the Top's figures
// gives exactly the figures of one whole run of that engine, as for splitTree.
func Split(ctx context.Context, p *Problem, opt SplitOptions) (SplitResult, error) {
	below := opt.SearchBelow
	if below <= 0 {
		below = DefaultSearchBelow
	}
	return splitJobs(ctx, p, opt, below)
}

// splitJobs is Split, sizing the pieces by searching them (measure)
// when the tree's estimate is at most exactBelow nodes for each job.
func splitJobs(ctx context.Context, p *Problem, opt SplitOptions, exactBelow float64) (SplitResult, error) {
	if p.err != nil {
		return SplitResult{}, p.err
	}
	eng, err := pickEngine(ctx, p, Options{Engine: opt.Engine})
	if err != nil {
		return SplitResult{}, err
	}
	if err := eng.checkpointable(Options{}); err != nil {
		return SplitResult{}, err
	}
	if err := ctx.Err(); err != nil {
		return SplitResult{}, err
	}
	hash, err := problemHash(ctx, p) // stops with ctx: a big board's DLX file takes a second or more
	if err != nil {
		return SplitResult{}, err
	}
	jobs := max(opt.Jobs, 1)
	s, err := eng.newSearch()
	if err != nil {
		return SplitResult{}, err
	}
	b := balancer{ctx: ctx, s: s, rng: rand.New(rand.NewPCG(opt.Seed, 44)), progress: opt.Progress, start: time.Now()}
	if opt.Budget > 0 {
		b.deadline = b.start.Add(opt.Budget)
	}
	s2, err := eng.newSearch()
	if err != nil {
		return SplitResult{}, err
	}
	if m, ok := s2.(proberMaker); ok {
		b.pr = m.newProber() // a search of its own, kept at the prefix it probes
	}
	// a small tree for its jobs is sized by searching its pieces (measure),
	// which then need not be as many
	perJob := b.root().est() / float64(jobs)
	exact := perJob <= exactBelow
	b.measured = exact
	pieces := opt.Pieces
	if pieces <= 0 {
		pieces = piecesPerJob(perJob, exact) * jobs
	}
	pieces = max(pieces, jobs)
	if err := b.cut(pieces); err != nil {
		return SplitResult{}, err
	}
	switch {
	case exact:
		s3, err := eng.newSearch()
		if err != nil {
			return SplitResult{}, err
		}
		b.measure(s3, pieces)
	case b.over():
		// no time for fresh probes: the cut's own estimates deal the pieces
	default:
		// the deal's estimates: fresh probes of every piece, which no
		// choice of the cut has seen (see refresh)
		for _, p := range b.all {
			p.fresh = false
		}
		b.refresh()
		b.cutOutliers(pieces)
	}
	if err := ctx.Err(); err != nil {
		return SplitResult{}, err
	}
	f := s.figures()
	top := Checkpoint{Problem: hash, Engine: eng.name, Nodes: f.nodes, Updates: f.updates,
		Solutions: f.count, Profile: addProfiles(f.profile, nil)}
	top.MaxLevel = len(top.Profile) - 1
	res := b.deal(s, jobs)
	res.Searched = b.searched
	res.CutShort = b.short
	res.Top = top
	res.Top.Done = res.Pieces == 0
	res.Nodes += float64(f.nodes)
	return res, nil
}

// A piece is a node of the cut: the prefix that leads to it, its place in
// depth-first order, and its probes' sum, sum of squares and number.
type piece struct {
	prefix   []int32
	order    []int32
	sum, sq  float64
	n        int
	leaf     bool // no children: one node, known exactly
	exact    bool // searched (measure): sum is its nodes
	expanded bool
	fresh    bool // probed again after the cut kept it (refresh)
}

// est is the piece's estimated nodes, and varMean the variance of that
// mean (a piece with one probe is given its own square: an estimate as
// unsure as it is large).
func (p *piece) est() float64 {
	if p.leaf || p.n == 0 {
		return 1
	}
	return p.sum / float64(p.n)
}

func (p *piece) varMean() float64 {
	if p.leaf || p.n == 0 || p.exact {
		return 0
	}
	m := p.est()
	if p.n < 2 {
		return m * m
	}
	v := (p.sq - float64(p.n)*m*m) / float64(p.n-1)
	return max(v, 0) / float64(p.n)
}

// A balancer cuts one tree.
type balancer struct {
	ctx    context.Context
	s      taskSearch
	pr     prober // the search's own probes, when it has them
	rng    *rand.Rand
	all    []*piece // every piece not expanded (the cut), in creation order
	total  float64  // sum of the estimates of the cut's pieces
	probes int
	// searched is the pieces measure searched
	searched int
	// measured: measure sizes the cut's pieces, and the cut need not
	// probe them afresh (refresh)
	measured bool
	kids     [][]int32
	pk       [][]int32 // a probe's children
	// the budget (deadline, zero for none; short once it has passed) and
	// the progress reports, the next one due at report
	start, deadline, report time.Time
	short                   bool
	progress                func(SplitProgress)
}

// over reports whether the budget has run out (SplitOptions.Budget).
func (b *balancer) over() bool {
	if !b.short && !b.deadline.IsZero() && time.Now().After(b.deadline) {
		b.short = true
	}
	return b.short
}

// tell calls the progress function when a report is due.
func (b *balancer) tell() {
	if b.progress == nil {
		return
	}
	if now := time.Now(); now.After(b.report) {
		b.report = now.Add(time.Second)
		b.progress(SplitProgress{Probes: b.probes, Pieces: len(b.all), Elapsed: now.Sub(b.start)})
	}
}

// probe adds k probes to p.
func (b *balancer) probe(p *piece, k int) {
	if p.leaf {
		return
	}
	old := p.est()
	for range k {
		if b.ctx.Err() != nil {
			break // Split returns the context's error
		}
		if p.n > 0 && b.over() {
			break // a piece probed once has an estimate to deal by
		}
		v, ok := b.probeOnce(p.prefix)
		if !ok {
			p.leaf = true
			break
		}
		p.sum += v
		p.sq += v * v
		p.n++
		b.probes++
		b.tell()
	}
	b.total += p.est() - old
}

// probeOnce is one of Knuth's probes of the subtree below prefix: the
// nodes it stands for, and false when the prefix leads to a leaf or a
// dead end (no children).
func (b *balancer) probeOnce(prefix []int32) (float64, bool) {
	if b.pr != nil {
		return b.pr.probe(prefix, b.rng)
	}
	cur := slices.Clone(prefix)
	est, w := 0.0, 1.0
	for depth := 0; ; depth++ {
		// a deep tree makes a long probe (each step replays its prefix):
		// a cancelled split stops within one step's work
		if depth%64 == 63 && b.ctx.Err() != nil {
			return est + w, true
		}
		b.pk = b.pk[:0]
		if !b.s.children(cur, &b.pk, false) || len(b.pk) == 0 {
			if depth == 0 {
				return 1, false
			}
			return est + w, true
		}
		est += w
		w *= float64(len(b.pk))
		cur = b.pk[b.rng.IntN(len(b.pk))]
	}
}

// refresh probes the pieces of the cut again, afresh: the cut kept the
// pieces whose probes said they were small, so their own probes are biased
// low (a piece whose probes missed its heavy branch is kept, one whose
// probes met it is cut), while new probes are not. A piece gets more of
// them the larger its share.
func (b *balancer) refresh() {
	var cut []*piece
	total := 0.0
	for _, p := range b.all {
		if !p.expanded && !p.leaf && !p.fresh {
			cut = append(cut, p)
			total += p.est()
		}
	}
	if len(cut) == 0 {
		return
	}
	mean := total / float64(len(cut))
	for i, p := range cut {
		if i%1024 == 0 && b.ctx.Err() != nil {
			return
		}
		k := min(max(refreshProbes, int(math.Ceil(refreshProbes*p.est()/mean))), 4*refreshProbes)
		b.total -= p.est()
		p.sum, p.sq, p.n = 0, 0, 0
		b.total += 1 // est() of a piece without probes
		b.probe(p, k)
		p.fresh = true
	}
}

// cutOutliers expands, once, the pieces whose fresh probes put them past
// twice the limit of a piece (a probe that met a heavy branch), so that no
// job is one piece of an estimate that big; their children's probes stand.
func (b *balancer) cutOutliers(n int) {
	lim := b.total / float64(n)
	var h pieceHeap
	for _, p := range b.all[:len(b.all):len(b.all)] {
		if !p.expanded && !p.leaf && p.est() > 2*lim {
			b.expand(p, &h, lim)
		}
	}
}

// pieceHeap orders pieces by estimate, the largest first, as
// container/heap would. Each entry holds its piece's estimate: the cut
// probes a piece before it pushes it and rebuilds the heap after probing
// pieces in it, and comparing the entries themselves, not the pieces they
// point to, saves a split into thousands of jobs a tenth of its time.
type pieceHeap []heapEntry

type heapEntry struct {
	est float64
	p   *piece
}

func (h *pieceHeap) push(p *piece) {
	*h = append(*h, heapEntry{p.est(), p})
	s := *h
	for i := len(s) - 1; i > 0; {
		up := (i - 1) / 2
		if !(s[i].est > s[up].est) {
			break
		}
		s[i], s[up] = s[up], s[i]
		i = up
	}
}

func (h *pieceHeap) pop() *piece {
	s := *h
	top, n := s[0].p, len(s)-1
	s[0] = s[n]
	*h = s[:n]
	h.down(0)
	return top
}

// init orders h, which holds the pieces in any order.
func (h pieceHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h pieceHeap) down(i int) {
	for {
		j := 2*i + 1
		if j >= len(h) {
			return
		}
		if r := j + 1; r < len(h) && h[r].est > h[j].est {
			j = r
		}
		if !(h[j].est > h[i].est) {
			return
		}
		h[i], h[j] = h[j], h[i]
		i = j
	}
}

// cut expands the pieces of the largest estimate until every piece's is
// at most the total's share of one of n pieces, with confirmed estimates
// near that share. The nodes it expands are counted in b.s.
func (b *balancer) cut(n int) error {
	root := b.root()
	h := pieceHeap{{root.est(), root}}
	limit := func() float64 { return b.total / float64(n) }
	// a bound on the work, whatever the estimates say: at most 64 pieces
	// expanded for each piece asked (the tree's own size bounds it too)
	budget := 64*n + 1024
	rounds := 0
	for {
		for len(h) > 0 && budget > 0 {
			if err := b.ctx.Err(); err != nil {
				return err
			}
			if b.over() {
				return nil
			}
			p := h.pop()
			if p.expanded || p.leaf {
				continue
			}
			if p.est() <= limit() {
				h.push(p)
				break
			}
			b.expand(p, &h, limit())
			budget--
		}
		// confirm the estimates near the limit (more probes), and cut
		// again the ones that grow past it
		lim := limit()
		grew := false
		for _, p := range b.all {
			if b.over() {
				return nil
			}
			if p.expanded || p.leaf || p.n >= confirmProbes || p.est() < lim/2 {
				continue
			}
			b.probe(p, confirmProbes-p.n)
			if p.est() > lim {
				grew = true
			}
		}
		if !grew {
			// probe the pieces kept afresh, and cut the ones that grow
			// past the limit again (a few rounds)
			if rounds++; rounds > 3 || b.measured {
				break
			}
			b.refresh()
			lim = limit()
			for _, p := range b.all {
				if !p.expanded && !p.leaf && p.est() > lim {
					grew = true
				}
			}
		}
		if !grew || budget <= 0 {
			break
		}
		h = h[:0]
		for _, p := range b.all {
			if !p.expanded && !p.leaf {
				h = append(h, heapEntry{p.est(), p})
			}
		}
		h.init()
	}
	return nil
}

// root returns the piece of the whole tree, made and probed on the first
// call.
func (b *balancer) root() *piece {
	if len(b.all) == 0 {
		root := &piece{prefix: []int32{}}
		b.all = append(b.all, root)
		b.probe(root, rootProbes)
	}
	return b.all[0]
}

// expand cuts p into its children, counting p as a node of the top, and
// probes each child (more probes the larger its share of p's estimate
// against the limit lim).
func (b *balancer) expand(p *piece, h *pieceHeap, lim float64) {
	b.kids = b.kids[:0]
	if !b.s.children(p.prefix, &b.kids, true) || len(b.kids) == 0 {
		p.leaf = true
		b.total += p.est() - 1
		return
	}
	p.expanded = true
	b.total -= p.est()
	prior := p.est() / float64(len(b.kids))
	k := min(max(minProbes, int(math.Ceil(4*prior/lim))), maxProbes)
	for i, c := range b.kids {
		q := &piece{prefix: c, order: append(slices.Clip(p.order), int32(i))}
		b.all = append(b.all, q)
		b.probe(q, k)
		if !q.leaf {
			h.push(q)
		}
	}
}
