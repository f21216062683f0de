package hugeheap

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"polyviz/internal/hugeheap/atload"
)

// TestHeapAdvised checks that a block allocated after initialization lies
// in a mapping marked for huge pages (VmFlags "hg" in /proc/self/smaps)
// from its first whole huge page in the advised bytes on: the reserve's
// first, partial huge page is left to the runtime's earlier 4 KiB pages,
// and the block may begin below it, in the space the objects made at
// initialization leave free (once in a few hundred runs, with the heap's
// base address random, that space held more than a huge page of the
// block).
func TestHeapAdvised(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("this kernel has no transparent huge pages")
	}
	skipIfLimited(t)
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
	flags, _, err := mappingOf(addr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the heap block at %#x lies in a mapping with VmFlags %q, without hg", addr, flags)
	}
	for i := 0; i < len(block); i += 4096 {
		block[i] = 1
	}
	_, anonHuge, _ := mappingOf(addr)
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
	skipIfLimited(t)
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

// TestEarlyAdvised checks, in a process started with the default, that
// the heap below the advised room is advised from its first huge page
// (adviseEarly), and that, after 1 MiB of small objects is made and
// touched, every huge page there has all its pages or none where the
// kernel can collapse: the objects made before the advice were collapsed
// into huge pages, and the ones made after came in huge pages. The page
// faults those objects took are logged beside POLYVIZ_HUGEPAGES=off's
// (where the kernel gives huge pages only when asked, about one a page):
// a few, most times, but the runtime puts them above the room now and
// then.
func TestEarlyAdvised(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") == "early" {
		var before, after syscall.Rusage
		keep := make([][]byte, 0, 256)
		syscall.Getrusage(syscall.RUSAGE_SELF, &before)
		for range 256 {
			b := make([]byte, 4096)
			for i := 0; i < len(b); i += 512 {
				b[i] = 1
			}
			keep = append(keep, b)
		}
		syscall.Getrusage(syscall.RUSAGE_SELF, &after)
		// every huge page below the room with pages in it, collapsed,
		// has all of them; part, 4 KiB pages
		flags, part := "-", 0
		if earlyAt != 0 {
			flags, _, _ = mappingOf(earlyAt)
			var vec [hugePage / 4096]byte
			for p := earlyAt; p < advisedAt; p += hugePage {
				if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, p, hugePage, uintptr(unsafe.Pointer(&vec))); errno != 0 {
					break
				}
				n := 0
				for _, v := range vec {
					n += int(v & 1)
				}
				if n > 0 && n < len(vec) {
					part++
				}
			}
		}
		runtime.KeepAlive(keep) // the objects stay in their pages until looked at
		fmt.Printf("faults %d early %#x part %d collapse %v flags %s\n", after.Minflt-before.Minflt, earlyAt, part, earlyErr == nil, strings.ReplaceAll(flags, " ", ","))
		return
	}
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("this kernel has no transparent huge pages")
	}
	skipIfLimited(t)
	for _, env := range []string{"POLYVIZ_HUGEPAGES=", "POLYVIZ_HUGEPAGES=off"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestEarlyAdvised$")
		cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD=early", env)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		var faults, part int
		var collapsed bool
		var early, flags string
		if _, err := fmt.Sscanf(string(out), "faults %d early %s part %d collapse %t flags %s", &faults, &early, &part, &collapsed, &flags); err != nil {
			t.Fatalf("with %q the child said %q", env, out)
		}
		t.Logf("%s: %s", env, strings.TrimSpace(string(out)))
		if env != "POLYVIZ_HUGEPAGES=" {
			continue
		}
		if early == "0x0" || !strings.Contains(","+flags+",", ",hg,") {
			t.Errorf("the heap below the ballast is not advised: %s", out)
		}
		if collapsed && part > 0 {
			t.Errorf("%d huge pages below the room have some of their pages, not all: not collapsed (%s)", part, out)
		}
	}
}

// TestCollapseAllowed: the heap's pages are collapsed unless the system
// turned transparent huge pages off, whatever else its setting says.
func TestCollapseAllowed(t *testing.T) {
	for setting, want := range map[string]bool{
		"always [madvise] never\n": true,
		"[always] madvise never\n": true,
		"always madvise [never]\n": false,
		"":                         true, // no such file: the kernel decides
	} {
		if got := collapseAllowed(setting); got != want {
			t.Errorf("collapseAllowed(%q) = %v, want %v", setting, got, want)
		}
	}
	if s := thpSetting(); s != "" && !strings.Contains(s, "[") {
		t.Errorf("%s says %q: no setting in brackets", thpEnabled, s)
	}
}

// TestMappingRange: the kernel's answer for one mapping (PROCMAP_QUERY)
// is the line /proc/self/maps lists for the heap, a global, the stack and
// the code, and reading the lines (mappingText) gives the same.
func TestMappingRange(t *testing.T) {
	var local [64]byte
	for _, addr := range []uintptr{
		uintptr(unsafe.Pointer(new([64]byte))),
		uintptr(unsafe.Pointer(&advised)),
		uintptr(unsafe.Pointer(&local)),
		codeAddr(),
	} {
		lo, hi, ok := mapsLine(t, addr)
		if !ok {
			t.Fatalf("%#x is in no line of /proc/self/maps", addr)
		}
		if a, b, ok := mappingText(addr); !ok || a != lo || b != hi {
			t.Errorf("%#x: by the text %#x-%#x (%v), /proc/self/maps %#x-%#x", addr, a, b, ok, lo, hi)
		}
		a, b, ok := mappingQuery(addr)
		if !ok && kernelAtLeast(t, 6, 11) {
			t.Fatalf("%#x: no answer to PROCMAP_QUERY from a kernel that has it", addr)
		} else if !ok {
			t.Skipf("no PROCMAP_QUERY here (a kernel before 6.11): %#x", addr)
		}
		if a != lo || b != hi {
			t.Errorf("%#x: the kernel says its mapping is %#x-%#x, /proc/self/maps %#x-%#x", addr, a, b, lo, hi)
		}
	}
	if _, _, ok := mappingQuery(0); ok {
		t.Error("address 0 has a mapping")
	}
}

// codeAddr is the address of some code of this test binary.
func codeAddr() uintptr {
	pc, _, _, _ := runtime.Caller(0)
	return pc
}

// mapsLine returns the bounds of the line of /proc/self/maps holding addr.
func mapsLine(t *testing.T, addr uintptr) (lo, hi uintptr, ok bool) {
	data, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		span, _, _ := strings.Cut(line, " ")
		a, b, ok := strings.Cut(span, "-")
		if !ok {
			continue
		}
		lo, err1 := strconv.ParseUint(a, 16, 64)
		hi, err2 := strconv.ParseUint(b, 16, 64)
		if err1 == nil && err2 == nil && uint64(addr) >= lo && uint64(addr) < hi {
			return uintptr(lo), uintptr(hi), true
		}
	}
	return 0, 0, false
}

// TestMapBinary checks, in processes of their own, that every page of the
// test binary's code and read-only data was mapped by the time the test
// ran (their resident pages in /proc/self/smaps; the binary was just read,
// so its pages are in memory), two mappings: as the program was loaded in
// a build with cgo (atload), at initialization without. With
// POLYVIZ_HUGEPAGES=off neither maps anything. scripts/test-headless.sh
// runs it without cgo.
func TestMapBinary(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") == "binary" {
		for _, addr := range []uintptr{codeAddr(), uintptr(unsafe.Pointer(unsafe.StringData(rodataProbe)))} {
			lo, hi, ok := mappingRange(addr)
			if !ok {
				fmt.Println("no mapping")
				return
			}
			before := rssOf(t, lo)
			err := mapBinary()
			fmt.Printf("at %x size %d before %d after %d atload %t init %v err %v\n", lo, (hi-lo)>>10, before, rssOf(t, lo), atload.Mapped(), mapErr, err)
		}
		return
	}
	for _, env := range []string{"POLYVIZ_HUGEPAGES=", "POLYVIZ_HUGEPAGES=off"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMapBinary$")
		cmd.Env = append(os.Environ(), "HUGEHEAP_CHILD=binary", env)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines) < 2 {
			t.Fatalf("with %q the child said %q", env, out)
		}
		var at [2]string
		for i, line := range lines[:2] {
			var size, before, after int
			var loaded bool
			var initMsg, msg string
			if _, err := fmt.Sscanf(line, "at %s size %d before %d after %d atload %t init %s err %s", &at[i], &size, &before, &after, &loaded, &initMsg, &msg); err != nil {
				t.Fatalf("with %q the child said %q", env, out)
			}
			switch {
			case loaded != (cgoBuild && env != "POLYVIZ_HUGEPAGES=off"):
				t.Errorf("with %q in a build with cgo %t: mapped as the program was loaded %t", env, cgoBuild, loaded)
			case msg != "<nil>" && strings.Contains(msg, "invalid argument") && !kernelAtLeast(t, 5, 14):
				t.Skipf("no MADV_POPULATE_READ before Linux 5.14: %s", out)
			case msg != "<nil>" || initMsg != "<nil>":
				t.Errorf("with %q: %s", env, line)
			case env == "POLYVIZ_HUGEPAGES=off" && after > before+64:
				t.Errorf("with %q mapping %d went from %d to %d kB resident", env, i, before, after)
			case env != "POLYVIZ_HUGEPAGES=off" && before < size:
				t.Errorf("mapping %d (code, then read-only data): %d kB of %d resident after initialization; want all", i, before, size)
			}
		}
		if at[0] == at[1] {
			t.Errorf("the code and the read-only data are one mapping (%s): the probe is not in the read-only data", at[0])
		}
		t.Logf("%s: %s", env, strings.TrimSpace(string(out)))
	}
}

// rssOf returns the Rss (kB) of the mapping starting at lo, from
// /proc/self/smaps.
func rssOf(t *testing.T, lo uintptr) int {
	data, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Fatal(err)
	}
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if a, _, ok := strings.Cut(f[0], "-"); ok && !strings.HasSuffix(f[0], ":") {
			v, err := strconv.ParseUint(a, 16, 64)
			in = err == nil && uintptr(v) == lo
			continue
		}
		if in && f[0] == "Rss:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return -1
}

// kernelAtLeast reports whether the running kernel's release is at least
// major.minor.
func kernelAtLeast(t *testing.T, major, minor int) bool {
	var u syscall.Utsname
	if err := syscall.Uname(&u); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, c := range u.Release {
		if c == 0 {
			break
		}
		b.WriteByte(byte(c))
	}
	var ma, mi int
	if _, err := fmt.Sscanf(b.String(), "%d.%d", &ma, &mi); err != nil {
		t.Fatalf("kernel release %q: %v", b.String(), err)
	}
	return ma > major || ma == major && mi >= minor
}

// TestGrowStack: growStack grows a goroutine's stack past stackRoom (a
// new goroutine's, of a few KiB: the runtime's stack bytes in use grow by
// most of stackRoom), so the compiler has not made its frame smaller.
func TestGrowStack(t *testing.T) {
	read := func() uint64 {
		s := []metrics.Sample{{Name: "/memory/classes/heap/stacks:bytes"}}
		metrics.Read(s)
		return s[0].Value.Uint64()
	}
	// a collection's end frees the large stacks kept while it ran, which a
	// growing stack would take first
	runtime.GC()
	done := make(chan [2]uint64)
	go func() {
		before := read()
		growStack()
		done <- [2]uint64{before, read()}
	}()
	if r := <-done; r[1] < r[0]+stackRoom/2 {
		t.Errorf("stack bytes in use: %d before growStack, %d after; want %d more at least", r[0], r[1], stackRoom/2)
	}
}

// TestReserveStack: reserveStack's goroutine holds a stack of Reserve
// bytes while during runs (bigFrame's frame has not shrunk), and it is
// free again when reserveStack returns, with no collection run.
func TestReserveStack(t *testing.T) {
	if !haveBigFrame {
		t.Skip("no bigFrame on " + runtime.GOARCH)
	}
	read := func() (stacks, cycles uint64) {
		s := []metrics.Sample{{Name: "/memory/classes/heap/stacks:bytes"}, {Name: "/gc/cycles/total:gc-cycles"}}
		metrics.Read(s)
		return s[0].Value.Uint64(), s[1].Value.Uint64()
	}
	// no collection may run while reserveStack does: a stack freed then is
	// kept until it ends. So the start's pace must be over (paceStart's
	// timer would set it back), then the collector is turned off after a
	// last cycle, which frees the large stacks kept (TestGrowStack).
	for start := time.Now(); time.Since(start) < 2*paceWindow; time.Sleep(time.Millisecond) {
		s := []metrics.Sample{{Name: "/gc/gogc:percent"}}
		if metrics.Read(s); s[0].Value.Uint64() != startPercent {
			break
		}
	}
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	// goroutines of the tests before may still be ending: one that ends
	// while reserveStack waits for its own would end the wait early
	for range 100 {
		n := runtime.NumGoroutine()
		time.Sleep(time.Millisecond)
		if runtime.NumGoroutine() == n {
			break
		}
	}
	before, cycles := read()
	var lo, hi uintptr
	var during uint64
	reserveStack(func(l, h uintptr) {
		lo, hi = l, h
		during, _ = read()
	})
	after, cyclesAfter := read()
	if hi-lo != stackFrame {
		t.Errorf("room %#x-%#x: %d bytes, want %d", lo, hi, hi-lo, stackFrame)
	}
	if during < before+Reserve {
		t.Errorf("stack bytes in use: %d before, %d during; want %d more at least", before, during, Reserve)
	}
	if after >= before+stackFrame {
		t.Errorf("stack bytes in use: %d before, %d after: the room was not freed", before, after)
	}
	if cyclesAfter != cycles {
		t.Errorf("%d collections ran", cyclesAfter-cycles)
	}
}
