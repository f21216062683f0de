//go:build amd64 && !purego

package solver

import "golang.org/x/sys/cpu"

// haveAVX2 says whether this CPU runs andNotPopAVX2: AVX2, and BMI1 and
// BMI2 (ANDN, SHLX).
var haveAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// andNotPopAVX2 sets dst[i] = a[i] &^ c[i] for i < n (at most 128) and
// returns in r the number of bits set in dst[:n], its non-zero words (bit
// i for dst[i], not shifted to the words' place), and how many of those
// bits lie in each weight plane (planes[p*stride+i], p < np)
// (bitsavx2_amd64.s).
//
//go:noescape
func andNotPopAVX2(dst, a, c *uint64, n int, planes *uint64, stride, np int, r *placeCounts)

// minItemAVX2 is minItemAVX512 four words an instruction: the item of
// left (at most 128 items) with the fewest options alive, the first on
// ties, and their number (-1 and 1<<30 if left is empty; it stops at the
// first item with none). Item v's options are the stride-byte record at
// sets+v*stride, non-zero only from word spans[2v] to spans[2v+1]
// (excluded); alive's live words are lo to hi (excluded)
// (bitsavx2_amd64.s).
//
//go:noescape
func minItemAVX2(alive, sets *uint64, stride int, spans *int32, lo, hi int, left *[2]uint64) (best, bestN int)
