// Package estimate tells what a search will cost before it runs: random
// root-to-leaf probes of the very tree Knuth's DLX1 (and polyviz's dancing
// links) walks give unbiased estimates of its number of nodes, updates and
// solutions (Knuth, "Estimating the efficiency of backtrack programs",
// Math. Comp. 29 (1975); TAOCP 7.2.2, "estimating the cost of
// backtracking").
//
// # The estimator
//
// A probe starts at the root and, at every node, branches on the item DLX1
// would choose (the active primary item with the fewest remaining options,
// the leftmost on ties), then follows one of its d options chosen uniformly
// at random. If the degrees met on the way are d0, d1, ..., the node at
// depth l stands for d0·d1·…·d(l-1) nodes of its depth, so the sum of these
// products estimates the number of nodes, and the product at a leaf that is
// a solution estimates the number of solutions. Each estimate is unbiased:
// a node at depth l is reached with probability 1/(d0·…·d(l-1)). The mean of
// many probes converges to the truth; its spread gives an interval (see
// Interval).
//
// # Example
//
//	p, _ := solver.ParseDLX(strings.NewReader(dlx))
//	r, _ := estimate.Run(ctx, p, estimate.Options{Probes: 10000, Seed: 1})
//	fmt.Printf("about %.0f solutions (%.0f-%.0f)\n", r.Solutions.Mean, r.Solutions.Low, r.Solutions.High)
//
// Multiplicities (DLX3's bounds) are honoured by branching only on items
// that must be covered exactly once and checking the other bounds at the
// leaves; each solution is then one leaf, so the solution estimate stays
// unbiased, but the tree is not DLX3's (whose choice rule differs), and a
// problem whose options do not all cover an exactly-once item is refused
// (ErrUnsupported).
package estimate
