//go:build !headless && linux && cgo

package main

import (
	"debug/elf"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestLazyGL checks that the binary (this test's, linked as polyviz is)
// does not need libGL or X11 to start, so a command line run loads
// neither, and that the window's loadGL then loads libGL and hands GL's
// functions on. Without glXGetProcAddress defined in glx_linux.go the
// binary needs libGL.so.1 again.
func TestLazyGL(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	libs, err := f.ImportedLibraries()
	if err != nil {
		t.Fatal(err)
	}
	if i := slices.IndexFunc(libs, func(l string) bool {
		return strings.HasPrefix(l, "libGL") || strings.HasPrefix(l, "libX11")
	}); i >= 0 {
		t.Errorf("the binary needs %s at start (all it needs: %v)", libs[i], libs)
	}
	if err := loadGL(); err != nil {
		t.Skipf("no libGL on this machine to load: %v", err)
	}
	if !glLoaded() {
		t.Fatal("loadGL said yes, but libGL is not in the process")
	}
	if glProc("glGetString") == nil {
		t.Error("glXGetProcAddress gives nothing for glGetString once libGL is loaded")
	}
}
