package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/fillomino"
	"polyviz/formats"
)

// fillominoRef is the copy of Knuth's FILLOMINO-DLX outputs kept in the
// repository.
const fillominoRef = "../fillomino/testdata/reference"

// TestFillominoDLXCommand runs `polyviz fillomino-dlx` on every reference
// input from standard input, as Knuth's program reads it: the accepted ones
// give his output and summary byte for byte, the rejected ones a position
// and nothing on standard output (except the two documented extensions).
func TestFillominoDLXCommand(t *testing.T) {
	inputs, _ := filepath.Glob(filepath.Join(fillominoRef, "*.txt"))
	if len(inputs) != 42 {
		t.Fatalf("found %d reference inputs, want 42", len(inputs))
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			base := strings.TrimSuffix(in, ".txt")
			data, _ := os.ReadFile(in)
			rc, _ := os.ReadFile(base + ".rc")
			code, stdout, stderr := run(t, string(data), "fillomino-dlx")
			extension := strings.Contains(in, "crlf") || strings.Contains(in, "no-final-newline")
			switch {
			case strings.TrimSpace(string(rc)) == "0":
				want, _ := os.ReadFile(base + ".dlx")
				wantErr, _ := os.ReadFile(base + ".err")
				if code != 0 || stdout != string(want) || stderr != string(wantErr) {
					t.Errorf("exit %d, stderr %q; stdout equal: %v", code, stderr, stdout == string(want))
				}
			case extension:
				if code != 0 || !strings.HasPrefix(stdout, "| fillomino-dlx:\n") {
					t.Errorf("extension: exit %d, %s", code, stderr)
				}
			default:
				if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "polyviz fillomino-dlx: <stdin>:") {
					t.Errorf("exit %d, %d bytes out, stderr %q", code, len(stdout), stderr)
				}
			}
		})
	}
}

// failWriter fails every write, like a full disk.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestFillominoWriteErrors checks that lost output is an error.
func TestFillominoWriteErrors(t *testing.T) {
	in := filepath.Join(fillominoRef, "fill-013.txt")
	for _, args := range [][]string{
		{"fillomino-dlx", in},
		{"solve", "--print", in},
		{"solve", "--json", in},
		{"fillomino-check", in},
		{"fillomino-gen", "--size", "4x4"},
	} {
		var errb bytes.Buffer
		code := Main(context.Background(), args, IO{Stdin: strings.NewReader(""), Stdout: failWriter{}, Stderr: &errb}, nil)
		if code != 1 || !strings.Contains(errb.String(), "no space left") {
			t.Errorf("%v: exit %d, %q", args, code, errb.String())
		}
	}
}

// TestFillominoSolve checks `polyviz solve` on fillomino grids.
func TestFillominoSolve(t *testing.T) {
	pureComputation(t)
	in := filepath.Join(fillominoRef, "fill-000.txt")
	want, _ := os.ReadFile(filepath.Join(fillominoRef, "fill-000.sol"))
	code, stdout, stderr := run(t, "", "solve", "--print", "--max", "50", in)
	if code != 0 || stdout != string(want) || !strings.HasPrefix(stderr, "Altogether 50 solutions") {
		t.Errorf("--print --max 50: exit %d, %q; grids equal to DLX1's: %v", code, stderr, stdout == string(want))
	}
	data, _ := os.ReadFile(in)
	code, stdout, _ = run(t, string(data), "solve", "--json", "-")
	var js struct {
		Solutions, Nodes, Updates int64
		Complete, Unique          bool
		Labels                    string
	}
	if err := json.Unmarshal([]byte(stdout), &js); err != nil || code != 0 {
		t.Fatalf("--json: exit %d, %v: %q", code, err, stdout)
	}
	if js.Solutions != 3114 || js.Nodes != 10693 || js.Updates != 775252 || !js.Complete || js.Unique || js.Labels != "1-6" {
		t.Errorf("--json: %+v, want DLX1's 3114 solutions, 10693 nodes, 775252 updates", js)
	}
	unique := filepath.Join(fillominoRef, "fill-009.txt")
	code, stdout, _ = run(t, "", "solve", "--json", "--max", "2", unique)
	if code != 0 || !strings.Contains(stdout, `"unique":true`) {
		t.Errorf("--max 2 on a unique puzzle: %d %s", code, stdout)
	}
	bad := filepath.Join(fillominoRef, "bad-01-illegal-zero.txt")
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"solve", "--format", "fillomino", bad}, 1, "bad-01-illegal-zero.txt:7:3: illegal entry"},
		{[]string{"solve", "--labels", "1-5", unique}, 1, "not among the allowed labels"},
		{[]string{"solve", "--labels", "1-5", "--max-label", "7", unique}, 2, "not both"},
		{[]string{"solve", "--max-label", "16", unique}, 2, "--max-label 16"},
		{[]string{"solve", "--distinct", "all", unique}, 2, "not fillomino"},
	} {
		code, _, stderr := run(t, "", tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.msg) {
			t.Errorf("%v: exit %d, %q; want %d and %q", tt.args, code, stderr, tt.code, tt.msg)
		}
	}
	// --max-label adds options, so the updates change; the solution stays.
	code, stdout, _ = run(t, "", "solve", "--json", "--max-label", "8", in)
	if code != 0 || json.Unmarshal([]byte(stdout), &js) != nil || js.Labels != "1-8" || js.Updates == 775252 || js.Solutions < 3114 {
		t.Errorf("--max-label 8: %d %s", code, stdout)
	}
}

// TestFillominoDetectAgrees checks that the format registry recognises a
// fillomino grid exactly where package fillomino's rule does (for a name
// that no format claims).
func TestFillominoDetectAgrees(t *testing.T) {
	inputs, _ := filepath.Glob(filepath.Join(fillominoRef, "*.txt"))
	samples := []string{"", "\n", "1 2\n", "[0-3]2\n", "00 01 | v\n 00\n", "12\n\n"}
	for _, in := range inputs {
		data, _ := os.ReadFile(in)
		samples = append(samples, string(data))
	}
	for _, s := range samples {
		fill := fillomino.Detect([]byte(s))
		if got := formats.Detect("x.txt", []byte(s)).Kind == formats.Fillomino; got != fill {
			t.Errorf("%.40q: formats.Detect says fillomino %v, fillomino.Detect %v", s, got, fill)
		}
	}
	if f, err := formats.Lookup("fillomino"); err != nil || f == nil || f.Kind != formats.Fillomino || f.Name.String() != "fillomino" {
		t.Errorf("Lookup(fillomino) = %v, %v", f, err)
	}
}

// TestFillominoCheckCommand covers the three verdicts.
func TestFillominoCheckCommand(t *testing.T) {
	code, stdout, _ := run(t, "", "fillomino-check", filepath.Join(fillominoRef, "fill-009.txt"))
	if code != 0 || !strings.Contains(stdout, "\nunique\nb777aa33377\n") {
		t.Errorf("unique: %d %q", code, stdout)
	}
	code, stdout, _ = run(t, "", "fillomino-check", "--max", "0", filepath.Join(fillominoRef, "fill-013.txt"))
	if code != 0 || !strings.Contains(stdout, "\n8 solutions; the first two differ in 2 cells") ||
		!strings.Contains(stdout, "d1dddda17886   d1dddda17866   ..........*.") {
		t.Errorf("8 solutions: %d %q", code, stdout)
	}
	// by default the count stops at two: enough to say it is not unique
	code, stdout, _ = run(t, "", "fillomino-check", filepath.Join(fillominoRef, "fill-013.txt"))
	if code != 0 || !strings.Contains(stdout, "at least 2 solutions; the first two differ in 2 cells") {
		t.Errorf("default: %d %q", code, stdout)
	}
	// --max 1 stops before a second solution is looked for: said, with
	// the first (it used to index a second that was not there)
	for _, f := range []string{"fill-009.txt", "fill-013.txt"} {
		code, stdout, _ = run(t, "", "fillomino-check", "--max", "1", filepath.Join(fillominoRef, f))
		if code != 0 || !strings.Contains(stdout, "at least 1 solution (the count stopped at --max 1") {
			t.Errorf("--max 1 on %s: %d %q", f, code, stdout)
		}
	}
	// two 1s side by side: the labels (1 alone) contradict without any clue
	code, stdout, _ = run(t, "11.\n...\n", "fillomino-check", "-")
	if code != 0 || !strings.Contains(stdout, "no solution\neven without any clue there is none: regions of labels 1 cannot fill a 2x3 grid") {
		t.Errorf("labels alone: %d %q", code, stdout)
	}
	code, stdout, _ = run(t, "1.\n..\n", "fillomino-check", "-")
	if code != 0 || !strings.HasPrefix(stdout, "<stdin>: 2x2, 1 clue, ") {
		t.Errorf("one clue: %d %q", code, stdout)
	}
	code, stdout, _ = run(t, "3..3\n....\n.11.\n3..3\n", "fillomino-check", "-")
	if code != 0 || !strings.Contains(stdout, "no solution\na minimal set of 2 clues") || !strings.Contains(stdout, "1 at row 3, column 2; 1 at row 3, column 3") {
		t.Errorf("no solution: %d %q", code, stdout)
	}
}

// TestFillominoNoCells: a grid of no cells says so, with no summary of a
// search that never ran.
func TestFillominoNoCells(t *testing.T) {
	for _, args := range [][]string{{"solve", "--format", "fillomino", "-"}, {"fillomino-check", "-"}} {
		code, stdout, stderr := run(t, "\n\n", args...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "the grid has no cells") || strings.Contains(stderr, "Altogether") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}

// TestFillominoGenCommand checks that a seed gives one puzzle, unique by
// fillomino-check.
func TestFillominoGenCommand(t *testing.T) {
	code, first, stderr := run(t, "", "fillomino-gen", "--size", "6x7", "--seed", "42")
	_, again, _ := run(t, "", "fillomino-gen", "--size", "6x7", "--seed", "42", "-j", "1")
	if code != 0 || first != again || len(strings.Split(strings.TrimSpace(first), "\n")) != 6 || !strings.Contains(stderr, "unique") {
		t.Fatalf("exit %d, %q then %q (%s)", code, first, again, stderr)
	}
	code, stdout, _ := run(t, first, "fillomino-check", "-")
	if code != 0 || !strings.Contains(stdout, "\nunique\n") {
		t.Errorf("generated puzzle not unique: %q", stdout)
	}
	path := filepath.Join(t.TempDir(), "p.txt")
	if code, _, stderr := run(t, "", "fillomino-gen", "--size", "6x7", "--seed", "42", "-o", path); code != 0 {
		t.Fatal(stderr)
	}
	if data, _ := os.ReadFile(path); string(data) != first {
		t.Errorf("-o wrote %q, want %q", data, first)
	}
	for _, bad := range [][]string{{"--size", "0x5"}, {"--size", "17x3"}, {"--size", "5"}, {"--max-label", "16"}, {"extra"}} {
		if code, _, _ := run(t, "", append([]string{"fillomino-gen"}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// TestFillominoRender draws a puzzle and a solution.
func TestFillominoRender(t *testing.T) {
	in := filepath.Join(fillominoRef, "fill-009.txt")
	dir := t.TempDir()
	for _, args := range [][]string{{"-o", "p.png"}, {"-o", "s.png", "--solution", "1"}} {
		out := filepath.Join(dir, args[1])
		code, _, stderr := run(t, "", append([]string{"render", in, "-o", out}, args[2:]...)...)
		if code != 0 {
			t.Fatalf("%v: %s", args, stderr)
		}
		f, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() != 12*48 || img.Bounds().Dy() != 13*48 {
			t.Errorf("%v: %v %v, want 576x624", args, img.Bounds(), err)
		}
	}
	if code, _, stderr := run(t, "", "render", in, "-o", filepath.Join(dir, "x.png"), "--solution", "2"); code != 1 || !strings.Contains(stderr, "has 1 solution, not 2") {
		t.Errorf("--solution 2: %d %q", code, stderr)
	}
}
