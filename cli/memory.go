package cli

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"polyviz/internal/memlimit"
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

// defaultMaxMemory is half the memory the process may have (memlimit); a
// variable so that the tests can make it small.
var defaultMaxMemory = memlimit.Default

// addressSpaceLimit and addressSpaceInUse are memlimit's, for the tests.
func addressSpaceLimit() int64 { return memlimit.AddressSpaceLimit() }
func addressSpaceInUse() int64 { return memlimit.AddressSpaceInUse() }

// tooBigHint adds to a too-big error the flag that raises the limit.
func tooBigHint(err error) error {
	var tb *puzzle.TooBigError
	if errors.As(err, &tb) || errors.Is(err, solver.ErrTooLarge) || errors.Is(err, puzzle.ErrTooBig) {
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
		return h.err.Error() + "; the estimate comes before anything is built: this command's limit is half the memory the process may have (the machine's, the control group's or what ulimit -v leaves); solve, render, animate and lepage take --max-memory SIZE"
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
