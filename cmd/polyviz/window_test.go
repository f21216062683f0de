//go:build !headless

package main

import (
	"context"
	"runtime"
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
