package puzzle

import "polyviz/geometry"

// wrapProducts finds the option maps of a wrapped box's symmetries as
// products of those worked out already: on a torus the group is the
// rotations times every translation, and looking up each placement's image
// under each of them was most of the symmetry's time (a 62x40 torus: 9,920
// symmetries, 9 s of 11.5). Box[g], c ↦ Reduce(T·c + Offset), is τ∘h for any h
// with the same T and τ the translation by Offset−h.Offset: Reduce(Reduce(x)
// + y) = Reduce(x + y) along every axis. When h and τ act, so does g, and
// its option map is theirs composed (τ proper, so a piece's mirror comes
// from h alone, as it does from g). A translation is built from the first
// few worked out (gens), anything else from the first of its T that acts.
type wrapProducts struct {
	box   []geometry.Symmetry
	wrap  geometry.Wrap
	known []int                      // Box index -> its index in Acting, or -1
	rep   map[geometry.Transform]int // T -> the first acting symmetry with it
	trans map[geometry.Cell]int      // a translation's offset (key) -> its Box index
	gens  []int                      // the translations worked out cell by cell
}

// newWrapProducts returns nil unless box is a wrapped square or cubic box's
// group (WrappedBoxSymmetries), whose symmetries apply as the above.
func newWrapProducts(p *Puzzle, box []geometry.Symmetry) *wrapProducts {
	l := p.lattice()
	if !p.wrap.On() || p.grid != nil || (l != geometry.Squares() && l != geometry.Cubes()) {
		return nil
	}
	for _, c := range p.fullCells() {
		if l.Apply(geometry.Identity, c) != c {
			return nil // a translation would not be c ↦ Reduce(c + Offset)
		}
	}
	w := &wrapProducts{box: box, wrap: p.wrap, known: make([]int, len(box)),
		rep: map[geometry.Transform]int{}, trans: map[geometry.Cell]int{}}
	for g, sym := range box {
		w.known[g] = -1
		if sym.T == geometry.Identity {
			w.trans[w.key(sym.Offset)] = g
		}
	}
	return w
}

// key is offset d taken modulo the periods, so that two translations by
// offsets alike modulo them have one key.
func (w *wrapProducts) key(d geometry.Cell) geometry.Cell {
	return w.wrap.Reduce(d.Add(w.wrap.Lo)).Sub(w.wrap.Lo)
}

// factors returns the indices in Acting of τ and h, both acting, with
// Box[g] = τ∘h, or false.
func (w *wrapProducts) factors(g int) (tau, h int, ok bool) {
	if w == nil {
		return -1, -1, false
	}
	sym := w.box[g]
	try := func(h int) (int, int, bool) {
		t, ok := w.trans[w.key(sym.Offset.Sub(w.box[h].Offset))]
		if !ok || w.known[t] < 0 || w.known[h] < 0 {
			return -1, -1, false
		}
		return w.known[t], w.known[h], true
	}
	if h, ok := w.rep[sym.T]; ok {
		if a, b, ok := try(h); ok {
			return a, b, true
		}
	}
	if sym.T == geometry.Identity {
		for _, u := range w.gens {
			if a, b, ok := try(u); ok {
				return a, b, true
			}
		}
	}
	return -1, -1, false
}

// add records that Box[g] acts, its option map k-th in Acting, worked out
// cell by cell when slow.
func (w *wrapProducts) add(g, k int, slow bool) {
	if w == nil {
		return
	}
	w.known[g] = k
	t := w.box[g].T
	if _, ok := w.rep[t]; !ok {
		w.rep[t] = g
	}
	if slow && t == geometry.Identity && w.key(w.box[g].Offset) != (geometry.Cell{}) {
		w.gens = append(w.gens, g)
	}
}
