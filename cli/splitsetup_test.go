package cli

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a buffer that a command's reports and the test may use
// at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// heldReader holds its text back until ready says so (or 20 s have
// passed, lest a command that never reports hang the test): a setup as
// long as the test needs.
type heldReader struct {
	r     io.Reader
	ready func() bool
	once  sync.Once
}

func (h *heldReader) Read(p []byte) (int, error) {
	h.once.Do(func() {
		for end := time.Now().Add(20 * time.Second); !h.ready() && time.Now().Before(end); {
			time.Sleep(5 * time.Millisecond)
		}
	})
	return h.r.Read(p)
}

// TestSplitSetupProgress: split says, in solve's words, that a long setup
// goes on, and closes with solve's Setup line when it took a second or
// more. Its input, on standard input, comes once a report was written and
// 1.2 s have passed since the test began (the command's own clock starts
// later: under load a second by the test's clock was 0.99 s by the
// command's, and no Setup line was due); the reports come every 10 ms
// rather than every 5 s.
func TestSplitSetupProgress(t *testing.T) {
	defer func(every time.Duration) { splitSetupEvery = every }(splitSetupEvery)
	splitSetupEvery = 10 * time.Millisecond
	var out, errb lockedBuffer
	start := time.Now()
	in := &heldReader{r: strings.NewReader(dlx1Example), ready: func() bool {
		return strings.Contains(errb.String(), "setting up: ") && time.Since(start) > 1200*time.Millisecond
	}}
	args := []string{"split", "--format", "dlx", "--jobs", "2", "-o", filepath.Join(t.TempDir(), "jobs"), "-"}
	if code := Main(context.Background(), args, IO{Stdin: in, Stdout: &out, Stderr: &errb}, nil); code != 0 {
		t.Fatalf("exit %d\n%s", code, errb.String())
	}
	got := errb.String()
	if !regexp.MustCompile(`(?m)^ after \d+\.\d s: setting up: reading - and building its exact cover problem$`).MatchString(got) {
		t.Errorf("no report of the setup in\n%s", got)
	}
	if !regexp.MustCompile(`(?m)^Setup: \d+\.\d s before the solver began .*; \d+\.\d s in all\.$`).MatchString(got) {
		t.Errorf("no Setup line in\n%s", got)
	}
	if i, j := strings.LastIndex(got, "setting up: "), strings.Index(got, "largest job: "); j < 0 || i > j {
		t.Errorf("a setup report after the cut's lines, or none of these:\n%s", got)
	}
}
