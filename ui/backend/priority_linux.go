package backend

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// solverNice is the nice value of the threads that run the search.
const solverNice = 10

// yieldToUI lowers the scheduling priority of the Go runtime's threads, all
// but the main one, every half second until ctx ends: the solver's worker
// goroutines run on them, while Fyne keeps the UI goroutine locked to the
// main thread. When every core is searching, the kernel then gives the UI
// thread (and the X server and the GL driver's threads, which are left as
// they are) the CPU as soon as it wants it, and the 3D view keeps its frame
// rate. Go has no goroutine priorities, and threads come and go with the
// runtime, hence the repeated sweep; threads it cannot renice are left as
// they are. An unprivileged process cannot raise the priority again, so the
// threads stay at nice 10 after the run: they only ever run background work.
func yieldToUI(ctx context.Context) {
	pid := os.Getpid()
	exe, _ := os.ReadFile("/proc/self/comm")
	name := strings.TrimSpace(string(exe))
	sweep := func() {
		ents, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return
		}
		for _, e := range ents {
			tid, err := strconv.Atoi(e.Name())
			if err != nil || tid == pid {
				continue
			}
			// only the Go runtime's threads, which carry the program's
			// name; a GL driver's rasterizer threads are named otherwise
			comm, err := os.ReadFile("/proc/self/task/" + e.Name() + "/comm")
			if err != nil || strings.TrimSpace(string(comm)) != name {
				continue
			}
			syscall.Setpriority(syscall.PRIO_PROCESS, tid, solverNice)
		}
	}
	sweep()
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			sweep()
		}
	}
}
