package formats

import (
	"runtime"
	"strings"
	"testing"
)

// TestDetectStreams: telling the formats apart walks an input's lines one
// at a time: on millions of short lines every format's Detect allocates
// far less than the input (a detector that cut the input into a slice of
// lines took 24 bytes a line, 4.8 GB for 200 MB of blank lines).
func TestDetectStreams(t *testing.T) {
	n := 1 << 20
	if testing.Short() {
		n = 1 << 16
	}
	for _, line := range []string{"\n", "\r\n", "| c\n", "# c\n"} {
		data := []byte(strings.Repeat(line, n))
		for _, f := range list {
			if f.Detect == nil {
				continue
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			f.Detect("input.txt", data)
			runtime.ReadMemStats(&after)
			if got := after.TotalAlloc - before.TotalAlloc; got > uint64(len(data))/4 {
				t.Errorf("%s: Detect allocated %d bytes on %d lines %q", f.Name, got, n, line)
			}
		}
	}
}
