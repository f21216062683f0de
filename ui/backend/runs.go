package backend

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"polyviz/fileout"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/ui"
)

// Saved runs of the window: a stopped (or crashed) search is saved as a
// solver checkpoint in the user's configuration folder,
// polyviz/runs/HASH-MODE.json, HASH being the SHA-256 of the problem's DLX
// file and MODE the sameness counted (raw, rotations, all), so that opening
// the same puzzle again, in any file or from the library, offers to resume
// it. The window's own state (the solutions it keeps) rides along in the
// checkpoint's State.

// runFormat names the format of saved runs.
const runFormat = "polyviz window run 1"

// runFile is a saved run.
type runFile struct {
	Format     string            `json:"format"`
	Name       string            `json:"name"` // the puzzle's file or library name, for people
	Mode       string            `json:"mode"`
	Saved      time.Time         `json:"saved"`
	Checkpoint solver.Checkpoint `json:"checkpoint"`
}

// saveEvery is the time between two saves of a running search.
const saveEvery = 5 * time.Second

// runsDir is the folder of saved runs.
func runsDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "polyviz", "runs"), nil
}

// modeName names a sameness in file names.
func modeName(d ui.Distinct) string {
	switch d {
	case ui.DistinctRotations:
		return "rotations"
	case ui.DistinctAll:
		return "all"
	}
	return "raw"
}

// runnable returns p's exact cover problem when its runs can be saved: a
// packing or DLX file (not a fillomino board or an antislide puzzle) with
// no item of multiplicities (checkpoints need Algorithm X or C).
func runnable(p *ui.Puzzle) (*puzzle.Loaded, bool) {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Problem == nil {
		return nil, false
	}
	for i := range l.Problem.NumPrimary() {
		if lo, hi := l.Problem.Multiplicity(i); lo != 1 || hi != 1 {
			return nil, false
		}
	}
	return l, true
}

// runPath is the file of the saved run of p in mode d, and the hash of
// p's problem: a checkpoint of it (not of a symmetry cut) has that hash.
func runPath(l *puzzle.Loaded, d ui.Distinct) (path, hash string, err error) {
	dir, err := runsDir()
	if err != nil {
		return "", "", err
	}
	h, err := solver.ProblemHash(l.Problem)
	if err != nil {
		return "", "", err
	}
	return filepath.Join(dir, strings.TrimPrefix(h, "sha256:")+"-"+modeName(d)+".json"), h, nil
}

// readRun reads a saved run.
func readRun(path string) (*runFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f runFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, solver.ErrCheckpointBad, err)
	}
	if f.Format != runFormat {
		return nil, fmt.Errorf("%s: %w: format %q, want %q", path, solver.ErrCheckpointBad, f.Format, runFormat)
	}
	return &f, nil
}

// savedRun is Backend.SavedRun.
func savedRun(p *ui.Puzzle, d ui.Distinct) (ui.SavedRun, bool) {
	l, ok := runnable(p)
	if !ok {
		return ui.SavedRun{}, false
	}
	path, whole, err := runPath(l, d)
	if err != nil {
		return ui.SavedRun{}, false
	}
	f, err := readRun(path)
	if err != nil || f.Checkpoint.Done {
		return ui.SavedRun{}, false
	}
	if d == ui.DistinctRaw && f.Checkpoint.Problem != whole && !countsBySymmetry(p, l, 0) {
		// a count by symmetry's, and the window now searches the whole
		// tree (its limit is lower): Resume could not take it up
		return ui.SavedRun{}, false
	}
	c := f.Checkpoint
	run := ui.SavedRun{Solutions: c.Solutions, Saved: f.Saved, Fraction: 1}
	if d != ui.DistinctRaw {
		run.Solutions = c.Counters["distinct"]
	} else if raw, ok := c.Counters["raw"]; ok {
		run.Solutions = raw // a run of all solutions counted by symmetry
	}
	for _, t := range c.Tasks {
		run.Fraction -= t.Weight
	}
	run.Fraction = min(max(run.Fraction, 0), 1)
	if math.IsNaN(run.Fraction) {
		run.Fraction = 0
	}
	return run, true
}

// runSaver saves the checkpoints of one window run (solver.Options.Checkpoint).
type runSaver struct {
	path, name string
	mode       ui.Distinct
	mu         sync.Mutex
	err        error // the first failed save
	doneErr    error // the file of a finished run could not be deleted
	// resume is the checkpoint to go on from (nil: none), and restored
	// hands its window state to opt.Restore once the search takes it up
	resume   *solver.Checkpoint
	restored func() error
	taken    atomic.Bool // the search running goes on from resume
	whole    string      // the hash of the puzzle's problem (runPath)
}

// save writes checkpoint c, or deletes the file when the search is done.
func (rs *runSaver) save(c solver.Checkpoint) {
	var err error
	if c.Done {
		if err = os.Remove(rs.path); errors.Is(err, os.ErrNotExist) {
			err = nil
		}
	} else if err = os.MkdirAll(filepath.Dir(rs.path), 0o755); err == nil {
		f := runFile{Format: runFormat, Name: rs.name, Mode: modeName(rs.mode), Saved: time.Now(), Checkpoint: c}
		err = fileout.WriteFile(rs.path, func(w io.Writer) error { return json.NewEncoder(w).Encode(f) })
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	switch {
	case err != nil && c.Done:
		rs.doneErr = fmt.Errorf("deleting the saved run: %w", err)
	case err != nil && rs.err == nil:
		rs.err = fmt.Errorf("saving the run: %w", err)
	}
}

// setupRun sets up so for opt.Save and opt.Resume: it returns nil when
// they do not apply (a run of the first N, a puzzle whose runs cannot be
// saved), so that the search runs unsaved.
func setupRun(p *ui.Puzzle, opt ui.SolveOptions, so *solver.Options) (*runSaver, error) {
	if !(opt.Save || opt.Resume) || opt.Max > 0 {
		return nil, nil
	}
	l, ok := runnable(p)
	if !ok {
		if opt.Resume {
			return nil, errors.New("this puzzle's runs cannot be saved or resumed")
		}
		return nil, nil
	}
	path, whole, err := runPath(l, opt.Distinct)
	if err != nil {
		if opt.Resume {
			return nil, err
		}
		return nil, nil // no configuration folder: solve unsaved
	}
	rs := &runSaver{path: path, name: p.Name, mode: opt.Distinct, whole: whole}
	if opt.Resume {
		f, err := readRun(path)
		if err != nil {
			return nil, fmt.Errorf("no run to resume: %w", err)
		}
		// restored only by the search that takes the checkpoint up: the
		// window may search another problem than the one it was saved for
		rs.resume = &f.Checkpoint
		rs.restored = sync.OnceValue(func() error {
			if opt.Restore == nil || len(f.Checkpoint.State) == 0 {
				return nil
			}
			if err := opt.Restore(f.Checkpoint.State); err != nil {
				return fmt.Errorf("%s: %w: %v", path, solver.ErrCheckpointBad, err)
			}
			return nil
		})
	}
	so.Checkpoint = rs.save
	so.CheckpointEvery = saveEvery
	if opt.State != nil {
		so.CheckpointState = func(c *solver.Checkpoint) {
			rs.restore() // the state goes on from the resumed one's (an error stops the search: see solvePacking)
			if st := opt.State(); json.Valid(st) {
				c.State = st
			}
		}
	}
	return rs, nil
}

// resumesWhole reports whether the run resumed is of the whole tree (not
// of a symmetry cut).
func (rs *runSaver) resumesWhole() bool {
	return rs != nil && rs.resume != nil && rs.resume.Problem == rs.whole
}

// checkpoint is the run to resume, nil for none.
func (rs *runSaver) checkpoint() *solver.Checkpoint {
	if rs == nil {
		return nil
	}
	return rs.resume
}

// take says whether the search about to run goes on from the checkpoint.
func (rs *runSaver) take(on bool) {
	if rs != nil {
		rs.taken.Store(on && rs.resume != nil)
	}
}

// restore hands the window state of the checkpoint to opt.Restore, the
// first time it is called while the search running has taken it up (the
// solutions listed go on from it); its error each time after.
func (rs *runSaver) restore() error {
	if rs == nil || rs.restored == nil || !rs.taken.Load() {
		return nil
	}
	return rs.restored()
}

// finish returns the error of a saved run: a failed save matters when the
// search was stopped (the state to resume from may be stale or missing),
// a failed deletion when it ended.
func (rs *runSaver) finish(err error) error {
	if rs == nil {
		return err
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	switch {
	case err == nil && rs.doneErr != nil:
		return rs.doneErr
	case errors.Is(err, context.Canceled) && rs.err != nil:
		return rs.err
	}
	return err
}
