package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"polyviz/puzzle"
	"polyviz/solver"
)

// solveDistinct is `polyviz solve --distinct rotations|all`: it counts the
// packings distinct under the box's symmetries, using symmetry to cut the
// search, and with --print lists one canonical representative per class.
func solveDistinct(ctx context.Context, std IO, pz *puzzle.Puzzle, p *solver.Problem, mode puzzle.Distinct, f solveFlags) int {
	out := bufio.NewWriterSize(std.Stdout, 64<<10)
	opt := solver.Options{Workers: f.workers, MaxSolutions: f.max, Engine: f.engine}
	ckWrites, code := checkpointOptions(std, f, &opt)
	if code != 0 {
		return code
	}
	if f.progress {
		opt.Progress = progressPrinter(std.Stderr)
	}
	var visit func(puzzle.DistinctSolution) bool
	pr := &solutionPrinter{out: out, writes: ckWrites}
	if f.print {
		if err := pr.setupPrinter(std, &opt); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: --resume: %v\n", err)
			return 1
		}
		visit = func(s puzzle.DistinctSolution) bool {
			return pr.print(func(w *bufio.Writer, n int) error {
				if f.slices != nil {
					return printSlices(w, f.slices, s.Options)
				}
				return printRepresentative(w, p, n, s)
			})
		}
	}
	st, err := pz.SolveDistinct(ctx, mode, opt, visit)
	if refused := resumeRefused(std, f, err); refused {
		return 1 // nothing was searched: no closing line
	}
	writeErr := pr.err
	if ferr := out.Flush(); writeErr == nil {
		writeErr = ferr
	}
	if writeErr == nil && stoppedInSetup(ctx, err, st.Workers) {
		resumeHint(std, f, err, ckWrites)
		return setupStopped(ctx, std, f, err, func(t commandTimes) error { return writeDistinctJSON(std.Stdout, st, false, t) })
	}
	complete := err == nil && writeErr == nil && (f.max == 0 || st.Distinct < f.max)
	resumeHint(std, f, err, ckWrites)
	if _, e := fmt.Fprintln(std.Stderr, distinctSummary(st, complete, summaryLead(ctx, err, writeErr))); writeErr == nil {
		writeErr = e // the summary is the output too (2>/dev/full is a failure)
	}
	if e := setupLine(std.Stderr, f.times, st.Elapsed); writeErr == nil {
		writeErr = e
	}
	if f.json && writeErr == nil {
		writeErr = writeDistinctJSON(std.Stdout, st, complete, f.times)
	}
	if err == nil && writeErr == nil {
		if _, err := ckWrites.lastErr(); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz solve: the final checkpoint could not be written: %v\n", err)
			return 1
		}
	}
	return solveStatus(ctx, std, err, writeErr)
}

// solveBySymmetry is a plain `polyviz solve` of a packing puzzle with a
// symmetric box, where puzzle.Plan counts by symmetry: the raw count as
// the sum of the classes' sizes, from a search about 1/|G| of the raw one.
// ok is false, with nothing searched or written, when the puzzle gives no
// such cut (see puzzle.CountBySymmetry); the caller then searches the
// whole tree.
func solveBySymmetry(ctx context.Context, std IO, pz *puzzle.Puzzle, f solveFlags) (code int, ok bool) {
	opt := solver.Options{Workers: f.workers, Engine: f.engine}
	if f.progress {
		opt.Progress = progressPrinter(std.Stderr)
	}
	st, ok, err := pz.CountBySymmetry(ctx, opt, nil)
	if !ok {
		return 0, false
	}
	if stoppedInSetup(ctx, err, st.Workers) {
		return setupStopped(ctx, std, f, err, func(t commandTimes) error { return writeBySymmetryJSON(std.Stdout, st, false, t) }), true
	}
	complete := err == nil
	_, writeErr := fmt.Fprintln(std.Stderr, bySymmetrySummary(st, summaryLead(ctx, err, nil))) // the summary is the output too
	if e := setupLine(std.Stderr, f.times, st.Elapsed); writeErr == nil {
		writeErr = e
	}
	if f.json && writeErr == nil {
		writeErr = writeBySymmetryJSON(std.Stdout, st, complete, f.times)
	}
	return solveStatus(ctx, std, err, writeErr), true
}

// bySymmetrySummary is the closing lines of a raw count made by symmetry:
// DLX1's closing line (lead: "Altogether", or "Interrupted after" with the
// solutions of the classes found so far) with the raw count and the cut
// search's figures, then what was counted and how to get DLX1's whole tree
// instead.
func bySymmetrySummary(st puzzle.DistinctStats, lead string) string {
	raw := st.Stats
	raw.Solutions = st.Raw // exact for the classes found so far
	line := summaryLine(raw, lead)
	_, how, _ := strings.Cut(distinctSummary(st, true, ""), "\nSymmetry: ")
	mode := modeWords(st.Mode)
	if st.Facts.ActingRotations == st.Facts.Acting {
		mode = modeWords(puzzle.DistinctRotations) // no reflection acts
	}
	return fmt.Sprintf("%s\nCounted by symmetry: %s %s, each with its size (the nodes and updates are that search's; --engine bits or dlx searches DLX1's whole tree). Symmetry: %s",
		line, count(st.Distinct, "class", "classes"), mode, how)
}

// writeBySymmetryJSON writes the --json summary of a raw count made by
// symmetry: the raw count as "solutions", and the classes it came from.
// On a box that wraps, "wrap" names the axes joined and "translations"
// says how many translations along them (the identity included) count as
// symmetries; a flat box has neither.
func writeBySymmetryJSON(w io.Writer, st puzzle.DistinctStats, complete bool, t commandTimes) error {
	load, setup := t.seconds(st.Search)
	workers, engine := t.searchJSON(st.Stats)
	return json.NewEncoder(w).Encode(struct {
		Solutions int64   `json:"solutions"`
		Classes   int64   `json:"classes"`
		CountedBy string  `json:"counted_by"`
		Mode      string  `json:"mode"`
		Group     int     `json:"group"`
		Lock      string  `json:"lock,omitempty"`
		Wrap      string  `json:"wrap,omitempty"`
		Shifts    int     `json:"translations,omitempty"`
		Nodes     int64   `json:"nodes"`
		Updates   int64   `json:"updates"`
		Seconds   float64 `json:"seconds"`
		Search    float64 `json:"search_seconds"`
		Load      float64 `json:"load_seconds,omitempty"`
		Placed    float64 `json:"placed_seconds,omitempty"`
		Setup     float64 `json:"setup_seconds,omitempty"`
		Workers   *int    `json:"workers,omitempty"`
		Engine    string  `json:"engine,omitempty"`
		Complete  bool    `json:"complete"`
		NoSearch  bool    `json:"stopped_during_setup,omitempty"`
	}{st.Raw, st.Distinct, "symmetry", st.Mode.String(), st.Group, st.Lock, st.Facts.Wrap, st.Facts.Translations,
		st.Nodes, st.Updates, st.Elapsed.Seconds(), st.Search.Seconds(), load, t.placedSeconds(), setup, workers, engine, complete, t.noSearch})
}

// modeWords says in words what a distinct mode counts.
func modeWords(d puzzle.Distinct) string {
	if d == puzzle.DistinctAll {
		return "up to rotation and reflection"
	}
	return "up to rotation"
}

// distinctSummary is the closing line of a distinct count, then a line that
// says how the work was cut and which counts apply and why. The raw count
// derived from the classes is given only for a complete search.
func distinctSummary(st puzzle.DistinctStats, complete bool, lead string) string {
	raw := ""
	if complete {
		raw = fmt.Sprintf(" (%d raw)", st.Raw)
		if st.Repeated > 0 {
			// the classes hold packings; DLX1 would count each repeat
			raw = fmt.Sprintf(" (%d raw packings, each counted once: %s another, which a plain count counts again)", st.Raw, count(st.Repeated, "option repeats", "options repeat"))
		}
	}
	line := fmt.Sprintf("%s %s %s%s, %d updates, %d nodes. %.3f s, %s.",
		lead, count(st.Distinct, "distinct solution", "distinct solutions"), modeWords(st.Mode), raw, st.Updates, st.Nodes, st.Elapsed.Seconds(), count(st.Workers, "worker", "workers"))
	lock := "no piece could be locked; every solution was searched and the classes filtered"
	if st.Lock != "" {
		lock = fmt.Sprintf("piece %s locked to %d of its %s (one per orbit)", st.Lock, st.Kept, count(st.Placements, "placement", "placements"))
		if st.Stabilised > 0 {
			lock += fmt.Sprintf("; below %d of them, which symmetries of the box map onto themselves, a second piece is cut to one placement per orbit of those symmetries", st.Stabilised)
			if st.Third > 0 {
				lock += fmt.Sprintf(", and below %d of those a third", st.Third)
			}
			lock += fmt.Sprintf(" (%s cut)", count(st.Cut, "placement", "placements"))
		}
	}
	return fmt.Sprintf("%s\nSymmetry: group of order %d; %s; %s.", line, st.Group, lock, symmetryWords(st.Facts))
}

// symmetryWords says in the command line's terms which counts apply and why.
func symmetryWords(f puzzle.SymmetryFacts) string {
	var b strings.Builder
	fmt.Fprintf(&b, "the box has %s (%s)", count(f.BoxSymmetries, "symmetry", "symmetries"), count(f.BoxRotations, "rotation", "rotations"))
	if f.Wrap != "" {
		fmt.Fprintf(&b, ", for it wraps along %s: its %s round the join count as symmetries", f.Wrap, count(f.Translations, "translation", "translations"))
	}
	switch {
	case f.Acting == f.BoxSymmetries:
		if f.MirrorsAct() && !f.Planar {
			b.WriteString("; the pieces are closed under reflection, so mirror images count as the same solution under --distinct all")
		}
	case len(f.Unmirrored) > 0:
		fmt.Fprintf(&b, "; reflections do not apply: the mirror image of %s is not in the set, so --distinct all counts as rotations", strings.Join(f.Unmirrored, ", "))
	default:
		fmt.Fprintf(&b, "; only %d of them map solutions to solutions", f.Acting)
	}
	return b.String()
}

// count writes n with the singular or plural noun.
func count[N int | int64 | uint64](n N, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// writeDistinctJSON writes the --json summary of a distinct count.
func writeDistinctJSON(w io.Writer, st puzzle.DistinctStats, complete bool, t commandTimes) error {
	load, setup := t.seconds(st.Search)
	workers, engine := t.searchJSON(st.Stats)
	note := symmetryWords(st.Facts)
	if t.noSearch {
		note = "" // the symmetry may not have been worked out
	}
	return json.NewEncoder(w).Encode(struct {
		Solutions int64   `json:"solutions"`
		Distinct  int64   `json:"distinct"`
		Raw       int64   `json:"raw"`
		Repeated  int     `json:"repeated_options,omitempty"`
		Mode      string  `json:"mode"`
		Group     int     `json:"group"`
		Lock      string  `json:"lock,omitempty"`
		Note      string  `json:"note"`
		Wrap      string  `json:"wrap,omitempty"`
		Shifts    int     `json:"translations,omitempty"`
		Nodes     int64   `json:"nodes"`
		Updates   int64   `json:"updates"`
		Seconds   float64 `json:"seconds"`
		Search    float64 `json:"search_seconds"`
		Load      float64 `json:"load_seconds,omitempty"`
		Placed    float64 `json:"placed_seconds,omitempty"`
		Setup     float64 `json:"setup_seconds,omitempty"`
		Workers   *int    `json:"workers,omitempty"`
		Engine    string  `json:"engine,omitempty"`
		Complete  bool    `json:"complete"`
		NoSearch  bool    `json:"stopped_during_setup,omitempty"`
	}{st.Distinct, st.Distinct, st.Raw, st.Repeated, st.Mode.String(), st.Group, st.Lock, note, st.Facts.Wrap, st.Facts.Translations,
		st.Nodes, st.Updates, st.Elapsed.Seconds(), st.Search.Seconds(), load, t.placedSeconds(), setup, workers, engine, complete, t.noSearch})
}

// printRepresentative writes a canonical representative as DLX1 writes a
// solution: "n:" and one line per option, its items in file order, then how
// many solutions its class holds.
func printRepresentative(w *bufio.Writer, p *solver.Problem, n int, s puzzle.DistinctSolution) error {
	fmt.Fprintf(w, "%d: (class of %d)\n", n, s.Images)
	for _, o := range s.Options {
		for _, it := range p.OptionItems(o) {
			w.WriteByte(' ')
			w.WriteString(it)
		}
		w.WriteByte('\n')
	}
	if _, err := w.WriteString(""); err != nil {
		return err // the writer's first error: see printSolution
	}
	if w.Buffered() > 32<<10 {
		return w.Flush()
	}
	return nil
}
