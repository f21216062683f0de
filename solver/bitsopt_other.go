//go:build !amd64 || purego

package solver

// haveAVX512 is false where andNotPopAVX512 is not assembled.
const haveAVX512 = false

// andNotPopAVX512 is not called where haveAVX512 is false.
func andNotPopAVX512(dst, a, c, m1 *uint64, n int, nz *[16]byte) (count, count1 int) {
	panic("solver: andNotPopAVX512 without AVX-512")
}

// minItemAVX512 is not called where haveAVX512 is false.
func minItemAVX512(alive, sets *uint64, stride int, spans *int32, lo, hi int, left *[2]uint64) (best, bestN int) {
	panic("solver: minItemAVX512 without AVX-512")
}
