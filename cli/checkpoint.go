package cli

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"polyviz/fileout"
	"polyviz/solver"
)

// checkpointFormat names the format of checkpoint files; checkpoints of
// format 1 (polyviz before digests) are refused: without a digest, a count
// changed by hand goes unseen.
const (
	checkpointFormat   = "polyviz checkpoint 2"
	checkpointFormatV1 = "polyviz checkpoint 1"
)

// checkpointFile is a checkpoint as `polyviz solve --checkpoint` writes it,
// with the digest of its content (see digest.go).
type checkpointFile struct {
	Format string `json:"format"`
	solver.Checkpoint
	Digest string `json:"digest,omitempty"`
}

// readCheckpoint reads a checkpoint file, checking its format, its digest
// and that its figures agree with each other (the solver checks them
// against the problem too: Checkpoint.Check).
func readCheckpoint(path string) (*solver.Checkpoint, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f checkpointFile
	if err := json.Unmarshal(data, &f); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || len(bytes.TrimSpace(data)) == 0 || strings.Contains(err.Error(), "unexpected end of JSON input") {
			return nil, fmt.Errorf("%s: %w: truncated: the file ends in the middle of its JSON (%d bytes)", path, solver.ErrCheckpointBad, len(data))
		}
		if errors.As(err, new(*json.SyntaxError)) {
			// a file of something else, most likely: say so before JSON's own words
			return nil, fmt.Errorf("%s: %w (not JSON: %v)", path, errNotCheckpoint, err)
		}
		if te := (*json.UnmarshalTypeError)(nil); errors.As(err, &te) && te.Field == "" {
			return nil, fmt.Errorf("%s: %w (JSON, but not an object)", path, errNotCheckpoint)
		}
		if te := (*json.UnmarshalTypeError)(nil); errors.As(err, &te) {
			return nil, jsonTypeError(path, data, te, solver.ErrCheckpointBad)
		}
		return nil, fmt.Errorf("%s: %w: %v", path, solver.ErrCheckpointBad, err)
	}
	switch f.Format {
	case checkpointFormat:
		if err := checkSeal(&f); err != nil {
			return nil, fmt.Errorf("%s: %w: %v", path, solver.ErrCheckpointBad, err)
		}
	case checkpointFormatV1:
		// its counts could have been changed by hand without a trace
		return nil, fmt.Errorf("%s: %w: format %q, an older polyviz's, has no digest: its counts cannot be checked, so the search is not resumed from it; start it again", path, solver.ErrCheckpointBad, f.Format)
	case "":
		return nil, fmt.Errorf("%s: %w (JSON without a \"format\" field)", path, errNotCheckpoint)
	default:
		return nil, fmt.Errorf("%s: %w: format %q, want %q", path, solver.ErrCheckpointBad, f.Format, checkpointFormat)
	}
	c := &f.Checkpoint
	if err := checkFigures(c.Solutions, c.Nodes, c.Updates, c.Profile, c.MaxLevel, 0); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, solver.ErrCheckpointBad, err)
	}
	return c, nil
}

// errNotCheckpoint is readCheckpoint's error for a file that is not a
// checkpoint at all (rather than a damaged one).
var errNotCheckpoint = errors.New("not a polyviz checkpoint")

// checkpointWrites is what became of the checkpoints written to a file:
// whether the last write failed (the file then holds an earlier state, or
// none), and how many were written.
type checkpointWrites struct {
	mu    sync.Mutex
	last  error
	saved int
}

// lastErr is the error of the last write, or nil; saved is how many
// checkpoints were written.
func (c *checkpointWrites) lastErr() (err error, saved int) {
	if c == nil {
		return nil, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.last, c.saved
}

// checkpointWriter returns the Options.Checkpoint callback that writes each
// checkpoint to path, and the record of the writes. A failed write is said
// on stderr at once, and again when the next one succeeds.
func checkpointWriter(path string, stderr io.Writer) (func(solver.Checkpoint), *checkpointWrites) {
	cw := &checkpointWrites{}
	write := func(c solver.Checkpoint) {
		f := checkpointFile{Format: checkpointFormat, Checkpoint: c}
		_, err := writeSealed(path, &f)
		cw.mu.Lock()
		defer cw.mu.Unlock()
		switch {
		case err != nil && cw.last == nil:
			fmt.Fprintf(stderr, "polyviz solve: checkpoint not saved: %v\n", err)
		case err == nil && cw.last != nil:
			fmt.Fprintf(stderr, "polyviz solve: checkpoint saved in %s again\n", path)
		}
		cw.last = err
		if err == nil {
			cw.saved++
		}
	}
	return write, cw
}

// checkpointOptions sets up --checkpoint and --resume on opt; code is
// non-zero when they cannot be used.
func checkpointOptions(std IO, f solveFlags, opt *solver.Options) (writes *checkpointWrites, code int) {
	path := f.checkpoint
	if path == "" {
		path = f.resume
	}
	if path == "" {
		return nil, 0
	}
	if f.max > 0 {
		// which N solutions come first depends on the timing of the
		// workers, so a run cut short by --max has no figures to resume
		fmt.Fprintln(std.Stderr, "polyviz solve: --checkpoint and --resume are for a whole count: they cannot be used with --max or --first (which stop at whichever solutions the workers find first)")
		return nil, 2
	}
	if f.checkpoint != "" && f.checkpoint != f.resume && !f.overwrite {
		if msg := keptCheckpoint(f.checkpoint); msg != "" {
			fmt.Fprintf(std.Stderr, "polyviz solve: --checkpoint %s: %s\n", f.checkpoint, msg)
			return nil, 1
		}
	}
	if f.resume != "" {
		c, err := readCheckpoint(f.resume)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: --resume: %v\n", err)
			return nil, 1
		}
		opt.Resume = c
		// the figures are the engine's own: go on with the one that took it
		if took := checkpointEngine(c); took != f.asked && f.asked != solver.EngineAuto {
			fmt.Fprintf(std.Stderr, "polyviz solve: the checkpoint was taken by the %s engine: going on with it\n", took)
		}
	}
	if err := fileout.CheckWritable(path); err != nil {
		flag := "--checkpoint"
		if f.checkpoint == "" {
			flag = "--resume" // the run saves its checkpoints there
		}
		fmt.Fprintf(std.Stderr, "polyviz solve: %s: %v (refused: nothing searched)\n", flag, err)
		return nil, 1
	}
	every := f.checkpointEvery
	if every <= 0 {
		every = 5 * time.Second
	}
	opt.CheckpointEvery = every
	opt.Checkpoint, writes = checkpointWriter(path, std.Stderr)
	return writes, 0
}

// keptCheckpoint says why --checkpoint must not replace the file at path
// (without --overwrite), or "": a new path, an empty file, a device or
// FIFO, or the checkpoint of a finished search may be replaced; the
// checkpoint of an unfinished search (of this search or another) is saved
// work, and a file that is not a checkpoint is not polyviz's to replace.
func keptCheckpoint(path string) string {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
		return ""
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	var f checkpointFile
	if err := json.Unmarshal(data, &f); err != nil || (f.Format != checkpointFormat && f.Format != checkpointFormatV1) {
		return "the file exists and is not a polyviz checkpoint: not replaced (--overwrite replaces it)"
	}
	if f.Done {
		return ""
	}
	return fmt.Sprintf("the file holds an unfinished search (%s, %s left): if it is this one, go on with --resume %s; else keep it and choose another file, or replace it with --overwrite", count(f.Solutions, "solution", "solutions"), count(len(f.Tasks), "subtree", "subtrees"), path)
}

// resumeRefused reports whether err is the solver refusing the resumed
// checkpoint (another problem, or damaged), and then says so: the search
// never started, so the caller prints no closing line.
func resumeRefused(std IO, f solveFlags, err error) bool {
	if f.resume == "" || !(errors.Is(err, solver.ErrCheckpointProblem) || errors.Is(err, solver.ErrCheckpointBad)) {
		return false
	}
	// the solver's errors begin with its package's name, which says nothing to a user
	msg := strings.TrimPrefix(err.Error(), "solver: ")
	if errors.Is(err, solver.ErrCheckpointProblem) {
		// the problem searched depends on the mode too (the distinct search's cut)
		msg += "; a checkpoint goes on only with the puzzle and the --distinct mode of the run that saved it"
	}
	fmt.Fprintf(std.Stderr, "polyviz solve: --resume %s: %s (refused: nothing searched)\n", f.resume, msg)
	return true
}

// resumeHint says, when a checkpointed run stopped, how to go on; or, when
// the last checkpoint could not be written, that the file does not hold the
// state (writes: the record of the checkpoints written).
func resumeHint(std IO, f solveFlags, err error, writes *checkpointWrites) bool {
	path := f.checkpoint
	if path == "" {
		path = f.resume
	}
	if path == "" || err == nil || !(errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return false
	}
	flags := ""
	if f.distinct != "" && f.distinct != "none" {
		flags += " --distinct " + f.distinct
	}
	if f.print {
		flags += " --print " + f.printAs
	}
	if werr, saved := writes.lastErr(); werr != nil {
		held := "an earlier state of this run, not its last"
		switch {
		case saved == 0 && path == f.resume:
			held = "only the state this run went on from, not its progress since"
		case saved == 0:
			held = "no state of this run"
		}
		fmt.Fprintf(std.Stderr, "polyviz solve: interrupted, and the last checkpoint could not be written (%v): %s holds %s\n", werr, path, held)
		return true
	}
	fmt.Fprintf(std.Stderr, "polyviz solve: interrupted; the state is in %s: go on with\n  polyviz solve --resume %s%s %s\n", path, path, flags, f.input)
	return true
}

// maxSavedOutput bounds the text of the printed solutions that a
// checkpoint keeps (see savedOutput).
const maxSavedOutput = 64 << 20

// savedOutput is what `solve --print --checkpoint` printed before a
// checkpoint, kept in it (as its State). Solutions printed after the last
// checkpoint, before a crash, are found again by the resumed run; so the
// resumed run prints the saved text first and then the solutions it finds,
// numbered after the saved ones: its output alone is the whole list, each
// solution once, whenever the earlier runs were killed. Beyond
// maxSavedOutput bytes the text is no longer kept (Complete false): the
// resumed run then says so and prints only the solutions after the saved
// ones.
type savedOutput struct {
	Printed  int64  `json:"printed"`
	Complete bool   `json:"complete"`
	Text     string `json:"text,omitempty"`
	// As is how they were printed (--print's value, "" for options): a run
	// resumed in another form would mix the two in one list.
	As string `json:"as,omitempty"`
}

// printForm is --print's value as a checkpoint records it.
func printForm(as string) string {
	if as == "options" {
		return ""
	}
	return as
}

// solutionPrinter prints the solutions of `solve --print`, keeping their
// text for checkpoints when asked to (keep).
type solutionPrinter struct {
	out   *bufio.Writer
	as    string // --print's value
	n     int64  // solutions printed, numbered from 1
	err   error  // the first write error
	keep  bool
	saved savedOutput  // when keep: what was printed, for CheckpointState
	text  bytes.Buffer // saved.Text as it grows
	one   bytes.Buffer // the text of one solution
	w     *bufio.Writer
}

// print writes solution number p.n+1 with write, and reports whether the
// search goes on. Calls never overlap (the solver calls visit under a lock).
func (p *solutionPrinter) print(write func(w *bufio.Writer, n int) error) bool {
	if p.err != nil {
		return false
	}
	p.n++
	if !p.keep {
		p.err = write(p.out, int(p.n))
		return p.err == nil
	}
	p.one.Reset()
	if p.w == nil {
		p.w = bufio.NewWriter(&p.one)
	}
	p.w.Reset(&p.one)
	if err := write(p.w, int(p.n)); err != nil {
		p.err = err
		return false
	}
	if err := p.w.Flush(); err != nil {
		p.err = err
		return false
	}
	if _, err := p.out.Write(p.one.Bytes()); err != nil {
		p.err = err
		return false
	}
	if p.out.Buffered() > 32<<10 {
		if p.err = p.out.Flush(); p.err != nil {
			return false
		}
	}
	p.saved.Printed = p.n
	if p.saved.Complete && p.text.Len()+p.one.Len() <= maxSavedOutput {
		p.text.Write(p.one.Bytes())
	} else {
		p.saved.Complete = false
		p.text = bytes.Buffer{}
	}
	return true
}

// setupPrinter prepares p for a run with checkpoints (opt.Checkpoint set):
// it prints what a resumed checkpoint saved and has every checkpoint keep
// what is printed.
func (p *solutionPrinter) setupPrinter(std IO, opt *solver.Options) error {
	if opt.Checkpoint == nil {
		return nil
	}
	p.keep = true
	p.saved.Complete = true
	p.saved.As = printForm(p.as)
	if c := opt.Resume; c != nil && len(c.State) > 0 {
		var s savedOutput
		if err := json.Unmarshal(c.State, &s); err != nil {
			return fmt.Errorf("%w: its printed solutions: %v", solver.ErrCheckpointBad, err)
		}
		if s.As != p.saved.As {
			return fmt.Errorf("its solutions were printed as %s: resume with --print %s, or the list would mix the two", cmp.Or(s.As, "options"), cmp.Or(s.As, "options"))
		}
		p.n, p.saved = s.Printed, s
		if s.Complete {
			p.text.WriteString(s.Text)
			if _, err := p.out.WriteString(s.Text); err != nil {
				p.err = err
			}
		} else {
			fmt.Fprintf(std.Stderr, "polyviz solve: the %d solutions printed before the checkpoint were too many to keep in it: printing from solution %d on\n", s.Printed, s.Printed+1)
		}
		p.saved.Text = ""
	} else if c != nil && c.Solutions > 0 {
		fmt.Fprintf(std.Stderr, "polyviz solve: the checkpoint was taken without --print: its %s counted, not printed\n", count(c.Solutions, "solution is", "solutions are"))
		p.n, p.saved.Complete = c.Solutions, false
	}
	opt.CheckpointState = func(c *solver.Checkpoint) {
		s := p.saved
		if s.Complete {
			s.Text = p.text.String()
		}
		c.State, _ = json.Marshal(s) // strings and numbers: cannot fail
	}
	return nil
}

// checkpointEngine is the engine that took c.
func checkpointEngine(c *solver.Checkpoint) solver.Engine {
	switch c.Engine {
	case solver.EngineBits.String():
		return solver.EngineBits
	case solver.EngineCell.String():
		return solver.EngineCell
	}
	return solver.EngineDLX
}
