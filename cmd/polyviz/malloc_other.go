//go:build !headless && !(linux && cgo)

package main

// tuneMalloc does nothing where the window's C library is not glibc's
// (see malloc_linux.go).
func tuneMalloc() error { return nil }
