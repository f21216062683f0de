//go:build linux && cgo

package atload

/*
#define _GNU_SOURCE
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

// polyviz_atload_mapped is 1 once map_binary has mapped every read-only
// segment of the program.
int polyviz_atload_mapped;

// map_segments maps the read-only segments (code, read-only data) of each
// object loaded so far: the program first (*seen counts them; its result
// is polyviz_atload_mapped), then the C libraries the Go runtime's start
// runs (libc, the loader), whose faults went too.
static int map_segments(struct dl_phdr_info *info, size_t size, void *data) {
	int ok = 1;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || (ph->p_flags & PF_W)) {
			continue;
		}
		uintptr_t lo = (info->dlpi_addr + ph->p_vaddr) & ~(uintptr_t)4095;
		uintptr_t hi = (info->dlpi_addr + ph->p_vaddr + ph->p_memsz + 4095) & ~(uintptr_t)4095;
		ok &= madvise((void *)lo, hi - lo, MADV_POPULATE_READ) == 0;
	}
	int *seen = data;
	if ((*seen)++ == 0) {
		polyviz_atload_mapped = ok;
	}
	return 0;
}

// map_binary runs as the program is loaded, before the Go runtime starts
// (see Mapped).
__attribute__((constructor)) static void map_binary(void) {
	const char *v = getenv("POLYVIZ_HUGEPAGES");
	if (v != NULL && strcmp(v, "off") == 0) {
		return;
	}
	int seen = 0;
	dl_iterate_phdr(map_segments, &seen);
}
*/
import "C"

// Mapped reports whether the program's code and read-only data were
// mapped as it was loaded, by the C constructor map_binary above, before
// the Go runtime and the initializers of every package ran: the faults of
// their first runs, some 70 in the desktop build's start, are saved too.
func Mapped() bool { return C.polyviz_atload_mapped != 0 }
