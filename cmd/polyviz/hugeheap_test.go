//go:build !headless && linux

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestHugeHeapFirst checks that internal/hugeheap's initializer runs
// before the heavy ones of the window's libraries (Fyne's translations,
// goldmark's regular expressions), whose allocations it is there to put
// in huge pages (by default; POLYVIZ_HUGEPAGES=off turns it off): this
// test binary links what polyviz links, and GODEBUG=inittrace=1 prints
// the initializers in the order they ran.
func TestHugeHeapFirst(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "POLYVIZ_HUGEPAGES=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	order := map[string]int{}
	for i, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			order[f[1]] = i + 1
		}
	}
	huge, ok := order["polyviz/internal/hugeheap"]
	if !ok {
		t.Fatalf("polyviz/internal/hugeheap did not initialize:\n%s", out)
	}
	for _, heavy := range []string{"fyne.io/fyne/v2/lang", "github.com/yuin/goldmark/extension"} {
		if at, ok := order[heavy]; !ok || at < huge {
			t.Errorf("%s initialized at line %d, internal/hugeheap at %d: it should come after", heavy, at, huge)
		}
	}
}
