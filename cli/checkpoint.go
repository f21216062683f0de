package cli

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

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
	path   string
	stderr io.Writer
	mu     sync.Mutex
	last   error
	saved  int
}

// lastErr returns how many checkpoints were written, and the error of the
// last write, or nil.
func (c *checkpointWrites) lastErr() (saved int, err error) {
	if c == nil {
		return 0, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.saved, c.last
}

// checkpointWriter returns the Options.Checkpoint callback that writes each
// checkpoint to path, and the record of the writes. A failed write is said
// on stderr at once, and again when the next one succeeds.
func checkpointWriter(path string, stderr io.Writer) (func(solver.Checkpoint), *checkpointWrites) {
	cw := &checkpointWrites{path: path, stderr: stderr}
	return func(c solver.Checkpoint) { cw.write(c, nil) }, cw
}

// write writes c, with text (JSON-escaped, see textState) spliced into
// its State as the printed text when not nil.
func (cw *checkpointWrites) write(c solver.Checkpoint, text []byte) {
	f := checkpointFile{Format: checkpointFormat, Checkpoint: c}
	err := writeCheckpoint(cw.path, &f, text)
	cw.mu.Lock()
	defer cw.mu.Unlock()
	switch {
	case err != nil && cw.last == nil:
		fmt.Fprintf(cw.stderr, "polyviz solve: checkpoint not saved: %v\n", err)
	case err == nil && cw.last != nil:
		fmt.Fprintf(cw.stderr, "polyviz solve: checkpoint saved in %s again\n", cw.path)
	}
	cw.last = err
	if err == nil {
		cw.saved++
	}
}

// stateMark stands for a checkpoint's State while the rest of it is
// encoded (see writeCheckpoint).
const stateMark = `"\u0000polyviz checkpoint state\u0000"`

// writeCheckpoint is writeSealed with f's State (and text, if not nil, as
// its "text") spliced in as they are: encoding/json's passes over tens of
// megabytes of printed text took seconds. The State must be compact, as
// json.Marshal writes it, for a reader's digest (checkSeal) to agree.
func writeCheckpoint(path string, f *checkpointFile, text []byte) error {
	state := f.State
	if len(state) == 0 {
		_, err := writeSealed(path, f)
		return err
	}
	parts := [][]byte{state}
	if text != nil {
		parts = [][]byte{state[:len(state)-1], []byte(`,"text":"`), text, []byte(`"}`)}
	}
	f.State = json.RawMessage(stateMark)
	defer func() { f.State = state }()
	f.Digest = ""
	compact, err := json.Marshal(f)
	if err != nil {
		return err
	}
	c1, c2, ok := bytes.Cut(compact, []byte(stateMark))
	if !ok || bytes.Contains(c2, []byte(stateMark)) {
		return errors.New("the checkpoint names its state's mark") // no name holds a NUL
	}
	h := sha256.New()
	h.Write(c1)
	for _, b := range parts {
		h.Write(b)
	}
	h.Write(c2)
	f.Digest = "sha256:" + hex.EncodeToString(h.Sum(nil))
	indented, err := jsonBytes(f)
	if err != nil {
		return err
	}
	i1, i2, _ := bytes.Cut(indented, []byte(stateMark))
	return fileout.WriteFile(path, func(w io.Writer) error {
		for _, b := range append(append([][]byte{i1}, parts...), i2) {
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
		return nil
	})
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
	saved, werr := writes.lastErr()
	if werr == nil && saved == 0 {
		// every run that searched wrote one as it stopped
		notBegun(std, f)
		return true
	}
	if werr != nil {
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

// notBegun says, for a run with --checkpoint or --resume interrupted
// before its search began, that it wrote no checkpoint.
func notBegun(std IO, f solveFlags) {
	switch {
	case f.checkpoint != "" && f.checkpoint != f.resume:
		fmt.Fprintf(std.Stderr, "polyviz solve: interrupted before the search began: no checkpoint written in %s\n", f.checkpoint)
	case f.resume != "":
		fmt.Fprintf(std.Stderr, "polyviz solve: interrupted before the search began: %s is as it was\n", f.resume)
	}
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
	saved savedOutput // when keep: what was printed, for CheckpointState
	// text is saved.Text as it grows, escaped for JSON as it comes (see
	// textState), and textLen its length unescaped
	text    bytes.Buffer
	textLen int
	one     bytes.Buffer // the text of one solution
	w       *bufio.Writer
	// writes, when set, writes the checkpoints with the text as it stood
	// at their CheckpointState (taken), without a copy
	writes *checkpointWrites
	taken  []byte
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
	if p.saved.Complete && p.textLen+p.one.Len() <= maxSavedOutput {
		p.textLen += p.one.Len()
		appendJSONText(&p.text, p.one.Bytes())
	} else {
		p.saved.Complete = false
		p.text, p.textLen = bytes.Buffer{}, 0
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
			p.textLen = len(s.Text)
			appendJSONText(&p.text, []byte(s.Text))
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
	if p.writes == nil {
		opt.CheckpointState = func(c *solver.Checkpoint) { c.State = p.textState() }
		return nil
	}
	// the solver calls CheckpointState then Checkpoint, one checkpoint at a
	// time; the bytes taken stay as they are (text is only appended to)
	opt.CheckpointState = func(c *solver.Checkpoint) { c.State, p.taken = p.stateHead() }
	opt.Checkpoint = func(c solver.Checkpoint) { p.writes.write(c, p.taken) }
	return nil
}

// stateHead is textState without the text, and the text to add to it
// (nil when none is kept).
func (p *solutionPrinter) stateHead() (json.RawMessage, []byte) {
	s := p.saved
	s.Text = ""
	head, _ := json.Marshal(s) // strings and numbers: cannot fail
	if !s.Complete || p.text.Len() == 0 {
		return head, nil
	}
	return head, p.text.Bytes()
}

// textState is the checkpoint's State: p.saved with the text printed so
// far, escaped as it was printed (escaping it at each checkpoint took
// seconds, the last one's after a signal).
func (p *solutionPrinter) textState() json.RawMessage {
	head, text := p.stateHead()
	if text == nil {
		return head
	}
	out := make([]byte, 0, len(head)+len(`,"text":""`)+len(text))
	out = append(out, head[:len(head)-1]...) // without its closing brace
	out = append(out, `,"text":"`...)
	out = append(out, text...)
	return append(out, `"}`...)
}

// appendJSONText appends text to buf as the inside of a JSON string. The
// result must be what json.Marshal's compaction leaves as it is (no raw
// <, >, &, U+2028 or U+2029), or the digest of a checkpoint holding it
// would not be found again (see writeCheckpoint).
func appendJSONText(buf *bytes.Buffer, text []byte) {
	const digits = "0123456789abcdef"
	start := 0
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			buf.Write(text[start:i])
			switch c {
			case '\n':
				buf.WriteString(`\n`)
			case '\t':
				buf.WriteString(`\t`)
			case '\r':
				buf.WriteString(`\r`)
			case '"', '\\':
				buf.WriteByte('\\')
				buf.WriteByte(c)
			default:
				buf.WriteString(`\u00`)
				buf.WriteByte(digits[c>>4])
				buf.WriteByte(digits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		if r == utf8.RuneError && size == 1 {
			buf.Write(text[start:i])
			buf.WriteString(`\ufffd`)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			buf.Write(text[start:i])
			buf.WriteString(`\u202`)
			buf.WriteByte(digits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf.Write(text[start:])
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
