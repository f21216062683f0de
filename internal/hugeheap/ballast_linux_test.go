package hugeheap

import (
	"fmt"
	"os"
	"os/exec"
	"runtime/metrics"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// TestBallast checks, in processes started with and without GOGC, that the
// ballast is there by default and the collector's goal at least twice its
// size without a single resident page in its whole huge pages, that it
// lies above the advised room (so that the objects made after
// initialization fill the room after the first ones, in huge pages
// already made, rather than a new one past the ballast), that
// initialization ran no collection and GOGC is back at 100 after
// paceWindow, and that GOGC in the environment leaves the collector alone.
func TestBallast(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") == "ballast" {
		s := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}, {Name: "/gc/gogc:percent"}}
		metrics.Read(s)
		// its whole huge pages: a huge page at an end may hold objects
		// too, and one fault there brings in all of it
		resident := 0
		if len(ballast) > 0 {
			lo := (uintptr(unsafe.Pointer(unsafe.SliceData(ballast))) + hugePage - 1) &^ (hugePage - 1)
			hi := (uintptr(unsafe.Pointer(unsafe.SliceData(ballast))) + uintptr(len(ballast))) &^ (hugePage - 1)
			vec := make([]byte, (hi-lo)/4096)
			_, _, errno := syscall.Syscall(syscall.SYS_MINCORE, lo, hi-lo, uintptr(unsafe.Pointer(unsafe.SliceData(vec))))
			if errno != 0 {
				fmt.Println("mincore:", errno)
				return
			}
			for _, v := range vec {
				resident += int(v & 1)
			}
		}
		above := advised == 0 || uintptr(unsafe.Pointer(unsafe.SliceData(ballast))) > advisedAt
		time.Sleep(paceWindow + 50*time.Millisecond)
		later := []metrics.Sample{{Name: "/gc/gogc:percent"}}
		metrics.Read(later)
		fmt.Printf("ballast %d goal %d resident %d cycles %d gogc %d then %d above %t\n", len(ballast), s[0].Value.Uint64(), resident, s[1].Value.Uint64(), s[2].Value.Uint64(), later[0].Value.Uint64(), above)
		return
	}
	skipIfLimited(t)
	for _, env := range []string{"", "GOGC=100"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestBallast$")
		cmd.Env = append(withoutGOGC(os.Environ()), "HUGEHEAP_CHILD=ballast")
		if env != "" {
			cmd.Env = append(cmd.Env, env)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		var size, goal, resident, cycles, gogc, later int
		var above bool
		if _, err := fmt.Sscanf(string(out), "ballast %d goal %d resident %d cycles %d gogc %d then %d above %t", &size, &goal, &resident, &cycles, &gogc, &later, &above); err != nil {
			t.Fatalf("with %q the child said %q", env, out)
		}
		switch {
		case later != 100:
			t.Errorf("with %q: GOGC %d after %v, want 100", env, later, paceWindow)
		case env == "" && gogc != startPercent:
			t.Errorf("by default: GOGC %d after initialization, want %d", gogc, startPercent)
		case env != "" && gogc != 100:
			t.Errorf("with %q: GOGC %d after initialization, want 100", env, gogc)
		case env == "" && cycles != 0:
			t.Errorf("by default: %d collections by the test's start, want none", cycles)
		case env == "" && !above:
			t.Errorf("by default: the ballast lies below the advised room, in the space the first objects after initialization take")
		case env == "" && (size != Ballast || goal < 2*Ballast || resident != 0):
			t.Errorf("by default: ballast %d bytes, goal %d, %d pages resident; want %d, at least %d, 0", size, goal, resident, Ballast, 2*Ballast)
		case env != "" && (size != 0 || goal >= 2*Ballast):
			t.Errorf("with %s: ballast %d bytes, goal %d; want none and the runtime's own goal", env, size, goal)
		}
	}
}

// withoutGOGC drops GOGC from an environment.
func withoutGOGC(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "GOGC=") {
			out = append(out, kv)
		}
	}
	return out
}
