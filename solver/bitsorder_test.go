package solver

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGreedyOrderHeap: the greedy order taken from a heap is the order of
// the scan it replaces (greedyOrderScan, kept here as the reference), on
// the reference puzzles and on random problems with ties, tests and
// multiplicities.
func TestGreedyOrderHeap(t *testing.T) {
	var probs []*Problem
	files, _ := filepath.Glob(filepath.Join(refDir, "*.dlx"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		probs = append(probs, mustParse(t, string(data)))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		probs = append(probs, randomOrderProblem(rng))
	}
	for n, p := range probs {
		for _, byDist := range []bool{false, true} {
			got, gs := greedyOrder(p, byDist)
			want, ws := greedyOrderScan(p, byDist)
			if !slices.Equal(got, want) || gs != ws {
				t.Fatalf("problem %d (byDist %v): order %v (score %v), want %v (%v)", n, byDist, got, gs, want, ws)
			}
		}
	}
}

// randomOrderProblem is a small random exact-cover problem: a few items,
// some with bounds, and options over them.
func randomOrderProblem(rng *rand.Rand) *Problem {
	items := 2 + rng.IntN(10)
	var b strings.Builder
	for i := range items {
		if rng.IntN(6) == 0 {
			b.WriteString("1:2|")
		}
		b.WriteString("i" + string(rune('a'+i)) + " ")
	}
	b.WriteString("\n")
	for range rng.IntN(20) {
		seen := map[int]bool{}
		for range 1 + rng.IntN(4) {
			i := rng.IntN(items)
			if !seen[i] {
				seen[i] = true
				b.WriteString("i" + string(rune('a'+i)) + " ")
			}
		}
		b.WriteString("\n")
	}
	p, err := ParseDLX(strings.NewReader(b.String()), "random.dlx")
	if err != nil {
		panic(err)
	}
	return p
}

// greedyOrderScan is greedyOrder as a scan of every item at every step:
// the reference for the heap.
func greedyOrderScan(p *Problem, byDist bool) ([]int32, float64) {
	np := p.nPrimary
	isBranch := make([]bool, np)
	for i, it := range p.items[:np] {
		isBranch[i] = it.min == 1 && it.max == 1
	}
	// items of each option, options of each item
	optsOf := make([][]int32, np)
	for o := range p.NumOptions() {
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			if int(e.item) < np && isBranch[e.item] {
				optsOf[e.item] = append(optsOf[e.item], int32(o))
			}
		}
	}
	// count[i]: options of item i that touch no ordered item yet
	count := make([]int, np)
	for i := range np {
		count[i] = len(optsOf[i])
	}
	// the distance of each item from a far corner, through the cells
	// side by side (items in each other's H, bitsHitting): ordering by it
	// first fills the box in slices across its long dimension
	dist := make([]int, np)
	if byDist {
		dist = cellDistances(p, isBranch, count)
	}
	score := 0.0
	total := slices.Clone(count)
	touched := make([]bool, p.NumOptions())
	ordered := make([]bool, np)
	var order []int32
	for {
		best := -1
		for i := range np {
			if !isBranch[i] || ordered[i] {
				continue
			}
			switch {
			case best < 0:
				best = i
			case len(order) == 0: // the most constrained item first
				if count[i] < count[best] {
					best = i
				}
			case count[i] == 0 || count[best] == 0: // a test goes at once
				if count[i] == 0 && count[best] != 0 {
					best = i
				}
			case dist[i] != dist[best]:
				if dist[i] < dist[best] {
					best = i
				}
			case count[i]*total[best] < count[best]*total[i]:
				best = i
			}
		}
		if best < 0 {
			return order, score
		}
		score += math.Log(float64(max(count[best], 1)))
		ordered[best] = true
		order = append(order, int32(best))
		for _, o := range optsOf[best] {
			if touched[o] {
				continue
			}
			touched[o] = true
			for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
				if int(e.item) < np && isBranch[e.item] {
					count[e.item]--
				}
			}
		}
	}
}
