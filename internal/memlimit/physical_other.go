//go:build !linux

package memlimit

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// physicalMemory reads MemTotal from /proc/meminfo where a system has one
// (Linux is read by sysinfo), or returns 0.
func physicalMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			fields := strings.Fields(rest)
			if len(fields) >= 1 {
				if kb, err := strconv.ParseInt(fields[0], 10, 64); err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}
