package disassembly

import (
	"encoding/binary"
	"math/bits"

	"polyviz/geometry"
)

// A part is a set of pieces searched as one, in the world's frame
// (world.go): its states, the moves between them, and their keys.

// node is one state of a search: the positions (offsets from the packing)
// of the part's pieces, the state it was reached from and the move that
// reached it: the pieces moved (local bits), the direction and distance.
type node struct {
	pos    []geometry.Cell
	parent int32
	moved  uint64
	sd     int8
	amount int32
}

// part is the search of one separation: the part's pieces (indices into
// w.pieces) and the gap matrix of the state being expanded.
type part struct {
	w     *world
	idx   []int
	m     int
	nsd   int // the number of signed directions
	full  uint64
	rows  []int32     // [sd][i][j]: how far i slides in direction sd before meeting j
	blk   []uint64    // [sd][i]: the pieces i would meet sliding in direction sd
	touch []uint64    // [sd][i]: the pieces i meets at once sliding in direction sd
	pairs []*pairGaps // [i][j]: the cache of the two pieces' shapes
	nodes []node
	seen  map[string]struct{}
	key   []byte
}

// found is the outcome of one search: the node before the separation,
// the pieces removed (local bits) and their direction.
type found struct {
	status  Status
	at      int
	removed uint64
	sd      int
}

func newPart(w *world, idx []int, pos []geometry.Cell) *part {
	m := len(idx)
	nsd := 2 * w.moves.axes()
	sc := &w.cache.scratch
	sc.rows, sc.blk, sc.touch = reuse(sc.rows, nsd*m*m), reuse(sc.blk, nsd*m), reuse(sc.touch, nsd*m)
	sc.pairs = reuse(sc.pairs, m*m)
	p := &part{w: w, idx: idx, m: m, nsd: nsd, full: uint64(1)<<m - 1, seen: w.seen,
		rows: sc.rows, blk: sc.blk, touch: sc.touch, pairs: sc.pairs}
	for i, a := range idx {
		for j, b := range idx {
			if i != j {
				p.pairs[i*m+j] = w.cache.pair(w.shape[a], w.shape[b])
			}
		}
	}
	if m == 64 {
		p.full = ^uint64(0)
	}
	clear(p.seen)
	p.nodes = append(w.nodes[:0], node{pos: pos, parent: -1})
	p.seen[p.keyOf(pos)] = struct{}{}
	return p
}

// keyOf encodes a state as BurrTools compares them: the positions
// relative to the first piece's.
func (p *part) keyOf(pos []geometry.Cell) string {
	b := p.key[:0]
	base := pos[0]
	for _, o := range pos[1:] {
		o = o.Sub(base)
		b = binary.AppendVarint(b, int64(o.X))
		b = binary.AppendVarint(b, int64(o.Y))
		b = binary.AppendVarint(b, int64(o.Z))
	}
	p.key = b
	return string(b)
}

// analyse fills the gap matrix for the state pos.
func (p *part) analyse(pos []geometry.Cell) {
	m := p.m
	clear(p.blk)
	clear(p.touch)
	_, cube := p.w.moves.(cubeMoves)
	for i := range m {
		a := p.idx[i]
		at := pos[i].Add(p.w.base[a])
		for j := range m {
			if i == j {
				continue
			}
			b := p.idx[j]
			d := pos[j].Add(p.w.base[b]).Sub(at)
			if cube {
				// the cube grid's gaps straight from the cache, without
				// the interface call
				g3 := p.w.cache.gap(p.pairs[i*m+j], [3]int32{int32(d.X), int32(d.Y), int32(d.Z)})
				p.record(i, j, g3[:])
			} else {
				g := p.w.moves.gap(p, i, j, d)
				p.record(i, j, g[:p.nsd/2])
			}
		}
	}
}

// record puts the gaps g (one an axis) from local piece i to j in the
// matrix: i slides +a toward j, and j slides -a toward i.
func (p *part) record(i, j int, g []int32) {
	m := p.m
	for a, v := range g {
		p.rows[((2*a)*m+i)*m+j] = v
		p.rows[((2*a+1)*m+j)*m+i] = v
		if v < free {
			p.blk[(2*a)*m+i] |= 1 << j
			p.blk[(2*a+1)*m+j] |= 1 << i
			if v == 0 {
				p.touch[(2*a)*m+i] |= 1 << j
				p.touch[(2*a+1)*m+j] |= 1 << i
			}
		}
	}
}

// reuse returns buf with length n, cleared, reusing its storage.
func reuse[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// gapDir is how far local piece i slides in direction sd before it meets
// local piece j.
func (p *part) gapDir(sd, i, j int) int32 {
	return p.rows[(sd*p.m+i)*p.m+j]
}

// closure returns the pieces that move when piece s moves k cells in
// direction sd: s and every piece a moving piece would meet within k
// cells, and so on; ok is false when more than most pieces would move.
func (p *part) closure(s, sd int, k int32, most int) (g uint64, ok bool) {
	g = 1 << s
	todo := g
	for todo != 0 {
		i := bits.TrailingZeros64(todo)
		todo &^= 1 << i
		var meet uint64
		switch {
		case k >= removeAmount:
			meet = p.blk[sd*p.m+i]
		case k == 1:
			meet = p.touch[sd*p.m+i]
		default:
			for j, v := range p.rows[(sd*p.m+i)*p.m:][:p.m] {
				if k > v {
					meet |= 1 << j
				}
			}
		}
		if meet &^= g | 1<<i; meet != 0 {
			g |= meet
			todo |= meet
			if bits.OnesCount64(g) > most {
				return 0, false
			}
		}
	}
	return g, true
}

// reach returns how far group g can slide in direction sd before a
// member meets a piece outside it.
func (p *part) reach(g uint64, sd int) int32 {
	top := int32(free)
	for i := range p.m {
		if g&(1<<i) == 0 {
			continue
		}
		for j := range p.m {
			if g&(1<<j) == 0 {
				top = min(top, p.gapDir(sd, i, j))
			}
		}
	}
	return top
}

// orient returns the move of group g in direction sd as BurrTools makes
// it: when the pieces that move are heavier than those that stay, the
// others move the other way instead.
func (p *part) orient(g uint64, sd int) (uint64, int) {
	mw, sw := 0, 0
	for k, i := range p.idx {
		if g&(1<<k) != 0 {
			mw = max(mw, p.w.weight[i])
		} else {
			sw = max(sw, p.w.weight[i])
		}
	}
	if sw < mw {
		return p.full ^ g, sd ^ 1
	}
	return g, sd
}

// moveKey writes into p.key the key of the state reached from node n by
// moving group g k cells in direction sd, without making the state.
func (p *part) moveKey(n int, g uint64, sd int, k int32) []byte {
	cur := p.nodes[n].pos
	d := p.w.moves.dir(sd)
	step := geometry.Cell{X: d.X * int(k), Y: d.Y * int(k), Z: d.Z * int(k)}
	base := cur[0]
	if g&1 != 0 {
		base = base.Add(step)
	}
	b := p.key[:0]
	for i, o := range cur[1:] {
		if g&(2<<i) != 0 {
			o = o.Add(step)
		}
		o = o.Sub(base)
		b = binary.AppendVarint(b, int64(o.X))
		b = binary.AppendVarint(b, int64(o.Y))
		b = binary.AppendVarint(b, int64(o.Z))
	}
	p.key = b
	return b
}

// child returns the state reached from node n by moving group g k cells
// in direction sd.
func (p *part) child(n int, g uint64, sd int, k int32) node {
	cur := p.nodes[n].pos
	if len(p.w.arena)+len(cur) > cap(p.w.arena) {
		p.w.arena = make([]geometry.Cell, 0, max(64, len(p.nodes))*len(cur))
	}
	at := len(p.w.arena)
	p.w.arena = p.w.arena[:at+len(cur)]
	next := p.w.arena[at : at+len(cur) : at+len(cur)]
	d := p.w.moves.dir(sd)
	step := geometry.Cell{X: d.X * int(k), Y: d.Y * int(k), Z: d.Z * int(k)}
	for i, o := range cur {
		if g&(1<<i) != 0 {
			o = o.Add(step)
		}
		next[i] = o
	}
	return node{pos: next, parent: int32(n), moved: g, sd: int8(sd), amount: k}
}
