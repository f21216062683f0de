package memlimit

import "syscall"

// physicalMemory is the machine's memory, MemTotal of /proc/meminfo, from
// sysinfo(2): one system call instead of the file, whose every read makes
// the kernel gather dozens of counters.
func physicalMemory() int64 {
	var info syscall.Sysinfo_t
	if syscall.Sysinfo(&info) != nil {
		return 0
	}
	return int64(info.Totalram) * int64(info.Unit)
}
