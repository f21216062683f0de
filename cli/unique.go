package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"polyviz/burrtools"
	"polyviz/fileout"
	"polyviz/puzzle"
	"polyviz/solver"
	"polyviz/unique"
)

// runUnique is `polyviz unique [flags] FILE|PUZZLE`: the fewest changes
// (pieces fixed in place, optional cells made required or removed) that
// leave the puzzle exactly one solution, each proposal proved by a full
// count; -o writes the spec with the chosen proposal.
// Exit status 0 when the puzzle is unique or a proposal was found, 1 when
// none was within --max-changes (or on failure).
func runUnique(ctx context.Context, std IO, args []string) int {
	fs := pflag.NewFlagSet("unique", pflag.ContinueOnError)
	format := fs.String("format", "", "input format (default: detect)")
	problem := fs.Int("problem", 1, "the problem of a BurrTools file that holds several, from 1 (-o writes that problem)")
	maxChanges := fs.Int("max-changes", 3, "the most changes one proposal makes (1 to 3)")
	maxSolutions := fs.Int64("max-solutions", unique.DefaultMaxSolutions, "refuse a puzzle with more solutions than this (each is kept in memory)")
	proposals := fs.Int("proposals", 10, "how many proposals to prove and show")
	out := fs.StringP("output", "o", "", "write the puzzle with proposal --pick to this file (- for standard output; the report then goes to standard error): a spec (a piece fixed is written with \"| in-place NAME\", a copy fixed as a piece NAME_1 of its own), or for a BurrTools file that problem as a BurrTools file (a piece fixed by colour constraints)")
	pick := fs.Int("pick", 1, "the proposal -o writes (1 is the first shown)")
	workers := fs.IntP("jobs", "j", runtime.NumCPU(), "number of workers")
	asJSON := fs.Bool("json", false, "print a JSON object on standard output")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz unique [flags] FILE|PUZZLE")
		fmt.Fprintln(std.Stderr, "Proposes the fewest changes that leave the puzzle exactly one (raw) solution: pieces fixed in place, and for a puzzle with optional cells (BurrTools' variable voxels) cells made required or removed; every proposal is proved by counting the changed puzzle's solutions again.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if *maxChanges < 1 || *maxChanges > 3 || *proposals < 1 || *maxSolutions < 1 || *workers < 1 {
		fmt.Fprintln(std.Stderr, "polyviz unique: --max-changes is 1 to 3; --proposals, --max-solutions and --jobs are positive")
		return 2
	}
	if *out == fileout.Stdout && *asJSON {
		fmt.Fprintln(std.Stderr, "polyviz unique: -o - and --json both write on standard output: use one of them")
		return 2
	}
	*workers = clampJobs(std, "unique", *workers)
	if *pick < 1 || *pick > *proposals {
		fmt.Fprintf(std.Stderr, "polyviz unique: --pick %d: want 1 to --proposals (%d)\n", *pick, *proposals)
		return 2
	}
	in, err := loadProblemN(ctx, std, fs.Arg(0), *format, *problem)
	if err != nil {
		return commandFailed(ctx, std, "unique", err)
	}
	if _, xm := in.Source.(*burrtools.File); *out != "" && !xm && !unique.SpecWritable(in.Puzzle) {
		// said before the counts, which can take minutes
		fmt.Fprintf(std.Stderr, "polyviz unique: -o %s: %s, read as %s, is not written with its changes: only a spec of cells (cubes, squares, triangles, hexagons) or a BurrTools file is\n", *out, in.Name, in.Format)
		return 2
	}
	opt := unique.Options{MaxChanges: *maxChanges, MaxSolutions: *maxSolutions, MaxProposals: *proposals, Workers: *workers}
	if in.Puzzle != nil {
		opt.Optional = unique.OptionalCells(in.Puzzle)
	}
	res, err := unique.Find(ctx, in.Problem, opt)
	if err != nil {
		if errors.Is(err, unique.ErrTooMany) {
			err = fmt.Errorf("%w (--max-solutions)", err)
		}
		return commandFailed(ctx, std, "unique", err)
	}
	classes := distinctClasses(ctx, in, *workers)
	report, target := std.Stdout, *out
	if *out == fileout.Stdout { // the spec is on standard output, the report beside it
		report, target = std.Stderr, "standard output"
	}
	if *asJSON {
		err = writeUniqueJSON(report, in.Name, res, classes)
	} else {
		err = writeUniqueText(report, in.Name, res, classes, *maxChanges)
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz unique: write: %v\n", err)
		return 1
	}
	if *out != "" && len(res.Proposals) > 0 {
		if *pick > len(res.Proposals) {
			fmt.Fprintf(std.Stderr, "polyviz unique: --pick %d: there are %d proposals\n", *pick, len(res.Proposals))
			return 2
		}
		what := "Spec"
		write := func(w io.Writer) error { return unique.WriteSpec(w, in.Puzzle, res.Proposals[*pick-1]) }
		if x, ok := in.Source.(*burrtools.File); ok {
			// a BurrTools file: its problem, a piece fixed said by colours
			what = "BurrTools file"
			write = func(w io.Writer) error { return unique.WriteXM(w, x, in.Chosen, in.Puzzle, res.Proposals[*pick-1]) }
		}
		if err := fileout.Write(*out, std.Stdout, write); err != nil {
			return commandFailed(ctx, std, "unique", err)
		}
		fmt.Fprintf(std.Stderr, "%s with proposal %d written to %s.\n", what, *pick, target)
	}
	if *out != "" && len(res.Proposals) == 0 {
		fmt.Fprintf(std.Stderr, "Nothing written to %s: there is no proposal to write.\n", target)
	}
	if !res.Unique && len(res.Proposals) == 0 {
		return 1
	}
	return 0
}

// distinctClasses counts the puzzle's solutions up to rotation and
// reflection, for the report; -1 when that does not apply (a DLX file, a
// file with its own cuts of symmetry) or fails.
func distinctClasses(ctx context.Context, in *loadedInput, workers int) int64 {
	if in.Puzzle == nil || len(in.Restrictions) > 0 {
		return -1
	}
	st, err := in.Puzzle.SolveDistinct(ctx, puzzle.DistinctAll, solver.Options{Workers: workers, AnyOrder: true}, nil)
	if err != nil {
		return -1
	}
	return st.Distinct
}

func writeUniqueText(w io.Writer, name string, res *unique.Result, classes int64, maxChanges int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", name, countNoun(res.Solutions, "solution"))
	if classes >= 0 {
		fmt.Fprintf(&b, " (%s up to rotation and reflection)", countNoun(classes, "class"))
	}
	switch {
	case res.Unique:
		b.WriteString(": already unique, nothing to change.\n")
	case res.Fixable == 0 && res.Cells == 0:
		b.WriteString(": no piece can be fixed in place to change the count (each lies in the same place in every solution).\n")
	case len(res.Proposals) == 0:
		fmt.Fprintf(&b, ": %s never leaves exactly one (--max-changes goes up to 3).\n", upTo(maxChanges))
	default:
		fmt.Fprintf(&b, ".\n%s exactly one solution, each proposal proved by a full count:\n", uniqueChanges(res.Changes))
		for i, p := range res.Proposals {
			if i == res.Main {
				fmt.Fprintf(&b, "Changing optional cells alone, %s exactly one:\n", uniqueChanges(res.CellChanges))
			}
			var fix []string
			for _, c := range p.Changes {
				fix = append(fix, c.String())
			}
			fmt.Fprintf(&b, "%3d. %s: %s\n", i+1, strings.Join(fix, "; "), countNoun(p.Proved, "solution"))
		}
	}
	if res.Cells > 0 && res.CellChanges == 0 && len(res.Proposals) > 0 && res.Main == len(res.Proposals) &&
		!slices.ContainsFunc(res.Proposals, cellsAlone) {
		fmt.Fprintf(&b, "Changing up to %d optional cells alone never leaves exactly one.\n", maxChanges)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeUniqueJSON(w io.Writer, name string, res *unique.Result, classes int64) error {
	type change struct {
		Kind   string   `json:"kind"` // "fix", "fill" or "empty"
		Piece  string   `json:"piece,omitempty"`
		Cells  []string `json:"cells,omitempty"`
		Option int      `json:"option"`
		Cell   string   `json:"cell,omitempty"`
	}
	type proposal struct {
		Changes  []change `json:"changes"`
		Solution []int    `json:"solution"`
		Proved   int64    `json:"proved"`
	}
	v := struct {
		Name      string `json:"name"`
		Mode      string `json:"mode"`
		Solutions int64  `json:"solutions"`
		Distinct  *int64 `json:"distinct,omitempty"`
		Unique    bool   `json:"unique"`
		Changes   int    `json:"changes"`
		// CellChanges and the proposals from Main on: optional cells alone
		CellChanges int        `json:"cell_changes,omitempty"`
		Main        int        `json:"main"`
		Proposals   []proposal `json:"proposals"`
	}{Name: name, Mode: "raw", Solutions: res.Solutions, Unique: res.Unique, Changes: res.Changes,
		CellChanges: res.CellChanges, Main: res.Main, Proposals: []proposal{}}
	if classes >= 0 {
		v.Distinct = &classes
	}
	for _, p := range res.Proposals {
		q := proposal{Solution: p.Solution, Proved: p.Proved}
		for _, c := range p.Changes {
			q.Changes = append(q.Changes, change{Kind: [...]string{"fix", "fill", "empty"}[c.Kind], Piece: c.Piece, Cells: c.Items, Option: c.Option, Cell: c.Cell})
		}
		v.Proposals = append(v.Proposals, q)
	}
	return json.NewEncoder(w).Encode(v)
}

// uniqueChanges says n changes leave: "1 change leaves", "2 changes leave".
func uniqueChanges(n int) string {
	if n == 1 {
		return "1 change leaves"
	}
	return fmt.Sprintf("%d changes leave", n)
}

// upTo says "1 change" or "up to n changes".
func upTo(n int) string {
	if n == 1 {
		return "1 change"
	}
	return fmt.Sprintf("up to %d changes", n)
}

// cellsAlone reports whether a proposal changes optional cells only.
func cellsAlone(p unique.Proposal) bool {
	return !slices.ContainsFunc(p.Changes, func(c unique.Change) bool { return c.Kind == unique.FixPiece })
}

// countNoun writes n and the noun, with an s unless n is 1.
func countNoun(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "s") {
		return fmt.Sprintf("%d %ses", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
