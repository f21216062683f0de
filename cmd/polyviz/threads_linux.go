//go:build !headless && linux && cgo

package main

/*
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <sys/resource.h>

// POLYVIZ_THREAD_STACK is the most address space a thread's stack takes
// under a finite ulimit -v: see threadStacks.
#define POLYVIZ_THREAD_STACK (2 << 20)

// polyviz_thread_stacks runs before the Go runtime starts any thread
// (a constructor), so every thread it and the C libraries start gets the
// smaller stack, and all share one malloc arena (see threadStacks).
__attribute__((constructor)) static void polyviz_thread_stacks(void) {
#ifdef __GLIBC__
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) {
		return;
	}
	mallopt(M_ARENA_MAX, 1);
	pthread_attr_t attr;
	if (pthread_getattr_default_np(&attr) != 0) {
		return;
	}
	size_t size;
	if (pthread_attr_getstacksize(&attr, &size) == 0 && size > POLYVIZ_THREAD_STACK &&
			pthread_attr_setstacksize(&attr, POLYVIZ_THREAD_STACK) == 0) {
		pthread_setattr_default_np(&attr);
	}
	pthread_attr_destroy(&attr);
#endif
}

// thread_stack_default returns the stack size new threads get, or 0
// where the C library cannot say.
static size_t thread_stack_default(void) {
	size_t size = 0;
#ifdef __GLIBC__
	pthread_attr_t attr;
	if (pthread_getattr_default_np(&attr) == 0) {
		pthread_attr_getstacksize(&attr, &size);
		pthread_attr_destroy(&attr);
	}
#endif
	return size;
}
*/
import "C"

// threadStacks is the most address space each thread's stack reserves
// under a finite address-space limit (ulimit -v). glibc gives every new
// thread a stack of RLIMIT_STACK, usually 8 MiB of address space (not of
// memory: untouched, none of it is resident), and the desktop build's Go
// runtime starts its threads through glibc: under ulimit -v 1000000 the
// seventh could not be made, and every command aborted. Go's threads need
// far less (their C calls run on the main thread, whose stack is the
// process's), and neither the window nor the commands run C code deep
// enough to miss the rest. Each new thread's first free (cgo's thread
// start frees a block) also gives it a glibc malloc arena of 64 MiB of
// address space, up to eight per core, which takes what the limit leaves
// the Go heap: under a limit the threads share one arena (the little C
// they run needs no more). Without a limit nothing changes.
const threadStacks = C.POLYVIZ_THREAD_STACK

// threadStackDefault returns the stack size new threads get (0: the C
// library cannot say).
func threadStackDefault() int { return int(C.thread_stack_default()) }
