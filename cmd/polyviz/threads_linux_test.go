//go:build !headless && linux && cgo

package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"syscall"
	"testing"
)

// grown keeps the child's grown heap alive (TestThreadStacks).
var grown []byte

// TestThreadStacks starts the test binary (linked as polyviz is) under
// ulimit -v 1000000, where with glibc's 8 MiB thread stacks the desktop
// build aborted making its seventh thread: there new threads get at most
// threadStacks and sixteen of them start; without a limit they get what
// they got before. Then the child's heap grows by childHeap: with a malloc
// arena per thread the Go heap found no address space left to grow into.
func TestThreadStacks(t *testing.T) {
	const childHeap = 64 << 20
	if os.Getenv("POLYVIZ_CHILD") == "threads" {
		// sixteen goroutines each on a thread of its own, at once
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				runtime.LockOSThread()
				<-start
			}()
		}
		close(start)
		wg.Wait()
		grown = make([]byte, childHeap)
		fmt.Printf("stack %d\n", threadStackDefault())
		return
	}
	if threadStackDefault() == 0 {
		t.Skip("this C library cannot say its threads' stack size")
	}
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Max <= 1<<62 {
		t.Skip("the tests run under a hard ulimit -v: no child can lift it")
	}
	sh, err := exec.LookPath("sh")
	if err != nil || raceDetector {
		t.Skip("needs sh to set ulimit -v, and no race detector (whose child would not start under it)")
	}
	for _, limit := range []string{"unlimited", "1000000"} {
		cmd := exec.Command(sh, "-c", `ulimit -v `+limit+` && exec "$0" -test.run='^TestThreadStacks$'`, os.Args[0])
		cmd.Env = append(os.Environ(), "POLYVIZ_CHILD=threads")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("under ulimit -v %s the child failed: %v\n%.600s", limit, err, out)
		}
		var size int
		if _, err := fmt.Sscanf(string(out), "stack %d", &size); err != nil {
			t.Fatalf("under ulimit -v %s the child said %q", limit, out)
		}
		switch {
		case limit == "unlimited" && size != threadStackDefault():
			t.Errorf("without a limit new threads get %d bytes of stack, want %d as in this process", size, threadStackDefault())
		case limit != "unlimited" && size > threadStacks:
			t.Errorf("under ulimit -v %s new threads get %d bytes of stack, want at most %d", limit, size, threadStacks)
		}
	}
}
