//go:build amd64 && !purego

package solver

import "golang.org/x/sys/cpu"

// haveBMI says whether this CPU runs andNotPopBMI and minItemBMI: POPCNT,
// and BMI1 and BMI2 (TZCNT, BLSR, ANDN, SHLX), which every x86-64 CPU
// since about 2013 has (GOAMD64=v3 requires them).
var haveBMI = cpu.X86.HasPOPCNT && cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// andNotPopBMI sets dst[k] = a[k] &^ c[k-lo] for lo <= k < hi (at most
// 128) and returns in r the number of bits set in dst[lo:hi], its non-zero
// words, and how many of those bits lie in each weight plane
// (planes[4(k-lo)+p], p < np) (bitsbmi_amd64.s).
//
//go:noescape
func andNotPopBMI(dst, a, c *uint64, lo, hi int, planes *uint64, np int, r *placeCounts)

// minItemBMI returns the item of left (at most 128 items) with the fewest
// options alive, the first on ties, and their number (-1 and 1<<30 if left
// is empty; it stops at the first item with none), counting as choose
// does: item v is the optItem at items+v*stride, its summary then its
// set (bitsbmi_amd64.s).
//
//go:noescape
func minItemBMI(alive, items *uint64, stride int, nz *optSummary, left *[2]uint64) (best, bestN int)

// listBMI lists the options of alive also in set, the bits of the words
// that nz marks, in list (which needs room for eight past them) and
// returns their number; it stops after the word where the number reaches
// max (start knows how many its item has: the rest of the words hold
// none), so with max below their number it lists some only
// (bitsbmi_amd64.s).
//
//go:noescape
func listBMI(alive, set *uint64, nz *optSummary, list *int32, max int) int

// addMasksSSE adds the item masks (two words) of the n options of list,
// n a multiple of eight, into pl, as addMasks (bitsbmi_amd64.s).
//
//go:noescape
func addMasksSSE(masks *uint64, list *int32, n int, pl *optBits)

// orMasksSSE sets r to the union of the item masks (two words) of the n
// options of list, n a multiple of eight (bitsbmi_amd64.s).
//
//go:noescape
func orMasksSSE(masks *uint64, list *int32, n int, r *[2]uint64)
