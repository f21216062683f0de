package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"
)

// inputCountProblem says what is wrong with the number of a command's
// arguments when it takes exactly one input (what names the kinds it
// takes), or "".
func inputCountProblem(fs *pflag.FlagSet, what string) string {
	switch n := fs.NArg(); {
	case n == 0:
		return "no input: name " + what
	case n > 1:
		return fmt.Sprintf("one input at a time, got %d: %s", n, strings.Join(fs.Args(), " "))
	}
	return ""
}

// puzzleInputs is what a drawing or writing command takes as its input.
const puzzleInputs = "a spec file, a puzzle of 'polyviz list' or - (standard input)"

// noOutput is the reason of a command that writes a file run without -o.
const noOutput = "no output: say where to write with -o FILE"

// usageFailed says in one line what is wrong with a command's arguments and
// points at its help, returning 2: the whole usage would bury that line.
func usageFailed(std IO, cmd, format string, a ...any) int {
	fmt.Fprintf(std.Stderr, "polyviz %s: %s\n", cmd, fmt.Sprintf(format, a...))
	fmt.Fprintf(std.Stderr, "Run 'polyviz help %s' for its usage.\n", cmd)
	return 2
}

// solveInputProblem says what is wrong with solve's arguments (args as
// given, before parsing), or "". --print takes its value only as
// --print=VALUE (or the words options and slices), so `--print bogus soma`
// parses as two inputs: the mistake is the value (when it names no input),
// and that is said.
func solveInputProblem(fs *pflag.FlagSet, args []string) string {
	if fs.NArg() == 2 {
		for i := 0; i+1 < len(args) && args[i] != "--"; i++ {
			if args[i] == "--print" && args[i+1] == fs.Arg(0) && !isWindowInput(fs.Arg(0)) {
				return fmt.Sprintf("--print %s: want options or slices", fs.Arg(0))
			}
		}
	}
	return inputCountProblem(fs, "a DLX file, a spec, a puzzle of 'polyviz list' or - (standard input)")
}
