//go:build amd64 && !purego

#include "textflag.h"

// WORD does word k (CX) of andNotPopBMI: BX = a[k] &^ c[k-lo], stored at
// dst[k], counted into AX, and bit k%64 of R9 set when it is not zero.
#define WORD \
	MOVQ    (DX)(CX*8), BX \
	ANDNQ   (SI)(CX*8), BX, BX \
	MOVQ    BX, (DI)(CX*8) \
	POPCNTQ BX, R11 \
	ADDQ    R11, AX \
	XORL    R11, R11 \
	TESTQ   BX, BX \
	SETNE   R11B \
	SHLXQ   CX, R11, R11 \
	ORQ     R11, R9

// PLANE counts into acc the bits of BX also in the plane at off(R12).
#define PLANE(off, acc) \
	MOVQ    off(R12), R11 \
	ANDQ    BX, R11 \
	POPCNTQ R11, R11 \
	ADDQ    R11, acc

// func andNotPopBMI(dst, a, c *uint64, lo, hi int, planes *uint64, np int, r *placeCounts)
//
// dst[k] = a[k] &^ c[k-lo] for lo <= k < hi (0 <= lo < hi <= 128); r.n is
// the number of bits set in dst[lo:hi], r.nz marks its non-zero words, and
// r.pc[p] counts those bits also set in plane p, planes[4(k-lo)+p] (np <=
// 4 planes; with np above 1 all four are read, the unused ones zero). The
// words below 64 are done first, then the others, so that one register
// gathers each word of r.nz.
TEXT ·andNotPopBMI(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ c+16(FP), DX
	MOVQ lo+24(FP), CX
	MOVQ planes+40(FP), R12
	LEAQ (CX*8), R11
	SUBQ R11, DX // so that (DX)(CX*8) is c[k-lo]
	XORL AX, AX
	XORL R13, R13
	XORL R14, R14
	XORL R15, R15
	XORL R10, R10
	MOVQ $64, R8
	CMPQ R8, hi+32(FP)
	CMOVQGT hi+32(FP), R8 // first the words below min(hi, 64)
	XORL R9, R9

span:
	CMPQ CX, R8
	JAE  spanDone
	CMPQ np+48(FP), $1
	JB   loop0
	JE   loop1

loop4:
	WORD
	PLANE(0, R13)
	PLANE(8, R14)
	PLANE(16, R15)
	PLANE(24, R10)
	ADDQ $32, R12
	INCQ CX
	CMPQ CX, R8
	JB   loop4
	JMP  spanDone

loop1:
	WORD
	PLANE(0, R13)
	ADDQ $32, R12
	INCQ CX
	CMPQ CX, R8
	JB   loop1
	JMP  spanDone

loop0:
	WORD
	INCQ CX
	CMPQ CX, R8
	JB   loop0

spanDone:
	MOVQ r+56(FP), R11
	CMPQ R8, $64
	JA   last // the words from 64 were done
	MOVQ R9, 0(R11)
	XORL R9, R9
	MOVQ hi+32(FP), R8
	CMPQ R8, $64
	JA   span // words from 64 to do

last:
	MOVQ R9, 8(R11)
	MOVQ AX, 16(R11)
	MOVQ R13, 24(R11)
	MOVQ R14, 32(R11)
	MOVQ R15, 40(R11)
	MOVQ R10, 48(R11)
	RET

// func minItemBMI(alive, items *uint64, stride int, nz *optSummary, left *[2]uint64) (best, bestN int)
//
// The item of left (a mask of at most 128 items) with the fewest options
// alive, the first one on ties, and their number, as choose counts them:
// item v is the stride-byte record at items+v*stride, its summary in the
// first two words and its options from the fifth; each item's count
// visits the words that both its summary and nz mark, and stops as soon
// as it is no less than the best so far. It stops at the first item with
// none; best is -1 if left is empty.
TEXT ·minItemBMI(SB), NOSPLIT, $0-56
	MOVQ alive+0(FP), SI
	MOVQ items+8(FP), R8
	MOVQ nz+24(FP), AX
	MOVQ 0(AX), R10
	MOVQ 8(AX), R11
	MOVQ left+32(FP), AX
	MOVQ 0(AX), R13
	MOVQ $-1, BX
	MOVQ $0x40000000, DI // bestN
	XORL CX, CX          // the first item of R13's word

next:
	TESTQ R13, R13
	JNZ   item
	TESTQ CX, CX
	JNZ   out // both words of left done
	MOVQ  left+32(FP), AX
	MOVQ  8(AX), R13
	MOVQ  $64, CX
	TESTQ R13, R13
	JZ    out

item:
	TZCNTQ R13, DX
	BLSRQ  R13, R13
	ADDQ   CX, DX // DX = v
	MOVQ   DX, R12
	IMULQ  stride+16(FP), R12
	ADDQ   R8, R12 // the item's record
	XORL   AX, AX
	MOVQ   0(R12), R15
	ANDQ   R10, R15
	JZ     high

low:
	TZCNTQ  R15, R9
	BLSRQ   R15, R15
	MOVQ    (SI)(R9*8), R14
	ANDQ    32(R12)(R9*8), R14
	POPCNTQ R14, R14
	ADDQ    R14, AX
	CMPQ    AX, DI
	JAE     next // no fewer than the best
	TESTQ   R15, R15
	JNZ     low

high:
	MOVQ 8(R12), R15
	ANDQ R11, R15
	JZ   counted

highLoop:
	TZCNTQ  R15, R9
	BLSRQ   R15, R15
	MOVQ    512(SI)(R9*8), R14
	ANDQ    544(R12)(R9*8), R14
	POPCNTQ R14, R14
	ADDQ    R14, AX
	CMPQ    AX, DI
	JAE     next
	TESTQ   R15, R15
	JNZ     highLoop

counted:
	MOVQ  DX, BX // fewer than the best
	MOVQ  AX, DI
	TESTQ AX, AX
	JNZ   next

out:
	MOVQ BX, best+40(FP)
	MOVQ DI, bestN+48(FP)
	RET

// func listBMI(alive, set *uint64, nz *optSummary, list *int32, max int) int
//
// Lists the options of alive also in set (the bits of the words nz marks)
// in list, in order, and returns their number. Each word's bits are written eight at a
// time without a test for the last: the slots past its bits get garbage
// that the next word (or the caller's padding) writes over, so list needs
// room for eight past the last option. A word with none is passed over,
// and the listing stops after the word that brings it to max or more: an
// item's few options among the words of every option alive end early.
TEXT ·listBMI(SB), NOSPLIT, $0-48
	MOVQ alive+0(FP), SI
	MOVQ set+8(FP), R11
	MOVQ nz+16(FP), R8
	MOVQ list+24(FP), DI
	MOVQ DI, R12
	MOVQ max+32(FP), R13
	LEAQ (DI)(R13*4), R13 // where the list may stop
	MOVQ 0(R8), R9
	XORL CX, CX // the first word of R9's

words:
	TESTQ  R9, R9
	JZ     high
	TZCNTQ R9, DX
	BLSRQ  R9, R9
	ADDQ   CX, DX
	MOVQ   (SI)(DX*8), AX
	ANDQ   (R11)(DX*8), AX
	JZ     words // no option of set there
	POPCNTQ AX, R10
	LEAQ   (DI)(R10*4), R10 // where this word's options end
	SHLQ   $6, DX

bits8:
	TZCNTQ AX, BX
	BLSRQ  AX, AX
	ADDQ   DX, BX
	MOVL   BX, 0(DI)
	TZCNTQ AX, BX
	BLSRQ  AX, AX
	ADDQ   DX, BX
	MOVL   BX, 4(DI)
	TZCNTQ AX, BX
	BLSRQ  AX, AX
	ADDQ   DX, BX
	MOVL   BX, 8(DI)
	TZCNTQ AX, BX
	BLSRQ  AX, AX
	ADDQ   DX, BX
	MOVL   BX, 12(DI)
	TZCNTQ AX, BX
	BLSRQ  AX, AX
	ADDQ   DX, BX
	MOVL   BX, 16(DI)
	TZCNTQ AX, BX
	BLSRQ  AX, AX
	ADDQ   DX, BX
	MOVL   BX, 20(DI)
	TZCNTQ AX, BX
	BLSRQ  AX, AX
	ADDQ   DX, BX
	MOVL   BX, 24(DI)
	TZCNTQ AX, BX
	BLSRQ  AX, AX
	ADDQ   DX, BX
	MOVL   BX, 28(DI)
	ADDQ   $32, DI
	TESTQ  AX, AX
	JNZ    bits8
	MOVQ   R10, DI
	CMPQ   DI, R13
	JAE    done // max options listed
	JMP    words

high:
	TESTQ CX, CX
	JNZ   done
	MOVQ  8(R8), R9
	MOVQ  $64, CX
	JMP   words

done:
	SUBQ R12, DI
	SHRQ $2, DI
	MOVQ DI, ret+40(FP)
	RET

// CSA adds a, b and c bit by bit (a carry-save adder): a gets the sums,
// b the carries; t is clobbered.
#define CSA(a, b, c, t) \
	MOVO a, t \
	PAND b, t \
	PXOR b, a \
	MOVO a, b \
	PAND c, b \
	POR  t, b \
	PXOR c, a

// MASK loads into x the mask (16 bytes) of the option at off(SI).
#define MASK(off, x) \
	MOVL  off(SI), AX \
	SHLQ  $4, AX \
	MOVOU (R8)(AX*1), x

// RIPPLE adds the carry c into plane p, leaving the new carry in t.
#define RIPPLE(p, c, t) \
	MOVO p, t \
	PAND c, t \
	PXOR c, p

// func addMasksSSE(masks *uint64, list *int32, n int, pl *optBits)
//
// Adds up the masks (two words, 16 bytes, each) of the n options of list
// (n a multiple of eight) into the planes pl, as addMasks does: Harley and
// Seal's carry-save adders, eight masks at a time, the eights rippled
// into the planes from the fourth up.
TEXT ·addMasksSSE(SB), NOSPLIT, $0-32
	MOVQ masks+0(FP), R8
	MOVQ list+8(FP), SI
	MOVQ n+16(FP), CX
	PXOR X0, X0 // ones
	PXOR X1, X1 // twos
	PXOR X2, X2 // fours
	PXOR X3, X3 // eights and up
	PXOR X4, X4
	PXOR X5, X5
	PXOR X6, X6
	SHRQ $3, CX
	JZ   store

eight:
	MASK(0, X10)
	MASK(4, X11)
	CSA(X0, X10, X11, X12) // X10: twosA
	MASK(8, X11)
	MASK(12, X13)
	CSA(X0, X11, X13, X12) // X11: twosB
	CSA(X1, X10, X11, X12) // X10: foursA
	MASK(16, X11)
	MASK(20, X13)
	CSA(X0, X11, X13, X12) // X11: twosA
	MASK(24, X13)
	MASK(28, X14)
	CSA(X0, X13, X14, X12) // X13: twosB
	CSA(X1, X11, X13, X12) // X11: foursB
	CSA(X2, X10, X11, X12) // X10: eights
	RIPPLE(X3, X10, X12)
	RIPPLE(X4, X12, X10)
	RIPPLE(X5, X10, X12)
	PXOR X12, X6
	ADDQ $32, SI
	DECQ CX
	JNZ  eight

store:
	MOVQ  pl+24(FP), DI
	MOVOU X0, 0(DI)
	MOVOU X1, 16(DI)
	MOVOU X2, 32(DI)
	MOVOU X3, 48(DI)
	MOVOU X4, 64(DI)
	MOVOU X5, 80(DI)
	MOVOU X6, 96(DI)
	RET

// func orMasksSSE(masks *uint64, list *int32, n int, r *[2]uint64)
//
// r is the union of the masks (two words, 16 bytes, each) of the n
// options of list (n a multiple of eight): the items with an option.
TEXT ·orMasksSSE(SB), NOSPLIT, $0-32
	MOVQ masks+0(FP), R8
	MOVQ list+8(FP), SI
	MOVQ n+16(FP), CX
	PXOR X0, X0
	PXOR X1, X1
	TESTQ CX, CX
	JZ   orDone

orTwo:
	MOVL  0(SI), AX
	SHLQ  $4, AX
	MOVOU (R8)(AX*1), X2
	POR   X2, X0
	MOVL  4(SI), AX
	SHLQ  $4, AX
	MOVOU (R8)(AX*1), X3
	POR   X3, X1
	ADDQ  $8, SI
	SUBQ  $2, CX
	JNZ   orTwo

orDone:
	POR   X1, X0
	MOVQ  r+24(FP), DI
	MOVOU X0, (DI)
	RET
