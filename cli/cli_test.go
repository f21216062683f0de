package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestUnknownCommand: a word that is neither a command, a file nor a
// built-in puzzle is refused with exit 2 and the nearest command names;
// the window is never started for it. A puzzle name or "-" goes to the
// window.
func TestUnknownCommand(t *testing.T) {
	for _, c := range []struct {
		word, near string
	}{
		{"polyiamond-dlxx", "polyiamond-dlx"},
		{"polyomino-dlxx", "did you mean polyomino-dlx"},
		{"sovle", "did you mean solve?"},
		{"merg", "did you mean merge?"},
		{"run-jobs", "did you mean run-job?"},
		{"zzzzzzzz", ""},
	} {
		var out, errb bytes.Buffer
		started := false
		code := Main(context.Background(), []string{c.word}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb},
			func([]string) int { started = true; return 0 })
		if code != 2 || started || !strings.Contains(errb.String(), "unknown command") || !strings.Contains(errb.String(), c.near) {
			t.Errorf("%s: exit %d, window %v, %q", c.word, code, started, errb.String())
		}
		if c.near == "" && strings.Contains(errb.String(), "did you mean") {
			t.Errorf("%s: %q suggests a command", c.word, errb.String())
		}
	}
	for _, arg := range []string{"soma", "-"} {
		started := false
		var errb bytes.Buffer
		Main(context.Background(), []string{arg}, IO{Stdin: strings.NewReader(""), Stdout: &errb, Stderr: &errb},
			func([]string) int { started = true; return 0 })
		if !started {
			t.Errorf("%s: the window was not started: %s", arg, errb.String())
		}
	}
}

// TestHelpCommand: `polyviz help CMD` prints CMD's help as `polyviz CMD
// --help` does, and an unknown CMD is refused as a mistyped command is.
func TestHelpCommand(t *testing.T) {
	_, _, want := runCLI(t, "", "solve", "--help")
	code, _, stderr := runCLI(t, "", "help", "solve")
	if code != 0 || stderr != want || !strings.Contains(stderr, "usage: polyviz solve") {
		t.Errorf("help solve: exit %d, %q; want 0 and solve's help", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "help", "sovle")
	if code != 2 || !strings.Contains(stderr, `unknown command "sovle"`) || !strings.Contains(stderr, "did you mean solve?") {
		t.Errorf("help sovle: exit %d, %q; want 2 and an unknown command", code, stderr)
	}
	// the summaries say what the drawing commands write
	_, stdout, _ := runCLI(t, "", "help")
	if !strings.Contains(stdout, "solutions to PNG or SVG") || !strings.Contains(stdout, "piece to PNG or SVG") {
		t.Errorf("help: render and orientations do not say SVG:\n%s", stdout)
	}
}

// TestHelpTexts: the flags' value names are words for values (a
// back-quoted phrase in a flag's text becomes its value name), and the
// texts name what the command takes, not source files or programs that do
// not exist.
func TestHelpTexts(t *testing.T) {
	for _, c := range []struct {
		cmd       string
		want, not []string
	}{
		{"render", []string{"--engine engine "}, []string{"--engine solve"}},
		{"animate", []string{"--fps N ", "--engine engine "}, []string{"--fps second"}},
		{"disassemble", []string{"--engine engine "}, []string{"--engine solve"}},
		{"instructions", []string{"--engine engine "}, []string{"--engine solve"}},
		{"stl", []string{"--engine engine "}, []string{"--engine solve"}},
		{"polyhex-dlx", []string{"POLYOMINO-DLX's syntax", "axial"}, []string{"Knuth's polyhex-dlx"}},
		{"split", []string{"--distinct MODE ", "xmpuzzle", "polyiamond", "polysticks"}, []string{"--distinct rotations"}},
		{"solve", []string{"--heatmap FILE "}, []string{".go)"}},
		{"orientations", []string{"SVG"}, nil},
	} {
		_, _, help := runCLI(t, "", c.cmd, "--help")
		for _, w := range c.want {
			if !strings.Contains(help, w) {
				t.Errorf("%s --help lacks %q:\n%s", c.cmd, w, help)
			}
		}
		for _, w := range c.not {
			if strings.Contains(help, w) {
				t.Errorf("%s --help has %q:\n%s", c.cmd, w, help)
			}
		}
	}
}
