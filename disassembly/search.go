package disassembly

import (
	"context"
	"slices"
)

// The breadth-first search of a part (part.go) for its first separation.

// search is BurrTools' breadth-first search for the first separation:
// states in the order found; from each, first the single pieces that can
// leave (per direction, per piece), then the groups of at most half the
// pieces that can, then every move of a group of at most half the pieces
// by 1, 2, ... cells (per direction, per seed piece), each followed by its
// merges with the moves found before in that direction by as many cells.
func (p *part) search(ctx context.Context) (found, error) {
	w := p.w
	m := p.m
	sds := w.sds
	// the moves found from a state in one direction, by distance: the
	// pieces that move that way, in the order found (two moves reach the
	// same state exactly when these and the distances are equal); their
	// storage is the cache's, for the next search
	sc := &w.cache.scratch
	locals, used := sc.locals, sc.used[:0]
	for k := range locals {
		locals[k] = locals[k][:0]
	}
	defer func() { sc.locals, sc.used = locals, used }()
	known := func(u uint64, k int32) bool {
		return slices.Contains(locals[k], u)
	}
	for head := 0; head < len(p.nodes); head++ {
		if head%256 == 0 {
			if err := ctx.Err(); err != nil {
				return found{}, err
			}
		}
		p.analyse(p.nodes[head].pos)
		// single pieces that leave, then groups
		for _, sd := range sds {
			for s := range m {
				if p.blk[sd*m+s] == 0 {
					g, gsd := p.orient(1<<s, sd)
					return found{status: Apart, at: head, removed: g, sd: gsd}, nil
				}
			}
		}
		if m/2 > 1 {
			for _, sd := range sds {
				for s := range m {
					if g, ok := p.closure(s, sd, removeAmount, m/2); ok {
						g, gsd := p.orient(g, sd)
						return found{status: Apart, at: head, removed: g, sd: gsd}, nil
					}
				}
			}
		}
		// moves: a new state is queued
		emit := func(g uint64, sd int, k int32) bool {
			key := p.moveKey(head, g, sd, k)
			if _, ok := p.seen[string(key)]; ok {
				return true
			}
			if w.states++; w.states > w.maxStates {
				return false
			}
			p.seen[string(key)] = struct{}{}
			p.nodes = append(p.nodes, p.child(head, g, sd, k))
			return true
		}
		for _, sd := range sds {
			for _, k := range used {
				locals[k] = locals[k][:0]
			}
			used = used[:0]
			for s := range m {
				var g0 uint64
				var top int32
				for k := int32(1); ; k++ {
					if k > top {
						// the group grows: the seed pushes more pieces
						var ok bool
						if g0, ok = p.closure(s, sd, k, m/2); !ok {
							break
						}
						if top = p.reach(g0, sd); top >= removeAmount {
							break // cannot happen: it would have been removed
						}
					}
					g, gsd := p.orient(g0, sd)
					mine := g
					if gsd != sd {
						mine = p.full ^ g
					}
					for int(k) >= len(locals) {
						locals = append(locals, nil)
					}
					if known(mine, k) {
						continue
					}
					if len(locals[k]) == 0 {
						used = append(used, k)
					}
					locals[k] = append(locals[k], mine)
					if !emit(g, gsd, k) {
						return found{status: Unknown}, nil
					}
					// merges with the moves found before by as many
					// cells, newest first
					for o := len(locals[k]) - 2; o >= 0; o-- {
						other := locals[k][o]
						u := mine | other
						if u == p.full || u == mine || u == other || known(u, k) {
							continue
						}
						locals[k] = append(locals[k], u)
						mg, msd := p.orient(u, sd)
						if !emit(mg, msd, k) {
							return found{status: Unknown}, nil
						}
					}
				}
			}
		}
	}
	return found{status: Locked}, nil
}
