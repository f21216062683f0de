package solver

import (
	"fmt"
	"math"
)

// MaxCount bounds every figure of a checkpoint that a run goes on from (its
// solutions, nodes, updates, profile levels and counters): a run adds its
// own counts to them, and below 2^62 no sum of two can wrap around.
const MaxCount = math.MaxInt64 / 2

// Check says what is wrong with the figures of c as a checkpoint of p,
// or nil. They must be non-negative and at most MaxCount; the nodes must
// be the sum of the profile, the deepest level the profile's last; the
// solutions no more than the nodes; and when p fixes the level of every
// solution (SolutionDepth), the solutions must be exactly the nodes of that
// level, and no node lies below it. These are the checks `polyviz merge`
// makes of a job's result: a count changed by hand, with the file's digest
// recomputed, seldom passes them.
func (c *Checkpoint) Check(p *Problem) error {
	return CheckFigures(c.Solutions, c.Nodes, c.Updates, c.Profile, c.MaxLevel, SolutionDepth(p), c.Counters)
}

// CheckFigures is Check on figures apart: depth is the level of every
// solution, or 0 when the problem does not fix it; counters are the named
// counts kept with them (each within 0 and MaxCount).
func CheckFigures(solutions, nodes, updates int64, profile []int64, maxLevel, depth int, counters map[string]int64) error {
	for _, v := range []struct {
		name string
		n    int64
	}{{"solutions", solutions}, {"nodes", nodes}, {"updates", updates}} {
		if v.n < 0 || v.n > MaxCount {
			return fmt.Errorf("%s %d: out of range (0 to %d)", v.name, v.n, int64(MaxCount))
		}
	}
	for name, n := range counters {
		if n < 0 || n > MaxCount {
			return fmt.Errorf("count %q %d: out of range (0 to %d)", name, n, int64(MaxCount))
		}
	}
	// a checkpoint taken before any node was counted has no profile; such
	// files were written with max_level -1, and are read
	if maxLevel < 0 && !(maxLevel == -1 && len(profile) == 0) {
		return fmt.Errorf("negative max_level")
	}
	var sum int64
	for l, n := range profile {
		if n < 0 || n > MaxCount {
			return fmt.Errorf("profile level %d: %d out of range (0 to %d)", l, n, int64(MaxCount))
		}
		if sum += n; sum > MaxCount {
			return fmt.Errorf("the profile adds up to more than %d", int64(MaxCount))
		}
	}
	if sum != nodes {
		return fmt.Errorf("%d nodes, but the profile adds up to %d", nodes, sum)
	}
	if len(profile) > 0 && maxLevel != len(profile)-1 {
		return fmt.Errorf("max_level %d, but the profile has %d levels", maxLevel, len(profile))
	}
	// Where depth is not fixed (multiplicities, pieces that may stay out),
	// an engine may count several solutions at one node, so solutions may
	// pass nodes there.
	if depth > 0 && solutions > nodes {
		return fmt.Errorf("%d solutions but only %d nodes", solutions, nodes)
	}
	if depth > 0 {
		var last int64
		if depth < len(profile) {
			last = profile[depth]
		}
		if len(profile) > depth+1 {
			return fmt.Errorf("the profile goes below level %d, where every solution lies", depth)
		}
		if solutions != last {
			return fmt.Errorf("%d solutions, but the profile's last level (%d, where every solution lies) has %d nodes", solutions, depth, last)
		}
	}
	return nil
}

// SolutionDepth is the level of every solution of p when the problem fixes
// it and every node at that level is a solution, else 0. It fixes it when
// the primary items have no multiplicities and the first primary items of
// the options (the pieces, in Knuth's packing files) are such that each
// option has exactly one of them: every solution then takes one option for
// each. Every node at that level is a solution when, moreover, all options
// of a piece cover the same number of primary items and these numbers add
// up to all the primary items: n options that cover no item twice then
// cover them all. (A box with cells that may stay empty, or pieces smaller
// than the box, has nodes at that level that are no solution.)
func SolutionDepth(p *Problem) int {
	if p == nil || p.Err() != nil || p.hasMultiplicities() {
		return 0
	}
	first := make([]bool, p.NumPrimary())
	n := 0
	for o := range p.NumOptions() {
		for _, i := range p.OptionItemIndexes(o) {
			if i < p.NumPrimary() {
				if !first[i] {
					first[i] = true
					n++
				}
				break
			}
		}
	}
	size := make([]int, p.NumPrimary()) // piece -> the primary items each of its options covers
	for o := range p.NumOptions() {
		k, piece, primary := 0, -1, 0
		for _, i := range p.OptionItemIndexes(o) {
			if i < len(first) {
				primary++
				if first[i] {
					k, piece = k+1, i
				}
			}
		}
		if k != 1 || size[piece] != 0 && size[piece] != primary {
			return 0
		}
		size[piece] = primary
	}
	total := 0
	for _, s := range size {
		total += s
	}
	if total != p.NumPrimary() {
		return 0
	}
	return n
}
