// Package hugeheap asks Linux to back the Go heap with transparent huge
// pages, so that a short run pays for a few 2 MiB page faults instead of
// thousands of 4 KiB ones; POLYVIZ_HUGEPAGES=off in the environment turns
// it off. It pays on runs of a tenth of a second, where page faults are a
// large share of the work (a tenth to a fifth of pentomino 6x10 distinct
// and of HexSticks, docs/PERFORMANCE.md), and is not measurable on runs of
// a second or more. A program imports it for its side effect, before the
// packages with heavy initializers:
//
//	import _ "polyviz/internal/hugeheap"
//
// Why: a fresh process faults in every page of heap it touches, and on a
// virtual machine a 4 KiB fault can cost 10 µs or more, a large share of a
// run of a tenth of a second. The Go runtime maps its heap in 4 MiB pieces
// without MADV_HUGEPAGE, and where
// /sys/kernel/mm/transparent_hugepage/enabled is "madvise" (the usual
// default) it never gets huge pages. The figures are in docs/PERFORMANCE.md.
//
// How: at initialization, before the packages with heavy initializers
// (Fyne's translations, goldmark's regular expressions) run, it starts a
// goroutine whose stack the runtime grows to Reserve bytes at once (one
// frame of that size, never touched), so that the runtime maps that much
// heap in one piece; it marks that piece's whole 2 MiB pages with
// madvise(MADV_HUGEPAGE) before anything touches them and ends the
// goroutine, whose stack is then free heap again, with no collection. The
// advice stays with the mapping, so every later allocation the runtime
// carves from those 64 MiB comes from huge pages. The heap below it,
// where the runtime puts the small objects it makes first, is advised
// too, and its huge pages that already hold objects in 4 KiB pages are
// collapsed into huge ones (MADV_COLLAPSE, Linux 6.1 and later; not where
// /sys/kernel/mm/transparent_hugepage/enabled says never). Heap the
// runtime maps later, beyond the room, has 4 KiB pages as before. The
// stack's frame is assembly (amd64 and arm64); on other architectures the
// heap is not advised.
//
// Where the heap is advised, it then grows the main goroutine's stack past
// what a command's loading takes, while the stack holds a few frames: a
// stack that runs out is doubled and copied, every frame on it walked
// through the binary's tables, and deep in a BurrTools file's loading each
// copy faulted in cold pages of them.
//
// It also has the binary's code and read-only data mapped at once, whose
// pages would otherwise be mapped by a fault each at their first use,
// hundreds in the desktop build's start alone: as the program is loaded,
// before the Go runtime starts, in builds with cgo (package atload), at the
// end of this initialization otherwise (mapBinary).
//
// It also keeps a ballast (Ballast bytes, never touched) alive, so that the
// collector's first cycles wait for a larger heap, unless GOGC in the
// environment sets the collector's pace. The ballast is allocated with the
// collector off, then the collector's pace is set so that its first goal
// lies past the ballast, for a tenth of a second (paceStart): at the
// default pace the ballast alone would start a cycle at once. A command
// that ends sooner never collects.
//
// Under a finite address-space limit (ulimit -v, RLIMIT_AS) it makes
// neither the room nor the ballast: the Go runtime reserves some 700 MB
// of address space before any package starts, so under a limit of a few
// hundred MB more the room's 64 MiB alone killed every command at start,
// and what is left is better spent on the problem's own memory
// (--max-memory's default counts it) than on saving page faults.
//
// With POLYVIZ_HUGEPAGES=off, under an address-space limit, on other
// systems, and where the kernel refuses the advice, the package advises
// nothing; Advised says what it did.
package hugeheap

// Reserve is the heap, in bytes, that initialization maps at once and
// advises into huge pages.
const Reserve = 64 << 20

// Advised reports how many bytes of heap were advised into huge pages at
// initialization (0 when none were), and why not when none were.
func Advised() (bytes int, err error) { return advised, advisedErr }
