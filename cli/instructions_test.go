package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestInstructions: the Soma cube's instructions as one PDF (the piece
// list and seven steps) and as SVG pages; a pentomino board's by layer,
// one step a piece.
func TestInstructions(t *testing.T) {
	if raceEnabled {
		t.Skip("solving and drawing are slow under the race detector; the plain pass runs this")
	}
	dir := t.TempDir()
	pdf := filepath.Join(dir, "soma.pdf")
	code, out, errs := runCLI(t, "", "instructions", "soma", "-o", pdf, "--size", "320x240")
	if code != 0 || strings.TrimSpace(out) != pdf || !strings.Contains(errs, "7 steps by the reverse of the disassembly, 8 pages") {
		t.Fatalf("exit %d: %q %q", code, out, errs)
	}
	data, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(regexp.MustCompile(`/Type /Page\b[^s]`).FindAll(data, -1)); n != 8 {
		t.Errorf("the PDF has %d pages, want 8", n)
	}
	code, _, errs = runCLI(t, "", "instructions", "soma", "-o", filepath.Join(dir, "svg"), "--as", "svg", "--size", "320x240")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "svg", "page-*.svg"))
	if len(pages) != 8 {
		t.Errorf("%d SVG pages, want 8", len(pages))
	}
	// in a fixed box open at the top, the pieces go in from above
	code, _, errs = runCLI(t, "", "instructions", "soma", "--open", "+z", "-o", filepath.Join(dir, "box.pdf"), "--size", "320x240")
	if code != 0 || !strings.Contains(errs, "7 steps by the reverse of the disassembly") {
		t.Fatalf("--open +z: exit %d: %s", code, errs)
	}
	code, _, errs = runCLI(t, "", "instructions", "pentomino-3x20", "-o", filepath.Join(dir, "board.png"), "--size", "320x240")
	if code != 0 || !strings.Contains(errs, "12 steps by layer, 13 pages") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(dir, "board-13.png")); err != nil {
		t.Error(err)
	}
}

// TestInstructionsBadInput: usage errors exit 2 with the reason, failures 1.
func TestInstructionsBadInput(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "bad.txt")
	os.WriteFile(spec, []byte("3\nA 1 2 3\nB [3-2]\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"soma"}, 2, "usage"},
		{[]string{"soma", "-o", "x.pdf", "--solution", "0"}, 2, "--solution must be at least 1"},
		{[]string{"soma", "-o", "x.pdf", "--as", "gif"}, 2, "unknown format"},
		{[]string{"soma", "-o", "x.pdf", "--size", "10"}, 2, "bad size"},
		{[]string{"soma", "-o", filepath.Join(dir, "out")}, 2, "a PDF goes to a file named .pdf"},
		{[]string{"soma", "-o", filepath.Join(dir, "x.pdf"), "--solution", "100000"}, 1, "has 11520 solutions"},
		{[]string{spec, "-o", filepath.Join(dir, "x.pdf")}, 1, "bad.txt:"},
		// a PDF is one file: a device is written in place, and fails when full
		{[]string{"soma", "-o", "/dev/full"}, 1, "no space left on device"},
		{[]string{"soma", "--as", "pdf", "-o", "/dev/full"}, 1, "no space left on device"},
		// pages are many files: not one stream, nor a name of another format
		{[]string{"soma", "--as", "png", "-o", "-"}, 2, "PNG instructions are a file a page"},
		{[]string{"soma", "--as", "svg", "-o", "/dev/null"}, 2, "SVG instructions are a file a page"},
		{[]string{"soma", "--as", "png", "-o", filepath.Join(dir, "steps.svg")}, 2, "its name says SVG, --as says PNG"},
	} {
		if raceEnabled && strings.Contains(tc.want, "11520") {
			continue // counts every Soma solution: slow under the race detector
		}
		code, _, errs := runCLI(t, "", append([]string{"instructions"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "steps.svg")); err == nil {
		t.Errorf("steps.svg --as png made %s", filepath.Join(dir, "steps.svg"))
	}
	// -o - is standard output, for the PDF alone (not its name after it)
	code, stdout, errs := runCLI(t, "", "instructions", "soma", "--as", "pdf", "-o", "-")
	if code != 0 || !strings.HasPrefix(stdout, "%PDF-") || !strings.HasSuffix(strings.TrimSpace(stdout), "%%EOF") {
		t.Errorf("-o -: exit %d, %q, stdout %.20q...; want 0 and a PDF", code, errs, stdout)
	}
}
