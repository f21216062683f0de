package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBitsHittingSame: bitsHitting chooses the same H(v), bit for bit, as
// the plain greedy choice it is a faster form of (bitsHittingPlain below:
// every option of v scanned for the bit chosen, v skipped by a test), on
// the reference files in the bitset engine's order and in file order, and
// on random problems with marks and counted items; also with the options
// of the items given, as the first-empty engine gives them. The dead-end
// test reads H(v), so another choice would change the node counts.
func TestBitsHittingSame(t *testing.T) {
	check := func(name string, p *Problem, order []int32) {
		t.Helper()
		bitOf := make([]int32, len(p.items))
		for i := range bitOf {
			bitOf[i] = -1
		}
		next := int32(0)
		for _, i := range order {
			bitOf[i] = next
			next++
		}
		nb := int(next)
		for i := range bitOf {
			if bitOf[i] < 0 {
				bitOf[i] = next
				next++
			}
		}
		cols := newItemOptions(p)
		got, want := bitsHitting(p, bitOf, nb), bitsHittingPlain(p, bitOf, nb)
		given := hittingSets(p, bitOf, nb, &cols) // the first-empty engine's
		for v := range want {
			if !slices.Equal(got[v], want[v]) || (got[v] == nil) != (want[v] == nil) {
				t.Fatalf("%s: H(%d) = %v, want %v", name, v, got[v], want[v])
			}
			if !slices.Equal(given[v], want[v]) || (given[v] == nil) != (want[v] == nil) {
				t.Fatalf("%s, options given: H(%d) = %v, want %v", name, v, given[v], want[v])
			}
		}
	}
	files := []string{"soma-3x3x3.dlx", "pentomino-6x10.dlx", "pentacube-2x5x6.dlx", "pentomino-8x8-hole.dlx"}
	if testing.Short() {
		files = files[:2]
	}
	for _, f := range files {
		p := bitsRef(t, f)
		check(f, p, bitsOrder(p))
		check(f+" (file order)", p, fileOrder(p))
	}
	r := rand.New(rand.NewPCG(7, 41))
	for k := range 300 {
		p := randomProblem(r, false, k%2 == 0)
		if p.Err() != nil || p.NumOptions() == 0 {
			continue
		}
		if k%3 == 0 && p.NumItems() > p.NumPrimary() {
			p.SetMark(p.ItemName(p.NumPrimary()))
		}
		check("random", p, bitsOrder(p))
	}
	// long options on a line of 70 to 200 items (masks of several words):
	// the options of an item often share bits besides it, as sticks on
	// BurrTools' rhombic grid do, and often share none
	for range 60 {
		p := intervalProblem(r)
		check("intervals", p, bitsOrder(p))
		check("intervals (file order)", p, fileOrder(p))
	}
}

// intervalProblem has items 0 to n-1 on a line and options that are runs
// of 8 to 40 of them, some with a secondary item.
func intervalProblem(r *rand.Rand) *Problem {
	n := 70 + r.IntN(131)
	var prim []string
	for i := range n {
		prim = append(prim, fmt.Sprint(i))
	}
	p := NewProblem(prim, []string{"s"})
	for range 20 + r.IntN(200) {
		length := 8 + r.IntN(33)
		a := r.IntN(n - length + 1)
		items := slices.Clone(prim[a : a+length])
		if r.IntN(4) == 0 {
			items = append(items, "s")
		}
		r.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
		p.AddOption(items...)
	}
	return p
}

func bitsHittingPlain(p *Problem, bitOf []int32, nb int) [][]int32 {
	const maxHitting = 12
	// the bits of each option (optBits[optAt[o]:optAt[o+1]]) and the
	// options covering each bit v (vOpts[vAt[v]:vAt[v+1]]), flat: one
	// slice an option was most of the setup's garbage
	nOpt := p.NumOptions()
	optAt := make([]int32, nOpt+1)
	optBits := make([]int32, 0, len(p.entries))
	vAt := make([]int32, nb+2)
	for o := range nOpt {
		for _, e := range p.entries[p.optStart[o]:p.optStart[o+1]] {
			if !p.items[e.item].mark { // marks are no cells: never in an H
				b := bitOf[e.item]
				optBits = append(optBits, b)
				if b < int32(nb) {
					vAt[b+2]++
				}
			}
		}
		optAt[o+1] = int32(len(optBits))
	}
	for v := 2; v < len(vAt); v++ {
		vAt[v] += vAt[v-1]
	}
	vOpts := make([]int32, vAt[nb+1])
	for o := range nOpt {
		for _, b := range optBits[optAt[o]:optAt[o+1]] {
			if b < int32(nb) {
				vOpts[vAt[b+1]] = int32(o)
				vAt[b+1]++
			}
		}
	}
	nbits := int32(0)
	for _, b := range bitOf {
		nbits = max(nbits, b+1)
	}
	// count[u]: the options not hit yet that cover u (a dense array, with
	// the bits touched listed to clear it: a map here was a third of the
	// cell search's setup on pentomino 6x10)
	// The counts are made once for v and taken down as options are hit,
	// not made again each round.
	count := make([]int32, nbits)
	var touched []int32
	var hit []bool
	out := make([][]int32, nb)
	for v := range nb {
		opts := vOpts[vAt[v]:vAt[v+1]]
		hit = slices.Grow(hit[:0], len(opts))[:len(opts)]
		clear(hit)
		left := len(opts)
		var h []int32
		touched = touched[:0]
		for _, o := range opts {
			for _, u := range optBits[optAt[o]:optAt[o+1]] {
				if u != int32(v) {
					if count[u] == 0 {
						touched = append(touched, u)
					}
					count[u]++
				}
			}
		}
		for left > 0 && len(h) < maxHitting {
			best, bestN := int32(-1), int32(0)
			for _, u := range touched {
				if n := count[u]; n > bestN || (n == bestN && n > 0 && u < best) {
					best, bestN = u, n
				}
			}
			if best < 0 {
				break // an option covers v alone
			}
			h = append(h, best)
			for k, o := range opts {
				if bits := optBits[optAt[o]:optAt[o+1]]; !hit[k] && slices.Contains(bits, best) {
					hit[k] = true
					left--
					for _, u := range bits {
						if u != int32(v) {
							count[u]--
						}
					}
				}
			}
		}
		for _, u := range touched {
			count[u] = 0
		}
		if left == 0 {
			sortInt32(h)
			out[v] = h
		}
	}
	return out
}
