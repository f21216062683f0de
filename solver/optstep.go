package solver

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// The option-bitset search's steps (bitsopt.go): choosing the item with
// the fewest options alive, and placing an option.

// choose returns the uncovered primary item with the fewest options alive
// at level l (the first one on ties) and their number; -1 when every
// primary item is covered.
func (s *optSearch[O]) choose(l int) (int, int) {
	x := s.x
	alive, nz := &s.alive[l], &s.nz[l]
	// first the item this level last found without options: after a
	// sibling's choice it is often empty again (a dead end, which any
	// empty item makes: its node and update are the same)
	if h := int(s.empty[l]); h >= 0 && s.used[h>>6]&(1<<(h&63)) == 0 && s.isEmpty(alive, nz, h) {
		return h, 0
	}
	if useAVX512 && x.byOptions && x.nPrim > 0 {
		// every item left counted over its words, eight an instruction
		// (there in place of choosePlanes, even with few options alive)
		lo, hi := span(nz)
		left := [2]uint64{x.prim[0] &^ s.used[0], x.prim[1] &^ s.used[1]}
		v, n := minItemAVX512(&(*alive)[0], &x.items[0].set[0], int(unsafe.Sizeof(x.items[0])), &x.spans[0], lo, hi, &left)
		if n == 0 {
			s.empty[l] = int32(v)
		}
		return v, n
	}
	if x.byOptions && s.nAlive[l] <= planesCut() {
		// few options alive: counted by options (optplanes.go)
		return s.choosePlanes(l)
	}
	if useAVX2 && x.byOptions && x.nPrim > 0 {
		// every item left counted over its words, four an instruction
		lo, hi := span(nz)
		if x.planeOK {
			// place wrote whole quads (see placeAVX2): none to mask
			lo, hi = lo&^3, (hi+3)&^3
		}
		left := [2]uint64{x.prim[0] &^ s.used[0], x.prim[1] &^ s.used[1]}
		v, n := minItemAVX2(&(*alive)[0], &x.items[0].set[0], int(unsafe.Sizeof(x.items[0])), &x.spans4[0], lo, hi, &left)
		if n == 0 {
			s.empty[l] = int32(v)
		}
		return v, n
	}
	if useBMI && x.byOptions && x.nPrim > 0 {
		left := [2]uint64{x.prim[0] &^ s.used[0], x.prim[1] &^ s.used[1]}
		v, n := minItemBMI(&(*alive)[0], &x.items[0].sum[0], int(unsafe.Sizeof(x.items[0])), nz, &left)
		if n == 0 {
			s.empty[l] = int32(v)
		}
		return v, n
	}
	best, bestN := -1, 1<<30
	for j := range (x.nPrim + 63) >> 6 {
		// the bits past nPrim are set in used (see clearUsed)
		for w := ^s.used[j]; w != 0; w &= w - 1 {
			v := j<<6 + bits.TrailingZeros64(w)
			it := &x.items[v]
			n := 0
			if len(*alive) <= 64 { // one summary word
				for m := nz[0] & it.sum[0]; m != 0; m &= m - 1 {
					k := bits.TrailingZeros64(m) & (len(*alive) - 1)
					n += bits.OnesCount64((*alive)[k] & it.set[k])
					if n >= bestN {
						break
					}
				}
			} else {
			count:
				for jj := range len(it.sum) {
					for m := nz[jj] & it.sum[jj]; m != 0; m &= m - 1 {
						k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*alive) - 1)
						n += bits.OnesCount64((*alive)[k] & it.set[k])
						if n >= bestN {
							break count
						}
					}
				}
			}
			if n < bestN {
				best, bestN = v, n
				if n == 0 {
					s.empty[l] = int32(v)
					return v, 0
				}
			}
		}
	}
	return best, bestN
}

// span returns the words from the first to the last that nz marks (0, 0
// if none).
func span(nz *optSummary) (lo, hi int) {
	switch {
	case nz[0] != 0:
		lo = bits.TrailingZeros64(nz[0])
	case nz[1] != 0:
		lo = 64 + bits.TrailingZeros64(nz[1])
	default:
		return 0, 0
	}
	if nz[1] != 0 {
		return lo, 128 - bits.LeadingZeros64(nz[1])
	}
	return lo, 64 - bits.LeadingZeros64(nz[0])
}

// isEmpty reports whether item v has no option in alive (whose summary is
// nz).
func (s *optSearch[O]) isEmpty(alive *O, nz *optSummary, v int) bool {
	it := &s.x.items[v]
	for jj := range len(it.sum) {
		for m := nz[jj] & it.sum[jj]; m != 0; m &= m - 1 {
			k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*alive) - 1)
			if (*alive)[k]&it.set[k] != 0 {
				return false
			}
		}
	}
	return true
}

// place makes level l+1 the state after choosing plan option o at level l,
// and returns what that costs in DLX1's updates.
func (s *optSearch[O]) place(l int, o int32) int64 {
	x := s.x
	alive := &s.alive[l]
	na := &s.alive[l+1]
	// every word from the first to the last non-zero one, one AND-NOT
	// each, without branches: cheaper than visiting the non-zero words
	// through the summary
	lo, hi := span(&s.nz[l])
	cf := x.conf[int(o)*x.nw+lo : int(o)*x.nw+hi]
	// the new summary as two words, stored one by one: a 16-byte copy of
	// words just stored 8 bytes at a time stalls on store forwarding
	var nz0, nz1 uint64
	var nnz optSummary
	n := 0
	var w int64
	switch cl := x.classes; {
	case useAVX512 && hi > lo:
		// eight words an instruction (bitsopt_amd64.s)
		m1 := &zeroWords[0]
		if len(cl) == 2 {
			m1 = &cl[1].mask[lo]
		}
		var nzb [16]byte
		var n1 int
		n, n1 = andNotPopAVX512(&(*na)[lo], &(*alive)[lo], &cf[0], m1, hi-lo, &nzb)
		r0, r1 := binary.LittleEndian.Uint64(nzb[:8]), binary.LittleEndian.Uint64(nzb[8:])
		nz0, nz1 = shiftSummary(r0, r1, lo)
		if len(cl) == 2 {
			w = int64(n-n1)*cl[0].w + int64(n1)*cl[1].w
		}
	case useAVX2 && x.planeOK && hi > lo:
		// four words an instruction (bitsavx2_amd64.s)
		n, nz0, nz1, w = s.placeAVX2(na, alive, o, lo, hi)
	case useBMI && x.planeOK && hi > lo:
		// in assembly, the weights' planes counted in the same loop
		var r placeCounts
		var pl *uint64
		if x.np > 0 {
			pl = &x.planes[4*lo]
		}
		andNotPopBMI(&(*na)[0], &(*alive)[0], &cf[0], lo, hi, pl, x.np, &r)
		n, nz0, nz1, w = r.n, r.nz[0], r.nz[1], x.planeWeight(r.n, &r.pc)
	case x.np == 1:
		// two weights (a tetracube among pentacubes): the heavier
		// options counted in the same loop, not in a pass of their own
		pc := [4]int{}
		for i, c := range cf {
			k := (lo + i) & (len(*na) - 1)
			a := (*alive)[k] &^ c
			(*na)[k] = a
			n += bits.OnesCount64(a)
			pc[0] += bits.OnesCount64(a & x.planes[4*k])
			nnz[k>>6&1] |= (a | -a) >> 63 << (k & 63)
		}
		w = x.planeWeight(n, &pc)
	case x.np > 1:
		// several weights (pieces of several sizes, or the symmetry
		// cut's secondary items): every plane counted in the same loop
		pc := [4]int{}
		for i, c := range cf {
			k := (lo + i) & (len(*na) - 1)
			a := (*alive)[k] &^ c
			(*na)[k] = a
			n += bits.OnesCount64(a)
			for p, m := range x.planes[4*k : 4*k+x.np] {
				pc[p&3] += bits.OnesCount64(a & m)
			}
			nnz[k>>6&1] |= (a | -a) >> 63 << (k & 63)
		}
		w = x.planeWeight(n, &pc)
	case len(*na) <= 64: // one summary word
		for i, c := range cf {
			k := (lo + i) & (len(*na) - 1) // k < nw <= len(*na)
			a := (*alive)[k] &^ c
			(*na)[k] = a
			n += bits.OnesCount64(a)
			nz0 |= (a | -a) >> 63 << (k & 63) // a != 0
		}
	default:
		for i, c := range cf {
			k := (lo + i) & (len(*na) - 1)
			a := (*alive)[k] &^ c
			(*na)[k] = a
			n += bits.OnesCount64(a)
			nnz[k>>6&1] |= (a | -a) >> 63 << (k & 63)
		}
	}
	nz0, nz1 = nz0|nnz[0], nz1|nnz[1] // one of the two is zero
	switch cl := x.classes; {
	case len(cl) == 1:
		w = int64(n) * cl[0].w // every option weighs the same
	case len(cl) > 2 && useAVX512 && hi > lo, !x.planeOK:
		w = s.weighed(na, &optSummary{nz0, nz1})
	}
	nz := &s.nz[l+1]
	nz[0], nz[1] = nz0, nz1
	s.wAlive[l+1], s.nAlive[l+1] = w, int32(n)
	// DLX1's updates: o's items, and the other items of the options it
	// hides beyond those hidden by covering the item branched on
	cost := int64(x.wt[o]) + s.wAlive[l] - w - s.wItem[l]
	if x.nu == 2 { // as in unplace
		u := x.oUsed[2*int(o) : 2*int(o)+2]
		s.used[0] |= u[0]
		s.used[1] |= u[1]
		return cost
	}
	for j, u := range x.oUsed[int(o)*x.nu : int(o+1)*x.nu] {
		s.used[j&(len(s.used)-1)] |= u
	}
	return cost
}

// placeAVX2 is place's loop with andNotPopAVX2, four words at a time,
// for option o over the words lo to hi of alive. It returns the number of
// options of na, its summary's two words and their weight.
//
// It goes over whole quads, from lo rounded down to a multiple of four to
// hi rounded up: no masked tail, and loads that do not straddle cache
// lines. The words it adds are zero in alive, since by induction every
// level's words in its quads are: the top level's (a plan's whole set)
// are, and a level's quads lie within its parent's, which place wrote.
// So choose may count whole quads too.
func (s *optSearch[O]) placeAVX2(na, alive *O, o int32, lo, hi int) (int, uint64, uint64, int64) {
	x := s.x
	lo, hi = lo&^3, (hi+3)&^3
	cf := x.conf[int(o)*x.nw+lo : int(o)*x.nw+hi]
	var r placeCounts
	andNotPopAVX2(&(*na)[lo], &(*alive)[lo], &cf[0], hi-lo, &x.planesT[lo], len(*alive), x.np, &r)
	nz0, nz1 := shiftSummary(r.nz[0], r.nz[1], lo)
	return r.n, nz0, nz1, x.planeWeight(r.n, &r.pc)
}

// shiftSummary returns the summary whose bit lo+i is bit i of r0 and r1
// (the words from lo, as the assembly marks them).
func shiftSummary(r0, r1 uint64, lo int) (uint64, uint64) {
	if lo >= 64 {
		return 0, r0 << (lo - 64)
	}
	return r0 << lo, r1<<lo | r0>>(64-lo)
}

// placeCounts is what andNotPopBMI finds (its layout is the assembly's):
// the non-zero words of the new alive set, its number of options, and of
// those, how many lie in each weight plane.
type placeCounts struct {
	nz optSummary
	n  int
	pc [4]int
}

// planeWeight returns the weight of n options of which pc[p] lie in
// plane p (see optPlan.planes).
func (x *optPlan[O]) planeWeight(n int, pc *[4]int) int64 {
	w := x.wMin * int64(n)
	for p := range x.np {
		w += int64(pc[p]) << p
	}
	return w
}

// weighed returns the weight of the options of set a, whose non-zero
// words nz marks.
func (s *optSearch[O]) weighed(a *O, nz *optSummary) int64 {
	cl := s.x.classes
	var w int64
	for jj := range len(nz) {
		for m := nz[jj]; m != 0; m &= m - 1 {
			k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*a) - 1)
			for c := range cl {
				w += int64(bits.OnesCount64((*a)[k]&cl[c].mask[k])) * cl[c].w
			}
		}
	}
	return w
}
