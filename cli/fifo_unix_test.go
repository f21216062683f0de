//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSolveFromPipe: an input that can be read only once, a named pipe as
// a shell's <(command) gives, is read once: the fillomino probe's bytes are
// the load's, not a second read that found the pipe empty.
func TestSolveFromPipe(t *testing.T) {
	for _, format := range []string{"", "dlx"} {
		fifo := filepath.Join(t.TempDir(), "in")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip("no named pipes here:", err)
		}
		go func() {
			if err := os.WriteFile(fifo, []byte(dlx1Example), 0o600); err != nil {
				t.Error(err)
			}
			// a second open of the pipe waits for a writer: give it one that
			// writes nothing, so a second read fails rather than hangs
			time.Sleep(2 * time.Second)
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close()
			}
		}()
		args := []string{"solve", "-j1", fifo}
		if format != "" {
			args = []string{"solve", "-j1", "--format", format, fifo}
		}
		code, _, errs := runCLI(t, "", args...)
		if code != 0 || !strings.HasPrefix(errs, "Altogether 1 solution, ") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}
