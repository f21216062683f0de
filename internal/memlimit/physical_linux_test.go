package memlimit

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestPhysicalMemory: sysinfo's memory is MemTotal of /proc/meminfo, to
// the byte.
func TestPhysicalMemory(t *testing.T) {
	data, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		t.Skip(err)
	}
	want := int64(-1)
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			f := strings.Fields(rest)
			kb, err := strconv.ParseInt(f[0], 10, 64)
			if err != nil || len(f) != 2 || f[1] != "kB" {
				t.Fatalf("MemTotal line %q", line)
			}
			want = kb << 10
		}
	}
	if got := physicalMemory(); got != want || got <= 0 {
		t.Errorf("physicalMemory() = %d, MemTotal says %d", got, want)
	}
}
