package puzzle

import "slices"

// ClassSize returns how many solutions of the puzzle the solution with the
// given option numbers stands for in mode d: the number of distinct images
// of it under the symmetries counted (1 in DistinctNone, and for options
// out of range). It is the Images of SolveDistinct's representative, for any
// solution of the class.
func (s *Symmetry) ClassSize(d Distinct, options []int) int {
	if d == DistinctNone {
		return 1
	}
	n := len(s.canon)
	sol := make([]int32, len(options))
	for i, o := range options {
		if o < 0 || o >= n {
			return 1
		}
		sol[i] = s.canon[o]
	}
	slices.Sort(sol)
	_, images := s.classOf(sol, s.group(d), func([]int32) bool { return false }) // every image counted
	return images
}
