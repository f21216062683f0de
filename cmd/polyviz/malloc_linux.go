//go:build !headless && linux && cgo

package main

/*
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

// tune_malloc keeps the C heap's big blocks: see tuneMalloc. It returns
// how many of the two settings glibc took, or -1 without glibc.
static int tune_malloc(int mmap_threshold, int trim_threshold) {
#ifdef __GLIBC__
	return mallopt(M_MMAP_THRESHOLD, mmap_threshold) + mallopt(M_TRIM_THRESHOLD, trim_threshold);
#else
	return -1;
#endif
}

// keeps_block reports whether a block of size bytes comes from the heap
// (not a mapping of its own) and stays there once freed: 1 yes, 0 no, -1
// not known (no glibc 2.33's mallinfo2).
static int keeps_block(size_t size) {
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 33)
	struct mallinfo2 before = mallinfo2();
	char *p = malloc(size);
	if (p == NULL) {
		return 0;
	}
	for (size_t i = 0; i < size; i += 4096) {
		p[i] = 1;
	}
	struct mallinfo2 during = mallinfo2();
	free(p);
	struct mallinfo2 after = mallinfo2();
	return during.hblkhd == before.hblkhd && after.arena >= size;
#else
	return -1;
#endif
}
*/
import "C"

import "fmt"

// The C heap's settings for the window: blocks up to mallocMmapMax come
// from the heap rather than from a mapping of their own, and up to
// mallocTrimMax of free memory at its top is kept rather than given back.
const (
	mallocMmapMax = 32 << 20  // the most glibc before 2.35 takes on 64 bits
	mallocTrimMax = 256 << 20 // kept, not given back to the kernel
)

// tuneMalloc sets the C heap for the window. Each frame of a turning view
// the GL driver allocates and frees buffers of a few megabytes (the view's
// texture, the window's image); with glibc's default settings each was a
// fresh mapping or a heap that grew and shrank again, and the main thread
// spent about a fifth of its time in the kernel (page faults, clearing
// pages, munmap). Kept, the blocks are reused and a turning view holds 60
// frames a second on less CPU (docs/PERFORMANCE.md); the price is up to
// mallocTrimMax of free memory kept. It reports an error when glibc
// refuses a setting (nil without glibc: musl has no such settings).
func tuneMalloc() error {
	switch n := C.tune_malloc(C.int(mallocMmapMax), C.int(mallocTrimMax)); n {
	case 2, -1:
		return nil
	default:
		return fmt.Errorf("mallopt took %d of 2 settings", int(n))
	}
}

// heapKeeps reports whether the C heap serves a block of size bytes
// itself and keeps it once freed (ok false: glibc cannot say).
func heapKeeps(size int) (keeps, ok bool) {
	r := C.keeps_block(C.size_t(size))
	return r == 1, r >= 0
}
