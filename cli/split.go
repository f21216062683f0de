package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"polyviz/puzzle"
	"polyviz/solver"
)

// runSplit is `polyviz split FILE|PUZZLE --jobs N -o DIR`: it cuts the
// search into N jobs of similar estimated size, each a self-contained job
// file for `polyviz run-job`, and writes a manifest for `polyviz merge`.
func runSplit(ctx context.Context, std IO, args []string) int {
	var jobs int
	var dir, format string
	var pieces int
	fs := pflag.NewFlagSet("split", pflag.ContinueOnError)
	fs.IntVarP(&jobs, "jobs", "n", 64, "number of `N` jobs")
	fs.IntVar(&pieces, "pieces", 0, "subtrees to cut the tree into before they are dealt to the jobs (default 8 per job)")
	fs.StringVarP(&dir, "output", "o", "", "directory for the job files and the manifest (created)")
	fs.StringVar(&format, "format", "", "input format: polycube, polyomino or dlx (default: detect)")
	distinct := fs.String("distinct", "none", "split the count of distinct solutions: none, `rotations` or all (a packing puzzle; the jobs run the bitset engine)")
	engineName := fs.String("engine", "auto", "search engine of the jobs: auto (bits when it applies, as solve), dlx (dancing links: DLX1's figures) bits (the bitset engine's own cut into 4096 or more tasks, --pieces ignored; dlx when it does not apply) or cell (the cell search's cut, the same way; bits, then dlx, when it does not apply)")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz split [flags] FILE|PUZZLE|- --jobs N -o DIR")
		fmt.Fprintln(std.Stderr, "Cuts a search into N independent job files (run each with polyviz run-job, then polyviz merge DIR).")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 || jobs < 1 || jobs > 1_000_000 || dir == "" || pieces < 0 {
		fs.Usage()
		return 2
	}
	engine, err := solver.ParseEngine(*engineName)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
		return 2
	}
	if pieces == 0 {
		pieces = 8 * jobs
	}
	pieces = max(pieces, jobs)
	mode, err := puzzle.ParseDistinct(*distinct)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
		return 2
	}
	var spec []byte
	var specFormat string
	if mode != puzzle.DistinctNone {
		// the jobs need the puzzle: read it once, keep its bytes
		_, spec, specFormat, err = readInputFormat(std, fs.Arg(0))
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
			return 1
		}
		if format != "" {
			specFormat = format
		}
		spec = textOf(spec)
		std.Stdin = bytes.NewReader(spec) // "-" can be read once only
	}
	in, err := loadProblem(ctx, std, fs.Arg(0), format)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
		return 1
	}
	if mode != puzzle.DistinctNone {
		if in.Puzzle == nil {
			fmt.Fprintf(std.Stderr, "polyviz split: --distinct needs a packing puzzle (a spec or a library puzzle), not %s\n", in.Name)
			return 2
		}
		if in.Problem, err = in.Puzzle.DistinctProblem(mode); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
			return 1
		}
	}
	// the engine solve runs (the bitset engine or the cell search for
	// --distinct, whose jobs count the classes below their tasks)
	engine = puzzle.Plan(in.Puzzle, puzzle.Request{Distinct: mode, Engine: engine, Split: true}).Engine
	var dlx bytes.Buffer
	if err := in.Problem.WriteDLX(&dlx); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
		return 1
	}
	// cut the tree, then deal the pieces to the jobs, largest first to the
	// lightest job
	top, err := solver.Split(ctx, in.Problem, solver.SplitOptions{Engine: engine, Pieces: pieces})
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
		return exitStatus(ctx, 1)
	}
	bits := top.Engine != "" // the bitset engine's or the cell search's own cut
	if !bits && mode != puzzle.DistinctNone {
		fmt.Fprintln(std.Stderr, "polyviz split: --distinct needs the bitset engine, which does not apply to this problem")
		return 1
	}
	order := make([]int, len(top.Tasks))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return top.Tasks[order[a]].Weight > top.Tasks[order[b]].Weight })
	jobs = max(1, min(jobs, len(top.Tasks)))
	load := make([]float64, jobs)
	deal := make([][]solver.Task, jobs)
	for _, i := range order {
		j := 0
		for k := range load {
			if load[k] < load[j] {
				j = k
			}
		}
		load[j] += top.Tasks[i].Weight
		deal[j] = append(deal[j], top.Tasks[i])
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
		return 1
	}
	lo, hi := load[0], load[0]
	for _, w := range load {
		lo, hi = min(lo, w), max(hi, w)
	}
	m := manifestFile{Format: manifestFormat, Name: in.Name, Problem: top.Problem, Top: top,
		SolutionDepth: solutionDepth(in.Problem), Largest: hi, Estimated: !bits}
	m.Top.Tasks = nil
	if mode != puzzle.DistinctNone {
		m.Distinct = mode.String()
	}
	for j, tasks := range deal {
		jf := jobFile{Format: jobFormat, Name: in.Name, Job: j + 1, Jobs: jobs, DLX: dlx.String(),
			Search:   solver.Checkpoint{Problem: top.Problem, Engine: top.Engine, Tasks: tasks},
			Distinct: m.Distinct, Spec: string(spec), SpecFormat: specFormat}
		name := fmt.Sprintf("job-%04d.json", j+1)
		data, err := writeSealed(filepath.Join(dir, name), &jf)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
			return 1
		}
		shallowest, roots := jobShape(tasks)
		m.Jobs = append(m.Jobs, manifestJob{File: name, SHA256: sha256Hex(data), Weight: load[j],
			Shallowest: shallowest, Roots: roots})
	}
	if _, err := writeSealed(filepath.Join(dir, "manifest.json"), &m); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz split: %v\n", err)
		return 1
	}
	how := "dancing links"
	switch top.Engine {
	case solver.EngineBits.String():
		how = "bitset engine"
	case solver.EngineCell.String():
		how = "cell search"
	}
	of := "the tree (estimated)"
	if bits {
		of = "the subtrees"
	}
	fmt.Fprintf(std.Stderr, "%s: %d jobs in %s (%d subtrees for the %s; jobs of %.3g%% to %.3g%% of %s)\n",
		in.Name, jobs, dir, len(top.Tasks), how, 100*lo, 100*hi, of)
	// the largest job bounds the time of the whole run: with as many cores
	// as jobs, the run takes at least its share of one core's time
	if bits {
		// the bitset engine's and the cell search's cuts give every
		// subtree the same weight
		fmt.Fprintf(std.Stderr, "largest job: %.3g%% of the subtrees (an even split would give %.3g%%); the %s's cut has no size estimate: merge --profile shows the measured spread\n",
			100*hi, 100/float64(jobs), how)
	} else {
		fmt.Fprintf(std.Stderr, "largest job: %.3g%% of the tree in Knuth's estimate (an even split would give %.3g%%): at most %.0fx faster than one core\n",
			100*hi, 100/float64(jobs), 1/hi)
	}
	return 0
}

// textOf returns a job's copy of its input as text: a job file is JSON, in
// which bytes that are not UTF-8 do not survive, so a gzip-compressed input
// (a BurrTools .xmpuzzle file) goes in as its XML, which reads the same.
func textOf(data []byte) []byte {
	if utf8.Valid(data) {
		return data
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return data
	}
	x, err := io.ReadAll(io.LimitReader(zr, 64<<20))
	if err != nil {
		return data
	}
	return x
}
