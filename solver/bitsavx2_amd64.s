//go:build amd64 && !purego

#include "textflag.h"

// The popcounts of the nibbles 0 to 15, in both halves of a Y register.
DATA nibblePop<>+0(SB)/8, $0x0302020102010100
DATA nibblePop<>+8(SB)/8, $0x0403030203020201
DATA nibblePop<>+16(SB)/8, $0x0302020102010100
DATA nibblePop<>+24(SB)/8, $0x0403030203020201
GLOBL nibblePop<>(SB), RODATA|NOPTR, $32

// The masks of the first one, two and three words of four.
DATA tailMask<>+0(SB)/8, $-1
DATA tailMask<>+8(SB)/8, $0
DATA tailMask<>+16(SB)/8, $0
DATA tailMask<>+24(SB)/8, $0
DATA tailMask<>+32(SB)/8, $-1
DATA tailMask<>+40(SB)/8, $-1
DATA tailMask<>+48(SB)/8, $0
DATA tailMask<>+56(SB)/8, $0
DATA tailMask<>+64(SB)/8, $-1
DATA tailMask<>+72(SB)/8, $-1
DATA tailMask<>+80(SB)/8, $-1
DATA tailMask<>+88(SB)/8, $0
GLOBL tailMask<>(SB), RODATA|NOPTR, $96

// POP adds to the four counters of acc the bits set in each word of src,
// by nibbles looked up in Y14 (Y15 holds 0x0f bytes, Y13 zero); t1 and
// t2 are clobbered.
#define POP(src, t1, t2, acc) \
	VPSRLW  $4, src, t2 \
	VPAND   Y15, src, t1 \
	VPAND   Y15, t2, t2 \
	VPSHUFB t1, Y14, t1 \
	VPSHUFB t2, Y14, t2 \
	VPADDB  t1, t2, t1 \
	VPSADBW Y13, t1, t1 \
	VPADDQ  t1, acc, acc

// NIB sets the bytes of t1 to the bits set in the bytes of src (0 to 8),
// by nibbles looked up in Y14 (Y15 holds 0x0f bytes); t2 is clobbered.
// Two such are added as bytes before one VPSADBW: at most 16 a byte.
#define NIB(src, t1, t2) \
	VPSRLW  $4, src, t2 \
	VPAND   Y15, src, t1 \
	VPAND   Y15, t2, t2 \
	VPSHUFB t1, Y14, t1 \
	VPSHUFB t2, Y14, t2 \
	VPADDB  t1, t2, t1

// QUAD does words i to i+3 (CX): Y0 = a &^ c, stored at dst, counted
// into Y12, and its non-zero words marked in R9 at bits i%64 on.
#define QUAD \
	VMOVDQU   (DX)(CX*8), Y1 \
	VPANDN    (SI)(CX*8), Y1, Y0 \
	VMOVDQU   Y0, (DI)(CX*8) \
	VPCMPEQQ  Y13, Y0, Y1 \
	VMOVMSKPD Y1, AX \
	XORL      $15, AX \
	SHLXQ     CX, AX, AX \
	ORQ       AX, R9 \
	POP(Y0, Y2, Y3, Y12)

// PLANE counts into acc the bits of Y0 also in the plane at (reg)(CX*8).
#define PLANE(reg, acc) \
	VPAND (reg)(CX*8), Y0, Y4 \
	POP(Y4, Y5, Y6, acc)

// TPLANE is PLANE for the last words, under the mask Y7.
#define TPLANE(reg, acc) \
	VPMASKMOVQ (reg)(CX*8), Y7, Y4 \
	VPAND      Y4, Y0, Y4 \
	POP(Y4, Y5, Y6, acc)

// HSUM stores at off(R11) the sum of the four counters of y (x its low
// half).
#define HSUM(y, x, off) \
	VEXTRACTI128 $1, y, X2 \
	VPADDQ       X2, x, x \
	VPSHUFD      $0x4e, x, X2 \
	VPADDQ       X2, x, x \
	VMOVQ        x, off(R11)

// func andNotPopAVX2(dst, a, c *uint64, n int, planes *uint64, stride, np int, r *placeCounts)
//
// dst[i] = a[i] &^ c[i] for i < n (at most 128);
// r.n is the number of bits set in dst[:n], bit i of r.nz (both words)
// says whether dst[i] is not zero, and r.pc[p] counts the bits of dst also
// set in plane p, planes[p*stride+i] (np <= 4 planes; with np above 1
// all four are read, the unused ones zero). Four words at a time; the
// words below 64 first, then the others, so that one register gathers
// each word of r.nz; then the last one to three under a mask (the words
// masked off neither read nor written).
TEXT ·andNotPopAVX2(SB), NOSPLIT, $0-64
	MOVQ    dst+0(FP), DI
	MOVQ    a+8(FP), SI
	MOVQ    c+16(FP), DX
	MOVQ    planes+32(FP), R12
	MOVQ    stride+40(FP), AX
	LEAQ    (R12)(AX*8), R13
	LEAQ    (R13)(AX*8), R14
	LEAQ    (R14)(AX*8), R15
	MOVQ    np+48(FP), BX
	MOVQ    $0x0f0f0f0f0f0f0f0f, AX
	MOVQ    AX, X15
	VPBROADCASTQ X15, Y15
	VMOVDQU nibblePop<>(SB), Y14
	VPXOR   Y13, Y13, Y13
	VPXOR   Y12, Y12, Y12
	VPXOR   Y11, Y11, Y11
	VPXOR   Y10, Y10, Y10
	VPXOR   Y9, Y9, Y9
	VPXOR   Y8, Y8, Y8
	XORL    CX, CX
	XORL    R9, R9
	MOVQ    n+24(FP), R10
	ANDQ    $~3, R10 // the words done four at a time
	MOVQ    $64, R8
	CMPQ    R8, R10
	CMOVQGT R10, R8 // first the words below min(n4, 64)

span:
	CMPQ CX, R8
	JAE  spanDone
	CMPQ BX, $1
	JB   loop0
	JE   loop1

loop4:
	QUAD
	PLANE(R12, Y11)
	PLANE(R13, Y10)
	PLANE(R14, Y9)
	PLANE(R15, Y8)
	ADDQ $4, CX
	CMPQ CX, R8
	JB   loop4
	JMP  spanDone

loop1:
	QUAD
	PLANE(R12, Y11)
	ADDQ $4, CX
	CMPQ CX, R8
	JB   loop1
	JMP  spanDone

loop0:
	QUAD
	ADDQ $4, CX
	CMPQ CX, R8
	JB   loop0

spanDone:
	MOVQ r+56(FP), R11
	CMPQ R8, $64
	JA   last // the words from 64 were done
	MOVQ R9, 0(R11)
	XORL R9, R9
	MOVQ R10, R8
	CMPQ R8, $64
	JA   span // words from 64 to do

last:
	MOVQ R9, 8(R11)
	MOVQ n+24(FP), AX
	ANDQ $3, AX
	JZ   sums
	// the last words: CX is n4
	DECQ       AX
	SHLQ       $5, AX
	LEAQ       tailMask<>(SB), R8
	VMOVDQU    (R8)(AX*1), Y7
	VPMASKMOVQ (DX)(CX*8), Y7, Y1
	VPMASKMOVQ (SI)(CX*8), Y7, Y0
	VPANDN     Y0, Y1, Y0
	VPMASKMOVQ Y0, Y7, (DI)(CX*8)
	VPCMPEQQ   Y13, Y0, Y1
	VMOVMSKPD  Y1, AX
	VMOVMSKPD  Y7, R8
	ANDNQ      R8, AX, AX // the words of the mask that are not zero
	SHLXQ      CX, AX, AX
	MOVQ       CX, R8
	SHRQ       $6, R8
	ORQ        AX, (R11)(R8*8)
	POP(Y0, Y2, Y3, Y12)
	CMPQ       BX, $1
	JB         sums
	TPLANE(R12, Y11)
	JE         sums
	TPLANE(R13, Y10)
	TPLANE(R14, Y9)
	TPLANE(R15, Y8)

sums:
	HSUM(Y12, X12, 16)
	HSUM(Y11, X11, 24)
	HSUM(Y10, X10, 32)
	HSUM(Y9, X9, 40)
	HSUM(Y8, X8, 48)
	VZEROUPPER
	RET

// func minItemAVX2(alive, sets *uint64, stride int, spans *int32, lo, hi int, left *[2]uint64) (best, bestN int)
//
// minItemAVX512 four words an instruction: the item of left (a mask of at
// most 128 items) with the fewest options alive, the first one on ties,
// and their number: item v's options are the stride-byte record at
// sets+v*stride, of which only the words from spans[2v] to spans[2v+1]
// (excluded) may be non-zero; alive's live words are lo to hi (excluded).
// Each item counts the words where both may be non-zero, the last few
// under a mask. It stops at the first item with none; best is -1 if left
// is empty.
TEXT ·minItemAVX2(SB), NOSPLIT, $0-72
	MOVQ    alive+0(FP), SI
	MOVQ    sets+8(FP), R8
	MOVQ    spans+24(FP), R10
	MOVQ    lo+32(FP), R11
	LEAQ    tailMask<>(SB), R12
	MOVQ    left+48(FP), AX
	MOVQ    0(AX), R13
	MOVQ    8(AX), R14
	MOVQ    $-1, BX
	MOVQ    $0x40000000, DI // bestN
	XORQ    CX, CX          // the first item of R13's word
	MOVQ    $0x0f0f0f0f0f0f0f0f, AX
	MOVQ    AX, X15
	VPBROADCASTQ X15, Y15
	VMOVDQU nibblePop<>(SB), Y14
	VPXOR   Y13, Y13, Y13

next:
	TESTQ R13, R13
	JNZ   item
	TESTQ R14, R14
	JZ    out
	MOVQ  R14, R13
	XORQ  R14, R14
	MOVQ  $64, CX

item:
	TZCNTQ  R13, DX
	BLSRQ   R13, R13
	ADDQ    CX, DX                 // DX = v
	MOVLQSX (R10)(DX*8), AX        // the item's first word
	MOVLQSX 4(R10)(DX*8), R15      // and its end
	CMPQ    AX, R11
	CMOVQLT R11, AX                // AX = max(lo, first)
	CMPQ    R15, hi+40(FP)
	CMOVQGT hi+40(FP), R15         // R15 = min(hi, end)
	SUBQ    AX, R15                // words to count
	JLE     empty
	// the item's words: sets + v*stride + AX*8, alive's: alive + AX*8
	MOVQ    DX, R9
	IMULQ   stride+16(FP), R9
	ADDQ    R8, R9
	LEAQ    (R9)(AX*8), R9
	LEAQ    (SI)(AX*8), AX
	VPXOR   Y12, Y12, Y12
	CMPQ    R15, $8
	JB      single

	// eight words a round, their byte counts added before one sum of
	// bytes (a quarter fewer instructions than four words a round)
pair:
	VMOVDQU (AX), Y0
	VPAND   (R9), Y0, Y0
	VMOVDQU 32(AX), Y1
	VPAND   32(R9), Y1, Y1
	NIB(Y0, Y2, Y3)
	NIB(Y1, Y4, Y5)
	VPADDB  Y4, Y2, Y2
	VPSADBW Y13, Y2, Y2
	VPADDQ  Y2, Y12, Y12
	ADDQ    $64, AX
	ADDQ    $64, R9
	SUBQ    $8, R15
	CMPQ    R15, $8
	JAE     pair

single:
	CMPQ    R15, $4
	JB      tail
	VMOVDQU (AX), Y0
	VPAND   (R9), Y0, Y0
	POP(Y0, Y2, Y3, Y12)
	ADDQ    $32, AX
	ADDQ    $32, R9
	SUBQ    $4, R15

tail:
	TESTQ      R15, R15
	JZ         sum
	DECQ       R15
	SHLQ       $5, R15
	VMOVDQU    (R12)(R15*1), Y7
	VPMASKMOVQ (AX), Y7, Y0
	VPMASKMOVQ (R9), Y7, Y1
	VPAND      Y1, Y0, Y0
	POP(Y0, Y2, Y3, Y12)

sum:
	VEXTRACTI128 $1, Y12, X2
	VPADDQ       X2, X12, X12
	VPSHUFD      $0x4e, X12, X2
	VPADDQ       X2, X12, X12
	VMOVQ        X12, AX
	CMPQ         AX, DI  // a new least, without a branch
	CMOVQCS      DX, BX
	CMOVQCS      AX, DI
	TESTQ        DI, DI
	JNZ          next
	JMP          out

empty:
	MOVQ DX, BX
	XORQ DI, DI

out:
	MOVQ BX, best+56(FP)
	MOVQ DI, bestN+64(FP)
	VZEROUPPER
	RET
