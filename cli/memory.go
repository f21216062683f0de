package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/pflag"

	"polyviz/puzzle"
	"polyviz/solver"
)

// byteSize is a --max-memory value: a number of bytes with an optional
// unit K, M, G or T (powers of 1024; "512M", "1.5G"); 0 means no limit.
type byteSize int64

func (b *byteSize) String() string {
	if *b == 0 {
		return "0 (no limit)"
	}
	return solver.FormatBytes(int64(*b))
}

func (b *byteSize) Type() string { return "size" }

func (b *byteSize) Set(s string) error {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := 1.0
	if n := len(t); n > 0 {
		if i := strings.IndexByte("KMGT", t[n-1]); i >= 0 {
			mult = float64(int64(1) << (10 * (i + 1)))
			t = t[:n-1]
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 || v*mult > 1<<62 {
		return fmt.Errorf("bad size %q (want bytes, or a number with K, M, G or T)", s)
	}
	*b = byteSize(v * mult)
	return nil
}

// registerMaxMemory adds --max-memory to fs, defaulting to defaultMaxMemory.
func registerMaxMemory(fs *pflag.FlagSet, b *byteSize) {
	*b = byteSize(defaultMaxMemory())
	fs.Var(b, "max-memory", "refuse a problem estimated to need more than `SIZE` of memory (e.g. 512M, 8G; 0: no limit; default: half the physical memory, or of a lower control group limit or of what ulimit -v leaves)")
}

// LimitMemory sets the collector's soft memory limit to half the physical
// memory (--max-memory's default), near which it collects as often as it
// must rather than let the heap outgrow the machine; GOMEMLIMIT in the
// environment wins. The collector's pace stays Go's (GOGC, default 100):
// a lazier one saved nothing measurable on runs of a second or more.
func LimitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMaxMemory())
	}
}

// defaultMaxMemory is half the memory the process may have: the least of
// the physical memory (MemTotal in /proc/meminfo), the control group's
// limit (memory.max) and the address space left under ulimit -v, or 4 GiB
// where none can be read. A limit under the machine's size is the one the
// process dies at, so the estimate must refuse below it.
func defaultMaxMemory() int64 {
	total := int64(0)
	for _, m := range []int64{physicalMemory(), cgroupMemory(), addressSpaceRoom()} {
		if m > 0 && (total == 0 || m < total) {
			total = m
		}
	}
	if total > 0 {
		return total / 2
	}
	return 4 << 30
}

// addressSpaceRoom is what ulimit -v leaves for the heap: the limit less
// the address space the process held at start (0 when there is no limit).
// The Go runtime reserves some 700 MB before main (its page allocator's
// summaries) and the heap takes address space in 64 MiB arenas, so half
// of the limit itself let a run the estimate passed die of out-of-memory
// under ulimit -v 1000000; half of this room refuses it instead. It is
// taken once, at the first call (main's LimitMemory): what the process
// holds grows with its heap, and the limit must not shrink as it runs.
var addressSpaceRoom = sync.OnceValue(func() int64 {
	limit := addressSpaceLimit()
	if limit == 0 {
		return 0
	}
	// at least a little room: a limit under what the runtime holds is
	// one where no problem fits, and 0 would mean none
	return max(limit-addressSpaceInUse(), 1<<20)
})

// cgroupMemory reads the memory limit of the process's control group
// (cgroup v2's memory.max), or returns 0 when there is none.
func cgroupMemory() int64 {
	data, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0
	}
	v, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || v <= 0 {
		return 0 // "max": no limit
	}
	return v
}

// physicalMemory reads MemTotal from /proc/meminfo (Linux), or returns 0.
func physicalMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			fields := strings.Fields(rest)
			if len(fields) >= 1 {
				if kb, err := strconv.ParseInt(fields[0], 10, 64); err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}

// tooBigHint adds to a too-big error the flag that raises the limit.
func tooBigHint(err error) error {
	var tb *puzzle.TooBigError
	if errors.As(err, &tb) || errors.Is(err, solver.ErrTooLarge) {
		return &memoryHint{err: err}
	}
	return err
}

// memoryHint is a too-big error with what raises the limit: --max-memory,
// or for a command without that flag (noFlag), where its limit comes from.
type memoryHint struct {
	err    error
	noFlag bool
}

func (h *memoryHint) Error() string {
	if h.noFlag {
		return h.err.Error() + "; the estimate comes before anything is built: this command's limit is half the memory the process may have (the machine's, the control group's or what ulimit -v leaves); solve, render and animate take --max-memory SIZE"
	}
	return h.err.Error() + "; the estimate comes before anything is built: raise the limit with --max-memory SIZE (0: none)"
}

func (h *memoryHint) Unwrap() error { return h.err }

// withoutMemoryFlag says, in err's hint, that the command has no
// --max-memory (rather than tell the user to give one).
func withoutMemoryFlag(err error) error {
	var h *memoryHint
	if errors.As(err, &h) {
		h.noFlag = true
	}
	return err
}
