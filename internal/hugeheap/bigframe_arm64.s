//go:build linux

#include "textflag.h"

// func bigFrame() uintptr: its frame, 67092480 bytes, is stackFrame
// (bigframe_linux.go).
TEXT ·bigFrame(SB), 0, $67092480-8
	MOVD	RSP, R0
	MOVD	R0, ret+0(FP)
	RET
