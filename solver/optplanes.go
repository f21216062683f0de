package solver

import "math/bits"

// The option-bitset search's choice by options (bitsopt.go): with up to
// planesMax options alive, choose lists them and adds up their items'
// masks (two words each) into bit planes, plane b holding bit b of every
// item's count, with Harley and Seal's carry-save adders (eight masks at
// a time: seven adders, then the eights into a ripple counter). DLX1's
// item, the first with the fewest options, is then found plane by plane
// from the top: keep the items whose bit is zero, if any. The work is a
// few operations an option, without the branches of counting item by
// item.

// planesMax is the most options alive that choosePlanes counts: their
// counts fit planesN planes. Where the CPU has AVX2, choose counts by
// options only up to planesAVX2 alive: above that minItemAVX2, four words
// an instruction, is the faster. Measured in one process, runs alternated:
// with 32 rather than planesMax, 9 to 12% less time on random subtrees of
// raw Bedlam and pentacube 3x4x5, and 3 to 10% on whole searches (Bedlam
// up to rotation, 3x4x5 distinct); 16 to 40 within the noise, 48 slower.
// With BMI alone, planesMax is best.
const (
	planesMax  = 1<<planesN - 1
	planesN    = 7
	planesAVX2 = 32
)

// planesCut returns the most options alive that choose counts by options.
func planesCut() int32 {
	if useAVX2 {
		return planesAVX2
	}
	return planesMax
}

// optBits are an item count's planes: bit v of words 2b and 2b+1 is bit b
// of item v's count.
type optBits [2 * planesN]uint64

// choosePlanes is choose (the first uncovered primary item with the
// fewest options alive at level l, and their number) where at most
// planesMax options are alive and byOptions holds.
func (s *optSearch[O]) choosePlanes(l int) (int, int) {
	x := s.x
	u0, u1 := x.prim[0]&^s.used[0], x.prim[1]&^s.used[1]
	if u0|u1 == 0 {
		return -1, 1 << 30
	}
	var pl optBits
	if useBMI {
		n := s.pad(listBMI(&s.alive[l][0], &x.all[0], &s.nz[l], &s.list[0], planesMax))
		// a dead end (most nodes) first, from the items with an option:
		// the first item left without one is the one minPlanes finds
		var some [2]uint64
		orMasksSSE(&x.oUsed[0], &s.list[0], n, &some)
		if e0, e1 := u0&^some[0], u1&^some[1]; e0|e1 != 0 {
			v := bits.TrailingZeros64(e0)
			if e0 == 0 {
				v = 64 + bits.TrailingZeros64(e1)
			}
			s.empty[l] = int32(v)
			return v, 0
		}
		addMasksSSE(&x.oUsed[0], &s.list[0], n, &pl)
	} else {
		n := s.pad(s.listAlive(l))
		addMasks(x.oUsed, s.list[:n], &pl)
	}
	v, c := minPlanes(&pl, u0, u1)
	if c == 0 {
		s.empty[l] = int32(v)
	}
	return v, c
}

// listAlive lists level l's options alive in s.list and returns their
// number (at most planesMax).
func (s *optSearch[O]) listAlive(l int) int { return len(s.appendAlive(s.list[:0], l)) }

// appendAlive appends level l's options alive to dst, in plan order.
func (s *optSearch[O]) appendAlive(dst []int32, l int) []int32 {
	alive, nz := &s.alive[l], &s.nz[l]
	for jj := range len(nz) {
		for m := nz[jj]; m != 0; m &= m - 1 {
			k := (jj<<6 + bits.TrailingZeros64(m)) & (len(*alive) - 1)
			for w := (*alive)[k]; w != 0; w &= w - 1 {
				dst = append(dst, int32(k<<6+bits.TrailingZeros64(w)))
			}
		}
	}
	return dst
}

// pad follows the n options of s.list with the empty option (the plan's
// last, whose mask is zero) up to a multiple of eight, and returns their
// number rounded up so.
func (s *optSearch[O]) pad(n int) int {
	empty := int32(len(s.x.optNum))
	for ; n&7 != 0; n++ {
		s.list[n&(len(s.list)-1)] = empty
	}
	return n
}

// addMasks adds up the item masks (two words each) of the options of
// list (a multiple of eight) into pl.
func addMasks(masks []uint64, list []int32, pl *optBits) {
	for j := range 2 {
		var ones, twos, fours, twosA, twosB, foursA, foursB, eights uint64
		var hi [planesN - 3]uint64
		for i := 0; i+8 <= len(list); i += 8 {
			d := list[i : i+8]
			twosA, ones = csa(ones, masks[2*d[0]+int32(j)], masks[2*d[1]+int32(j)])
			twosB, ones = csa(ones, masks[2*d[2]+int32(j)], masks[2*d[3]+int32(j)])
			foursA, twos = csa(twos, twosA, twosB)
			twosA, ones = csa(ones, masks[2*d[4]+int32(j)], masks[2*d[5]+int32(j)])
			twosB, ones = csa(ones, masks[2*d[6]+int32(j)], masks[2*d[7]+int32(j)])
			foursB, twos = csa(twos, twosA, twosB)
			eights, fours = csa(fours, foursA, foursB)
			for p := range hi {
				hi[p], eights = hi[p]^eights, hi[p]&eights
			}
		}
		pl[j], pl[2+j], pl[4+j] = ones, twos, fours
		for p, w := range hi {
			pl[6+2*p+j] = w
		}
	}
}

// csa adds a, b and c bit by bit: the carries and the sums.
func csa(a, b, c uint64) (hi, lo uint64) {
	u := a ^ b
	return a&b | u&c, u ^ c
}

// minPlanes returns the first item of u0 and u1 (the low and high words of
// a mask) whose count in pl is the least, and that count.
func minPlanes(pl *optBits, u0, u1 uint64) (int, int) {
	for b := planesN - 1; b >= 0; b-- {
		// without a branch: m is all ones when some item has bit b zero
		z0, z1 := u0&^pl[2*b], u1&^pl[2*b+1]
		t := z0 | z1
		m := uint64(int64(t|-t) >> 63)
		u0, u1 = u0&^m|z0&m, u1&^m|z1&m
	}
	v := bits.TrailingZeros64(u0)
	if u0 == 0 {
		v = 64 + bits.TrailingZeros64(u1)
	}
	c := 0
	for b := range planesN {
		c |= int(pl[2*b+v>>6]>>(v&63)&1) << b
	}
	return v, c
}
