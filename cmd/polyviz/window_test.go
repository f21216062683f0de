//go:build !headless

package main

import (
	"context"
	"runtime"
	"strings"
	"testing"
)

// Without a display the window command says so and exits 2, instead of
// Fyne's panic when GLFW finds no platform; with DISPLAY or
// WAYLAND_DISPLAY it tries.
func TestNoDisplay(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		t.Skip("the window needs no DISPLAY here")
	}
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, c := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, true},
		{map[string]string{"DISPLAY": ":0"}, false},
		{map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, false},
	} {
		if got := noDisplay(env(c.env)); got != c.want {
			t.Errorf("noDisplay with %v = %v, want %v", c.env, got, c.want)
		}
	}
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if code := window(context.Background())(nil); code != 2 {
		t.Errorf("the window without a display exits %d, want 2", code)
	}
}

// Under an address-space limit too small for the window's graphics, it
// says so and how to go on, where the GL driver or Go died with a stack
// dump; no limit, or a big one, lets it start.
func TestTooLittleAddressSpace(t *testing.T) {
	if msg := tooLittleAddressSpace(1500000 << 10); !strings.Contains(msg, "the window needs at least 2.0 GiB of address space for its graphics, and ulimit -v allows 1.4 GiB") ||
		!strings.Contains(msg, "'polyviz help'") {
		t.Errorf("ulimit -v 1500000: %q", msg)
	}
	for _, limit := range []int64{0, 2 << 30, 3000000 << 10, 1 << 40} {
		if msg := tooLittleAddressSpace(limit); msg != "" {
			t.Errorf("limit %d: %q", limit, msg)
		}
	}
}
