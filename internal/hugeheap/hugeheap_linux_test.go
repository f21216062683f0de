package hugeheap

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestHeapAdvised checks that a block allocated after initialization lies
// in a mapping marked for huge pages (VmFlags "hg" in /proc/self/smaps)
// from its first whole huge page in the advised bytes on: the reserve's
// first, partial huge page is left to the runtime's earlier 4 KiB pages,
// and the block may begin below it, in the room the objects made at
// initialization leave when the collector frees them (once in a few
// hundred runs, with the heap's base address random, that room held
// more than a huge page of the block).
func TestHeapAdvised(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("this kernel has no transparent huge pages")
	}
	if os.Getenv("HUGEHEAP_CHILD") != "on" {
		// the advice is given at initialization: in a process started with it on
		cmd := exec.Command(os.Args[0], "-test.run=^TestHeapAdvised$", "-test.v")
		// the default: POLYVIZ_HUGEPAGES unset
		cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD=on", "POLYVIZ_HUGEPAGES=")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %s", err, out)
		} else if !strings.Contains(string(out), "--- PASS: TestHeapAdvised") {
			t.Fatalf("the child did not pass: %s", out)
		}
		return
	}
	n, err := Advised()
	if err != nil || n < Reserve-hugePage {
		t.Fatalf("Advised() = %d, %v; want at least %d bytes", n, err, Reserve-hugePage)
	}
	block := make([]byte, 8<<20)
	start := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	addr := max(start+(hugePage-start%hugePage)%hugePage, advisedAt)
	if addr+hugePage > start+uintptr(len(block)) || addr+hugePage > advisedAt+uintptr(n) {
		t.Fatalf("the block at %#x (8 MiB) has no whole huge page in the advised %#x+%#x", start, advisedAt, n)
	}
	flags, anonHuge, err := mappingOf(addr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the heap block at %#x lies in a mapping with VmFlags %q, without hg", addr, flags)
	}
	for i := 0; i < len(block); i += 4096 {
		block[i] = 1
	}
	_, anonHuge, _ = mappingOf(addr)
	t.Logf("mapping of the block: AnonHugePages %d kB after touching 8 MiB", anonHuge)
}

// TestOff checks that POLYVIZ_HUGEPAGES=off leaves the heap alone, and
// that the heap is advised by default and with any other value.
func TestOff(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") == "off" {
		n, err := Advised()
		fmt.Printf("advised %d %v\n", n, err)
		return
	}
	_, statErr := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled")
	for _, env := range []string{"POLYVIZ_HUGEPAGES=off", "", "POLYVIZ_HUGEPAGES=on", "POLYVIZ_HUGEPAGES=1"} {
		off := env == "POLYVIZ_HUGEPAGES=off"
		if !off && statErr != nil {
			continue // no transparent huge pages to advise
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestOff$")
		cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD=off", "POLYVIZ_HUGEPAGES=")
		if env != "" {
			cmd.Env = append(cmd.Env, env)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		var n int
		var rest string
		if _, err := fmt.Sscanf(string(out), "advised %d %s", &n, &rest); err != nil {
			t.Fatalf("with %q the child said %q", env, out)
		}
		switch {
		case off && !strings.Contains(string(out), "advised 0 "+errOff.Error()):
			t.Errorf("with %q the child said %q", env, out)
		case !off && n < Reserve-hugePage:
			t.Errorf("with %q the child advised %d bytes (%q), want at least %d", env, n, out, Reserve-hugePage)
		}
	}
}

// mappingOf returns the VmFlags and AnonHugePages (kB) of the mapping
// holding addr, from /proc/self/smaps.
func mappingOf(addr uintptr) (flags string, anonHuge int, err error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if lo, hi, ok := strings.Cut(fields[0], "-"); ok && !strings.HasSuffix(fields[0], ":") {
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			in = err1 == nil && err2 == nil && uint64(addr) >= a && uint64(addr) < b
			continue
		}
		switch {
		case in && fields[0] == "AnonHugePages:":
			anonHuge, _ = strconv.Atoi(fields[1])
		case in && fields[0] == "VmFlags:":
			return strings.Join(fields[1:], " "), anonHuge, nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", 0, err
	}
	return "", 0, fmt.Errorf("no mapping in /proc/self/smaps holds %#x", addr)
}
