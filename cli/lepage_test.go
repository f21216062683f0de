package cli

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"polyviz/lepage"
	"polyviz/solver"
)

// lepageDir holds copies of Lepage's problems and of his program's outputs
// (see testdata/lepage/README.md).
const lepageDir = "testdata/lepage"

// lepageReference returns what his program printed for problem name.
func lepageReference(t *testing.T, name string) []byte {
	t.Helper()
	base := filepath.Join(lepageDir, "solutions", name+"-solutions.txt")
	if strings.HasSuffix(name, "-first") {
		base = filepath.Join(lepageDir, "solutions", name+"-solution.txt")
	}
	if data, err := os.ReadFile(base); err == nil {
		return data
	}
	f, err := os.Open(base + ".gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// lepageCases are the problems with a reference output, and whether each is
// too slow for -short (the race detector makes the solver 10 to 30 times
// slower: pentomino-3x20 took 28 s under -race on a loaded machine).
var lepageCases = []struct {
	name  string
	large bool
}{
	{"toy3", false}, {"toy4", false}, {"soma-cube", false},
	{"pentomino-3x20", true}, {"pentomino-4x15", true}, {"pentomino-5x12", true}, {"pentomino-6x10", true},
	{"pentacube-2x3x10", true}, {"pentacube-2x5x6", true},
	// polyviz's own small problems, run through his program
	{"constrain-octant", false}, {"constrain-axes", false}, {"constrain-both", false},
	{"duplicates", false}, {"duplicates-3d", false},
}

// TestLepageReference: polyviz lepage prints byte for byte what his program
// prints, on his nine published outputs and on five more problems that
// exercise lock, lockcount, every constrain and repeated names; with two
// workers the order of the solutions is his.
func TestLepageReference(t *testing.T) {
	pureComputation(t)
	for _, tt := range lepageCases {
		t.Run(tt.name, func(t *testing.T) {
			if tt.large && testing.Short() {
				t.Skip("short: large output")
			}
			want := lepageReference(t, tt.name)
			problem := filepath.Join(lepageDir, "problems", tt.name+".txt")
			for _, j := range []string{"-j1", "-j2"} {
				if tt.large && j == "-j1" {
					continue
				}
				code, out, errs := runCLI(t, "", "lepage", j, problem)
				if code != 0 {
					t.Fatalf("%s: exit %d: %s", j, code, errs)
				}
				if out != string(want) {
					t.Errorf("%s: output differs from his program's at byte %d (%d bytes, want %d)", j, firstDiff(out, string(want)), len(out), len(want))
				}
			}
		})
	}
}

func firstDiff(a, b string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestLepageFlags checks --no-matrix (his output without the matrix rows),
// --count, and --dlx (a DLX file with his matrix, which our DLX reader and
// solver count the same).
func TestLepageFlags(t *testing.T) {
	pureComputation(t)
	for _, name := range []string{"toy3", "soma-cube", "pentacube-2x3x10", "duplicates-3d"} {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name == "pentacube-2x3x10" {
				t.Skip("short: slow under the race detector")
			}
			want := string(lepageReference(t, name))
			problem := filepath.Join(lepageDir, "problems", name+".txt")
			lines := strings.SplitAfter(want, "\n")
			var header, rest []string
			var rows int
			for i, l := range lines {
				if strings.HasPrefix(l, "Problem matrix: ") {
					fmt.Sscanf(l, "Problem matrix: %dx", &rows)
					header, rest = lines[:i+1], lines[i+1+rows:]
					break
				}
			}
			code, out, errs := runCLI(t, "", "lepage", "--no-matrix", problem)
			if code != 0 || out != strings.Join(header, "")+strings.Join(rest, "") {
				t.Errorf("--no-matrix: exit %d (%s), output differs at byte %d", code, errs, firstDiff(out, strings.Join(header, "")+strings.Join(rest, "")))
			}
			solutions := strings.Count(want, "\nSolution ")
			code, out, errs = runCLI(t, "", "lepage", "--count", problem)
			if code != 0 || out != fmt.Sprintf("%d\n", solutions) {
				t.Errorf("--count: exit %d (%s), output %q, want %d", code, errs, out, solutions)
			}
			code, out, errs = runCLI(t, "", "lepage", "--dlx", problem)
			if code != 0 {
				t.Fatalf("--dlx: exit %d: %s", code, errs)
			}
			prob, err := solver.ParseDLX(strings.NewReader(out), name+".dlx")
			if err != nil {
				t.Fatal(err)
			}
			if prob.NumOptions() != rows {
				t.Errorf("--dlx: %d options, his matrix has %d rows", prob.NumOptions(), rows)
			}
			st, err := solver.Solve(context.Background(), prob, solver.Options{Workers: 1}, nil)
			if err != nil || st.Solutions != int64(solutions) {
				t.Errorf("--dlx: the DLX file has %d solutions (%v), his program prints %d", st.Solutions, err, solutions)
			}
		})
	}
}

// diskFullWriter fails every write, like a full disk.
type diskFullWriter struct{}

func (diskFullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestLepageErrors(t *testing.T) {
	toy := filepath.Join(lepageDir, "problems", "toy3.txt")
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"lepage"}, 2, "usage"},
		{[]string{"lepage", "-j", "0", toy}, 2, "usage"},
		{[]string{"lepage", "--count", "--dlx", toy}, 2, "do not go together"},
		{[]string{"lepage", "--bogus", toy}, 2, "unknown flag"},
		{[]string{"lepage", "no-such-file.txt"}, 1, "no-such-file.txt"},
		{[]string{"lepage", "-"}, 1, "<stdin>:1:1: syntax error: expected 'problem', found the end of the file"},
	}
	for _, tt := range tests {
		code, _, errs := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, errs, tt.code, tt.msg)
		}
	}
	// A failed write is an error, for the solutions, the count and the DLX
	// file, said once (soma-cube's output is flushed during the search too).
	soma := filepath.Join(lepageDir, "problems", "soma-cube.txt")
	for _, args := range [][]string{{toy}, {"--count", toy}, {"--dlx", toy}, {"--no-matrix", toy}, {soma}, {"--dlx", soma}} {
		var errb bytes.Buffer
		args := append([]string{"lepage"}, args...)
		code := Main(context.Background(), args, IO{Stdin: strings.NewReader(""), Stdout: diskFullWriter{}, Stderr: &errb}, nil)
		if code != 1 || strings.Count(errb.String(), "no space left") != 1 {
			t.Errorf("%v to a full disk: exit %d, stderr %q; want 1 and the error once", args, code, errb.String())
		}
	}
	// Cancelled: exit 130, and it says so.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := Main(ctx, []string{"lepage", filepath.Join(lepageDir, "problems", "pentomino-6x10.txt")}, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
	if code != 130 || !strings.Contains(errb.String(), "interrupted") {
		t.Errorf("cancelled: exit %d, stderr %q", code, errb.String())
	}
}

// TestSolvePrintSlices: `polyviz solve --print slices` on his files prints
// his solutions exactly (the part of his output after the matrix), and
// works on Knuth's specs too, with cells as wide as the longest name.
func TestSolvePrintSlices(t *testing.T) {
	for _, name := range []string{"toy4", "soma-cube", "pentacube-2x3x10"} {
		if testing.Short() && name == "pentacube-2x3x10" {
			continue
		}
		want := string(lepageReference(t, name))
		want = want[strings.Index(want, "Solution 1\n"):]
		for _, args := range [][]string{{"--print", "slices"}, {"--print=slices", "-j1"}} {
			args = append(append([]string{"solve"}, args...), filepath.Join(lepageDir, "problems", name+".txt"))
			code, out, errs := runCLI(t, "", args...)
			if code != 0 || out != want {
				t.Errorf("%v: exit %d (%s), output differs at byte %d", args, code, errs, firstDiff(out, want))
			}
		}
	}
	code, out, errs := runCLI(t, "", "solve", "--print", "slices", "--max", "1", "-j1", "pentomino-3x20")
	want := "Solution 1\n+--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+--+\n|U |U |X |P |P |P |L |L |L |L |F |T |T |T |W |W |Z |V |V |V |\n"
	if code != 0 || !strings.HasPrefix(out, want) || strings.Count(out, "\n") != 8 {
		t.Errorf("pentomino-3x20: exit %d (%s)\n%s", code, errs, out)
	}
	// The old spelling still prints options; a DLX problem has no slices.
	if code, out, _ := runCLI(t, "", "solve", "--print", "--max", "1", "-j1", "pentomino-3x20"); code != 0 || !strings.HasPrefix(out, "1:\n") {
		t.Errorf("--print: exit %d, output %q", code, out)
	}
	if code, _, errs := runCLI(t, dlx1Example, "solve", "--print", "slices", "--format", "dlx", "-"); code != 1 || !strings.Contains(errs, "needs a packing puzzle") {
		t.Errorf("slices of a DLX problem: exit %d, %s", code, errs)
	}
	if code, _, errs := runCLI(t, "", "solve", "--print=rows", "soma"); code != 2 || !strings.Contains(errs, "want options or slices") {
		t.Errorf("--print=rows: exit %d, %s", code, errs)
	}
}

// TestListLepagePieces: his 41 pieces, as a table and as JSON.
func TestListLepagePieces(t *testing.T) {
	code, out, errs := runCLI(t, "", "list", "--pieces", "lepage")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 42 || !strings.HasPrefix(lines[1], "1_ ") || !strings.HasPrefix(lines[41], "V2 ") ||
		!strings.HasSuffix(lines[41], "110 100 000 111 211") {
		t.Errorf("exit %d (%s)\n%s", code, errs, out)
	}
	code, out, _ = runCLI(t, "", "list", "--pieces", "lepage", "--json")
	var pieces []struct {
		Name  string
		Group string
		Cubes [][3]int
	}
	if err := json.Unmarshal([]byte(out), &pieces); code != 0 || err != nil || len(pieces) != 41 {
		t.Fatalf("exit %d, %v, %d pieces", code, err, len(pieces))
	}
	if p := pieces[11]; p.Name != "4>" || p.Group != "tetracubes (3D)" || fmt.Sprint(p.Cubes) != "[[0 1 0] [0 0 0] [1 0 0] [1 0 1]]" {
		t.Errorf("piece 12: %+v", p)
	}
	if code, _, errs := runCLI(t, "", "list", "--pieces", "knuth"); code != 2 || !strings.Contains(errs, "no piece set") {
		t.Errorf("unknown set: exit %d, %s", code, errs)
	}
}

// prefixWriter keeps the first n bytes written, then fails, as a pipe into
// `head` does.
type prefixWriter struct {
	buf bytes.Buffer
	n   int
}

func (w *prefixWriter) Write(p []byte) (int, error) {
	room := w.n - w.buf.Len()
	if room < len(p) {
		w.buf.Write(p[:max(room, 0)])
		return max(room, 0), errors.New("broken pipe")
	}
	return w.buf.Write(p)
}

// TestLepageHeaderQuirk: in a 1x12x12 box his header names repeat and some
// cells of his solutions print blank; polyviz prints his first solution
// exactly, blanks included.
func TestLepageHeaderQuirk(t *testing.T) {
	want := lepageReference(t, "header-quirk-first")
	if !bytes.Contains(want, []byte("|  |  |")) {
		t.Fatal("the reference shows no blank cell")
	}
	w := &prefixWriter{n: len(want)}
	var errb bytes.Buffer
	code := Main(context.Background(), []string{"lepage", "-j1", filepath.Join(lepageDir, "problems", "header-quirk.txt")},
		IO{Stdin: strings.NewReader(""), Stdout: w, Stderr: &errb}, nil)
	if code != 1 || !strings.Contains(errb.String(), "broken pipe") {
		t.Errorf("exit %d, stderr %q; want a failed write", code, errb.String())
	}
	if got := w.buf.String(); got != string(want) {
		t.Errorf("output differs from his at byte %d", firstDiff(got, string(want)))
	}
}

// TestBenchLepage: the --lepage section times the quick problems and finds
// his counts (luajit and DLX1 are not needed for it).
func TestBenchLepage(t *testing.T) {
	if testing.Short() {
		t.Skip("short: a few seconds of solving")
	}
	code, out, errs := runCLI(t, "", "bench", "--lepage", "--quick", "-j2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"soma  ", "550x34", " 480 ", "pentomino-3x20", "1128x72", "pentacube-2x3x10", "1416x72"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
}

// TestSolveLepageDistinct: class counting works on his files without
// restrictions, and is refused on top of his lock.
func TestSolveLepageDistinct(t *testing.T) {
	free := "problem = { box = { 3, 3, 3 }, pieces = { '3L', '4L', '4S', '4T', '4^', '4<', '4>' } }"
	code, _, errs := runCLI(t, free, "solve", "--distinct", "all", "-")
	if code != 0 || !strings.HasPrefix(errs, "Altogether 240 distinct solutions") {
		t.Errorf("exit %d: %s", code, errs)
	}
	code, _, errs = runCLI(t, "", "solve", "--distinct", "all", filepath.Join(lepageDir, "problems", "soma-cube.txt"))
	if code != 1 || !strings.Contains(errs, "4L locked to 1 orientation") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestBedlamFirstSolution: the first Bedlam solution, as his README prints
// it, is the first one polyviz finds on his file.
func TestBedlamFirstSolution(t *testing.T) {
	const readme = `Solution 1
+--+--+--+--+  +--+--+--+--+  +--+--+--+--+  +--+--+--+--+
|4>|4>|W_|V2|  |4>|W_|W_|T1|  |W_|W_|T1|T1|  |J4|J4|S1|T1|
+--+--+--+--+  +--+--+--+--+  +--+--+--+--+  +--+--+--+--+
|L2|4>|X_|V2|  |J4|S1|V2|V2|  |J4|S1|S1|T1|  |J4|S2|S1|F_|
+--+--+--+--+  +--+--+--+--+  +--+--+--+--+  +--+--+--+--+
|L2|X_|X_|X_|  |L2|L1|V2|F_|  |L3|S2|T2|F_|  |S2|S2|T2|F_|
+--+--+--+--+  +--+--+--+--+  +--+--+--+--+  +--+--+--+--+
|L2|L2|X_|L1|  |L3|L1|L1|L1|  |L3|L3|L3|F_|  |S2|T2|T2|T2|
+--+--+--+--+  +--+--+--+--+  +--+--+--+--+  +--+--+--+--+
`
	code, out, errs := runCLI(t, "", "solve", "--print", "slices", "--first", "-j1", filepath.Join(lepageDir, "problems", "bedlam-cube.txt"))
	if code != 0 || out != readme {
		t.Errorf("exit %d (%s)\n%s", code, errs, out)
	}
}

// lepageAllPieces is a problem file of his 41 pieces in an n x n x n box.
func lepageAllPieces(n int) string {
	var names []string
	for _, p := range lepage.Pieces() {
		names = append(names, fmt.Sprintf("%q", p.Name))
	}
	return fmt.Sprintf("problem = {\n\tbox = { %d, %d, %d },\n\tpieces = { %s }\n}\n", n, n, n, strings.Join(names, ", "))
}

// TestLepageMaxMemory: a problem under the row limit but over
// --max-memory is refused before it is built, at its pieces list, saying
// how to raise the limit (and, with several workers, that fewer need
// less); --max-memory 0 lifts the limit. solve refuses it at the same
// place, through package formats.
func TestLepageMaxMemory(t *testing.T) {
	all6 := lepageAllPieces(6)
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"lepage", "--max-memory", "1M", "-j", "2", "-"}, "<stdin>:3:11: problem too large: 67738 placements in all, searched by 2 workers, need about"},
		{[]string{"lepage", "--max-memory", "1M", "-j", "2", "-"}, "more than the limit of 1.0 MiB; the estimate comes before anything is built: use fewer workers (-j) or raise the limit with --max-memory SIZE (0: none)"},
		{[]string{"lepage", "--max-memory", "1M", "-j", "1", "--count", "-"}, "<stdin>:3:11: problem too large: 67738 placements in all need about"},
		{[]string{"lepage", "--max-memory", "1M", "-j", "2", "--dlx", "-"}, "MiB of memory, more than the limit of 1.0 MiB; the estimate comes before anything is built: raise the limit with --max-memory SIZE (0: none)"},
		{[]string{"solve", "--max-memory", "1M", "-"}, "polyviz solve: <stdin>:3:11: problem too large: 67738 placements in all need about"},
	}
	for _, tt := range tests {
		// a problem let through would search for hours: stopped, it fails
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		var out, errb bytes.Buffer
		code := Main(ctx, tt.args, IO{Stdin: strings.NewReader(all6), Stdout: &out, Stderr: &errb}, nil)
		cancel()
		if code != 1 || out.Len() != 0 || !strings.Contains(errb.String(), tt.msg) {
			t.Errorf("%v: exit %d, stdout %.80q, stderr %q; want 1, nothing, and %q", tt.args, code, out.String(), errb.String(), tt.msg)
		}
	}
	code, out, errs := runCLI(t, all6, "lepage", "--max-memory", "0", "--dlx", "-")
	if code != 0 || !strings.HasPrefix(out, "| Lepage problem <stdin>: his matrix, 67738x257") {
		t.Errorf("--max-memory 0: exit %d, stdout %.80q, stderr %q", code, out, errs)
	}
}
