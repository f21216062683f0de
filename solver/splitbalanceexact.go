package solver

// DefaultSearchBelow is a job's share of the tree, in estimated nodes, at
// or below which Split sizes the pieces of its cut by searching them
// (measure) rather than by fresh probes (refresh). The search costs about
// one search of the whole tree, a job's share a job; the probes some 150
// a job (fewPiecesJobNodes), each about as many nodes as the tree is deep.
// The search is exact where the probes miss heavy branches (Bedlam up to
// rotation in 16384 jobs, 1,980 nodes a job: probed, its largest job held
// 17 times an even share; searched, one), but it costs a twentieth of the
// jobs' own time once a job's share passes some 2,000 nodes: a job of a
// DLX file is a process of some 15 ms, 2,000 nodes' search 0.6 ms
// (pentacube 3x4x5 in 16384 jobs, 2,837 nodes a job: the search alone
// was 6.5% of the jobs' time, the probes 5%).
const DefaultSearchBelow = 2048

// fewPiecesJobNodes is a job's share, in estimated nodes, at or below
// which the probed cut aims at 2 pieces a job rather than
// DefaultPiecesPerJob: its pieces are so small that probing costs about
// what searching them would, and it cuts the probes by half. The largest
// job is then some four times an even share (pentacube 3x4x5 in 16384
// jobs, where a job's share can be five), not twice.
const fewPiecesJobNodes = 8192

// piecesPerJob is the pieces a job Split aims at, for a job's share of
// perJob estimated nodes.
func piecesPerJob(perJob float64, exact bool) int {
	switch {
	case exact:
		return exactPiecesPerJob
	case perJob <= fewPiecesJobNodes:
		return 2
	}
	return DefaultPiecesPerJob
}

// exactPiecesPerJob is the pieces a job Split aims at when it measures
// them: their sizes are known, so a job's work is its share give or take
// a piece's, at most twice the share of one of these pieces.
const exactPiecesPerJob = 1

// measure sizes the pieces of the cut by searching each with x, a search
// of its own (the top's figures stay the cut's), up to twice the share of
// one of n pieces. A search that ends gives the piece's nodes exactly; one
// that does not has met a heavy branch the probes missed (a piece of a few
// hundred nodes by its probes can hold a thousand times that), and the
// piece is cut, its children sized the same way.
func (b *balancer) measure(x taskSearch, n int) {
	lim := b.total / float64(n)
	budget := int64(max(2*lim, 64))
	f := x.figures()
	saved := f.poll
	defer func() { f.poll = saved }()
	var start int64
	f.poll = func() bool { return f.nodes-start < budget && b.ctx.Err() == nil }
	var work []*piece
	for _, p := range b.all {
		if !p.expanded && !p.leaf {
			work = append(work, p)
		}
	}
	for i := 0; i < len(work); i++ {
		p := work[i]
		if i%256 == 0 && b.ctx.Err() != nil {
			return // Split returns the context's error
		}
		b.searched++
		x.replay(p.prefix)
		start = f.nodes
		f.pollLeft = int(budget)
		if x.search(len(p.prefix)) {
			b.total -= p.est()
			p.sum, p.sq, p.n, p.exact = float64(f.nodes-start), 0, 1, true
			b.total += p.est()
			continue
		}
		if b.ctx.Err() != nil {
			return
		}
		// too big: cut it, and size its children
		b.kids = b.kids[:0]
		if !b.s.children(p.prefix, &b.kids, true) || len(b.kids) == 0 {
			p.leaf = true // not so: the search went past the budget below it
			continue
		}
		p.expanded = true
		b.total -= p.est()
		for k, c := range b.kids {
			q := &piece{prefix: c, order: append(p.order[:len(p.order):len(p.order)], int32(k))}
			b.all = append(b.all, q)
			b.total += q.est()
			work = append(work, q)
		}
	}
}
