package solver

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"time"
)

// Checkpoints. A Checkpoint is a consistent cut of a search: the figures
// of everything searched so far, and the exact set of subtrees not searched
// yet, each named by the choices that lead to it (a prefix). Every node of
// the tree is either counted in the figures or lies in exactly one pending
// subtree, so resuming from any checkpoint ends with exactly the figures of
// an uninterrupted run, whatever happened after it was taken. The driver
// takes them by task, the same way for every engine (drivercheckpoint.go).
//
// Subtrees are named by item and option numbers, not by node positions, so
// a checkpoint is meaningful for any build of the same problem; the problem
// is named by the SHA-256 of its DLX file (ProblemHash), and resuming
// against another problem fails with ErrCheckpointProblem.
//
// Earlier versions of polyviz also wrote pieces of a level (a Task with
// From >= 0) in dancing links' checkpoints; resuming one fails with
// ErrCheckpointOld. Their whole subtrees (From < 0), the bitset engine's
// checkpoints and split jobs of both engines read as before.

// Errors of checkpoints and splits.
var (
	ErrCheckpointProblem = errors.New("checkpoint is for another problem")
	ErrCheckpointBad     = errors.New("checkpoint is damaged")
	ErrCheckpointUnsup   = errors.New("checkpoints are not supported here")
	ErrCheckpointOld     = errors.New("checkpoint is in an older format")
)

// A Checkpoint is the state of a search that can be resumed (see above).
type Checkpoint struct {
	Problem string `json:"problem"` // ProblemHash of the problem
	// Engine is the engine that took it: "" for dancing links, "bits" for
	// the bitset engine (see engines.go). Nodes and updates are the
	// engine's own, so a checkpoint is resumed with the engine that took it.
	Engine    string  `json:"engine,omitempty"`
	Solutions int64   `json:"solutions"`
	Nodes     int64   `json:"nodes"`
	Updates   int64   `json:"updates"`
	Profile   []int64 `json:"profile"`
	MaxLevel  int     `json:"max_level"`
	// Elapsed is the search time spent so far, over every resumption.
	Elapsed time.Duration `json:"elapsed_ns"`
	// Tasks are the subtrees not searched yet; none when Done.
	Tasks []Task `json:"tasks"`
	Done  bool   `json:"done"`
	// Counters and State are what the layers above the solver keep with
	// the figures (see Options.CheckpointState): named counts (a distinct
	// count keeps "distinct" and "raw" here) and the caller's own state as
	// JSON (the solutions it printed or keeps).
	Counters map[string]int64 `json:"counters,omitempty"`
	State    json.RawMessage  `json:"state,omitempty"`
}

// A Step is one choice of a prefix: option Option taken for item Item
// (0-based numbers, as in Problem). In a task of the bitset engine Item is
// -1: the option alone names the choice. Option -1 is a null move of
// Algorithm M (item Item takes no more options).
type Step struct {
	Item   int `json:"item"`
	Option int `json:"option"`
}

// A Task is a pending subtree: the whole subtree entered after the choices
// of Prefix (the whole tree when Prefix is empty). Item, From and To are
// what older versions wrote for a piece of a level (From >= 0: the options
// of Item from option From up to option To); this version writes From and
// To -1 and refuses such pieces (ErrCheckpointOld).
type Task struct {
	Prefix []Step `json:"prefix"`
	Item   int    `json:"item"`
	From   int    `json:"from"`
	To     int    `json:"to"`
	// Scores are what older versions wrote for the progress estimate;
	// they are read and ignored.
	Scores []int32 `json:"scores,omitempty"`
	// Weight is the task's share of the whole tree (the progress
	// estimate's); Pos is read and ignored, as Scores.
	Weight float64 `json:"weight"`
	Pos    float64 `json:"pos"`
}

// ProblemHash returns "sha256:" and the hex SHA-256 of p's DLX file, the
// name of the problem in checkpoints and job files; names longer than a
// DLX file allows are hashed as they are (the same bytes as WriteDLX's
// wherever it writes them, so the hashes of saved checkpoints stay).
func ProblemHash(p *Problem) (string, error) {
	return problemHash(context.Background(), p)
}

// problemHash is ProblemHash, stopped with ctx's error when ctx is
// cancelled: a big problem's DLX file is hundreds of megabytes.
func problemHash(ctx context.Context, p *Problem) (string, error) {
	if p.err != nil {
		return "", p.err
	}
	h := sha256.New()
	if err := p.writeDLX(ctxWriter{ctx, h}); err != nil {
		return "", err
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// A ctxWriter writes to w until ctx is cancelled.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(b)
}
