//go:build !headless && !(linux && cgo)

package main

// loadGL does nothing where the binary links its GL library as usual
// (see glx_linux.go).
func loadGL() error { return nil }
