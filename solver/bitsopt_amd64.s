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
