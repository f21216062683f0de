package fillomino

// The board as FILLOMINO-DLX keeps it: cell (i, j) at index pack(i, j), so
// that its neighbours are at fixed offsets; the cells just outside the board
// hold -1 (the frame), blanks 0 and clues their value. Rows may be up to
// MaxCols wide, so a row takes 256 slots, and rows -1 to MaxRows fit.

// pack is the index of cell (i, j) for -1 <= i <= MaxRows, -1 <= j < 255.
func pack(i, j int) int { return (i+1)<<8 + j + 1 }

// unpack is the cell at index ij.
func unpack(ij int) (i, j int) { return ij>>8 - 1, ij&0xff - 1 }

// dir holds the offsets to the neighbours: 1 north, 2 west, 3 east, 4 south
// (Knuth's codes; 0 is unused).
var dir = [5]int{0, -(1 << 8), -1, 1, 1 << 8}

// board is a grid framed by -1s, with the scratch space of Algorithm R.
type board struct {
	m, n int
	brd  []int
	tag  []int
}

// newBoard frames g's clues.
func newBoard(g *Grid) *board {
	b := &board{m: g.Rows, n: g.Cols, brd: make([]int, (MaxRows+2)<<8), tag: make([]int, (MaxRows+2)<<8)}
	for i := range g.Rows {
		for j := range g.Cols {
			b.brd[pack(i, j)] = g.Clue[i*g.Cols+j]
		}
		b.brd[pack(i, -1)], b.brd[pack(i, g.Cols)] = -1, -1
	}
	for j := range g.Cols {
		b.brd[pack(-1, j)], b.brd[pack(g.Rows, j)] = -1, -1
	}
	return b
}

// polyominoes calls visit with the cells (packed, in the order they were
// chosen) of every feasible d-omino whose first cell is (di, dj): if
// (di, dj) is blank, the d-ominoes of blank cells that come after it in
// row-major order and touch no d-clue; if it holds the clue d, the
// d-ominoes that hold it and no earlier d-clue, take in every d-clue next
// to one of their cells, and otherwise only blanks. It stops early, and
// returns false, when visit returns false.
//
// This is FILLOMINO-DLX's generalization of Algorithm R (exercise
// 7.2.2-75), step for step: R1 initialize; R2 enter level l (taking the
// forced d-cells next to the newest vertex, and reporting a d-omino at
// level d); R3 advance a; R4 done with the level?; R5 try a; R6 backtrack;
// R7 recover from bad forcing. tag[v] counts how many chosen vertices have
// seen v as a neighbour, so that each d-omino is generated exactly once.
// A forced move (to a d-cell) has aa[l] = 0, as does the first vertex.
func (b *board) polyominoes(d, di, dj int, visit func(vv []int) bool) bool {
	brd, tag := b.brd, b.tag
	var vv, aa, ii, stack [MaxLabel + 1]int
	var v, u, t, i, k, a, l, s int
	forcing := false
	u = pack(di, dj)
	if brd[u] == 0 {
		for q := 1; q <= 4; q++ {
			if brd[u+dir[q]] == d {
				return true // next to a d-clue
			}
		}
	} else if brd[u] != d {
		return true
	} else {
		forcing = true
	}
	// R1: initialize.
	for i := range b.m {
		for j := range b.n {
			tag[pack(i, j)] = 0
		}
	}
	v, vv[0], tag[u] = u, u, 1
	i, ii[0], a, aa[0], l = 0, 0, 0, 0, 1
r2: // R2: enter level l; u is vv[l-1].
	if forcing {
		// Make forced choices of all d-cells next to u, or go to R7 if one
		// came before (di, dj) or there are too many.
		stack[0], s = u, 1
		for s > 0 {
			s--
			u = stack[s]
			for q := 1; q <= 4; q++ {
				t = u + dir[q]
				if brd[t] != d || tag[t] != 0 {
					continue
				}
				if t < vv[0] || l == d {
					goto r7
				}
				aa[l], vv[l], tag[t], stack[s] = 0, t, 1, t
				l++
				s++
			}
		}
	}
	if l == d {
		if !visit(vv[:d]) {
			return false
		}
		// Undo the latest forced moves.
		for l--; aa[l] == 0; l-- {
			if l == 0 {
				return true
			}
			tag[vv[l]] = 0
		}
	}
r3: // R3: advance a.
	a++
	// R4: done with level?
	if a != 5 {
		goto r5
	}
	if i == l-1 {
		goto r6
	}
	i++
	v, a = vv[i], 1
r5: // R5: try a.
	u = v + dir[a]
	if brd[u] != 0 {
		goto r3 // not a blank neighbour of v
	}
	tag[u]++
	if tag[u] > 1 {
		goto r3 // already chosen or seen
	}
	if !forcing {
		if u < vv[0] {
			goto r3 // it comes earlier than (di, dj)
		}
		for q := 1; q <= 4; q++ {
			if brd[u+dir[q]] == d {
				goto r3 // next to a d-clue
			}
		}
	}
	ii[l], aa[l], vv[l] = i, a, u
	l++
	goto r2
r6: // R6: backtrack, undoing the previous forced moves first.
	for l--; aa[l] == 0; l-- {
		if l == 0 {
			return true
		}
		t = vv[l]
		for q := 1; q <= 4; q++ {
			if brd[t+dir[q]] == 0 {
				tag[t+dir[q]]--
			}
		}
		tag[t] = 0
	}
	i = ii[l]
	for k = i + 1; k <= l; k++ {
		t = vv[k]
		for q := 1; q <= 4; q++ {
			if brd[t+dir[q]] == 0 {
				tag[t+dir[q]]-- // untag the neighbours of vv[k]
			}
		}
	}
	for a, v = aa[l]+1, vv[i]; a <= 4; a++ {
		if brd[v+dir[a]] == 0 {
			tag[v+dir[a]]-- // untag the late neighbours of vv[i]
		}
	}
	a = aa[l]
	goto r3
r7: // R7: recover from bad forcing.
	for l--; aa[l] == 0; l-- {
		if l == 0 {
			return true
		}
		tag[vv[l]] = 0
	}
	i, v, a = ii[l], vv[ii[l]], aa[l]
	goto r3
}
