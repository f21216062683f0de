package solver

import (
	"errors"
	"fmt"
)

// Limits on what polyviz builds, so that an enormous input ends in a clear
// error rather than in the Go runtime's "fatal error: out of memory".

// ErrTooLarge is the sentinel of a *LimitError: the problem being read
// passes a limit of ReadLimits.
var ErrTooLarge = errors.New("problem too large")

// ErrTooManyWorkers is returned by Solve when Options.Workers is above
// MaxWorkers.
var ErrTooManyWorkers = errors.New("too many workers")

// ErrNodeLimit stops a search that walked more than Options.MaxNodes.
var ErrNodeLimit = errors.New("node budget spent")

// MaxWorkers is the largest Options.Workers that Solve accepts. Every worker
// owns a copy of the dancing-links structure, so a hundred thousand workers
// on a large problem would exhaust memory; more workers than a few per core
// only add copies anyway. (The command line caps -j lower, by core count.)
const MaxWorkers = 1024

// ReadLimits bound the problem that ParseDLXContext builds. A zero field
// means no limit. The reader counts as it goes and stops at the line that
// passes a limit, so a limit is enforced before the memory is spent.
type ReadLimits struct {
	// MaxEntries is the most entries (items of options, summed over all
	// options) the file may have.
	MaxEntries int64
	// MaxBytes is the most memory the problem may need, as EstimateMemory
	// counts it for the problem and one search (workers = 1). Compare
	// Problem.MemoryEstimate(workers) with the same budget before a
	// parallel Solve, since every worker copies the search structure.
	MaxBytes int64
}

// A LimitError says which limit of ReadLimits a problem passed. It is the
// Err of a *ParseError (which gives the line where the limit was passed)
// and unwraps to ErrTooLarge. Its fields are facts for the caller to word
// (the command line names its --max-memory flag).
type LimitError struct {
	// Limit names the field of ReadLimits: "MaxEntries" or "MaxBytes".
	Limit string
	// Max is the limit's value; Reached the count (entries, or estimated
	// bytes) at the point the reader stopped.
	Max, Reached int64
}

func (e *LimitError) Error() string {
	if e.Limit == "MaxEntries" {
		return fmt.Sprintf("%v: more than %d entries in the options (limit ReadLimits.MaxEntries = %d; raise it to read this file)",
			ErrTooLarge, e.Max, e.Max)
	}
	return fmt.Sprintf("%v: needs more than %s of memory (estimated %s so far; limit ReadLimits.MaxBytes = %d; raise it to read this file)",
		ErrTooLarge, FormatBytes(e.Max), FormatBytes(e.Reached), e.Max)
}

// Unwrap returns ErrTooLarge.
func (e *LimitError) Unwrap() error { return ErrTooLarge }

// Bytes per element, measured on 64-bit machines and rounded up, with room
// for the doubling of slices while they are read: what the Problem keeps
// (an item's record, name and index entry; an option's start; an entry's
// item and colour) and what each search engine copies (the 16-byte nodes
// of the dancing-links array, the item links and bounds, the per-level
// arrays).
const (
	problemBytesPerItem   = 160
	problemBytesPerOption = 16
	problemBytesPerEntry  = 16
	engineBytesPerItem    = 64
	engineBytesPerOption  = 16
	engineBytesPerEntry   = 16
)

// EstimateMemory returns about how many bytes a problem with the given
// numbers of items, options and entries (items of options, summed) needs
// while workers search it: the problem itself plus one dancing-links
// structure per worker. It errs on the high side by at most about two.
func EstimateMemory(items, options, entries int64, workers int) int64 {
	w := int64(max(workers, 1))
	return items*(problemBytesPerItem+w*engineBytesPerItem) +
		options*(problemBytesPerOption+w*engineBytesPerOption) +
		entries*(problemBytesPerEntry+w*engineBytesPerEntry)
}

// MemoryEstimate is EstimateMemory for p searched by workers goroutines
// (0 means one per CPU, as in Options.Workers).
func (p *Problem) MemoryEstimate(workers int) int64 {
	return EstimateMemory(int64(len(p.items)), int64(p.NumOptions()), int64(len(p.entries)), resolveWorkers(workers))
}

// FormatBytes prints a byte count in binary units: "512 B", "1.5 KiB",
// "2.0 GiB".
func FormatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit && exp < 5; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}
