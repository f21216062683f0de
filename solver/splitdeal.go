package solver

import (
	"cmp"
	"container/heap"
	"math"
	"slices"
)

// The deal of Split's balanced cut (splitbalance.go): its pieces, largest
// first, each to the job of least estimated work so far.

// deal gives the cut's pieces to jobs, largest first to the job of least
// estimated work, and names their tasks in s's steps.
func (b *balancer) deal(s taskSearch, jobs int) SplitResult {
	var cut []*piece
	var total, totalVar float64
	for _, p := range b.all {
		if !p.expanded {
			cut = append(cut, p)
			total += p.est()
			totalVar += p.varMean()
		}
	}
	res := SplitResult{Pieces: len(cut), Probes: b.probes, Nodes: total, NodesErr: math.Sqrt(totalVar)}
	jobs = max(1, min(jobs, len(cut)))
	// largest first (each estimate worked out once, not at each compare)
	byEst := make([]heapEntry, len(cut))
	for i, p := range cut {
		byEst[i] = heapEntry{p.est(), p}
	}
	slices.SortStableFunc(byEst, func(x, y heapEntry) int { return cmp.Compare(y.est, x.est) })
	for i, e := range byEst {
		cut[i] = e.p
	}
	loads := make(jobHeap, jobs)
	for j := range loads {
		loads[j] = jobLoad{job: j}
	}
	dealt := make([][]*piece, jobs)
	vars := make([]float64, jobs)
	for _, p := range cut {
		// the lightest job takes it
		jl := &loads[0]
		dealt[jl.job] = append(dealt[jl.job], p)
		jl.work += p.est()
		vars[jl.job] += p.varMean()
		heap.Fix(&loads, 0)
	}
	res.Jobs = make([][]Task, jobs)
	res.Work = make([]float64, jobs)
	res.StdErr = make([]float64, jobs)
	for _, jl := range loads {
		res.Work[jl.job] = jl.work / max(total, 1)
	}
	for j, ps := range dealt {
		sortByOrder(ps, func(p *piece) []int32 { return p.order })
		for _, p := range ps {
			res.Jobs[j] = append(res.Jobs[j], Task{Prefix: prefixSteps(s, p.prefix), From: -1, To: -1,
				Weight: p.est() / max(total, 1)})
		}
		res.StdErr[j] = math.Sqrt(vars[j]) / max(total, 1)
	}
	return res
}

// jobHeap keeps the jobs by estimated work, the least first.
type jobLoad struct {
	job  int
	work float64
}

type jobHeap []jobLoad

func (h jobHeap) Len() int { return len(h) }
func (h jobHeap) Less(i, j int) bool {
	if h[i].work != h[j].work {
		return h[i].work < h[j].work
	}
	return h[i].job < h[j].job
}
func (h jobHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *jobHeap) Push(x any)   { *h = append(*h, x.(jobLoad)) }
func (h *jobHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
