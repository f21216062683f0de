package formats

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/antislide"
	"polyviz/assets"
	"polyviz/burrtools"
	"polyviz/fillomino"
	"polyviz/lepage"
	"polyviz/parse"
	"polyviz/polystick"
	"polyviz/puzzle"
)

// TestDetect: one input for each rule of the README's "How an input is
// recognised", and the inputs where two rules meet, with the format the
// first rule that applies gives.
func TestDetect(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<puzzle/>"))
	zw.Close()
	tests := []struct {
		name, src string
		want      puzzle.Format
	}{
		// 2: BurrTools, by content or by name, before everything else
		{"x.txt", gz.String(), burrtools.Format},
		{"x.dlx", gz.String(), burrtools.Format},
		{"x.txt", "<?xml version=\"1.0\"?>\n<puzzle/>", burrtools.Format},
		{"x.txt", "  <puzzle version=\"2\">", burrtools.Format},
		{"x.XMPUZZLE", "problem = {}", burrtools.Format},
		{"x.xmpuzzle", "12.\n", burrtools.Format},
		// 3: a .dlx name
		{"p.dlx", "problem = {}", puzzle.FormatDLX},
		{"p.DLX", "[0-2][0-2][0-2]\nV 000\n", puzzle.FormatDLX},
		{"p.dlx", "12.\n3..\n", puzzle.FormatDLX},
		{"p.dlx", "antislide box 4x4x4 brick 2x2x1\n", puzzle.FormatDLX},
		// 4: Lepage (TestLepageDetect's table, from package puzzle)
		{"p.txt", "problem = {}", lepage.Format},
		{"p.lua", "-- comment\n\n  problem\n=", lepage.Format},
		{"p.txt", "problem x y\nx\n", puzzle.FormatDLX},
		{"p.txt", "| problem = {}\n[0-2][0-2][0-2]\n", puzzle.FormatPolycube},
		{"p.txt", "problems = {}", puzzle.FormatDLX},
		// 5: antislide
		{"a.txt", "# a comment\n  antislide box 2x2x2 brick 2x1x1\n", "antislide"},
		{"a.txt", "antislides box\n", puzzle.FormatPolyomino},
		// 6: fillomino
		{"f.txt", "12.\n3..\n", "fillomino"},
		{"f.txt", "12.\r\n\r\n3..\r\n", "fillomino"},
		{"f.txt", "", puzzle.FormatPolycube},
		// 7 and 8: Knuth's (puzzle's TestDetect table)
		{"soma.txt", "| c\n[0-2][0-2][0-2]\nV 000\n", puzzle.FormatPolycube},
		{"p.txt", "[0-5][0-9]\nF 10 20 01 11 12\n", puzzle.FormatPolyomino},
		{"mixed.txt", "000 11\n", puzzle.FormatPolyomino},
		{"<stdin>", "| Knuth's DLX1 example\na b c d e f g\nc e\n", puzzle.FormatDLX},
		{"<stdin>", "| secondary\n00 01 V | 00x\n", puzzle.FormatDLX},
		{"<stdin>", "| a DLX file from polycube-dlx\n 000 001 V\nV 000 001\n", puzzle.FormatDLX},
	}
	for _, tt := range tests {
		if got := Detect(tt.name, []byte(tt.src)).Name; got != tt.want {
			t.Errorf("Detect(%s, %.30q) = %v, want %v", tt.name, tt.src, got, tt.want)
		}
	}
}

// readmeDetect is the README's list of rules 2 to 9, written as one
// function in its order, as package puzzle's Detect was before the
// registry.
func readmeDetect(name string, data []byte) puzzle.Format {
	switch {
	case burrtools.HasSignature(data) || strings.HasSuffix(strings.ToLower(name), ".xmpuzzle"):
		return burrtools.Format
	case strings.HasSuffix(strings.ToLower(name), ".dlx"):
		return puzzle.FormatDLX
	case lepage.Detect(data):
		return lepage.Format
	case antislide.Detect(data):
		return "antislide"
	case fillomino.Detect(data):
		return "fillomino"
	case polystick.Marked(data):
		return Polysticks
	}
	return puzzle.DetectContent(data)
}

// TestDetectKeepsTheRules: on every library puzzle and every input file
// the repository keeps for tests, under its own name and under a neutral
// one, the registry answers as the README's rules do.
func TestDetectKeepsTheRules(t *testing.T) {
	type input struct {
		name string
		data []byte
	}
	var inputs []input
	for _, e := range assets.Catalog() {
		if d := e.Data(); d != nil {
			inputs = append(inputs, input{e.File, d})
		}
	}
	for _, glob := range []string{"../puzzle/testdata/knuth/*/*", "../puzzle/testdata/lattice/*.txt", "../burrtools/testdata/xmpuzzle/*", "../fillomino/testdata/*", "../antislide/testdata/*"} {
		files, _ := filepath.Glob(glob)
		for _, f := range files {
			if d, err := os.ReadFile(f); err == nil {
				inputs = append(inputs, input{f, d})
			}
		}
	}
	if len(inputs) < 50 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	kinds := map[puzzle.Format]int{}
	for _, in := range inputs {
		for _, name := range []string{in.name, "input.txt", "input.dlx"} {
			got, want := Detect(name, in.data).Name, readmeDetect(name, in.data)
			if got != want {
				t.Errorf("%s as %s: %v, the rules say %v", in.name, name, got, want)
			}
			kinds[got]++
		}
	}
	for _, f := range All() {
		if kinds[f.Name] == 0 {
			t.Errorf("no input recognised as %s", f.Name)
		}
	}
}

// TestLookup: the --format names and their aliases, in any case.
func TestLookup(t *testing.T) {
	for name, want := range map[string]puzzle.Format{
		"polycube": puzzle.FormatPolycube, "3d": puzzle.FormatPolycube, "POLYOMINO": puzzle.FormatPolyomino,
		"2D": puzzle.FormatPolyomino, "dlx": puzzle.FormatDLX, "fillomino": "fillomino", "xmpuzzle": burrtools.Format,
		"burrtools": burrtools.Format, "lepage": lepage.Format, "antislide": "antislide",
	} {
		f, err := Lookup(name)
		if err != nil || f == nil || f.Name != want {
			t.Errorf("Lookup(%s) = %v, %v; want %v", name, f, err, want)
		}
		if f != nil && f.Name.String() != string(want) {
			t.Errorf("%s prints as %s", want, f.Name)
		}
	}
	for _, name := range []string{"", "auto", "AUTO"} {
		if f, err := Lookup(name); f != nil || err != nil {
			t.Errorf("Lookup(%q) = %v, %v; want nil, nil", name, f, err)
		}
	}
	_, err := Lookup("pentomino")
	if err == nil || !strings.Contains(err.Error(), `unknown format "pentomino"`) || !strings.Contains(err.Error(), "lepage") {
		t.Errorf("Lookup(pentomino): %v", err)
	}
	seen := map[string]bool{}
	for _, f := range All() {
		for _, n := range append([]string{string(f.Name)}, f.Aliases...) {
			if seen[n] {
				t.Errorf("name %s given twice", n)
			}
			seen[n] = true
		}
		if (f.Kind == Packing) != (f.Load != nil) || (f.Load == nil) != (f.Refusal != nil) {
			t.Errorf("%s: kind %d, Load %v, Refusal %v", f.Name, f.Kind, f.Load != nil, f.Refusal)
		}
	}
}

// TestLoad: an input read through the registry, by detection and by name;
// the formats of other kinds refused with their error; errors positioned.
func TestLoad(t *testing.T) {
	src := []byte("problem = { box = { 2, 2, 2 }, pieces = { '3L', '3L', '2_' }, lock = '3L', constrain_x = '2_' }")
	l, err := Load("dup.txt", src, "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if l.Format != lepage.Format || l.Puzzle == nil || l.Problem == nil || len(l.Restrictions) != 2 {
		t.Errorf("Lepage file loaded as %v, restrictions %q", l.Format, l.Restrictions)
	}
	if _, ok := l.Source.(*lepage.File); !ok {
		t.Errorf("source %T", l.Source)
	}
	l, err = Load("soma", []byte("[0-2][0-2][0-2]\nV 000 001 010\n"), "", puzzle.LoadOptions{})
	if err != nil || l.Format != puzzle.FormatPolycube || l.Source != nil || l.Problem.NumOptions() == 0 {
		t.Errorf("spec: %+v, %v", l, err)
	}
	// named: "12x" looks 3D, --format polyomino reads it as 2D
	l, err = Load("b.txt", []byte("00 01 12x\nA 00 01\n"), "2d", puzzle.LoadOptions{})
	if err != nil || l.Format != puzzle.FormatPolyomino || !l.Puzzle.Planar {
		t.Errorf("--format 2d: %+v, %v", l, err)
	}
	for format, want := range map[string]error{"antislide": ErrAntislide, "fillomino": ErrFillomino} {
		_, err := Load("x.txt", []byte("12.\n"), format, puzzle.LoadOptions{})
		if !errors.Is(err, want) || !strings.HasPrefix(err.Error(), "x.txt: ") {
			t.Errorf("--format %s: %v, want %v", format, err, want)
		}
	}
	if _, err := Load("a.txt", []byte("antislide box 4x4x4 brick 2x2x1\n"), "", puzzle.LoadOptions{}); !errors.Is(err, ErrAntislide) {
		t.Errorf("antislide problem: %v", err)
	}
	if _, err := Load("x.txt", nil, "nonsense", puzzle.LoadOptions{}); err == nil {
		t.Error("an unknown format read")
	}
	for _, tc := range []struct {
		name, src, format string
		line, col         int
	}{
		{"bad.txt", "000\n| é\nÀ 0é0\n", "", 3, 4},
		{"bad.lua", "problem = { box = {1,1,1+1} }", "", 1, 25},
		{"bad.xmpuzzle", "<?xml version=\"1.0\"?>\n<foo/>\n", "", 2, 1},
		{"bad.txt", "problem = 3", "lepage", 1, 11},
	} {
		_, err := Load(tc.name, []byte(tc.src), tc.format, puzzle.LoadOptions{})
		var pe *parse.Error
		if !errors.As(err, &pe) || pe.File != tc.name || pe.Line != tc.line || pe.Col != tc.col {
			t.Errorf("%s: %v, want a position %d:%d", tc.name, err, tc.line, tc.col)
		}
	}
}

// TestWrite: the writers the registry has, and a format without one.
func TestWrite(t *testing.T) {
	spec := []byte("[0-2]00\nI 000 100\nJ 000\n")
	l, err := Load("line.txt", spec, "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got, want bytes.Buffer
	if err := Write(&got, puzzle.FormatDLX, l); err != nil {
		t.Fatal(err)
	}
	l.Puzzle.WriteDLX(&want)
	if got.String() != want.String() || !strings.HasPrefix(got.String(), "| [0-2]00\n") {
		t.Errorf("DLX of a spec:\n%s\nwant POLYCUBE-DLX's\n%s", got.String(), want.String())
	}
	// a DLX file is written as read, not as a generator's output
	d, err := Load("line.dlx", got.Bytes(), "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var again, problem bytes.Buffer
	if err := Write(&again, puzzle.FormatDLX, d); err != nil {
		t.Fatal(err)
	}
	d.Problem.WriteDLX(&problem)
	if again.String() != problem.String() {
		t.Errorf("DLX of a DLX file:\n%s\nwant\n%s", again.String(), problem.String())
	}
	// BurrTools: written, recognised and read back as the same problem
	var xm bytes.Buffer
	if err := Write(&xm, burrtools.Format, l); err != nil {
		t.Fatal(err)
	}
	back, err := Load("line.out", xm.Bytes(), "", puzzle.LoadOptions{})
	if err != nil || back.Format != burrtools.Format || back.Problem.NumOptions() != l.Problem.NumOptions() {
		t.Errorf("read back: %v, %v", back, err)
	}
	// Lepage: a Lepage file only
	src := []byte("problem = { box = { 3, 3, 1 }, pieces = { '1_', '3L', 'V_' }, lock = 'V_' }")
	lp, err := Load("toy.lua", src, "", puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := Write(&text, lepage.Format, lp); err != nil {
		t.Fatal(err)
	}
	lp2, err := Load("toy2.lua", text.Bytes(), "", puzzle.LoadOptions{})
	if err != nil || lp2.Source.(*lepage.File).String() != text.String() {
		t.Errorf("Lepage file written and read back: %v\n%s", err, text.String())
	}
	if err := Write(&text, lepage.Format, l); err == nil {
		t.Error("a spec written as a Lepage file")
	}
	if err := Write(&text, puzzle.FormatPolycube, l); !errors.Is(err, ErrNoWriter) {
		t.Errorf("polycube writer: %v", err)
	}
	for _, f := range All() {
		if (f.Write != nil) != (f.Name == puzzle.FormatDLX || f.Name == burrtools.Format || f.Name == lepage.Format) {
			t.Errorf("%s: writer %v", f.Name, f.Write != nil)
		}
	}
}

// TestNeverGuessed: a format without Detect is chosen by name only, and
// Detect falls back to POLYCUBE-DLX when no format claims an input.
func TestNeverGuessed(t *testing.T) {
	saved := list
	defer func() { list = saved }()
	quiet := &Format{Name: "quiet", Kind: Packing, Load: knuth(puzzle.FormatPolyomino)}
	list = append([]*Format{quiet}, saved...)
	if f := Detect("x.txt", []byte("00 01\nA 00\n")); f.Name != puzzle.FormatPolyomino {
		t.Errorf("guessed %s", f.Name)
	}
	if f, err := Choose("x.txt", []byte("00 01\nA 00\n"), "quiet"); err != nil || f != quiet {
		t.Errorf("--format quiet: %v, %v", f, err)
	}
	list = []*Format{quiet}
	if f := Detect("x.txt", nil); f != nil {
		t.Errorf("nothing claims the input, Detect gives %v", f)
	}
}
