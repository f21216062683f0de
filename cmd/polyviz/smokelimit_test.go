//go:build !headless

package main

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// TestSmokeLimit: the smoke test's second run (scripts/test.sh) is under
// the least address space the window says it needs, windowAddressSpace,
// so that a constant below what the window takes fails there.
func TestSmokeLimit(t *testing.T) {
	data, err := os.ReadFile("../../scripts/test.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`SMOKE_ULIMIT_V=\$\(\((\d+) << (\d+)\)\)`).FindSubmatch(data)
	if m == nil {
		t.Fatal("scripts/test.sh runs no smoke test with SMOKE_ULIMIT_V=$((N << S))")
	}
	n, _ := strconv.Atoi(string(m[1]))
	shift, _ := strconv.Atoi(string(m[2]))
	if kib := int64(n) << shift; kib<<10 != windowAddressSpace {
		t.Errorf("scripts/test.sh runs the smoke test under ulimit -v %d KiB, windowAddressSpace is %d KiB", kib, windowAddressSpace>>10)
	}
}
