//go:build amd64 && !purego

package solver

import "golang.org/x/sys/cpu"

// haveAVX512 says whether this CPU runs andNotPopAVX512 and minItemAVX512:
// AVX-512 with its doubleword and quadword instructions and its population
// count, and BMI1 and BMI2 (TZCNT, BLSR, BZHI; every CPU with AVX-512 has
// them).
var haveAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512DQ && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// andNotPopAVX512 sets dst[i] = a[i] &^ c[i] for i < n (at most 128) and
// returns the number of bits set in dst[:n] and of those also set in
// m1[:n]; bit i%8 of nz[i/8] is set when dst[i] is not zero
// (bitsopt_amd64.s).
//
//go:noescape
func andNotPopAVX512(dst, a, c, m1 *uint64, n int, nz *[16]byte) (count, count1 int)

// minItemAVX512 returns the item of left (at most 128 items) with the
// fewest options alive, the first on ties, and their number (-1 and 1<<30
// if left is empty; it stops at the first item with none). Item v's
// options are the stride-byte record at sets+v*stride, non-zero only from
// word spans[2v] to spans[2v+1] (excluded); alive's live words are lo to
// hi (excluded) (bitsopt_amd64.s).
//
//go:noescape
func minItemAVX512(alive, sets *uint64, stride int, spans *int32, lo, hi int, left *[2]uint64) (best, bestN int)
