// Package atload maps the program's code and read-only data as the
// program is loaded, by a C constructor that runs before the Go runtime
// starts, in builds with cgo (internal/hugeheap says why; POLYVIZ_HUGEPAGES=off
// turns it off). Without cgo, Mapped is false and internal/hugeheap maps
// them at its initialization instead.
package atload
