package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"polyviz/solver"
)

// stripSpec is a 1-wide strip of n(n+1)/2 cells and the pieces I1..In:
// n! solutions, each printed as n lines.
func stripSpec(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[0-%c]0\n", "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[n*(n+1)/2-1])
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "I%d", k)
		for i := range k {
			fmt.Fprintf(&b, " %c0", "0123456789"[i])
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// stopWriter cancels its context, as a signal would, once more than n
// bytes have been written to it: a run stopped in the middle of its
// printing, at a point that does not depend on timing.
type stopWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	n      int
	cancel context.CancelCauseFunc
}

func (w *stopWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.buf.Len() > w.n {
		w.cancel(&Interrupted{Signal: syscall.SIGINT})
	}
	return w.buf.Write(b)
}

// A `solve --print --checkpoint` run interrupted while it prints writes
// its last checkpoint, printed text included (spliced into the file, not
// passed through encoding/json), and the run resumed from it prints the
// whole list, each solution once, with the counts of one whole run.
func TestCheckpointPrintInterrupted(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "strip.txt")
	if err := os.WriteFile(spec, []byte(stripSpec(7)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, wantOut, wantErr := runCLI(t, "", "solve", "-j", "2", "--print", spec)
	want := altogether.FindString(wantErr)
	if code != 0 || want == "" {
		t.Fatalf("whole run: exit %d\n%s", code, wantErr)
	}
	ck := filepath.Join(dir, "ck.json")
	for _, at := range []int{1, 40 << 10} {
		os.Remove(ck)
		ctx, cancel := context.WithCancelCause(context.Background())
		out := &stopWriter{n: at, cancel: cancel}
		var errb bytes.Buffer
		code := Main(ctx, []string{"solve", "-j", "2", "--print", "--checkpoint", ck, spec}, IO{Stdin: strings.NewReader(""), Stdout: out, Stderr: &errb}, nil)
		cancel(nil)
		if code != 130 || !strings.Contains(errb.String(), "the state is in "+ck) {
			t.Fatalf("stopped after %d bytes: exit %d, want 130 and the checkpoint named\n%s", at, code, errb.String())
		}
		code, gotOut, gotErr := runCLI(t, "", "solve", "-j", "2", "--print", "--resume", ck, spec)
		if code != 0 || altogether.FindString(gotErr) != want {
			t.Fatalf("stopped after %d bytes, resumed: exit %d, %q, want %q\n%s", at, code, altogether.FindString(gotErr), want, gotErr)
		}
		if got, wantList := solutionBlocks(gotOut), solutionBlocks(wantOut); !slices.Equal(got, wantList) {
			t.Fatalf("stopped after %d bytes, resumed: %d solutions printed, want %d (or not the same ones)", at, len(got), len(wantList))
		}
	}
}

// The printed text is escaped for JSON as it is printed, and the
// checkpoint splices it in as it is: any text comes back unchanged (an
// invalid byte as U+FFFD, as encoding/json reads it), under a digest that
// checks; and a checkpoint allocates a small part of the text, where
// encoding it anew at each checkpoint took several copies of it (seconds
// for tens of megabytes, the last checkpoint's after a signal).
func TestCheckpointPrintedText(t *testing.T) {
	odd := "a<b>&c \"q\" \\ \t\r\x01 é \u2028\u2029 \xff end\n"
	bulk := strings.Repeat(" 00 10 20 I3 (1 of 3)\n", 4<<20/22)
	for _, c := range []struct {
		name   string
		texts  []string
		wired  bool // the checkpoints written by the printer's writer (solve's case)
		allocs bool
	}{
		{"odd", []string{odd, "plain\n", odd}, true, false},
		{"odd, state alone", []string{odd, "plain\n"}, false, false},
		{"bulk", []string{bulk, bulk}, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "ck.json")
			opt := solver.Options{}
			var cw *checkpointWrites
			opt.Checkpoint, cw = checkpointWriter(path, &bytes.Buffer{})
			pr := &solutionPrinter{out: bufio.NewWriter(&bytes.Buffer{})}
			if c.wired {
				pr.writes = cw
			}
			if err := pr.setupPrinter(IO{Stderr: &bytes.Buffer{}}, &opt); err != nil {
				t.Fatal(err)
			}
			for _, s := range c.texts {
				pr.print(func(w *bufio.Writer, _ int) error { _, err := w.WriteString(s); return err })
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			ckpt := solver.Checkpoint{Problem: "sha256:0", Profile: []int64{0}, Tasks: []solver.Task{{From: -1, To: -1, Weight: 1}}}
			opt.CheckpointState(&ckpt)
			opt.Checkpoint(ckpt)
			runtime.ReadMemStats(&after)
			if saved, err := cw.lastErr(); err != nil || saved != 1 {
				t.Fatalf("checkpoint not written: %v", err)
			}
			got, err := readCheckpoint(path)
			if err != nil {
				t.Fatal(err)
			}
			var s savedOutput
			if err := json.Unmarshal(got.State, &s); err != nil {
				t.Fatal(err)
			}
			want := strings.ToValidUTF8(strings.Join(c.texts, ""), "\uFFFD")
			if s.Text != want || !s.Complete || s.Printed != int64(len(c.texts)) {
				t.Errorf("state read back: printed %d, complete %v, text %q; want %d, true, %q", s.Printed, s.Complete, s.Text[:min(len(s.Text), 80)], len(c.texts), want[:min(len(want), 80)])
			}
			if n := after.TotalAlloc - before.TotalAlloc; c.allocs && n > uint64(len(want)/4) {
				t.Errorf("a checkpoint of %d bytes of text allocated %d bytes", len(want), n)
			}
		})
	}
}

// A run with --checkpoint interrupted before its search began (while it
// reads its input) writes none, and says so.
func TestCheckpointNotBegun(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck.json")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&Interrupted{Signal: syscall.SIGINT})
	var out, errb bytes.Buffer
	code := Main(ctx, []string{"solve", "--checkpoint", ck, "pentomino-6x10"}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
	if code != 130 || !strings.Contains(errb.String(), "before the search began: no checkpoint written in "+ck) {
		t.Errorf("exit %d, %q; want 130 and that no checkpoint was written", code, errb.String())
	}
	if _, err := os.Stat(ck); err == nil {
		t.Error("a checkpoint was written")
	}
}
