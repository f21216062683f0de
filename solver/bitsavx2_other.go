//go:build !amd64 || purego

package solver

// haveAVX2 is false where andNotPopAVX2 is not assembled.
const haveAVX2 = false

// andNotPopAVX2 is not called where haveAVX2 is false.
func andNotPopAVX2(dst, a, c *uint64, n int, planes *uint64, stride, np int, r *placeCounts) {
	panic("solver: andNotPopAVX2 without AVX2")
}

// minItemAVX2 is not called where haveAVX2 is false.
func minItemAVX2(alive, sets *uint64, stride int, spans *int32, lo, hi int, left *[2]uint64) (best, bestN int) {
	panic("solver: minItemAVX2 without AVX2")
}
