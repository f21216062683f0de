package polyform

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"polyviz/geometry"
)

// Piece is one polyform of an enumeration.
type Piece struct {
	// Name is the piece's name: its size, a dash and its place in the
	// enumeration's order, from 1 ("5-1" ... "5-12" for the free
	// pentominoes). A name is never the name of a cell in a spec.
	Name string
	// Cells is the piece's canonical form (see Canonical): normalized,
	// sorted, planar cells without tags (Z is the cell's kind).
	Cells geometry.Shape
	// Orientations is the number of distinct shapes, up to translation, the
	// motions of the enumeration's equivalence make of the piece (8 for the
	// F pentomino when free, 4 when one-sided, 1 when fixed).
	Orientations int
	// Chiral reports that no reflection of the lattice maps the piece onto
	// itself: its mirror image is another one-sided piece.
	Chiral bool
}

// Options are the settings of an enumeration; the zero value enumerates
// free polyforms with the default limit.
type Options struct {
	// Equivalence says which polyforms are the same piece.
	Equivalence Equivalence
	// MaxPieces bounds the pieces of any size the growth passes through
	// (they are held in memory); 0 means DefaultMaxPieces.
	MaxPieces int
}

// DefaultMaxPieces is the limit of Options.MaxPieces: about 100 MB for
// pieces of a dozen cells.
const DefaultMaxPieces = 1_000_000

// MaxSize is the largest size Enumerate accepts; the limit on pieces stops
// it long before for every lattice.
const MaxSize = 200

// ErrBadSize is a size below 1 or above MaxSize.
var ErrBadSize = errors.New("polyform size out of range")

// TooManyError is an enumeration that stopped because it met more pieces
// than its limit allows, or foresaw that it would (Expected > 0).
type TooManyError struct {
	Size, Limit int // the size at which the limit was passed, and the limit
	// Expected is the number of pieces of the size asked for foreseen
	// from the sizes grown (see Enumerate), when that refused it.
	Expected float64
}

func (e *TooManyError) Error() string {
	if e.Expected > 0 {
		return fmt.Sprintf("about %.2g polyforms of size %d or more, far over the limit of %d: raise the limit on pieces to go on", e.Expected, e.Size, e.Limit)
	}
	return fmt.Sprintf("more than %d polyforms of size %d: raise the limit on pieces to go on", e.Limit, e.Size)
}

// foreseeFrom and foreseeMargin size a request before it is grown: from
// foreseeFrom cells on, after each size k with c(k) pieces, Enumerate
// expects at least c(k)·r^(n−k) pieces of n cells, r = c(k)/c(k−1), and
// refuses when that is foreseeMargin times the limit. The counts of
// polyforms grow with a ratio that rises towards the lattice's growth
// constant (free polyominoes: 2.4, 2.9, 3.1, 3.4, 3.5, 3.6, … towards
// about 4.06), so the product underestimates c(n); the margin covers the
// ratio's small dips at few cells. A size that fits the limit is never
// refused this way; one far over it is refused at once rather than after
// minutes of growth.
const (
	foreseeFrom   = 6
	foreseeMargin = 8
)

// Enumerate returns every polyform of n cells on lattice l, each once up to
// opt.Equivalence, in the order of their canonical forms (see Canonical).
//
// It grows the polyforms one cell at a time, keeping only canonical forms:
// each canonical polyform of k cells is extended by each cell that touches
// it, and the canonical form of the result is kept if it is new. Every
// polyform of k+1 cells is reached this way, since removing a leaf of a
// spanning tree of its cells leaves a polyform of k cells, whose canonical
// form is an image of it under one of the allowed motions; the same motion
// carries the whole polyform onto an extension of that form.
//
// It returns ctx.Err() when ctx is cancelled, and a *TooManyError when a
// size has more pieces than the limit.
func Enumerate(ctx context.Context, l *geometry.Lattice, n int, opt Options) ([]Piece, error) {
	if n < 1 || n > MaxSize {
		return nil, fmt.Errorf("%w: %d (want 1 to %d)", ErrBadSize, n, MaxSize)
	}
	limit := opt.MaxPieces
	if limit <= 0 {
		limit = DefaultMaxPieces
	}
	cz := newCanonizer(l, opt.Equivalence)
	// the monominoes: one cell of each kind, the same piece when a motion
	// swaps the kinds (a triangle's turn swaps Δ and ∇)
	level := newLevel()
	for k := range max(1, l.Kinds()) {
		level.add(keyOf(cz.canonical([]geometry.Cell{{Z: k}})))
	}
	for size := 2; size <= n; size++ {
		next, err := grow(ctx, l, cz, level, limit)
		if err != nil {
			if tm := (*TooManyError)(nil); errors.As(err, &tm) {
				tm.Size = size
			}
			return nil, err
		}
		if c, p := len(next.keys), len(level.keys); size >= foreseeFrom && size < n && c > p && p > 0 {
			r := float64(c) / float64(p)
			if e := float64(c) * math.Pow(r, float64(n-size)); e > foreseeMargin*float64(limit) {
				return nil, &TooManyError{Size: n, Limit: limit, Expected: e}
			}
		}
		level = next
	}
	return level.pieces(l, n, opt.Equivalence), nil
}

// level holds the canonical forms of one size, in order of discovery, and
// the set of them.
type level struct {
	keys []string
	seen map[string]struct{}
}

func newLevel() *level { return &level{seen: map[string]struct{}{}} }

// add records key if it is new.
func (lv *level) add(key string) {
	if _, ok := lv.seen[key]; !ok {
		lv.seen[key] = struct{}{}
		lv.keys = append(lv.keys, key)
	}
}

// grow returns the canonical forms of one cell more than those of lv.
func grow(ctx context.Context, l *geometry.Lattice, cz *canonizer, lv *level, limit int) (*level, error) {
	next := newLevel()
	var parent, child, fresh []geometry.Cell
	for i, key := range lv.keys {
		if i%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		parent = cellsOf(key, parent[:0])
		// the cells that touch the parent, each once
		fresh = fresh[:0]
		for _, c := range parent {
			for _, d := range l.Neighbours(c) {
				if !slices.Contains(parent, d) && !slices.Contains(fresh, d) {
					fresh = append(fresh, d)
				}
			}
		}
		// each extension, kept when its canonical form is new
		for _, d := range fresh {
			child = append(append(child[:0], parent...), d)
			next.add(keyOf(cz.canonical(child)))
			if len(next.keys) > limit {
				return nil, &TooManyError{Limit: limit}
			}
		}
	}
	return next, nil
}

// pieces returns the level's polyforms of n cells as pieces, in the order
// of their canonical forms, named by size and place.
func (lv *level) pieces(l *geometry.Lattice, n int, e Equivalence) []Piece {
	keys := slices.Clone(lv.keys)
	slices.Sort(keys)
	own := newCanonizer(l, e)
	all := newCanonizer(l, Free)
	out := make([]Piece, len(keys))
	var cells []geometry.Cell
	for i, key := range keys {
		cells = cellsOf(key, cells[:0])
		out[i] = Piece{
			Name:         strconv.Itoa(n) + "-" + strconv.Itoa(i+1),
			Cells:        geometry.Shape(slices.Clone(cells)),
			Orientations: len(own.motions) / own.symmetries(cells),
			Chiral:       !reflective(l, all, cells),
		}
	}
	return out
}

// reflective reports whether some improper symmetry of l maps cells onto
// themselves, up to translation.
func reflective(l *geometry.Lattice, all *canonizer, cells []geometry.Cell) bool {
	all.image(geometry.Identity, cells)
	self := slices.Clone(all.img)
	for _, t := range all.motions {
		if l.Proper(t) {
			continue
		}
		all.image(t, cells)
		if equalPacked(all.img, self) {
			return true
		}
	}
	return false
}
