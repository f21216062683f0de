package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"polyviz/formats"
	"polyviz/polyform"
	"polyviz/polystick"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/solver"
)

// Polysticks on the command line: `solve` of a polysticks spec (raw, or
// distinct up to the board's symmetry through polystick.Count),
// `render` of its board or a solution (PNG or SVG), `polysticks-dlx`, and
// `pieces --lattice sticks`.

// polystickMode is the polystick count a --distinct mode asks for.
func polystickMode(d puzzle.Distinct) polystick.Mode {
	switch d {
	case puzzle.DistinctRotations:
		return polystick.Rotations
	case puzzle.DistinctAll:
		return polystick.All
	}
	return polystick.Raw
}

// solvePolysticks is `polyviz solve` of a polysticks spec: every solution,
// or one of each class up to the board's symmetry; --print lists them as
// DLX1 does (each option's items on a line, a blank line after each).
func solvePolysticks(ctx context.Context, std IO, b *polystick.Build, mode puzzle.Distinct, f solveFlags) int {
	out := bufio.NewWriterSize(std.Stdout, 64<<10)
	opt := solver.Options{Workers: f.workers, MaxSolutions: f.max}
	if f.engine == solver.EngineAuto || f.engine == solver.EngineBits {
		opt.Engine = solver.EngineBits // several times faster on polysticks' small problems
	}
	if f.progress {
		opt.Progress = progressPrinter(std.Stderr)
	}
	var visit func(solver.Solution) bool
	var writeErr error
	if f.print {
		n := 0
		visit = func(s solver.Solution) bool {
			n++
			fmt.Fprintf(out, "%d:\n", n)
			for _, o := range s.Options {
				fmt.Fprintln(out, strings.Join(b.Problem.OptionItems(o), " "))
			}
			if _, err := fmt.Fprintln(out); err != nil {
				writeErr = err
				return false
			}
			return true
		}
	}
	st, err := b.Count(ctx, polystickMode(mode), opt, visit)
	if ferr := out.Flush(); writeErr == nil {
		writeErr = ferr
	}
	if writeErr == nil && stoppedInSetup(ctx, err, st.Workers) {
		return setupStopped(ctx, std, f, err, func(t commandTimes) error { return writePolysticksJSON(std.Stdout, b, mode, st, false, t) })
	}
	complete := err == nil && writeErr == nil && (f.max == 0 || st.Distinct < f.max)
	line := fmt.Sprintf("%s %s", summaryLead(ctx, err, writeErr), count(st.Distinct, "solution", "solutions"))
	if mode != puzzle.DistinctNone {
		line = fmt.Sprintf("%s %s %s", summaryLead(ctx, err, writeErr), count(st.Distinct, "distinct solution", "distinct solutions"), modeWords(mode))
		if complete {
			line += fmt.Sprintf(" (%d raw)", st.Raw)
		}
	}
	line += fmt.Sprintf(", %d updates, %d nodes. %.3f s, %s.", st.Updates, st.Nodes, st.Elapsed.Seconds(), count(st.Workers, "worker", "workers"))
	if mode != puzzle.DistinctNone {
		how := "every solution searched, the least of each class kept"
		if lock := b.Lock(); lock >= 0 {
			how = fmt.Sprintf("piece %s kept to one placement per orbit", b.Pieces[lock].Name)
		}
		line += fmt.Sprintf("\nSymmetry: the board has %s; %s.", count(len(b.Group(polystickMode(mode))), "symmetry", "symmetries"), how)
	}
	if _, e := fmt.Fprintln(std.Stderr, line); writeErr == nil {
		writeErr = e
	}
	if f.json && writeErr == nil {
		writeErr = writePolysticksJSON(std.Stdout, b, mode, st, complete, f.times)
	}
	return solveStatus(ctx, std, err, writeErr)
}

// writePolysticksJSON writes the --json summary of a polysticks count; t
// as writeJSONSummary's.
func writePolysticksJSON(w io.Writer, b *polystick.Build, mode puzzle.Distinct, st polystick.Stats, complete bool, t commandTimes) error {
	lock := ""
	if l := b.Lock(); l >= 0 && mode != puzzle.DistinctNone {
		lock = b.Pieces[l].Name
	}
	load, setup := t.seconds(st.Search)
	workers, engine := t.searchJSON(st.Stats)
	return json.NewEncoder(w).Encode(struct {
		Solutions int64   `json:"solutions"`
		Raw       int64   `json:"raw"`
		Mode      string  `json:"mode"`
		Group     int     `json:"group"`
		Lock      string  `json:"lock,omitempty"`
		Nodes     int64   `json:"nodes"`
		Updates   int64   `json:"updates"`
		Seconds   float64 `json:"seconds"`
		Load      float64 `json:"load_seconds,omitempty"`
		Setup     float64 `json:"setup_seconds,omitempty"`
		Workers   *int    `json:"workers,omitempty"`
		Engine    string  `json:"engine,omitempty"`
		Complete  bool    `json:"complete"`
		NoSearch  bool    `json:"stopped_during_setup,omitempty"`
	}{st.Distinct, st.Raw, mode.String(), st.Group, lock, st.Nodes, st.Updates, st.Elapsed.Seconds(), load, setup, workers, engine, complete, t.noSearch})
}

// renderPolysticks is `polyviz render` of a polysticks spec: the bare
// board, or solution K of a sequential search, to PNG or SVG.
func renderPolysticks(ctx context.Context, std IO, fs *pflag.FlagSet, v viewFlags, name string, data []byte) int {
	l, err := formats.ByName(formats.Polysticks).Read(name, data, puzzle.LoadOptions{})
	if err != nil {
		return commandFailed(ctx, std, "render", err)
	}
	b := l.Source.(*polystick.Build)
	var options []int
	if v.solution > 0 {
		var n int64
		_, err := b.Count(ctx, polystick.Raw, solver.Options{Workers: 1}, func(s solver.Solution) bool {
			n++
			if n == v.solution {
				options = s.Options
				return false
			}
			return true
		})
		if err != nil {
			return commandFailed(ctx, std, "render", err)
		}
		if options == nil {
			fmt.Fprintf(std.Stderr, "polyviz render: %s has %d solution%s, not %d\n", name, n, plural(n), v.solution)
			return 1
		}
	}
	sb := b.StickBoard(options)
	w, h, _ := parseSize(v.size)
	if isSVG(v.out) {
		// SVG scales: its natural size, or the unit that fits --size
		var opt render.SticksOptions
		if fs.Changed("size") {
			opt.Unit = render.FitSticksUnit(sb, w, h, 0)
		}
		err = writeOutput(std, v.out, func(w io.Writer) error { return render.WriteSticksSVG(w, sb, opt) })
	} else {
		// a PNG is --size (1024x768 by default), as every other board's
		err = writePNG(std, v.out, render.DrawSticksIn(sb, w, h, 0, color.White))
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz render: %v\n", err)
		return 1
	}
	return 0
}

// runPolysticksDLX is `polyviz polysticks-dlx SPEC`: the DLX file of a
// polysticks spec, items and options as Knuth's POLYSTICKS names them
// (pieces, then sticks Hxy and Vxy; after "|" the pieces that may stay out
// and the inner points Ixy).
func runPolysticksDLX(ctx context.Context, std IO, args []string) int {
	fs := pflag.NewFlagSet("polysticks-dlx", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz polysticks-dlx SPEC|PUZZLE|- > out.dlx")
		fmt.Fprintln(std.Stderr, "Writes the DLX file of a polysticks spec: sticks and pieces primary, inner points secondary.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	in, err := loadProblem(ctx, std, fs.Arg(0), string(formats.Polysticks))
	if err != nil {
		return commandFailed(ctx, std, "polysticks-dlx", err)
	}
	out := bufio.NewWriter(std.Stdout)
	err = in.Problem.WriteDLX(out)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz polysticks-dlx: write: %v\n", err)
		return 1
	}
	return 0
}

// isSticks reports whether a --lattice value names polysticks.
func isSticks(name string) bool {
	switch strings.ToLower(name) {
	case "sticks", "stick", "polystick", "polysticks":
		return true
	}
	return false
}

// writeStickPieces is `polyviz pieces --lattice sticks --size N`: every
// polystick of N sticks, as a table, a count, or the piece lines of a
// polysticks spec.
func writeStickPieces(ctx context.Context, std IO, req piecesRequest) int {
	pieces, err := polyform.EnumerateSticks(ctx, req.size, polyform.Options{Equivalence: req.eq, MaxPieces: req.maxPieces})
	if err != nil {
		return commandFailed(ctx, std, "pieces", err)
	}
	w := bufio.NewWriter(std.Stdout)
	sticks := func(p polyform.StickPiece) string {
		var names []string
		for _, s := range p.Sticks {
			names = append(names, s.String())
		}
		return strings.Join(names, " ")
	}
	switch req.output {
	case "count":
		fmt.Fprintln(w, len(pieces))
	case "spec":
		fmt.Fprintln(w, polystick.Marker)
		fmt.Fprintf(w, "| %s\n", stickTitle(len(pieces), req))
		if req.boxLine != "" {
			fmt.Fprintln(w, "board "+req.boxLine)
		}
		for _, p := range pieces {
			fmt.Fprintf(w, "%s %s\n", p.Name, sticks(p))
		}
	default:
		tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
		fmt.Fprintln(tw, stickTitle(len(pieces), req))
		fmt.Fprintln(tw, "NAME\tORIENTATIONS\tCHIRAL\tSTICKS")
		for _, p := range pieces {
			chiral := "-"
			if p.Chiral {
				chiral = "yes"
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", p.Name, p.Orientations, chiral, sticks(p))
		}
		tw.Flush() // its error is w's, which Flush below returns
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz pieces: write: %v\n", err)
		return 1
	}
	return 0
}

// stickBox checks a --box for polysticks: AxB unit squares, a board line's word.
func stickBox(box string) (string, error) {
	var a, b int
	if n, err := fmt.Sscanf(box, "%dx%d", &a, &b); err != nil || n != 2 || a < 1 || b < 1 || a > 35 || b > 35 || fmt.Sprintf("%dx%d", a, b) != box {
		return "", fmt.Errorf("--box %q: want AxB unit squares, 1 to 35 each, for polysticks", box)
	}
	return box, nil
}

// stickTitle is the pieces' summary line: "1 free polystick of 1 stick
// (up to rotation and reflection)".
func stickTitle(n int, req piecesRequest) string {
	kind := " polysticks"
	if n == 1 {
		kind = " polystick"
	}
	return fmt.Sprintf("%d %s%s of %s (%s)", n, req.eq, kind, count(req.size, "stick", "sticks"), motionWords(req.eq))
}
