package solver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
)

// endless is a DLX file that never ends: an item line, then the same option
// over and over. It calls after(n) once n bytes have been read.
type endless struct {
	head  string
	n     int64
	at    int64
	after func()
}

func (r *endless) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) {
		var chunk string
		if r.n < int64(len(r.head)) {
			chunk = r.head[r.n:]
		} else {
			chunk = "a b x:1\nc x:2\n"
		}
		k := copy(b[n:], chunk)
		n += k
		r.n += int64(k)
		if r.after != nil && r.n >= r.at {
			r.after()
			r.after = nil
		}
		if r.n >= int64(len(r.head)) && k < len(chunk) {
			// the rest of a repeated chunk is dropped: keep lines whole
			r.n -= int64(k)
			n -= k
			break
		}
	}
	return n, nil
}

// TestParseDLXCancel: reading a huge DLX file stops on SIGINT. The reader
// looks at its context: cancelled after 4 MB of an endless file, it returns
// context.Canceled.
func TestParseDLXCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := &endless{head: "a b c | x\n", at: 4 << 20, after: cancel}
	p, err := ParseDLXContext(ctx, r, "endless.dlx", ReadLimits{})
	if !errors.Is(err, context.Canceled) || p != nil {
		t.Fatalf("got %v, %v; want context.Canceled", p, err)
	}
	if r.n > 5<<20 {
		t.Errorf("read %d bytes after the cancel at 4 MB", r.n-4<<20)
	}
	// a context cancelled before the start stops within the first lines
	p, err = ParseDLXContext(ctx, strings.NewReader(strings.Repeat("a\n", 10000)), "x.dlx", ReadLimits{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v, %v", p, err)
	}
	// an uncancelled context reads the whole file
	p, err = ParseDLXContext(context.Background(), strings.NewReader("a b\na\nb\n"), "x.dlx", ReadLimits{MaxEntries: 2})
	if err != nil || p.NumOptions() != 2 {
		t.Errorf("small file: %v", err)
	}
}

// The limits stop the reader at the line that passes them, with a
// positioned error that unwraps to ErrTooLarge and names the limit.
func TestReadLimits(t *testing.T) {
	// 3 items, then options of 2 entries each: option k (from 1) is on line
	// k+1 and ends with 2k entries.
	file := "a b | x\n" + strings.Repeat("a x\nb\n", 3000)
	tests := []struct {
		name       string
		lim        ReadLimits
		line, col  int
		limit      string
		wantOption int
	}{
		{"entries: exactly at the limit", ReadLimits{MaxEntries: 9000}, 0, 0, "", 6000},
		{"entries: one option over", ReadLimits{MaxEntries: 10}, 8, 3, "MaxEntries", 0},
		{"entries: within a long run", ReadLimits{MaxEntries: 4000}, 2668, 3, "MaxEntries", 0},
		{"bytes: the item line alone passes", ReadLimits{MaxBytes: 100}, 1, 1, "MaxBytes", 0},
		{"bytes", ReadLimits{MaxBytes: EstimateMemory(3, 100, 150, 1)}, 102, 1, "MaxBytes", 0},
		{"bytes: enough", ReadLimits{MaxBytes: EstimateMemory(3, 6001, 9000, 1)}, 0, 0, "", 6000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ParseDLXContext(context.Background(), strings.NewReader(file), "big.dlx", tt.lim)
			if tt.limit == "" {
				if err != nil || p.NumOptions() != tt.wantOption {
					t.Fatalf("got %v", err)
				}
				return
			}
			var pe *ParseError
			var le *LimitError
			if !errors.Is(err, ErrTooLarge) || !errors.As(err, &pe) || !errors.As(err, &le) {
				t.Fatalf("got %v, want a ParseError with a LimitError", err)
			}
			if pe.Line != tt.line || pe.Col != tt.col || le.Limit != tt.limit {
				t.Errorf("got %v (line %d col %d, %s); want line %d col %d, %s", err, pe.Line, pe.Col, le.Limit, tt.line, tt.col, tt.limit)
			}
			if !strings.Contains(err.Error(), "ReadLimits."+tt.limit) {
				t.Errorf("message does not name the limit: %v", err)
			}
		})
	}
	// an endless file ends at the limit rather than exhausting memory
	r := &endless{head: "a b c | x\n"}
	_, err := ParseDLXContext(context.Background(), r, "endless.dlx", ReadLimits{MaxBytes: 64 << 20})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("endless file: %v", err)
	}
	t.Logf("endless file: %v after %d bytes", err, r.n)
	// and so does one endless line
	var items, option strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&items, "%05d ", i)
		fmt.Fprintf(&option, "%05d ", i)
	}
	_, err = ParseDLXContext(context.Background(), strings.NewReader(items.String()+"\n"+option.String()), "line.dlx", ReadLimits{MaxEntries: 5000})
	var pe *ParseError
	if !errors.Is(err, ErrTooLarge) || !errors.As(err, &pe) || pe.Line != 2 || pe.Col != 6*5000+1 {
		t.Errorf("endless line: %v", err)
	}
}

// EstimateMemory is an upper bound of the memory a problem and its engine
// really hold, and not a wild one.
func TestMemoryEstimate(t *testing.T) {
	var b strings.Builder
	n := 3000
	for i := range n {
		fmt.Fprintf(&b, "i%d ", i)
	}
	b.WriteString("\n")
	for o := range 30000 {
		for k := range 8 {
			fmt.Fprintf(&b, "i%d ", (o*7+k*13)%n)
		}
		b.WriteString("\n")
	}
	text := b.String()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	p, err := ParseDLX(strings.NewReader(text), "m.dlx")
	if err != nil {
		t.Fatal(err)
	}
	e := testEngine(t, p)
	runtime.GC()
	runtime.ReadMemStats(&after)
	used := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	est := p.MemoryEstimate(1)
	t.Logf("%d items, %d options, %d entries: %s used, %s estimated", p.NumItems(), p.NumOptions(), p.NumEntries(), FormatBytes(used), FormatBytes(est))
	if used > est || est > 3*used {
		t.Errorf("used %d bytes, estimated %d", used, est)
	}
	runtime.KeepAlive(e)
	if got := p.MemoryEstimate(4) - p.MemoryEstimate(1); got != 3*(EstimateMemory(3000, 30000, 240000, 2)-EstimateMemory(3000, 30000, 240000, 1)) {
		t.Errorf("each worker adds an engine: %d", got)
	}
}

func TestFormatBytes(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 1536: "1.5 KiB", 3 << 30: "3.0 GiB"} {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestTooManyWorkers: Workers 100000 would make 100000 copies of the
// structure, so Solve refuses above MaxWorkers.
func TestTooManyWorkers(t *testing.T) {
	p := queens(4)
	_, err := Solve(context.Background(), p, Options{Workers: 100000}, nil)
	if !errors.Is(err, ErrTooManyWorkers) || !strings.Contains(err.Error(), "100000") {
		t.Errorf("100000 workers: %v", err)
	}
	st, err := Solve(context.Background(), p, Options{Workers: MaxWorkers}, nil)
	if err != nil || st.Solutions != 2 {
		t.Errorf("MaxWorkers workers: %d solutions, %v", st.Solutions, err)
	}
}

var _ io.Reader = (*endless)(nil)
