package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"polyviz/disassembly"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// disassemblyBenchRows are the files of `polyviz bench --disassembly`: the
// cube-grid examples of BurrTools with burrTxt -d's time from the
// reference README ("" where it gives none), and the solid six-piece
// burrs written for polyviz (no reference time: burrTxt -d takes seconds
// on them, solving included).
var disassemblyBenchRows = []struct {
	file, burrTxt string
}{
	{"AlPackino.xmpuzzle", ""},
	{"CubeInCage.xmpuzzle", "0.02"},
	{"PelikanBurr.xmpuzzle", "0.14"},
	{"DemoMirrorParadox.xmpuzzle", ""},
	{"solid-six-piece-burrs.xmpuzzle", "~8 (with solving)"},
}

// findUp looks for rel in the current directory or one of its parents.
func findUp(rel string) string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		cand := filepath.Join(dir, rel)
		if _, err := os.Stat(cand); err == nil {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// benchDisassembly times the disassembly of every assembly (distinct up to
// rotation and reflection, as BurrTools counts them) of BurrTools' example
// files, with one worker and with all, beside burrTxt -d's time.
//
// With burrTxt set, it also runs BurrTools' burrTxt on the file, with and
// without -d, and gives the difference (its disassembly time, on the same
// machine at the same time).
func benchDisassembly(ctx context.Context, std IO, workers int, burrTxt string) int {
	head := "burrTxt -d s"
	if burrTxt != "" {
		head = "burrTxt CPU s"
	}
	printBenchRow(std.Stdout, []string{"disassembly", "assemblies", "apart", "level", head,
		"1 worker s", "CPU s", "ms/assembly", fmt.Sprintf("%d workers s", workers)})
	for _, row := range disassemblyBenchRows {
		file := ""
		for _, dir := range []string{"shared/reference/burrtools", "cli/testdata/burrtools", "testdata/burrtools", "cli/testdata/burrs", "testdata/burrs"} {
			if f := findUp(filepath.Join(dir, row.file)); f != "" {
				file = f
				break
			}
		}
		if file == "" {
			fmt.Fprintf(std.Stderr, "polyviz bench: %s not found\n", row.file)
			continue
		}
		in, err := loadPuzzle(ctx, std, file, "")
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
			return exitFor(ctx)
		}
		var all [][]geometry.Shape
		var groups []int
		_, err = in.Puzzle.SolveDistinct(ctx, puzzle.DistinctAll, solver.Options{Workers: workers}, func(s puzzle.DistinctSolution) bool {
			scene, err := packingScene(in.Puzzle, in.Problem, solver.Solution{Options: s.Options})
			if err != nil {
				return false
			}
			shapes, g := disassemblyPieces(in.Puzzle, scene)
			all, groups = append(all, shapes), g
			return true
		})
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
			return exitFor(ctx)
		}
		var secs [2]float64
		var cpu time.Duration
		var apart int
		level := "-"
		for i, w := range []int{1, workers} {
			began, cpu0 := time.Now(), cpuTime()
			results, err := disassembleAll(ctx, all, groups, w)
			secs[i] = time.Since(began).Seconds()
			if i == 0 {
				cpu = cpuTime() - cpu0
			}
			if err != nil {
				fmt.Fprintf(std.Stderr, "polyviz bench: %v\n", err)
				return exitFor(ctx)
			}
			apart = 0
			for _, r := range results {
				if r.Separates() {
					if apart == 0 {
						level = r.LevelString()
					}
					apart++
				}
			}
		}
		ref := row.burrTxt
		if ref == "" {
			ref = "-"
		}
		if burrTxt != "" {
			with, err1 := timeCommand(ctx, burrTxt, "-d", "-q", file)
			without, err2 := timeCommand(ctx, burrTxt, "-q", file)
			if err1 != nil || err2 != nil {
				fmt.Fprintf(std.Stderr, "polyviz bench: %s: %v %v\n", burrTxt, err1, err2)
				return 1
			}
			ref = fmt.Sprintf("%.3f", (with - without).Seconds())
		}
		printBenchRow(std.Stdout, []string{row.file, fmt.Sprint(len(all)), fmt.Sprint(apart), level, ref,
			fmt.Sprintf("%.3f", secs[0]), fmt.Sprintf("%.3f", cpu.Seconds()), fmt.Sprintf("%.2f", cpu.Seconds()*1e3/float64(max(1, len(all)))), fmt.Sprintf("%.3f", secs[1])})
	}
	return 0
}

// timeCommand runs a command and returns the CPU time it used (user and
// system): on a loaded machine a fairer figure than its wall time.
func timeCommand(ctx context.Context, name string, args ...string) (time.Duration, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	if err := cmd.Run(); err != nil {
		return 0, err
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// cpuTime is the CPU time this process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// disassembleAll takes the packings apart on w workers, each with its own
// movement cache, and returns the results in order.
func disassembleAll(ctx context.Context, all [][]geometry.Shape, groups []int, w int) ([]disassembly.Result, error) {
	results := make([]disassembly.Result, len(all))
	errs := make([]error, len(all))
	next := make(chan int)
	var wg sync.WaitGroup
	for range w {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cache := disassembly.NewCache()
			for i := range next {
				results[i], errs[i] = disassembly.Disassemble(ctx, all[i], disassembly.Options{Groups: groups, Cache: cache, LevelsOnly: true})
			}
		}()
	}
	for i := range all {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}
