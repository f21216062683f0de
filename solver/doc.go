// Package solver is polyviz's exact cover engine: Knuth's Algorithm X with
// dancing links (TAOCP 7.2.2.1), with his extensions for colours (Algorithm
// C, as in DLX2) and multiplicities (Algorithm M, as in DLX3), a reader and
// writer for the DLX file format his programs use, and a parallel search.
// It knows nothing of cubes: only items and options.
//
// # Exact cover
//
// A Problem has primary items, which a solution must cover exactly once,
// secondary items, which it may cover at most once, and options, each a set
// of items. A solution is a set of options that covers every primary item
// exactly once and no secondary item twice. Knuth's extensions: an option may
// give a secondary item a colour ("x:red"), and options that agree on the
// colour may share it; a primary item may have bounds u..v and must then be
// covered between u and v times.
//
// # The search
//
// Solve makes the same search as Knuth's DLX1 on a plain problem: at every
// node it branches on the active primary item with the fewest remaining
// options (the leftmost on ties) and tries them in the order of the file.
// So it reports the same statistics: Nodes counts one per level entered and
// one per solution, Updates one per item covered and one per option node
// hidden. On Knuth's reference files these equal DLX1's figures exactly
// (pentomino 6x10: 9356 solutions, 3615972 nodes, 1234494906 updates). The
// hot loop follows DLX1's layout (one array of 16-byte nodes, options as
// runs separated by spacers) and runs at DLX1's speed.
//
// There is one search loop, Knuth's Algorithm M with his step numbers
// M1..M9 (search.go); a plain problem (X) or one with colours (C) is M with
// every bound 1, and takes the plain paths with DLX1's and DLX2's figures.
//
// # Parallel search
//
// One driver runs every engine (driver.go): the tree is cut once into
// tasks, breadth first from the root (at least 4096 when the tree is that
// big; 128 a worker for the engines in tree order without checkpoints), each the subtree below a prefix of choices, and the workers take
// them one after another. Dancing links keeps the tasks in the tree's
// order, so one worker and N make DLX1's search and Options.Ordered gives
// DLX1's order of the solutions; the bitset engine takes them in a fixed
// pseudo-random order, which makes the progress estimate converge. The
// counts stay identical to one worker's. Checkpoints, resume and split
// jobs are lists of the tasks not yet searched, the same for every engine.
// An engine is a taskSearch (tasksearch.go): replay a prefix, search below
// it, expand a node into its children, and its counters.
//
// # Limits
//
// ParseDLXContext reads a DLX file under a context (a cancel stops it within
// milliseconds) and ReadLimits (entries, and memory as EstimateMemory counts
// it), refusing a file that passes them with a positioned error that unwraps
// to ErrTooLarge. Problem.MemoryEstimate(workers) gives the memory a
// parallel search of a problem needs (every worker copies the structure);
// Solve refuses more than MaxWorkers workers.
//
// # Engines
//
// Options.Engine chooses the search. The zero value, EngineDLX, is the
// dancing-links search above. EngineBits runs the bitset engine for
// packings when the problem allows it (no colours, at most 512 items;
// BitsApplies says): without multiplicities it walks DLX1's own tree with
// each level's live options as a bitset (bitsopt.go), DLX1's nodes and
// updates included; with multiplicities it branches on the first uncovered
// item in a fixed order (bitssearch.go), with counts of its own. EngineCell
// is the cell search for packings of at most 64 cells (cellsearch.go): the
// first empty cell on a one-word board, with a region test, and counts of
// its own. EngineAuto is the bitset engine unless the solutions must come
// in DLX1's order. Every engine finds the same set of solutions, in its own
// order; Stats.Engine says which ran. The figures are in
// docs/PERFORMANCE.md.
//
// # Control
//
// Solve stops when its context is cancelled (within a millisecond or so),
// after Options.MaxSolutions solutions or when visit returns false. A
// Control pauses and resumes it; Options.Progress receives snapshots about
// ten times a second, with Knuth's estimate of the fraction of the tree done.
package solver
