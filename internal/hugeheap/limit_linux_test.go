package hugeheap

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestAddressSpaceLimit starts the test binary under ulimit -v 1000000
// (KiB): the Go runtime reserves some 700 MB before any package starts,
// so the room and the ballast (80 MiB) did not fit and every command
// died at initialization. Under the limit the child must start, make
// neither, and say so in Advised.
func TestAddressSpaceLimit(t *testing.T) {
	if os.Getenv("HUGEHEAP_CHILD") == "limit" {
		n, err := Advised()
		fmt.Printf("advised %d ballast %d: %v\n", n, len(ballast), err)
		return
	}
	sh, err := exec.LookPath("sh")
	if err != nil || raceEnabled {
		t.Skip("needs sh to set ulimit -v, and no race detector (whose child would not start under it)")
	}
	// the child sets no limit itself: the shell does, then execs it
	cmd := exec.Command(sh, "-c", `ulimit -v 1000000 && exec "$0" -test.run='^TestAddressSpaceLimit$'`, os.Args[0])
	cmd.Env = append(withoutGOGC(os.Environ()), "HUGEHEAP_CHILD=limit", "POLYVIZ_HUGEPAGES=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("under ulimit -v 1000000 the child failed: %v\n%.600s", err, out)
	}
	want := fmt.Sprintf("advised 0 ballast 0: %v\n", errLimited)
	if !strings.HasPrefix(string(out), want) {
		t.Errorf("under ulimit -v 1000000 the child said %q, want %q", out, want)
	}
}

// skipIfLimited skips a test of the room or the ballast when the tests
// run under ulimit -v: its children inherit the limit and make neither.
func skipIfLimited(t *testing.T) {
	t.Helper()
	if addressSpaceLimited() {
		t.Skip("under ulimit -v there is no room or ballast to check (TestAddressSpaceLimit)")
	}
}
