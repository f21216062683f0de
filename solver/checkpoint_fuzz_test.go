package solver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"testing"
)

// FuzzResume resumes a small packing (pentomino 3x20: 8 solutions), or
// the same with coloured secondary items, from fuzzed checkpoints, seeded
// with the splits of each engine (dancing links for the coloured one): no
// checkpoint
// makes Solve panic or hang, and a bad one is refused with
// ErrCheckpointBad, ErrCheckpointOld or ErrCheckpointUnsup. (That the
// split's own checkpoints resume to the right count is split_test.go's.)
func FuzzResume(f *testing.F) {
	data, err := os.ReadFile("testdata/dlx/pentomino-3x20.dlx")
	if err != nil {
		f.Fatal(err)
	}
	p, err := ParseDLX(bytes.NewReader(data), "pentomino-3x20.dlx")
	if err != nil {
		f.Fatal(err)
	}
	hash, err := ProblemHash(p)
	if err != nil {
		f.Fatal(err)
	}
	// the same packing with coloured secondary items, so that prefixes
	// meet colours too (workers' top bit picks it)
	var rows []string
	for r := range 3 {
		rows = append(rows, fmt.Sprintf("r%d", r))
	}
	var prim []string
	for i := range p.NumPrimary() {
		prim = append(prim, p.ItemName(i))
	}
	coloured := NewProblem(prim, rows) // 1 solution of the 8, 13,217 nodes
	for o := range p.NumOptions() {
		colour := 'a'
		if o%7 == 0 {
			colour = 'b'
		}
		items := append(p.OptionItems(o), fmt.Sprintf("r%d:%c", o%3, colour))
		if err := coloured.AddOption(items...); err != nil {
			f.Fatal(err)
		}
	}
	colouredHash, err := ProblemHash(coloured)
	if err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	// a few tasks of each engine's split: a part of a split is a
	// checkpoint too, and a small one keeps each run short
	seed := func(prob *Problem, e Engine, workers ...byte) {
		c, err := splitTree(ctx, prob, SplitOptions{Engine: e, Pieces: 64})
		if err != nil {
			f.Fatal(err)
		}
		if c.Engine != e.String() && e != EngineDLX {
			f.Fatalf("the %v engine does not apply (split by %q)", e, c.Engine)
		}
		c.Tasks = c.Tasks[:min(len(c.Tasks), 8)]
		js, err := json.Marshal(c)
		if err != nil {
			f.Fatal(err)
		}
		for _, w := range workers {
			f.Add(js, w)
		}
	}
	for _, e := range []Engine{EngineDLX, EngineBits, EngineCell} {
		seed(p, e, 0, 1)
	}
	seed(coloured, EngineDLX, 0x80, 0x81)
	f.Add([]byte(`{"tasks":[{"prefix":[{"item":0,"option":-1}],"from":-1,"to":-1}]}`), byte(1))
	f.Add([]byte(`{"engine":"bits","tasks":[{"prefix":[{"item":-1,"option":3},{"item":-1,"option":3}],"from":-1,"to":-1}]}`), byte(1))
	f.Fuzz(func(t *testing.T, js []byte, workers byte) {
		if len(js) > 16<<10 {
			return
		}
		var c Checkpoint
		if json.Unmarshal(js, &c) != nil {
			return
		}
		// each task searches at most the whole tree: bound the work
		if len(c.Tasks) > 64 {
			return
		}
		for _, task := range c.Tasks {
			if len(task.Prefix) > 64 {
				return
			}
		}
		prob := p
		c.Problem = hash
		if workers&0x80 != 0 {
			prob, c.Problem = coloured, colouredHash
		}
		c.Counters, c.State = nil, nil
		_, err := Solve(ctx, prob, Options{Workers: 1 + int(workers&0x7f%3), Resume: &c}, func(Solution) bool { return true })
		if err != nil {
			if !errors.Is(err, ErrCheckpointBad) && !errors.Is(err, ErrCheckpointOld) && !errors.Is(err, ErrCheckpointUnsup) {
				t.Fatalf("resume refused without a checkpoint error: %v", err)
			}
		}
	})
}
