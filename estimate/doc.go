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
// interval in estimate.go: 3 standard errors below the mean, 5 above,
// widened when few probes met a solution).
//
// Each probe looks one level ahead: at a node it tries every child, counts
// the leaves among them (dead ends and solutions) exactly, and goes on into
// one of the other children, chosen uniformly, multiplying by their number.
// This is still unbiased (a stratified version of the same sum) and reaches
// far more solutions per probe in packing puzzles, whose trees are full of
// dead ends one level down.
//
// Two kinds of node walk the tree (node, bitwalk.go). A plain exact cover
// of up to 8192 options (every packing: no colours, no multiplicities)
// keeps each level's options left as a bitset, so a child is an AND with
// the complement of the chosen option's conflict set and an item's count a
// few AND+POPCNT; any other problem keeps DLX1's state as flags and
// counts, hiding options one by one and undoing them. Both choose the same
// items and options, so the same seed gives the same figures
// (TestBitWalkerIsWalker); with the bitsets the whole estimate command is
// 8 to 16 times faster.
//
// Walk counts the whole tree the probes sample; on the library puzzles and
// on random problems its nodes and updates equal those of solver's dancing
// links exactly, which is how the tests know the probes sample the tree the
// engine searches. Calibrate measures the engine's updates per second on
// the problem, which turns the estimated updates into seconds.
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
