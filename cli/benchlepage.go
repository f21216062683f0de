package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"polyviz/assets"
	"polyviz/lepage"
	"polyviz/solver"
)

// benchLepagePuzzles are the library's Lepage files `polyviz bench --lepage`
// times; the quick ones take his own program under a few seconds.
var benchLepagePuzzles = []struct {
	name  string
	quick bool
}{
	{"lepage-soma", true},
	{"lepage-pentomino-3x20", true},
	{"lepage-pentacube-2x3x10", true},
	{"lepage-pentomino-4x15", false},
	{"lepage-pentomino-6x10", false},
	{"lepage-bedlam", false},
}

// benchLepage times polyviz lepage (his whole output: header, matrix and
// every solution, written to memory) with one worker and with workers; with
// a DLX1 executable, DLX1 on the same matrix (the --dlx file); with the
// folder of his source and luajit on the PATH, his own program, whose
// output must equal ours byte for byte.
func benchLepage(ctx context.Context, std IO, quick bool, workers int, dlx1, source string) int {
	fmt.Fprintf(std.Stdout, "polyviz bench --lepage: %d CPUs, %s\n%s\n", runtime.NumCPU(), runtime.Version(), benchCPU())
	printBenchRow(std.Stdout, []string{"problem", "matrix", "solutions", "1 worker s", fmt.Sprintf("%d workers s", workers), "DLX1 s", "luajit s", "same output"})
	status := 0
	for _, b := range benchLepagePuzzles {
		if quick && !b.quick {
			continue
		}
		row, err := benchLepageOne(ctx, b.name, workers, dlx1, source)
		if err != nil {
			fmt.Fprintf(std.Stderr, "polyviz bench: %s: %v\n", b.name, err)
			status = 1
			if ctx.Err() != nil {
				return signalStatus(ctx)
			}
			continue
		}
		printBenchRow(std.Stdout, row)
	}
	return status
}

// benchLepageOne times one problem.
func benchLepageOne(ctx context.Context, name string, workers int, dlx1, source string) ([]string, error) {
	e, ok := assets.Lookup(name)
	if !ok {
		return nil, fmt.Errorf("not in the library")
	}
	lp, err := lepage.Parse(e.File, e.Data())
	if err != nil {
		return nil, err
	}
	prob := lp.Problem()
	run := func(w int) ([]byte, int64, time.Duration, error) {
		start := time.Now()
		var buf bytes.Buffer
		out := bufio.NewWriter(&buf)
		lp.WriteHeader(out)
		lp.WriteMatrix(out)
		pr := lp.NewPrinter()
		st, err := solver.Solve(ctx, prob, solver.Options{Workers: w, Ordered: true}, func(s solver.Solution) bool {
			pr.Write(out, s.Options)
			return true
		})
		out.Flush()
		return buf.Bytes(), st.Solutions, time.Since(start), err
	}
	ours, n, one, err := run(1)
	if err != nil {
		return nil, err
	}
	_, _, many, err := run(workers)
	if err != nil {
		return nil, err
	}
	row := []string{strings.TrimPrefix(name, "lepage-"), fmt.Sprintf("%dx%d", len(lp.Rows), lp.Columns()), fmt.Sprint(n),
		fmt.Sprintf("%.3f", one.Seconds()), fmt.Sprintf("%.3f", many.Seconds()), "-", "-", "-"}
	if dlx1 != "" {
		d, err := timeDLX1OnProblem(ctx, dlx1, prob)
		if err != nil {
			return nil, err
		}
		row[5] = fmt.Sprintf("%.3f", d.Seconds())
	}
	if source != "" {
		his, d, err := runLuajit(ctx, source, e.Data())
		if err != nil {
			return nil, err
		}
		row[6] = fmt.Sprintf("%.3f", d.Seconds())
		row[7] = fmt.Sprint(bytes.Equal(his, ours))
	}
	return row, nil
}

// timeDLX1OnProblem writes prob as a DLX file and times DLX1 on it.
func timeDLX1OnProblem(ctx context.Context, exe string, prob *solver.Problem) (time.Duration, error) {
	f, err := os.CreateTemp("", "polyviz-lepage-*.dlx")
	if err != nil {
		return 0, err
	}
	defer os.Remove(f.Name())
	err = prob.WriteDLX(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	return runDLX1(ctx, exe, f.Name())
}

// runLuajit runs his polycube-solver.lua from its folder on the problem
// and returns what it printed and the time it took.
func runLuajit(ctx context.Context, source string, problem []byte) ([]byte, time.Duration, error) {
	if _, err := os.Stat(filepath.Join(source, "polycube-solver.lua")); err != nil {
		return nil, 0, fmt.Errorf("--lepage-source: %w", err)
	}
	f, err := os.CreateTemp("", "polyviz-lepage-*.txt")
	if err != nil {
		return nil, 0, err
	}
	defer os.Remove(f.Name())
	_, err = f.Write(problem)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, 0, err
	}
	cmd := exec.CommandContext(ctx, "luajit", "polycube-solver.lua", f.Name())
	cmd.Dir = source
	start := time.Now()
	out, err := cmd.Output()
	if err != nil {
		return nil, 0, fmt.Errorf("luajit polycube-solver.lua: %w", err)
	}
	return out, time.Since(start), nil
}
