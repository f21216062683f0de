package ui

import "math"

// AssemblyStep is one step of an assembly path: the pieces (indices into
// the solution, in its order) slide together by Shift, in cells. Enter is
// true when they come in from outside (the reverse of a removal): such
// pieces are not shown before their first step.
type AssemblyStep struct {
	Pieces []int
	Shift  [3]float64
	Enter  bool
}

// AssemblyPlan is how a solution can be put together, one step at a time,
// with no piece passing through another: the reverse of its disassembly.
// With no steps (the packing cannot be taken apart), the window falls back
// to each piece flying in, and Note says why.
type AssemblyPlan struct {
	Steps []AssemblyStep
	// Level is the disassembly's level: the moves up to and including the
	// first that takes a piece out (0 when it cannot be taken apart);
	// Notation is BurrTools' level string ("98.2.4.2").
	Level    int
	Notation string
	Note     string
}

// at returns, pos steps into the plan (0..len(Steps), fractional in the
// middle of a step), each of the n pieces' offset from its place and
// whether it is shown.
func (a *AssemblyPlan) at(n int, pos float64) (off [][3]float64, shown []bool) {
	off = make([][3]float64, n)
	shown = make([]bool, n)
	enters := make([]bool, n)
	for i := range shown {
		shown[i] = true
	}
	// the start: every piece displaced by all of its steps, reversed
	for _, st := range a.Steps {
		for _, i := range st.Pieces {
			if i >= 0 && i < n {
				for k := range 3 {
					off[i][k] -= st.Shift[k]
				}
				enters[i] = enters[i] || st.Enter
			}
		}
	}
	for i := range shown {
		shown[i] = !enters[i]
	}
	// the steps made so far, the current one eased
	for s, st := range a.Steps {
		p := pos - float64(s)
		if p <= 0 {
			break
		}
		f := easeInOut(math.Min(p, 1))
		for _, i := range st.Pieces {
			if i >= 0 && i < n {
				shown[i] = true
				for k := range 3 {
					off[i][k] += f * st.Shift[k]
				}
			}
		}
	}
	for i := range off {
		for k := range 3 {
			if math.Abs(off[i][k]) < 1e-9 {
				off[i][k] = 0
			}
		}
	}
	return off, shown
}

// easeInOut is the cubic ease-in-out: a step starts and stops gently.
func easeInOut(p float64) float64 {
	if p < 0.5 {
		return 4 * p * p * p
	}
	q := 2 - 2*p
	return 1 - q*q*q/2
}
