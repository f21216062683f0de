package polystick

import (
	"context"
	"slices"

	"polyviz/polyform"
	"polyviz/solver"
)

// Symmetry is a motion of the grid that maps the board onto itself: the
// motion (polyform.MovePoint's k) followed by a translation.
type Symmetry struct {
	Motion int
	DX, DY int
}

// Apply moves a stick by the symmetry.
func (g Symmetry) Apply(s polyform.Stick) polyform.Stick {
	m := s.Move(g.Motion)
	m.X += g.DX
	m.Y += g.DY
	return m
}

// Symmetries returns the board's symmetries, the identity first: the
// motions that map its sticks onto themselves once the image is moved
// back onto the board (a translation taking the image's lower corner to
// the board's). With rotationsOnly, the rotations among them.
func (p *Puzzle) Symmetries(rotationsOnly bool) []Symmetry {
	lx, ly := corner(p.Board)
	var out []Symmetry
	for k := range polyform.StickMotions {
		if rotationsOnly && !polyform.ProperStickMotion(k) {
			continue
		}
		moved := make([]polyform.Stick, len(p.Board))
		for i, s := range p.Board {
			moved[i] = s.Move(k)
		}
		mx, my := corner(moved)
		g := Symmetry{Motion: k, DX: lx - mx, DY: ly - my}
		for i := range moved {
			moved[i].X += g.DX
			moved[i].Y += g.DY
		}
		slices.SortFunc(moved, polyform.Stick.Compare)
		if slices.Equal(moved, p.Board) {
			out = append(out, g)
		}
	}
	return out
}

// corner is the least x and least y of sticks' points.
func corner(sticks []polyform.Stick) (int, int) {
	lx, ly := sticks[0].X, sticks[0].Y
	for _, s := range sticks {
		lx, ly = min(lx, s.X), min(ly, s.Y)
	}
	return lx, ly
}

// Image returns the options of a solution moved by g, sorted; ok is false
// if some moved placement is not a placement of the puzzle (it always is
// when g is one of the board's symmetries and the puzzle lets every piece
// take every orientation g makes, which one-sided pieces under a
// reflection do not).
func (b *Build) Image(g Symmetry, options []int) (img []int, ok bool) {
	img = make([]int, len(options))
	moved := make([]polyform.Stick, 0, 8)
	for i, o := range options {
		pl := b.Placements[o]
		moved = moved[:0]
		for _, s := range pl.Sticks {
			moved = append(moved, g.Apply(s))
		}
		slices.SortFunc(moved, polyform.Stick.Compare)
		j, found := b.index[placementKey(pl.Piece, moved)]
		if !found {
			return nil, false
		}
		img[i] = j
	}
	slices.Sort(img)
	return img, true
}

// Mode says which solutions are the same.
type Mode int

const (
	// Raw counts every solution.
	Raw Mode = iota
	// Rotations counts solutions that no rotation of the board turns into
	// one another as one.
	Rotations
	// All counts solutions that no rotation or reflection of the board
	// turns into one another as one.
	All
)

// String returns "raw", "rotations" or "all".
func (m Mode) String() string {
	switch m {
	case Rotations:
		return "rotations"
	case All:
		return "all"
	}
	return "raw"
}

// Group returns the symmetries counted in mode m: the identity alone for
// Raw; for a one-sided puzzle, whose pieces may not be flipped, All is
// Rotations (a reflected solution is not a solution).
func (b *Build) Group(m Mode) []Symmetry {
	switch {
	case m == Raw:
		return []Symmetry{{}}
	case m == Rotations || b.OneSided:
		return b.Symmetries(true)
	}
	return b.Symmetries(false)
}

// Stats are the figures of a count.
type Stats struct {
	solver.Stats
	// Raw is every solution; Distinct those counted in the mode.
	Raw, Distinct int64
	// Group is the number of symmetries counted under.
	Group int
}

// Canonical reports whether a solution (its options) is the least, as a
// sorted list of option numbers, of its images under group.
func (b *Build) Canonical(group []Symmetry, options []int) bool {
	self := slices.Sorted(slices.Values(options))
	for _, g := range group[1:] {
		img, ok := b.Image(g, self)
		if ok && slices.Compare(img, self) < 0 {
			return false
		}
	}
	return true
}

// Lock returns a piece every solution places exactly once and that no
// motion but the identity maps onto itself (its shape has eight distinct
// orientations), the first in the spec's order; -1 if there is none.
func (b *Build) Lock() int {
	for i, pc := range b.Pieces {
		if pc.Min == 1 && pc.Max == 1 && len(polyform.StickOrientations(pc.Sticks, polyform.Free)) == polyform.StickMotions {
			return i
		}
	}
	return -1
}

// Count searches the solutions of mode m and visits (if visit is not nil)
// every solution for Raw, else one of each class of solutions that a
// symmetry of the board (Group) turns into one another.
//
// With a lock piece P (Lock), it searches a smaller problem: P keeps one
// placement of each orbit of its placements under the group G. The count
// is exact: G acts on the solutions (an image of a solution is a solution,
// since a symmetry maps the board's sticks and inner points onto
// themselves and a placement onto a placement of the same piece), so the
// solutions fall into classes, the orbits of G. No symmetry but the
// identity fixes a placement of P (it would be a symmetry of P's shape),
// so a class of solutions has |G| members, and P's placements in them are
// its orbit's |G| placements, one in each member: exactly one member
// places P on the kept placement, and the smaller problem finds each
// class once. Raw is then |G| times the classes.
//
// A plain count of every solution (Raw, with no visit and no limit) with a
// lock piece is made the same way: |G| times the classes.
//
// Without a lock piece it walks every solution and keeps those that are
// the least (their options sorted, compared as lists of numbers) among
// their images: every class has exactly one least member.
func (b *Build) Count(ctx context.Context, m Mode, opt solver.Options, visit func(solver.Solution) bool) (Stats, error) {
	group := b.Group(m)
	lock := b.Lock()
	if m == Raw && visit == nil && opt.MaxSolutions == 0 && lock >= 0 {
		// a plain count: the classes under the whole group, each of its
		// order (see above)
		st, err := b.countLocked(ctx, lock, b.Group(All), opt, nil)
		st.Distinct, st.Solutions = st.Raw, st.Raw
		return st, err
	}
	if m == Raw || lock < 0 || len(group) == 1 {
		return b.countAll(ctx, m, group, opt, visit)
	}
	return b.countLocked(ctx, lock, group, opt, visit)
}

// countLocked is Count with lock piece lock.
func (b *Build) countLocked(ctx context.Context, lock int, group []Symmetry, opt solver.Options, visit func(solver.Solution) bool) (Stats, error) {
	keep := make([]int, 0, len(b.Placements))
	for i, pl := range b.Placements {
		if pl.Piece != lock || b.leastOfOrbit(group, i) {
			keep = append(keep, i)
		}
	}
	prob, err := b.problem(keep)
	if err != nil {
		return Stats{}, err
	}
	st := Stats{Group: len(group)}
	if visit != nil {
		opt.Ordered = true
	}
	ss, err := solver.Solve(ctx, prob, opt, func(s solver.Solution) bool {
		if visit == nil {
			return true
		}
		orig := make([]int, len(s.Options))
		for i, o := range s.Options {
			orig[i] = keep[o]
		}
		return visit(solver.Solution{Options: orig})
	})
	st.Stats = ss
	st.Distinct = ss.Solutions
	st.Raw = ss.Solutions * int64(len(group))
	return st, err
}

// leastOfOrbit reports whether placement i is the least of its images.
func (b *Build) leastOfOrbit(group []Symmetry, i int) bool {
	for _, g := range group[1:] {
		if img, ok := b.Image(g, []int{i}); ok && img[0] < i {
			return false
		}
	}
	return true
}

// countAll walks every solution (see Count).
func (b *Build) countAll(ctx context.Context, m Mode, group []Symmetry, opt solver.Options, visit func(solver.Solution) bool) (Stats, error) {
	st := Stats{Group: len(group)}
	if visit != nil {
		opt.Ordered = true
	}
	maxOut := opt.MaxSolutions
	opt.MaxSolutions = 0
	ss, err := solver.Solve(ctx, b.Problem, opt, func(s solver.Solution) bool {
		st.Raw++
		if m != Raw && !b.Canonical(group, s.Options) {
			return true
		}
		st.Distinct++
		if visit != nil && !visit(s) {
			return false
		}
		return maxOut == 0 || st.Distinct < maxOut
	})
	st.Stats = ss
	return st, err
}
