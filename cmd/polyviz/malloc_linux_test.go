//go:build !headless && linux && cgo

package main

import "testing"

// TestTuneMalloc checks that glibc takes both settings and that a block of
// the size of a view's texture then comes from the heap and stays there
// when freed (with glibc's defaults it is a mapping of its own, unmapped at
// once).
func TestTuneMalloc(t *testing.T) {
	if err := tuneMalloc(); err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{4 << 20, 16 << 20} {
		keeps, ok := heapKeeps(size)
		if !ok {
			t.Skip("this C library cannot say (no glibc 2.33)")
		}
		if !keeps {
			t.Errorf("a block of %d MiB is mapped on its own or given back when freed", size>>20)
		}
	}
}
