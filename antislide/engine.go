package antislide

import (
	"context"
	"math"
	"math/bits"
	"sync/atomic"
)

// Cell states in the search.
const (
	undecided int8 = iota
	occupied
	empty
)

// checkEvery is how many nodes a worker visits between looks at its
// context and between progress reports.
const checkEvery = 1 << 12

// engine is one worker's search state on an instance.
//
// The search follows ANTISLIDE: the constraints in force are those of the
// pieces placed so far that no piece satisfies yet; it branches on the
// strongest one. Where Knuth branches on every move that meets a constraint
// (and then disallows it in the later branches, with a stamp so a move
// meeting two of its cells counts once), this engine branches on one cell c
// of the constraint: "c is covered by move m" for each move m on c, or "c
// stays empty". The branches are disjoint without disallowing anything,
// and an empty cell is remembered, which kills every move through it. A
// cell that no remaining move can cover is as good as empty, so the
// constraint's cells that count are the undecided ones with moves left; a
// constraint with none left is a dead end. When no constraint is in force
// the pieces placed form a packing, counted there; to go on, every
// available move is made in turn and disallowed after its subtree, as
// ANTISLIDE does (walkFree).
//
// The moves still available are a bitset, one per level of the search
// (undoing a decision is going back a level): placing a move removes the
// moves that meet it, leaving a cell empty removes the moves through it,
// each a few word operations; the moves left on a cell are its bitset of
// moves and the available ones, counted by popcount.
type engine struct {
	in *instance

	words   int      // words of a move bitset
	atMask  []uint64 // per cell: the moves through it (words each)
	hitMask []uint64 // per move: the moves that meet it (words each)
	avail   []uint64 // available moves, one bitset per level
	level   int      // current level: avail[level*words:]

	state   []int8  // per cell
	stack   []int32 // constraints in force, one segment per level
	chosen  []int32 // moves made
	path    []int32 // decisions: a move m, or -(c+1) for "cell c empty"
	pieces  int
	empties int // cells left empty by a decision
	max     int
	counts  []int64

	// orbit roots (instance.orbits set): the orbit of the first move, the
	// number of moves made in it, and the weighted counts by pieces and by
	// that number
	rootOrbit int32
	inRoot    int
	wcounts   [][]int64
	tick      int

	ctx      context.Context
	stop     *atomic.Bool
	nodesAll *atomic.Int64
	visit    func(e *engine) bool
	splitAt  int
	emit     func(t task)
}

// task is a subtree of the search: the decisions that lead to it from the
// root (moves made, cells left empty, moves disallowed).
type task struct {
	path []int32
}

func newEngine(ctx context.Context, in *instance, maxPieces int, stop *atomic.Bool, nodesAll *atomic.Int64) *engine {
	if maxPieces <= 0 {
		maxPieces = math.MaxInt32
	}
	w := (len(in.moves) + 63) / 64
	e := &engine{
		in:        in,
		words:     w,
		atMask:    in.at,
		hitMask:   in.hit,
		avail:     make([]uint64, w*(in.n+2)),
		state:     make([]int8, in.n),
		max:       maxPieces,
		rootOrbit: -1,
		ctx:       ctx,
		stop:      stop,
		nodesAll:  nodesAll,
	}
	for m := range in.moves {
		e.avail[m/64] |= 1 << (m % 64)
	}
	return e
}

// start makes the preset moves and pushes the initial constraints; it
// returns the constraint segment in force, or ok false when the preset
// moves overlap or exceed the piece limit (then nothing is counted).
func (e *engine) start() (lo, hi int, ok bool) {
	lo = len(e.stack)
	e.stack = append(e.stack, e.in.initial...)
	hi = len(e.stack)
	for _, m := range e.in.preset {
		if !e.fits(m) {
			return 0, 0, false
		}
		lo, hi = e.place(m, lo, hi)
	}
	return lo, hi, true
}

// cur returns the bitset of available moves at the current level.
func (e *engine) cur() []uint64 { return e.avail[e.level*e.words : (e.level+1)*e.words] }

// push starts a level whose available moves are the current ones minus mask.
func (e *engine) push(mask []uint64) {
	a := e.cur()
	e.level++
	b := e.cur()
	for i := range b {
		b[i] = a[i] &^ mask[i]
	}
}

// movesOn returns the number of available moves through cell c.
func (e *engine) movesOn(c int32) int32 {
	a := e.cur()
	at := e.atMask[int(c)*e.words : (int(c)+1)*e.words]
	n := 0
	for i, w := range at {
		n += bits.OnesCount64(w & a[i])
	}
	return int32(n)
}

// satisfied reports whether a piece occupies a cell of constraint k.
func (e *engine) satisfied(k int32) bool {
	for _, c := range e.in.conCells[k] {
		if e.state[c] == occupied {
			return true
		}
	}
	return false
}

// place makes move m and returns the new segment of constraints in force:
// those of stack[lo:hi] still unsatisfied, then m's own unsatisfied ones.
func (e *engine) place(m int32, lo, hi int) (int, int) {
	if o := e.in.orbits; o != nil {
		if len(e.chosen) == 0 {
			e.rootOrbit = o.of[m]
		}
		if o.of[m] == e.rootOrbit {
			e.inRoot++
		}
	}
	e.chosen = append(e.chosen, m)
	e.pieces += int(e.in.weight[m])
	e.push(e.hitMask[int(m)*e.words : (int(m)+1)*e.words])
	for _, c := range e.in.moves[m] {
		e.state[c] = occupied
	}
	nlo := len(e.stack)
	for i := lo; i < hi; i++ {
		if k := e.stack[i]; !e.satisfied(k) {
			e.stack = append(e.stack, k)
		}
	}
	for _, k := range e.in.cons[m] {
		if !e.satisfied(k) {
			e.stack = append(e.stack, k)
		}
	}
	return nlo, len(e.stack)
}

// unplace undoes place(m, ...), whose segment began at nlo.
func (e *engine) unplace(m int32, nlo int) {
	e.stack = e.stack[:nlo]
	for _, c := range e.in.moves[m] {
		e.state[c] = undecided
	}
	e.level--
	e.pieces -= int(e.in.weight[m])
	e.chosen = e.chosen[:len(e.chosen)-1]
	if o := e.in.orbits; o != nil {
		if o.of[m] == e.rootOrbit {
			e.inRoot--
		}
		if len(e.chosen) == 0 {
			e.rootOrbit = -1
		}
	}
}

// setEmpty leaves cell c empty.
func (e *engine) setEmpty(c int32) {
	e.empties++
	e.state[c] = empty
	e.push(e.atMask[int(c)*e.words : (int(c)+1)*e.words])
}

// unsetEmpty undoes setEmpty(c).
func (e *engine) unsetEmpty(c int32) {
	e.empties--
	e.state[c] = undecided
	e.level--
}

// fits reports whether move m is available and within the piece limit.
func (e *engine) fits(m int32) bool {
	return e.cur()[m/64]&(1<<(m%64)) != 0 && e.pieces+int(e.in.weight[m]) <= e.max
}

// leaf counts the packing made of the moves chosen.
func (e *engine) leaf() {
	if e.rootOrbit >= 0 {
		// a packing whose first orbit is rootOrbit, found once for each of
		// its moves in that orbit (weighted, see orbitRoots)
		for len(e.wcounts) <= e.pieces {
			e.wcounts = append(e.wcounts, nil)
		}
		w := e.wcounts[e.pieces]
		for len(w) <= e.inRoot {
			w = append(w, 0)
		}
		w[e.inRoot] += e.in.orbits.size[e.rootOrbit]
		e.wcounts[e.pieces] = w
	} else {
		for len(e.counts) <= e.pieces {
			e.counts = append(e.counts, 0)
		}
		e.counts[e.pieces]++
	}
	if e.visit != nil && !e.visit(e) {
		e.stop.Store(true)
	}
}

// poll counts a node and, every checkEvery nodes, reports them and looks at
// the context. It returns false when the search must stop.
func (e *engine) poll() bool {
	e.tick++
	if e.tick >= checkEvery {
		e.tick = 0
		if e.nodesAll != nil {
			e.nodesAll.Add(checkEvery)
		}
		if e.ctx.Err() != nil {
			e.stop.Store(true)
		}
	}
	return !e.stop.Load()
}

// walk searches the subtree below the current state, with constraints
// stack[lo:hi] in force. With splitAt set it stops at that many decisions
// and hands the subtree to emit.
func (e *engine) walk(lo, hi int) {
	if !e.poll() {
		return
	}
	if e.splitAt > 0 && len(e.chosen)+e.empties >= e.splitAt {
		e.emit(task{path: append([]int32(nil), e.path...)})
		return
	}
	if lo == hi {
		e.walkFree(lo, hi)
		return
	}
	if e.pieces >= e.max {
		return
	}
	// choose the constraint with fewest branches, and its cell with fewest moves
	bestCell, bestLive, bestCount := int32(-1), int32(0), int32(math.MaxInt32)
	for i := lo; i < hi; i++ {
		k := e.stack[i]
		live, cell, n := int32(0), int32(-1), int32(math.MaxInt32)
		for _, c := range e.in.conCells[k] {
			if e.state[c] == undecided {
				if a := e.movesOn(c); a > 0 {
					live++
					if a < n {
						cell, n = c, a
					}
				}
			}
		}
		if live == 0 {
			return // no piece can ever satisfy it
		}
		if live > 1 {
			n++ // the branch "cell stays empty"
		}
		if n < bestCount {
			bestCell, bestLive, bestCount = cell, live, n
		}
	}
	e.branchMoves(bestCell, lo, hi)
	if bestLive > 1 {
		e.branchEmpty(bestCell, lo, hi)
	}
}

// walkFree branches when no constraint is in force: the moves made form a
// packing, counted here; then each available move in turn is made, and
// disallowed in the later branches (ANTISLIDE's "put all remaining moves on
// the move stack"), so that every larger packing is found once. The
// current level's bitset belongs to this node: disallowing a move clears
// its bit there, and the path records it for the subtrees split off.
func (e *engine) walkFree(lo, hi int) {
	e.leaf()
	if e.pieces >= e.max {
		return
	}
	if e.in.orbits != nil && len(e.chosen) == 0 {
		e.walkRoots(lo, hi)
		return
	}
	a := e.cur()
	depth := len(e.path)
	for i := range a {
		for a[i] != 0 {
			m := int32(i*64 + bits.TrailingZeros64(a[i]))
			if e.pieces+int(e.in.weight[m]) <= e.max {
				nlo, nhi := e.place(m, lo, hi)
				e.path = append(e.path, m)
				e.walk(nlo, nhi)
				e.path = e.path[:len(e.path)-1]
				e.unplace(m, nlo)
				if e.stop.Load() {
					e.path = e.path[:depth]
					return
				}
			}
			a[i] &^= 1 << (m % 64)
			e.path = append(e.path, e.disallowCode(m))
		}
	}
	e.path = e.path[:depth]
}

// walkRoots is the root of a search by orbit roots: for each orbit of
// moves under the symmetries, in order, its first move is made and then
// the whole orbit disallowed. The other moves of an orbit need no subtree
// of their own: by symmetry they would find as many packings.
func (e *engine) walkRoots(lo, hi int) {
	depth := len(e.path)
	for _, orbit := range e.in.orbits.moves {
		m := orbit[0]
		if e.fits(m) {
			nlo, nhi := e.place(m, lo, hi)
			e.path = append(e.path, m)
			e.walk(nlo, nhi)
			e.path = e.path[:len(e.path)-1]
			e.unplace(m, nlo)
			if e.stop.Load() {
				break
			}
		}
		for _, x := range orbit {
			e.cur()[x/64] &^= 1 << (x % 64)
			e.path = append(e.path, e.disallowCode(x))
		}
	}
	e.path = e.path[:depth]
}

// disallowCode is the path entry for "move m disallowed".
func (e *engine) disallowCode(m int32) int32 { return -int32(e.in.n) - 1 - m }

// branchMoves tries each available move through cell c.
func (e *engine) branchMoves(c int32, lo, hi int) {
	for _, m := range e.in.movesAt[c] {
		if !e.fits(m) {
			continue
		}
		nlo, nhi := e.place(m, lo, hi)
		e.path = append(e.path, m)
		e.walk(nlo, nhi)
		e.path = e.path[:len(e.path)-1]
		e.unplace(m, nlo)
		if e.stop.Load() {
			return
		}
	}
}

// branchEmpty tries cell c empty.
func (e *engine) branchEmpty(c int32, lo, hi int) {
	if e.stop.Load() {
		return
	}
	e.setEmpty(c)
	e.path = append(e.path, -(c + 1))
	e.walk(lo, hi)
	e.path = e.path[:len(e.path)-1]
	e.unsetEmpty(c)
}

// replay follows a task's decisions from the root and returns the
// constraint segment in force at its end.
func (e *engine) replay(t task, lo, hi int) (int, int) {
	for _, d := range t.path {
		e.path = append(e.path, d)
		switch {
		case d >= 0:
			lo, hi = e.place(d, lo, hi)
		case d >= -int32(e.in.n):
			e.setEmpty(-d - 1)
		default:
			m := -d - 1 - int32(e.in.n)
			e.cur()[m/64] &^= 1 << (m % 64)
		}
	}
	return lo, hi
}
