// Package estimate tells what a search will cost before it runs: random
// probes of the very tree Knuth's DLX1 (and polyviz's dancing links) walks
// give unbiased estimates of its number of nodes, updates and solutions
// (Knuth, "Estimating the efficiency of backtrack programs", Math. Comp. 29
// (1975); TAOCP 7.2.2, "estimating the cost of backtracking").
//
// # The estimator
//
// Knuth's probe starts at the root and, at every node, branches on the
// item DLX1 would choose (the active primary item with the fewest
// remaining options, the leftmost on ties), then follows one of its d
// options chosen uniformly at random. If the degrees met on the way are
// d0, d1, ..., the node at depth l stands for d0·d1·…·d(l-1) nodes of its
// depth, so the sum of these products estimates the number of nodes, and
// the product at a leaf that is a solution estimates the number of
// solutions. Each estimate is unbiased: a node at depth l is reached with
// probability 1/(d0·…·d(l-1)). But in a packing puzzle solutions are rare
// leaves, and a probe seldom meets one: the spread of such probes is huge.
//
// Run's probes are stratified (Chen, "Heuristic sampling: a method for
// predicting the performance of tree searching programs", SIAM J. Comput.
// 21 (1992)): a probe goes down level by level and expands every node it
// keeps; its children are put in strata by the number of options left
// (DefaultStrata strata for each halving), and each stratum keeps one of
// them, chosen with probability proportional to the weight each brings,
// with the sum of their weights. A node of weight w stands for w nodes, so
// the sums stay unbiased; nodes of a stratum have subtrees of like size,
// so the spread is far smaller than Knuth's (the special case of one
// stratum a level), and a probe meets many solutions. Each probe also
// looks one level ahead: leaves and dead ends are counted exactly, never
// sampled. A tree of a few thousand nodes is walked whole before any
// probe, and a probe that never puts two nodes in a stratum has walked the
// whole tree too: the figures are then exact (Result.Exact).
//
// The probes are independent, so their mean comes with an interval of
// z standard errors below and 3z above (z from the confidence, 1.96 for
// 95%): the probes' figures have a long right tail, and a mean is more
// often below the truth than above it. With a Budget, Run goes on until
// the solutions' interval is within Ratio (10x: high at most ten times
// low, low above 0) after at least 100 probes of which 30 met a solution,
// or the budget runs out; TestCoverage checks over hundreds of seeds that
// intervals stopped this way hold the truth at the stated confidence.
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
//	r, _ := estimate.Run(ctx, p, estimate.Options{Seed: 1, Budget: estimate.DefaultBudget})
//	fmt.Printf("about %.0f solutions (%.0f-%.0f, %.0f%%)\n", r.Solutions.Mean, r.Solutions.Low, r.Solutions.High, 100*r.Confidence)
//
// Multiplicities (DLX3's bounds) are honoured by branching only on items
// that must be covered exactly once and checking the other bounds at the
// leaves; each solution is then one leaf, so the solution estimate stays
// unbiased, but the tree is not DLX3's (whose choice rule differs), and a
// problem whose options do not all cover an exactly-once item is refused
// (ErrUnsupported).
package estimate
