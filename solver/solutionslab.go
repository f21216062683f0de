package solver

// A solutionSlab hands out the slices of the solutions one search builds,
// cut from larger arrays: two allocations a solution were most of the
// cost of a leaf on a puzzle whose search is short (HexSticks: 744
// solutions in 3.5 ms). Each solution gets a part of the arrays no other
// solution has, so a caller may keep it (ordered delivery holds some) as
// it keeps one made alone; a kept solution keeps its arrays alive, at
// most maxSlab solutions' worth.
type solutionSlab struct {
	opts    []int
	choices []Choice
	size    int // solutions the next arrays hold
}

const maxSlab = 256

// take returns an empty solution with room for n options.
func (sl *solutionSlab) take(n int) Solution {
	if n == 0 {
		return Solution{Options: []int{}, Choices: []Choice{}} // empty, not nil, as before
	}
	if len(sl.opts) < n {
		sl.size = min(max(2*sl.size, 8), maxSlab)
		sl.opts = make([]int, sl.size*n)
		sl.choices = make([]Choice, sl.size*n)
	}
	sol := Solution{Options: sl.opts[:0:n], Choices: sl.choices[:0:n]}
	sl.opts, sl.choices = sl.opts[n:], sl.choices[n:]
	return sol
}
