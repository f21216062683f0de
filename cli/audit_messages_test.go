package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// auditCase is a command line and what it must answer: its exit status,
// text its standard error must hold, and text it must not.
type auditCase struct {
	args  []string
	code  int
	want  []string
	never []string
}

func checkAuditCases(t *testing.T, stdin string, cases []auditCase) {
	t.Helper()
	for _, c := range cases {
		code, _, stderr := runCLI(t, stdin, c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d\n%s", c.args, code, c.code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: stderr %q lacks %q", c.args, stderr, w)
			}
		}
		for _, n := range c.never {
			if strings.Contains(stderr, n) {
				t.Errorf("%v: stderr %q holds %q", c.args, stderr, n)
			}
		}
	}
}

// TestAuditFlagValueWords: a flag value that is not a number is refused in
// the cli's words, the flag spelt as the user wrote it, never strconv's.
func TestAuditFlagValueWords(t *testing.T) {
	never := []string{"strconv", "invalid argument", "invalid syntax"}
	checkAuditCases(t, "", []auditCase{
		{[]string{"solve", "-j", "abc", "soma"}, 2, []string{"polyviz solve: -j abc: not a whole number\n"}, never},
		{[]string{"solve", "--jobs=abc", "soma"}, 2, []string{"polyviz solve: --jobs abc: not a whole number\n"}, never},
		{[]string{"fillomino-gen", "--seed", "-1"}, 2, []string{"--seed -1: not a whole number 0 or more"}, never},
		{[]string{"estimate", "--confidence", "abc", "soma"}, 2, []string{"--confidence abc: not a number"}, never},
		{[]string{"render", "--pitch", "abc", "soma", "-o", "x.png"}, 2, []string{"--pitch abc: not a number"}, never},
		{[]string{"solve", "--max", "99999999999999999999", "soma"}, 2, []string{"--max 99999999999999999999: out of range"}, never},
		{[]string{"why", "--budget", "soon", "soma"}, 2, []string{"--budget soon: not a duration"}, never},
		{[]string{"solve", "--json=maybe", "soma"}, 2, []string{"--json=maybe: not true or false"}, never},
	})
}

// TestAuditUsageReasons: a command refused for its arguments says what is
// wrong in one line and points at its help, rather than printing its
// usage with no reason.
func TestAuditUsageReasons(t *testing.T) {
	dir := t.TempDir()
	grid := filepath.Join(dir, "f1.txt")
	if err := os.WriteFile(grid, []byte("3..3\n....\n.11.\n3..3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "o.png")
	help := func(cmd string) string { return "Run 'polyviz help " + cmd + "' for its usage." }
	never := []string{"usage: polyviz"}
	checkAuditCases(t, "", []auditCase{
		{[]string{"orientations", "soma", "--piece", "V", "--thumb", "0", "-o", out}, 2, []string{"--thumb 0: a thumbnail's side must be 16 to 1024 pixels", help("orientations")}, never},
		{[]string{"orientations", "soma", "--piece", "V", "--thumb", "100000", "-o", out}, 2, []string{"--thumb 100000: a thumbnail's side must be 16 to 1024", help("orientations")}, never},
		{[]string{"orientations", "soma", "--piece", "V", "--thumb", "-1", "-o", out}, 2, []string{"--thumb -1: a thumbnail's side", help("orientations")}, never},
		{[]string{"orientations", "soma", "--piece", "V"}, 2, []string{"no output: say where to write with -o FILE", help("orientations")}, never},
		{[]string{"orientations", "soma", "-o", out}, 2, []string{"no piece: say which with --piece NAME", help("orientations")}, never},
		{[]string{"fillomino-check", "-j", "-3", grid}, 2, []string{"-j -3: the number of workers must be 0 (all CPUs) or more", help("fillomino-check")}, never},
		{[]string{"fillomino-check", "--max", "-1", grid}, 2, []string{"--max -1: the number of solutions must be 0 (all) or more", help("fillomino-check")}, never},
		{[]string{"fillomino-check", grid, grid}, 2, []string{"one input at a time, got 2", help("fillomino-check")}, never},
		{[]string{"solve", "--print", "bogus", "soma"}, 2, []string{"polyviz solve: --print bogus: want options or slices\n", help("solve")}, never},
		{[]string{"solve", "soma", "pentomino-6x10"}, 2, []string{"polyviz solve: one input at a time, got 2: soma pentomino-6x10\n", help("solve")}, never},
		{[]string{"solve"}, 2, []string{"polyviz solve: no input: name a DLX file", help("solve")}, never},
		{[]string{"render"}, 2, []string{"polyviz render: no input: name a spec file", help("render")}, never},
		{[]string{"render", "soma"}, 2, []string{"polyviz render: no output: say where to write with -o FILE", help("render")}, never},
		{[]string{"xmpuzzle"}, 2, []string{"polyviz xmpuzzle: no input", help("xmpuzzle")}, never},
		{[]string{"xmpuzzle", "soma"}, 2, []string{"polyviz xmpuzzle: no output", help("xmpuzzle")}, never},
		{[]string{"animate"}, 2, []string{"polyviz animate: no input", help("animate")}, never},
		{[]string{"animate", "soma"}, 2, []string{"polyviz animate: no output", help("animate")}, never},
		{[]string{"instructions", "soma"}, 2, []string{"polyviz instructions: no output", help("instructions")}, never},
	})
}

// TestAuditFillominoGenBounds: each bad flag of fillomino-gen is named,
// with its bound, and no other flag is blamed.
func TestAuditFillominoGenBounds(t *testing.T) {
	checkAuditCases(t, "", []auditCase{
		{[]string{"fillomino-gen", "--size", "4x4", "-j", "-5"}, 2, []string{"-j -5: the number of workers must be 0 (all CPUs) or more"}, []string{"size", "max-label"}},
		{[]string{"fillomino-gen", "--size", "17x4"}, 2, []string{"--size 17x4: the board is 1x1 to 16x16"}, []string{"max-label"}},
		{[]string{"fillomino-gen", "--size", "0x4"}, 2, []string{"--size 0x4: the board is 1x1 to 16x16"}, []string{"max-label"}},
		{[]string{"fillomino-gen", "--size", "4by4"}, 2, []string{"--size 4by4: want ROWSxCOLS"}, []string{"max-label"}},
		{[]string{"fillomino-gen", "--max-label", "16"}, 2, []string{"--max-label 16: the largest region is 1 to 15"}, []string{"size"}},
		{[]string{"fillomino-gen", "--max-label", "0"}, 2, []string{"--max-label 0: the largest region is 1 to 15"}, []string{"size"}},
	})
}

// TestAuditAntislideBrick: a bad brick, in a file or in --brick, is called
// a brick, not a box.
func TestAuditAntislideBrick(t *testing.T) {
	file := filepath.Join(t.TempDir(), "as.txt")
	if err := os.WriteFile(file, []byte("antislide box 3x3x3 brick 0x1x1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkAuditCases(t, "", []auditCase{
		{[]string{"antislide", file}, 1, []string{`bad brick size "0x1x1"`}, []string{"box size"}},
		{[]string{"antislide", "--box", "3x3x3", "--brick", "0x1x1"}, 2, []string{`--brick: bad brick size "0x1x1"`}, []string{"box size"}},
		{[]string{"antislide", "--box", "0x3x3"}, 2, []string{`bad box size "0x3x3"`}, nil},
	})
}

// TestAuditGenerateValueQuoted: a refused --connected or --unique is
// quoted as given, not as compared (lower case, a plural's s cut).
func TestAuditGenerateValueQuoted(t *testing.T) {
	checkAuditCases(t, "", []auditCase{
		{[]string{"generate", "2x2x2", "--connected", "bogus"}, 2, []string{`connected "bogus": want face, edge, corner or any`}, nil},
		{[]string{"generate", "2x2x2", "--connected", "xyzs"}, 2, []string{`connected "xyzs"`}, nil},
		{[]string{"generate", "2x2x2", "--unique", "BOGUS"}, 2, []string{`unique "BOGUS"`}, nil},
	})
}

// TestAuditUnreadableInputHint: the hint that the argument is neither a
// file nor a library puzzle is given only when no such file exists.
func TestAuditUnreadableInputHint(t *testing.T) {
	dir := t.TempDir()
	hint := "not a file, nor a puzzle"
	cases := []auditCase{
		{[]string{"solve", filepath.Join(dir, "missing.txt")}, 1, []string{"no such file", hint}, nil},
		{[]string{"solve", dir}, 1, []string{"is a directory"}, []string{hint}},
	}
	if os.Geteuid() != 0 { // root reads a file of mode 000
		np := filepath.Join(dir, "np.txt")
		if err := os.WriteFile(np, []byte("A B\nA\nB\n"), 0o000); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, auditCase{[]string{"solve", np}, 1, []string{"permission denied"}, []string{hint}})
	}
	checkAuditCases(t, "", cases)
}

// TestAuditWhyPlural: several primary items in no option are said in the
// plural, one in the singular.
func TestAuditWhyPlural(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one.dlx"), filepath.Join(dir, "two.dlx")
	os.WriteFile(one, []byte("A B\nA\n"), 0o644)
	os.WriteFile(two, []byte("A B C\nA\n"), 0o644)
	for _, c := range []struct{ file, want string }{
		{one, "primary item B is in no option, so nothing can cover it"},
		{two, "primary items B, C are in no option, so nothing can cover them"},
	} {
		code, stdout, stderr := runCLI(t, "", "why", c.file)
		if code != 0 || !strings.Contains(stdout+stderr, c.want) {
			t.Errorf("why %s: exit %d, %q %q; want %q", c.file, code, stdout, stderr, c.want)
		}
	}
}

// TestAuditResumeWords: --resume with another puzzle's checkpoint does not
// name the solver package; with a file that is not JSON it says the file
// is no checkpoint.
func TestAuditResumeWords(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.ckpt")
	mustCLI(t, "solve", "--checkpoint", good, "pentomino-3x20")
	notJSON := filepath.Join(dir, "bad.ckpt")
	os.WriteFile(notJSON, []byte("not json\n"), 0o644)
	array := filepath.Join(dir, "array.ckpt")
	os.WriteFile(array, []byte("[1, 2]\n"), 0o644)
	checkAuditCases(t, "", []auditCase{
		{[]string{"solve", "--resume", good, "soma"}, 1, []string{"--resume " + good + ": checkpoint is for another problem"}, []string{"solver:"}},
		{[]string{"solve", "--resume", notJSON, "soma"}, 1, []string{"not a polyviz checkpoint (not JSON: "}, nil},
		{[]string{"solve", "--resume", array, "soma"}, 1, []string{"not a polyviz checkpoint (JSON, but not an object)"}, []string{"Go value", "cli."}},
	})
}

// TestAuditCountBounds: counts below their least meaningful value are
// refused (exit 2), as disassemble and instructions refuse --max-states.
func TestAuditCountBounds(t *testing.T) {
	gif := filepath.Join(t.TempDir(), "a.gif")
	checkAuditCases(t, "", []auditCase{
		{[]string{"animate", "--max-states", "-5", "soma", "-o", gif}, 2, []string{"--max-states must be at least 1, got -5"}, nil},
		{[]string{"animate", "--max-states", "0", "soma", "-o", gif}, 2, []string{"--max-states must be at least 1, got 0"}, nil},
		{[]string{"pieces", "-L", "squares", "-n", "5", "--max-pieces", "0"}, 2, []string{"--max-pieces 0: must be at least 1"}, nil},
		{[]string{"pieces", "-L", "squares", "-n", "5", "--max-pieces", "-1", "--count"}, 2, []string{"--max-pieces -1: must be at least 1"}, nil},
		{[]string{"generate", "burr", "--max-subsets", "0"}, 2, []string{"--max-subsets 0: a template has at least one subset; give 1 or more"}, nil},
	})
	if _, err := os.Stat(gif); err == nil {
		t.Errorf("animate --max-states -5 wrote %s", gif)
	}
}

// TestAuditAntislideMinOverMax: --min-pieces above --max-pieces is
// refused rather than counted as nothing.
func TestAuditAntislideMinOverMax(t *testing.T) {
	checkAuditCases(t, "", []auditCase{
		{[]string{"antislide", "--box", "3x3x3", "--min-pieces", "5", "--max-pieces", "2"}, 2, []string{"--min-pieces 5 is more than --max-pieces 2"}, nil},
	})
}
