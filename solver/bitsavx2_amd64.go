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
