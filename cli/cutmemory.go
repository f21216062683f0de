package cli

import (
	"fmt"

	"polyviz/puzzle"
	"polyviz/solver"
)

// cutFits reports whether the symmetry cut's setup (puzzle.CutBytes) and
// the search fit in solve's --max-memory, before any of it is built. When
// they do not, it says so: a distinct count (mode not DistinctNone) is
// then refused; a count by symmetry searches the whole tree instead, which
// the load found fits.
func cutFits(std IO, in *loadedInput, mode puzzle.Distinct, f solveFlags) bool {
	limit := int64(f.memory)
	if limit <= 0 || in.Puzzle == nil {
		return true
	}
	need := in.Problem.MemoryEstimate(f.workers) + in.Puzzle.CutBytes()
	if need <= limit {
		return true
	}
	if mode != puzzle.DistinctNone {
		fmt.Fprintf(std.Stderr, "polyviz solve: %s: --distinct %s needs about %s of memory for the symmetry cut and its search, more than the limit of %s: raise the limit with --max-memory SIZE (0: none)\n",
			in.Name, mode, solver.FormatBytes(need), solver.FormatBytes(limit))
		return false
	}
	fmt.Fprintf(std.Stderr, "polyviz solve: %s: counting by symmetry needs about %s of memory, more than the limit of %s: searching the whole tree instead (raise the limit with --max-memory SIZE to count by symmetry)\n",
		in.Name, solver.FormatBytes(need), solver.FormatBytes(limit))
	return false
}
