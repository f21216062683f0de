package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"polyviz/puzzle"
)

// limitWriter accepts n bytes, then fails every write, as a disk that fills up.
type limitWriter struct {
	n       int
	written int
}

var errDiskFull = errors.New("no space left on device (test)")

func (w *limitWriter) Write(p []byte) (int, error) {
	if w.written+len(p) <= w.n {
		w.written += len(p)
		return len(p), nil
	}
	k := w.n - w.written
	w.written = w.n
	return k, errDiskFull
}

// runTo runs polyviz in-process with stdout going to w.
func runTo(ctx context.Context, w io.Writer, args ...string) (int, string) {
	var errb bytes.Buffer
	code := Main(ctx, args, IO{Stdin: strings.NewReader(""), Stdout: w, Stderr: &errb}, nil)
	return code, errb.String()
}

// TestWriteFailures: output lost to a full disk is an error with a non-zero
// exit and the reason, and a failed write stops the search at once (issue
// 16, item 2). Before, --print ignored the buffered writer's error until
// the end, and the last flush and the JSON encoding were not checked.
func TestWriteFailures(t *testing.T) {
	soma := filepath.Join(testDLXDir, "soma-3x3x3.dlx")
	spec := filepath.Join(referenceDir(t), "specs", "soma-3x3x3.txt")
	tests := []struct {
		name  string
		limit int
		args  []string
	}{
		{"print", 1000, []string{"solve", "--print", soma}},
		{"print -j1", 1000, []string{"solve", "--print", "-j1", soma}},
		{"print at the last flush", 0, []string{"solve", "--print", "--max", "1", soma}},
		{"json", 0, []string{"solve", "--json", "--max", "5", soma}},
		{"json distinct", 0, []string{"solve", "--json", "--distinct", "all", "--max", "2", spec}},
		{"print distinct", 100, []string{"solve", "--print", "--distinct", "all", spec}},
		{"polycube-dlx", 1000, []string{"polycube-dlx", spec}},
		{"polycube-dlx at the last flush", 0, []string{"polycube-dlx", spec}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, errs := runTo(context.Background(), &limitWriter{n: tt.limit}, tt.args...)
			if code != 1 || !strings.Contains(errs, "no space left on device (test)") {
				t.Errorf("exit %d, stderr %q; want 1 and the write error", code, errs)
			}
			if !strings.Contains(tt.name, "json") && strings.Contains(errs, "Altogether 11520") {
				t.Errorf("the search went on after the write failed: %q", errs)
			}
		})
	}
}

// TestDevFull writes onto /dev/full, where every write fails with ENOSPC.
func TestDevFull(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full here")
	}
	defer f.Close()
	soma := filepath.Join(testDLXDir, "soma-3x3x3.dlx")
	for _, args := range [][]string{
		{"solve", "--print", soma},
		{"solve", "--json", "--max", "5", soma},
		{"polycube-dlx", filepath.Join(referenceDir(t), "specs", "soma-3x3x3.txt")},
	} {
		code, errs := runTo(context.Background(), f, args...)
		if code != 1 || !strings.Contains(errs, "no space left on device") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// cancelWriter cancels a context, with cause, at its first write.
type cancelWriter struct {
	bytes.Buffer
	cancel context.CancelCauseFunc
	cause  error
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	w.cancel(w.cause)
	return w.Buffer.Write(p)
}

// TestInterrupted: a run stopped by SIGINT exits 130, by SIGTERM 143, and
// says it was interrupted; its JSON says "complete": false, rather than
// exit 1 with "context canceled" and counts that read as final.
func TestInterrupted(t *testing.T) {
	for _, tc := range []struct {
		sig  syscall.Signal
		name string
		code int
	}{{syscall.SIGINT, "SIGINT", 130}, {syscall.SIGTERM, "SIGTERM", 143}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			ctx, cancel := context.WithCancelCause(context.Background())
			defer cancel(nil)
			w := &cancelWriter{cancel: cancel, cause: &Interrupted{Signal: tc.sig}}
			code, errs := runTo(ctx, w, "solve", "--print", "-j1", filepath.Join(testDLXDir, "soma-3x3x3.dlx"))
			if code != tc.code || !strings.Contains(errs, "Interrupted after ") || strings.Contains(errs, "Altogether") ||
				!strings.Contains(errs, "interrupted by "+tc.name) {
				t.Errorf("exit %d, stderr %q", code, errs)
			}
			// the spec generator streams (its first bytes come out long
			// before the last of its 7 MB), and stops at the signal
			spec := filepath.Join(t.TempDir(), "big.txt")
			pentominoes := mustReadFile(t, filepath.Join(referenceDir(t), "specs", "pentomino-6x10.txt"))
			_, pieces, _ := strings.Cut(string(pentominoes), "[0-9][0-5]\n") // all but the box
			os.WriteFile(spec, []byte("[0-z][0-z]\n"+pieces), 0o644)
			ctx, cancel = context.WithCancelCause(context.Background())
			w = &cancelWriter{cancel: cancel, cause: &Interrupted{Signal: tc.sig}}
			code, errs = runTo(ctx, w, "polyomino-dlx", spec)
			if code != tc.code || w.Len() == 0 || w.Len() > 1<<20 || strings.Contains(errs, "Altogether") ||
				!strings.Contains(errs, "interrupted by "+tc.name) {
				t.Errorf("polyomino-dlx: exit %d, %d bytes written, stderr %q", code, w.Len(), errs)
			}
		})
	}
}

// TestInterruptedJSON: the JSON summary says whether the counts are final.
func TestInterruptedJSON(t *testing.T) {
	l, err := puzzle.Load("soma", mustReadFile(t, filepath.Join(testDLXDir, "soma-3x3x3.dlx")), puzzle.FormatDLX)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&Interrupted{Signal: syscall.SIGINT})
	var out, errb bytes.Buffer
	code := solveProblem(ctx, IO{Stdout: &out, Stderr: &errb}, l.Problem, solveFlags{workers: 2, json: true})
	var got struct {
		Complete *bool `json:"complete"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Complete == nil || *got.Complete || code != 130 {
		t.Errorf("interrupted: exit %d, JSON %q", code, out.String())
	}
	example, err := puzzle.Load("example", []byte(dlx1Example), puzzle.FormatDLX)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		l        *puzzle.Loaded
		max      int64
		complete bool
	}{{example, 0, true}, {l, 5, false}} {
		out.Reset()
		code = solveProblem(context.Background(), IO{Stdout: &out, Stderr: &errb}, tc.l.Problem, solveFlags{workers: 2, json: true, max: tc.max})
		got.Complete = nil
		if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Complete == nil || *got.Complete != tc.complete || code != 0 {
			t.Errorf("--max %d: exit %d, JSON %q, want complete %v", tc.max, code, out.String(), tc.complete)
		}
	}
}

// TestSignalContext: the first SIGINT cancels the context with its cause.
func TestSignalContext(t *testing.T) {
	ctx, stop := SignalContext(context.Background())
	defer stop()
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("SIGINT did not cancel the context")
	}
	if code, ok := interrupted(ctx, ctx.Err()); !ok || code != 130 {
		t.Errorf("exit %d, %v; want 130", code, ok)
	}
}

func mustReadFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestRenderOutputKinds: -o follows a symbolic link, writes a device in
// place, and "-" is standard output, whose failure is an error. Neither the
// link nor the device is replaced by a regular file.
func TestRenderOutputKinds(t *testing.T) {
	pureComputation(t)
	dir := t.TempDir()
	target := filepath.Join(dir, "real.png")
	link := filepath.Join(dir, "link.png")
	if err := os.Symlink("real.png", link); err != nil {
		t.Skip(err)
	}
	if code, errs := runTo(context.Background(), io.Discard, "render", "soma", "--size", "64x48", "-o", link); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced")
	}
	if data, _ := os.ReadFile(target); !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Errorf("the link's target holds no PNG")
	}
	// a null device of our own (mknod needs root), never the machine's
	// /dev/null, which a regression here would replace
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		if code, errs := runTo(context.Background(), io.Discard, "render", "soma", "--size", "64x48", "-o", null); code != 0 {
			t.Errorf("-o a null device: exit %d: %s", code, errs)
		}
		if fi, err := os.Stat(null); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("the device was replaced by a regular file")
		}
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err == nil {
		got := make(chan int)
		go func() {
			data, _ := os.ReadFile(fifo)
			got <- len(data)
		}()
		if code, errs := runTo(context.Background(), io.Discard, "render", "soma", "--size", "64x48", "-o", fifo); code != 0 {
			t.Errorf("-o a FIFO: exit %d: %s", code, errs)
		}
		if n := <-got; n == 0 {
			t.Errorf("nothing came through the FIFO")
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("the FIFO was replaced")
		}
	}
	var out bytes.Buffer
	if code, errs := runTo(context.Background(), &out, "render", "soma", "--size", "64x48", "-o", "-"); code != 0 || !bytes.HasPrefix(out.Bytes(), []byte("\x89PNG")) {
		t.Errorf("-o -: exit %d, %d bytes: %s", code, out.Len(), errs)
	}
	for _, cmd := range [][]string{
		{"render", "soma", "--size", "64x48", "-o", "-"},
		{"animate", "soma", "--size", "64x48", "-o", "-"},
		{"orientations", "soma", "--piece", "A", "--thumb", "16", "-o", "-"},
	} {
		if code, errs := runTo(context.Background(), &limitWriter{n: 100}, cmd...); code != 1 || !strings.Contains(errs, "no space left on device (test)") {
			t.Errorf("%v onto a full disk: exit %d, %q", cmd, code, errs)
		}
	}
}

// TestSmallDefects: an error quotes a long token short, --format polyomino
// on a 3D spec says so, and multiplicity errors name their place.
func TestSmallDefects(t *testing.T) {
	// an error quotes at most ~60 characters of a token
	long := strings.Repeat("x", 1<<20)
	code, _, errs := runCLI(t, "A B\nA "+long+"\n", "solve", "--format", "dlx", "-")
	if code != 1 || len(errs) > 300 || !strings.Contains(errs, "<stdin>:2:3: item name longer than 8 characters: \"xxxx") {
		t.Errorf("exit %d, %d bytes of stderr: %.200s", code, len(errs), errs)
	}
	code, _, errs = runCLI(t, "[01]0\n"+long+" 00\n", "solve", "--format", "polyomino", "-")
	if code != 1 || len(errs) > 300 || !strings.Contains(errs, "<stdin>:2:1: piece name is empty or longer than 8 characters") {
		t.Errorf("long name: exit %d, %d bytes of stderr: %.200s", code, len(errs), errs)
	}
	// --format polyomino on a 3D spec says so, rather than 0 solutions
	code, _, errs = runCLI(t, "", "solve", "--format", "polyomino", filepath.Join(referenceDir(t), "specs", "soma-3x3x3.txt"))
	if code != 1 || !strings.Contains(errs, "soma-3x3x3.txt:5:1: every cell of the 2D board has a suffix") {
		t.Errorf("3D spec as 2D: exit %d, %q", code, errs)
	}
	// multiplicity errors name their place, in solve and render alike
	for _, cmd := range [][]string{{"solve"}, {"render", "-o", filepath.Join(t.TempDir(), "x.png")}} {
		code, _, errs = runCLI(t, "[0-4]0\n0|T 00 10\n", append(cmd, "--format", "polyomino", "-")...)
		if code != 1 || !strings.Contains(errs, "<stdin>:2:1: multiplicity is not a number") {
			t.Errorf("%v: exit %d, %q", cmd, code, errs)
		}
	}
}

// TestLineTooLong: the error names the long line, not the one before it.
func TestLineTooLong(t *testing.T) {
	if testing.Short() {
		t.Skip("a 64 MB line")
	}
	code, _, errs := runCLI(t, "A B\n| c\nA "+strings.Repeat("x", 65<<20)+"\n", "solve", "--format", "dlx", "-")
	if code != 1 || !strings.Contains(errs, "<stdin>:3:1: line too long") {
		t.Errorf("exit %d, %.200q", code, errs)
	}
}

// TestMaxMemory: a problem estimated to need more than --max-memory is
// refused with a message naming the limit and the flag, before it is built
// rather than let a huge box, 10,000 pieces or a 740 MB DLX file end in the
// runtime's out-of-memory crash.
func TestMaxMemory(t *testing.T) {
	soma := filepath.Join(testDLXDir, "soma-3x3x3.dlx") // 12 KB: about 320 KB once read
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{"huge box", "[0-z][0-z][0-z]\nA 000 001 002 010 011\nB 000 100 200 110 111\n", []string{"solve", "--format", "polycube", "-"}, 1,
			"its exact-cover problem needs more than 80.0 MiB of memory, over 8 times the limit of 10.0 MiB"},
		{"huge box, render", "[0-z][0-z][0-z]\nA 000 001 002 010 011\n", []string{"render", "--solution", "1", "-o", "x.png", "--format", "polycube", "-"}, 1,
			"raise the limit with --max-memory"},
		{"DLX file", "", []string{"solve", "--max-memory", "100K", soma}, 1, "reading this file needs about 315.6 KiB of memory, more than the limit of 100.0 KiB"},
		{"DLX on stdin", string(mustReadFile(t, soma)), []string{"solve", "--max-memory", "100K", "--format", "dlx", "-"}, 1, "of memory, more than the limit of 100.0 KiB"},
		{"enough", "", []string{"solve", "--max", "3", "--max-memory", "1M", soma}, 0, "Altogether 3 solutions"},
		{"too many workers for the limit", "", []string{"solve", "--max-memory", "400K", "-j", "16", soma}, 1, "searching it with 16 workers needs about"},
		{"one worker within it", "", []string{"solve", "--max", "3", "--max-memory", "400K", "-j", "1", soma}, 0, "Altogether 3 solutions"},
		{"no limit", "", []string{"solve", "--max", "3", "--max-memory", "0", soma}, 0, "Altogether 3 solutions"},
		{"bad size", "", []string{"solve", "--max-memory", "lots", soma}, 2, "bad size \"lots\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if strings.HasPrefix(tt.name, "huge box") {
				args = append([]string{args[0], "--max-memory", "10M"}, args[1:]...)
			}
			code, _, errs := runCLI(t, tt.stdin, args...)
			if code != tt.code || !strings.Contains(errs, tt.msg) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, errs, tt.code, tt.msg)
			}
		})
	}
}

// TestManyWorkers: -j far beyond the cores is capped, with a message.
func TestManyWorkers(t *testing.T) {
	code, _, errs := runCLI(t, dlx1Example, "solve", "-j", "100000", "--format", "dlx", "-")
	if code != 0 || !strings.Contains(errs, "-j 100000 is more than") || strings.Contains(errs, " 100000 workers") {
		t.Errorf("exit %d: %q", code, errs)
	}
}

// TestHelpWriteFailure: even the command list's write is checked.
func TestHelpWriteFailure(t *testing.T) {
	if code, errs := runTo(context.Background(), &failWriter{}, "help"); code != 1 || !strings.Contains(errs, "no space left") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// TestBenchWriteFailure: bench's table lost to a full disk fails the command.
func TestBenchWriteFailure(t *testing.T) {
	tmp := t.TempDir()
	dlx := filepath.Join(tmp, "dlx")
	os.Mkdir(dlx, 0o755)
	os.WriteFile(filepath.Join(dlx, "example.dlx"), []byte(dlx1Example), 0o644)
	os.WriteFile(filepath.Join(tmp, "README.md"), []byte("| example.dlx | 1 | 6 | 30 | 0.01 s |\n"), 0o644)
	if code, errs := runTo(context.Background(), &limitWriter{n: 10}, "bench", "--dir", dlx, "-j", "2"); code != 1 || !strings.Contains(errs, "no space left on device (test)") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// TestSignalStatus: every command's interrupted exit follows the signal.
func TestSignalStatus(t *testing.T) {
	for sig, want := range map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(&Interrupted{Signal: sig})
		if got := signalStatus(ctx); got != want {
			t.Errorf("%v: %d, want %d", sig, got, want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := signalStatus(ctx); got != 130 {
		t.Errorf("cancelled without a signal: %d, want 130", got)
	}
}

// TestSummaryWriteErrors: the closing line on standard error is solve's
// output too, so a count whose line is lost (2>/dev/full) exits 1, for
// every way solve counts: raw on DLX1's tree, by symmetry, distinct, a
// fillomino grid and a heat map.
func TestSummaryWriteErrors(t *testing.T) {
	heat := filepath.Join(t.TempDir(), "heat.csv")
	for _, args := range [][]string{
		{"solve", "--engine", "bits", "pentomino-3x20"},
		{"solve", "pentomino-3x20"},
		{"solve", "--distinct", "all", "pentomino-3x20"},
		{"solve", filepath.Join(fillominoRef, "fill-013.txt")},
		{"solve", "--heatmap", heat, "pentomino-3x20"},
	} {
		var out bytes.Buffer
		code := Main(context.Background(), args, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: failWriter{}}, nil)
		if code != 1 {
			t.Errorf("%v 2>/dev/full: exit %d", args, code)
		}
	}
}

// TestInterruptedBySymmetry: a plain count made by symmetry and stopped by
// SIGINT exits 130 and says "Interrupted after" with the solutions of the
// classes found so far (not "distinct solutions", which the user did not
// ask for), and its JSON says "complete": false.
func TestInterruptedBySymmetry(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		time.Sleep(300 * time.Millisecond) // Bedlam takes many seconds
		cancel(&Interrupted{Signal: syscall.SIGINT})
	}()
	var out bytes.Buffer
	code, errs := runTo(ctx, &out, "solve", "--json", "-j", "2", "bedlam")
	var js struct {
		Solutions int64
		CountedBy string `json:"counted_by"`
		Complete  bool
	}
	if err := json.Unmarshal(out.Bytes(), &js); err != nil {
		t.Fatalf("%v in %q", err, out.String())
	}
	if code != 130 || !strings.HasPrefix(errs, "Interrupted after ") || !strings.Contains(errs, "\nCounted by symmetry: ") ||
		strings.Contains(errs, "distinct solutions") || strings.Contains(errs, "Altogether") || js.Complete || js.CountedBy != "symmetry" {
		t.Errorf("exit %d, %+v, stderr %q", code, js, errs)
	}
}

// TestLimitMemory: polyviz's collector keeps Go's pace within a memory
// limit of --max-memory's default, unless GOMEMLIMIT says otherwise.
func TestLimitMemory(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	t.Setenv("GOMEMLIMIT", "")
	LimitMemory()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC %d, want Go's 100", got)
	}
	if got := debug.SetMemoryLimit(-1); got != defaultMaxMemory() {
		t.Errorf("memory limit %d, want %d", got, defaultMaxMemory())
	}
	debug.SetMemoryLimit(math.MaxInt64)
	t.Setenv("GOMEMLIMIT", "1GiB")
	LimitMemory()
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT set: limit %d, want it left alone", got)
	}
}
