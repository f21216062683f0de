package backend

import (
	"errors"
	"strings"
	"testing"

	"polyviz/ui"
)

// TestLoadSizedFirst: the window sizes a packing before building it, under
// the command line's default limit, and refuses one over it with what it
// needs and where the limit comes from (it built every problem, and a huge
// box could take the machine's memory); within the limit it opens as
// before.
func TestLoadSizedFirst(t *testing.T) {
	old := windowMemory
	windowMemory = func() int64 { return 10 << 20 }
	defer func() { windowMemory = old }()
	b := New()
	_, err := b.Load("big.txt", []byte("[0-Z][0-Z]\n| polyforms 5\n"))
	var le *ui.LoadError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "big.txt: its exact-cover problem needs more than 80.0 MiB of memory, over 8 times the limit of 10.0 MiB; the window") ||
		!strings.Contains(err.Error(), "the window's limit is half the memory it may have") {
		t.Errorf("a 62x62 board under a 10 MiB limit: %v", err)
	}
	if _, err := b.Load("small.txt", []byte("[0-9][0-5]\n| polyforms 5\n")); err != nil {
		t.Errorf("pentominoes in 10x6 under a 10 MiB limit: %v", err)
	}
}
