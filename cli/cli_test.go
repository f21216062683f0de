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
