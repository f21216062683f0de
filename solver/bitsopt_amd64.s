//go:build amd64 && !purego

#include "textflag.h"

// func andNotPopAVX512(dst, a, c, m1 *uint64, n int, nz *[16]byte) (count, count1 int)
//
// dst[i] = a[i] &^ c[i] for i < n (n <= 128); count is the number of bits
// set in dst[:n], count1 those also set in m1[:n]; bit i%8 of nz[i/8] says
// whether dst[i] is not zero. Eight words at a time, the last few under a
// mask (masked-off words are neither read nor written).
TEXT ·andNotPopAVX512(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ c+16(FP), DX
	MOVQ m1+24(FP), R8
	MOVQ n+32(FP), CX
	MOVQ nz+40(FP), R9
	VPXORQ Z4, Z4, Z4
	VPXORQ Z5, Z5, Z5
	CMPQ CX, $8
	JB   tail

loop:
	VMOVDQU64 (DX), Z1
	VPANDNQ   (SI), Z1, Z0
	VMOVDQU64 Z0, (DI)
	VPOPCNTQ  Z0, Z2
	VPADDQ    Z2, Z4, Z4
	VPANDQ    (R8), Z0, Z3
	VPOPCNTQ  Z3, Z3
	VPADDQ    Z3, Z5, Z5
	VPTESTMQ  Z0, Z0, K1
	KMOVB     K1, AX
	MOVB      AX, (R9)
	ADDQ      $64, SI
	ADDQ      $64, DX
	ADDQ      $64, DI
	ADDQ      $64, R8
	INCQ      R9
	SUBQ      $8, CX
	CMPQ      CX, $8
	JAE       loop

tail:
	TESTQ CX, CX
	JZ    done
	MOVQ  $1, AX
	SHLQ  CX, AX
	DECQ  AX
	KMOVB AX, K2
	VMOVDQU64.Z (DX), K2, Z1
	VMOVDQU64.Z (SI), K2, Z0
	VPANDNQ     Z0, Z1, Z0
	VMOVDQU64   Z0, K2, (DI)
	VPOPCNTQ    Z0, Z2
	VPADDQ      Z2, Z4, Z4
	VMOVDQU64.Z (R8), K2, Z3
	VPANDQ      Z0, Z3, Z3
	VPOPCNTQ    Z3, Z3
	VPADDQ      Z3, Z5, Z5
	VPTESTMQ    Z0, Z0, K1
	KMOVB       K1, AX
	MOVB        AX, (R9)

done:
	VEXTRACTI64X4 $1, Z4, Y6
	VPADDQ        Y6, Y4, Y4
	VEXTRACTI128  $1, Y4, X6
	VPADDQ        X6, X4, X4
	VPSHUFD       $0x4e, X4, X6
	VPADDQ        X6, X4, X4
	VMOVQ         X4, count+48(FP)
	VEXTRACTI64X4 $1, Z5, Y6
	VPADDQ        Y6, Y5, Y5
	VEXTRACTI128  $1, Y5, X6
	VPADDQ        X6, X5, X5
	VPSHUFD       $0x4e, X5, X6
	VPADDQ        X6, X5, X5
	VMOVQ         X5, count1+56(FP)
	VZEROUPPER
	RET

// func minItemAVX512(alive, sets *uint64, stride int, spans *int32, lo, hi int, left *[2]uint64) (best, bestN int)
//
// The item of left (a mask of at most 128 items) with the fewest options
// alive, the first one on ties, and their number: item v's options are
// the stride-byte record at sets+v*stride, of which only the words from
// spans[2v] to spans[2v+1] (excluded) may be non-zero; alive's live words
// are lo to hi (excluded). Each item counts the words where both may be
// non-zero, eight an instruction, the last few under a mask. It stops at
// the first item with none; best is -1 if left is empty.
TEXT ·minItemAVX512(SB), NOSPLIT, $0-72
	MOVQ alive+0(FP), SI
	MOVQ sets+8(FP), R8
	MOVQ spans+24(FP), R10
	MOVQ lo+32(FP), R11
	MOVQ $-1, R12 // all ones, for the tail's mask
	MOVQ left+48(FP), AX
	MOVQ 0(AX), R13
	MOVQ 8(AX), R14
	MOVQ $-1, BX
	MOVQ $0x40000000, DI // bestN
	XORQ CX, CX          // the first item of R13's word
	MOVQ CX, best+56(FP)

next:
	TESTQ R13, R13
	JNZ   item
	TESTQ R14, R14
	JZ    out
	MOVQ  R14, R13
	XORQ  R14, R14
	MOVQ  $64, CX

item:
	TZCNTQ R13, DX
	BLSRQ  R13, R13
	ADDQ   CX, DX // DX = v
	MOVLQSX (R10)(DX*8), AX  // the item's first word
	MOVLQSX 4(R10)(DX*8), R15 // and its end
	CMPQ   AX, R11
	CMOVQLT R11, AX // AX = max(lo, first)
	CMPQ   R15, hi+40(FP)
	CMOVQGT hi+40(FP), R15 // R15 = min(hi, end)
	SUBQ   AX, R15 // words to count
	JLE    empty
	// the item's words: sets + v*stride + AX*8, alive's: alive + AX*8
	MOVQ   DX, R9
	IMULQ  stride+16(FP), R9
	ADDQ   R8, R9
	LEAQ   (R9)(AX*8), R9
	LEAQ   (SI)(AX*8), AX
	VPXORQ Z4, Z4, Z4
	CMPQ   R15, $8
	JB     tail

chunk:
	VMOVDQU64 (AX), Z0
	VPANDQ    (R9), Z0, Z0
	VPOPCNTQ  Z0, Z0
	VPADDQ    Z0, Z4, Z4
	ADDQ      $64, AX
	ADDQ      $64, R9
	SUBQ      $8, R15
	CMPQ      R15, $8
	JAE       chunk

tail:
	TESTQ R15, R15
	JZ    sum
	BZHIQ R15, R12, R15 // (1 << R15) - 1
	KMOVB R15, K1
	VMOVDQU64.Z (AX), K1, Z0
	VMOVDQU64.Z (R9), K1, Z1
	VPANDQ      Z1, Z0, Z0
	VPOPCNTQ    Z0, Z0
	VPADDQ      Z0, Z4, Z4

sum:
	VEXTRACTI64X4 $1, Z4, Y5
	VPADDQ        Y5, Y4, Y4
	VEXTRACTI128  $1, Y4, X5
	VPADDQ        X5, X4, X4
	VPSHUFD       $0x4e, X4, X5
	VPADDQ        X5, X4, X4
	VMOVQ         X4, AX
	CMPQ          AX, DI  // a new least, without a branch
	CMOVQCS       DX, BX
	CMOVQCS       AX, DI
	TESTQ         DI, DI
	JNZ           next
	JMP           out

empty:
	MOVQ DX, BX
	XORQ DI, DI

out:
	MOVQ BX, best+56(FP)
	MOVQ DI, bestN+64(FP)
	VZEROUPPER
	RET
