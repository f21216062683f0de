// Package cli implements polyviz's command-line subcommands. Every subcommand
// reads from and writes to the streams in IO, so tests drive them in-process.
package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"polyviz/assets"
)

// IO holds the standard streams a subcommand uses.
type IO struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// read is the input a command has read already (readFillomino's probe),
	// which the loads after it take rather than read the file again
	read *inputRead
}

// StdIO returns the process's standard streams.
func StdIO() IO { return IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr} }

// GUI opens the window; args are the arguments left for it (at most a file).
// It is supplied by cmd/polyviz so that this package never imports Fyne.
type GUI func(args []string) int

// command is one subcommand: its name, a one-line summary, and its body.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, std IO, args []string) int
}

// commands lists every subcommand, in the order `polyviz help` shows them.
func commands() []command {
	return []command{
		{"polycube-dlx", "write the DLX file for a 3D spec, as Knuth's POLYCUBE-DLX", runPolycubeDLX},
		{"polyomino-dlx", "write the DLX file for a 2D spec, as Knuth's POLYOMINO-DLX", runPolyominoDLX},
		{"polyiamond-dlx", "write the DLX file for a triangle spec, as Knuth's POLYIAMOND-DLX", runPolyiamondDLX},
		{"polysticks-dlx", "write the DLX file for a polysticks spec, as Knuth's POLYSTICKS", runPolysticksDLX},
		{"polyhex-dlx", "write the DLX file for a hexagon spec (POLYOMINO-DLX's syntax, axial cells)", runPolyhexDLX},
		{"solve", "solve a DLX file, spec or library puzzle (counts, lists, streams)", runSolve},
		{"split", "cut a search into job files for other machines (then run-job, merge)", runSplit},
		{"run-job", "run one job file made by split and write its result", runRunJob},
		{"merge", "check and add up the results of the jobs of a split", runMerge},
		{"estimate", "estimate the solutions, nodes and time of a solve before it runs", runEstimate},
		{"why", "say why a puzzle has no solution", runWhy},
		{"unique", "propose the fewest changes (pieces fixed in place, optional cells filled or emptied) that leave a puzzle exactly one solution, each proved by a count", runUnique},
		{"bench", "run the reference problems and print a table of figures", withCheckedStdout("bench", runBench)},
		{"render", "draw a puzzle or one of its solutions to PNG or SVG", runRender},
		{"orientations", "draw the orientation sheet of a piece to PNG or SVG", runOrientations},
		{"animate", "draw a packing assembling itself as an animated GIF", runAnimate},
		{"disassemble", "find how a solution comes apart: the moves and the level", runDisassemble},
		{"instructions", "write a solution's assembly instructions: piece list and steps, as PDF, PNG or SVG pages", runInstructions},
		{"list", "list the built-in puzzle library", runList},
		{"pieces", "list every polyform of N cells (free, one-sided or fixed), or write them as a spec", runPieces},
		{"generate", "generate every piece that fits a template shape, through filters (connected, holes, symmetry, notchable...)", runGenerate},
		{"shapes", "describe a puzzle's pieces and box: symmetry, mirror pairs, connectivity, holes, burr pieces", runShapes},
		{"fillomino-dlx", "write the DLX file for a fillomino puzzle, as Knuth's FILLOMINO-DLX", runFillominoDLX},
		{"fillomino-check", "say whether a fillomino puzzle has exactly one solution", runFillominoCheck},
		{"fillomino-gen", "make a fillomino puzzle with exactly one solution", runFillominoGen},
		{"xmpuzzle", "write a puzzle as a BurrTools .xmpuzzle file", runXMPuzzle},
		{"stl", "write a puzzle's pieces as STL files for 3D printing", runSTL},
		{"antislide", "count packings in which no piece can slide (Knuth's ANTISLIDE, generalized)", runAntislide},
		{"lepage", "solve a problem file of Lepage's polycube solver, printing what his program prints", runLepage},
	}
}

// Main runs polyviz with the given arguments (without the program name) and
// returns the exit status. With no subcommand it opens the window via gui.
func Main(ctx context.Context, args []string, std IO, gui GUI) int {
	if len(args) == 0 || !isCommandName(args[0]) {
		if len(args) > 1 && args[0] == "help" {
			// `polyviz help CMD` is `polyviz CMD --help`; an unknown CMD is refused below
			if isCommandName(args[1]) {
				return Main(ctx, []string{args[1], "--help"}, std, gui)
			}
			return unknownCommand(std, args[1], "")
		}
		if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
			if err := usage(std.Stdout); err != nil {
				fmt.Fprintf(std.Stderr, "polyviz: write: %v\n", err)
				return 1
			}
			return 0
		}
		if len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-" {
			fmt.Fprintf(std.Stderr, "polyviz: unknown flag %s\n", args[0])
			usage(std.Stderr)
			return 2
		}
		if len(args) > 0 && !isWindowInput(args[0]) {
			// neither a command, a file nor a built-in puzzle: a mistyped
			// command word, most likely; never start the window for it
			return unknownCommand(std, args[0], ": not a command, a file or a built-in puzzle")
		}
		if gui == nil {
			fmt.Fprintln(std.Stderr, "polyviz: this build has no window")
			return 2
		}
		return gui(args)
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, std, args[1:])
		}
	}
	return 2
}

// unknownCommand refuses a word that names no command (exit 2), saying
// why (after its name), with the commands nearest to it.
func unknownCommand(std IO, word, why string) int {
	fmt.Fprintf(std.Stderr, "polyviz: unknown command %q%s\n", word, why)
	if near := nearestCommands(word); len(near) > 0 {
		fmt.Fprintf(std.Stderr, "polyviz: did you mean %s?\n", strings.Join(near, " or "))
	}
	fmt.Fprintln(std.Stderr, "Run 'polyviz help' for the commands, 'polyviz list' for the puzzles.")
	return 2
}

func isCommandName(s string) bool {
	for _, c := range commands() {
		if c.name == s {
			return true
		}
	}
	return false
}

// usage writes the list of commands; it returns the first write error.
func usage(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "usage: polyviz [FILE|PUZZLE]        open the window (default: the Soma cube)")
	fmt.Fprintln(bw, "       polyviz COMMAND [flags] ...")
	fmt.Fprintln(bw, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(bw, "  %-15s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(bw, "\nRun 'polyviz COMMAND --help' for a command's flags.")
	return bw.Flush()
}

// parseArgs parses a subcommand's flags. On --help it shows the usage and
// returns 0; on a bad flag it says what is wrong, shows the usage and
// returns 2; otherwise ok is true.
func parseArgs(std IO, fs *pflag.FlagSet, args []string) (code int, ok bool) {
	fs.SetOutput(std.Stderr)
	err := fs.Parse(args)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, pflag.ErrHelp):
		return 0, false
	}
	fmt.Fprintf(std.Stderr, "polyviz %s: %s\n", fs.Name(), flagErrorText(fs, args, err))
	fs.Usage()
	return 2, false
}

// pflagValueError matches pflag's error for a value its flag refuses:
// `invalid argument "abc" for "-j, --jobs" flag: strconv.ParseInt: ...`.
var pflagValueError = regexp.MustCompile(`^invalid argument ("(?:[^"\\]|\\.)*") for "(?:-[^ ,]+, )?--([^"]+)" flag: (.*)$`)

// flagErrorText words a flag parse error for a user: a refused value as
// "-j abc: not a whole number", never strconv's text; other errors as
// pflag says them.
func flagErrorText(fs *pflag.FlagSet, args []string, err error) string {
	m := pflagValueError.FindStringSubmatch(err.Error())
	if m == nil {
		return err.Error()
	}
	value, uerr := strconv.Unquote(m[1])
	f := fs.Lookup(m[2])
	if uerr != nil || f == nil {
		return err.Error()
	}
	why, t := m[3], f.Value.Type()
	outOfRange := strings.Contains(why, "value out of range")
	switch {
	case strings.HasPrefix(why, "strconv.") && strings.HasPrefix(t, "uint"):
		why = "not a whole number 0 or more"
		if outOfRange {
			why = "too large"
		}
	case strings.HasPrefix(why, "strconv.") && strings.HasPrefix(t, "int"):
		why = "not a whole number"
		if outOfRange {
			why = "out of range"
		}
	case strings.HasPrefix(why, "strconv.") && strings.HasPrefix(t, "float"):
		why = "not a number"
		if outOfRange {
			why = "out of range"
		}
	case strings.HasPrefix(why, "strconv.") && t == "bool":
		why = "not true or false"
	case t == "duration":
		why = "not a duration (e.g. 500ms, 30s, 5m, 2h)"
	}
	if t == "bool" {
		// --json maybe would read maybe as an argument
		return fmt.Sprintf("%s=%s: %s", flagSpelling(f, args), value, why)
	}
	return fmt.Sprintf("%s %s: %s", flagSpelling(f, args), value, why)
}

// flagSpelling is the flag as the user wrote it: -j or --jobs.
func flagSpelling(f *pflag.Flag, args []string) string {
	long := "--" + f.Name
	if f.Shorthand == "" {
		return long
	}
	for _, a := range args {
		switch {
		case a == "--":
			return long
		case a == long || strings.HasPrefix(a, long+"="):
			return long
		case !strings.HasPrefix(a, "--") && strings.HasPrefix(a, "-") && strings.Contains(a[1:], f.Shorthand):
			// -j, -j4, or a run of shorthands ending in it
			return "-" + f.Shorthand
		}
	}
	return long
}

// isWindowInput reports whether the window can open arg: a file that
// exists (or "-") or the name of a built-in puzzle.
func isWindowInput(arg string) bool {
	if arg == "-" {
		return true
	}
	if _, err := os.Stat(arg); err == nil {
		return true
	}
	_, ok := assets.Lookup(arg)
	return ok
}

// nearestCommands returns the command names closest to word in edit
// distance (at most a third of the word's length, and at least 2, away),
// nearest first, at most three.
func nearestCommands(word string) []string {
	type near struct {
		name string
		d    int
	}
	var ns []near
	limit := max(2, len(word)/3)
	for _, c := range commands() {
		if d := editDistance(word, c.name); d <= limit {
			ns = append(ns, near{c.name, d})
		}
	}
	slices.SortStableFunc(ns, func(a, b near) int { return a.d - b.d })
	var out []string
	for _, n := range ns[:min(3, len(ns))] {
		out = append(out, n.name)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b (in bytes:
// command names are ASCII): the fewest insertions, deletions and
// substitutions that turn one into the other.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
