package lepage

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/puzzle"
)

// TestLepageErrors: every problem the reader rejects, with its sentinel and
// its exact position.
func TestLepageErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      error
		line, col int
		msg       string
	}{
		{"empty", "", ErrSyntax, 1, 1, "expected 'problem', found the end of the file"},
		{"not problem", "-- a comment\n  puzzle = {}", ErrSyntax, 2, 3, `expected 'problem', found name "puzzle"`},
		{"no equals", "problem {}", ErrSyntax, 1, 9, "expected '=' after problem, found '{'"},
		{"no table", "problem = 3", ErrSyntax, 1, 11, "expected '{' to open the problem table, found number 3"},
		{"bad key", "problem = { 'box' = {1,1,1} }", ErrSyntax, 1, 13, "expected a field name or '}'"},
		{"unknown field", "problem = {\n\tbox = {1,1,1},\n\tcontrain = \"1_\" }", ErrUnknownField, 3, 2, `unknown field "contrain"`},
		{"repeated field", "problem = { box = {1,1,1}, box = {1,1,1} }", ErrRepeatedField, 1, 28, "field given twice: box"},
		{"missing separator", "problem = { box = {1,1,1} pieces = {} }", ErrSyntax, 1, 27, "expected ',', ';' or '}' after the box field"},
		{"missing list separator", "problem = { box = {1 1 1} }", ErrSyntax, 1, 22, "expected ',', ';' or '}', found number 1"},
		{"string in box", "problem = { box = {1,'1',1} }", ErrSyntax, 1, 22, `expected a whole number or '}', found string "1"`},
		{"expression", "problem = { box = {1,1,1+1} }", ErrSyntax, 1, 25, "unexpected character '+'"},
		{"float", "problem = { box = {1,1,1.5} }", ErrNumber, 1, 24, `not a whole number: "1.5"`},
		{"name in pieces", "problem = { pieces = { F_ } }", ErrSyntax, 1, 24, `expected a piece name in quotes or '}', found name "F_"`},
		{"lock number", "problem = { lock = 3 }", ErrSyntax, 1, 20, "expected a piece name in quotes, found number 3"},
		{"lockcount string", "problem = { lockcount = '2' }", ErrSyntax, 1, 25, `expected a whole number, found string "2"`},
		{"unclosed table", "problem = { box = {1,1,1},\n", ErrSyntax, 2, 1, "expected a field name or '}', found the end of the file"},
		{"second statement", "problem = { box = {1,1,1}, pieces = {'1_'} }; x = 1", ErrSyntax, 1, 47, "expected the end of the file after the problem table"},
		{"unterminated string", "problem = { pieces = { \"1_ } }", ErrUnterminated, 1, 24, "string never closed"},
		{"string over a line end", "problem = { pieces = { '1_\n' } }", ErrUnterminated, 1, 24, "string never closed"},
		{"bad escape", "problem = { pieces = { '1\\_' } }", ErrSyntax, 1, 26, "unknown escape"},
		{"long comment", "--[==[ never\nclosed ]]\nproblem = {}", ErrUnterminated, 1, 1, "long comment never closed"},
		{"missing box", "problem = {\n\tpieces = { '1_' }\n}", ErrMissingField, 3, 1, "missing field: box"},
		{"missing pieces", "problem = { box = { 1, 1, 1 } }", ErrMissingField, 1, 31, "missing field: pieces"},
		{"two sides", "problem = { box = { 3, 3 }, pieces = {'1_'} }", ErrBox, 1, 19, "found 2 values"},
		{"side zero", "problem = { box = { 3, 0, 1 }, pieces = {'1_'} }", ErrBox, 1, 24, "found 0"},
		{"side negative", "problem = { box = { 3, 3, -1 }, pieces = {'1_'} }", ErrBox, 1, 27, "found -1"},
		{"side too long", "problem = { box = { 63, 1, 1 }, pieces = {'1_'} }", ErrBox, 1, 21, "found 63"},
		{"side huge", "problem = { box = { 99999999999999999999, 1, 1 }, pieces = {'1_'} }", ErrBox, 1, 21, "found 99999999999999999999"},
		{"unknown piece", "problem = {\n  box = { 3, 3, 1 },\n  pieces = { \"1_\", \"3L\", \"V\" },\n}", ErrUnknownPiece, 3, 26, `unknown piece (see polyviz list --pieces lepage): "V"`},
		{"lock not in list", "problem = { box = {3,3,1}, pieces = {'1_','3L','V_'}, lock = 'X_' }", ErrNotInList, 1, 62, `lock = "X_"`},
		{"constrain not in list", "problem = { box = {3,3,1}, pieces = {'1_','3L','V_'}, constrain = '2_' }", ErrNotInList, 1, 67, `constrain = "2_"`},
		{"constrain_x not in list", "problem = { box = {3,3,1}, pieces = {'1_','3L','V_'},\nconstrain_x = 'x' }", ErrNotInList, 2, 15, `constrain_x = "x"`},
		{"constrain_y not in list", "problem = { box = {3,3,1}, pieces = {'1_','3L','V_'},\nconstrain_y = '' }", ErrNotInList, 2, 15, `constrain_y = ""`},
		{"constrain_z not in list", "problem = { box = {3,3,1}, pieces = {'1_','3L','V_'},\nconstrain_z = 'L2' }", ErrNotInList, 2, 15, `constrain_z = "L2"`},
		{"lockcount zero", "problem = { box = {3,3,1}, pieces = {'1_','3L','V_'}, lock = 'V_', lockcount = 0 }", ErrLockCount, 1, 80, "found 0"},
		{"lockcount 25", "problem = { box = {3,3,1}, pieces = {'1_','3L','V_'}, lock = 'V_', lockcount = 25 }", ErrLockCount, 1, 80, "found 25"},
		{"fits nowhere", "problem = { box = {4,2,1}, pieces = {'3L', 'V_'} }", ErrNoPlacement, 1, 44, "V_ in 4x2x1"},
		{"fits nowhere when constrained", "problem = { box = {3,3,1}, pieces = {'X_'}, constrain_x = 'X_', lock = 'X_' }\n", ErrNoPlacement, 0, 0, ""},
		{"columns in runes", "-- é\nproblem = { box = {3,3,1}, pieces = {'1_'}, lock = 'é' }", ErrNotInList, 2, 52, `lock = "é"`},
		{"tab is one column", "problem = {\tbox = {3,3,1},\tpieces = {'Z'} }", ErrUnknownPiece, 1, 38, `"Z"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("p.txt", []byte(tt.src))
			if tt.line == 0 {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			var pe *parse.Error
			if !errors.Is(err, tt.want) || !errors.As(err, &pe) {
				t.Fatalf("error %v, want %v with a position", err, tt.want)
			}
			if pe.File != "p.txt" || pe.Line != tt.line || pe.Col != tt.col {
				t.Errorf("at %s:%d:%d, want p.txt:%d:%d (%v)", pe.File, pe.Line, pe.Col, tt.line, tt.col, err)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("message %q does not say %q", err, tt.msg)
			}
		})
	}
}

// TestLepageSyntax: what his problems may use, all read alike.
func TestLepageSyntax(t *testing.T) {
	want := &File{W: 3, H: 3, D: 1, Pieces: []string{"1_", "3L", "V_"}, Lock: "V_", LockCount: 2, ConstrainZ: "3L"}
	for _, src := range []string{
		`problem = { box = { 3, 3, 1 }, pieces = { "1_", "3L", "V_" }, lock = "V_", lockcount = 2, constrain_z = "3L" }`,
		"-- toy\nproblem={box={3;3;1;};pieces={'1_';'3L';'V_';};lock='V_';lockcount=2;constrain_z='3L';};\n-- end",
		"--[[ a\nlong comment ]] problem --[==[ another ]] ]==]\n=\n{\r\n\tconstrain_z = \"3L\",\n\tlockcount = 2, -- before lock\n\tlock = \"V_\",\n\tpieces = { \"1\\_\"; '3L', \"V_\" },\n\tbox = { 3, 3, 1 },\n}",
	} {
		src = strings.Replace(src, `"1\_"`, `"1_"`, 1)
		lp, err := Parse("t.txt", []byte(src))
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if lp.W != want.W || lp.H != want.H || lp.D != want.D || !slices.Equal(lp.Pieces, want.Pieces) ||
			lp.Lock != want.Lock || lp.LockCount != want.LockCount || lp.ConstrainZ != want.ConstrainZ || lp.Constrain != "" {
			t.Errorf("%q read as %+v", src, lp)
		}
		if !Detect([]byte(src)) {
			t.Errorf("Detect(%q) = false", src)
		}
	}
}

// TestLepageOrientations: his 24 orientations are the 24 rotations of the
// cube, each once, four about each of +z, +y, +x, -z, -y, -x in turn (the
// up axis is where +z goes).
func TestLepageOrientations(t *testing.T) {
	seen := map[[3]geometry.Cell]bool{}
	axes := []geometry.Cell{{Z: 1}, {Y: 1}, {X: 1}, {Z: -1}, {Y: -1}, {X: -1}}
	for o := range 24 {
		var m [3]geometry.Cell
		for i, e := range []geometry.Cell{{X: 1}, {Y: 1}, {Z: 1}} {
			m[i] = lepageOrient(o, e)
		}
		det := m[0].X*(m[1].Y*m[2].Z-m[1].Z*m[2].Y) - m[0].Y*(m[1].X*m[2].Z-m[1].Z*m[2].X) + m[0].Z*(m[1].X*m[2].Y-m[1].Y*m[2].X)
		if det != 1 {
			t.Errorf("orientation %d has determinant %d", o, det)
		}
		if seen[m] {
			t.Errorf("orientation %d repeats an earlier one", o)
		}
		seen[m] = true
		// The cell that lands on +z ("up") is his group's axis.
		up := axes[o/4]
		if got := lepageOrient(o, up); got != (geometry.Cell{Z: 1}) {
			t.Errorf("orientation %d takes %v to %v, not up", o, up, got)
		}
	}
	if len(Pieces()) != 41 {
		t.Errorf("%d pieces, want 41", len(Pieces()))
	}
}

// TestLepageMatrix checks his README's worked example: toy3's 26x12 matrix,
// and the rules for lock, lockcount and constrain.
func TestLepageMatrix(t *testing.T) {
	lp, err := Parse("toy3.txt", []byte(`problem = { box = { 3, 3, 1 }, pieces = { "1_", "3L", "V_" }, lock = "V_" }`))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	lp.WriteMatrix(w)
	w.Flush()
	// The first rows and the last, from his README.
	if !strings.HasPrefix(b.String(), "100000000100\n010000000100\n") || !strings.HasSuffix(b.String(), "000010011010\n111100100001\n") || strings.Count(b.String(), "\n") != 26 {
		t.Errorf("matrix\n%s", b.String())
	}
	count := func(src string, piece int) int {
		lp, err := Parse("t.txt", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, r := range lp.Rows {
			if r.Piece == piece {
				n++
			}
		}
		return n
	}
	for _, tt := range []struct {
		src   string
		piece int
		want  int
	}{
		// L2 in 4x4x4: 24 orientations, each a 3x2x2 block in some order: 2*3*3 positions
		{"problem = { box = {4,4,4}, pieces = {'L2'} }", 0, 24 * 2 * 3 * 3},
		{"problem = { box = {4,4,4}, pieces = {'L2'}, lock = 'L2' }", 0, 2 * 3 * 3},
		{"problem = { box = {4,4,4}, pieces = {'L2'}, lock = 'L2', lockcount = 3 }", 0, 3 * 2 * 3 * 3},
		// X_ is symmetric: 3 distinct orientations fit in the box, each 2*2*4 times
		{"problem = { box = {4,4,4}, pieces = {'X_'} }", 0, 3 * 2 * 2 * 4},
		// constrain: ceil(n/2) on each axis: 1*1*2 per orientation
		{"problem = { box = {4,4,4}, pieces = {'X_'}, constrain = 'X_' }", 0, 3 * 1 * 1 * 2},
		{"problem = { box = {4,4,4}, pieces = {'X_'}, constrain_z = 'X_' }", 0, 2*2*2 + 2*4*1 + 4*2*1},
		// a repeated name is a second piece, locked too
		{"problem = { box = {4,4,4}, pieces = {'L2', 'L2'}, lock = 'L2' }", 1, 2 * 3 * 3},
	} {
		if got := count(tt.src, tt.piece); got != tt.want {
			t.Errorf("%s: %d rows for piece %d, want %d", tt.src, got, tt.piece, tt.want)
		}
	}
}

// TestLepagePuzzle: the puzzle and the problem agree with his matrix, and
// Detect finds his format by itself (package formats checks that the
// registry does too).
func TestLepagePuzzle(t *testing.T) {
	src := []byte("problem = { box = { 2, 2, 2 }, pieces = { '3L', '3L', '2_' }, lock = '3L', constrain_x = '2_' }")
	if !Detect(src) {
		t.Error("Detect does not find his format")
	}
	l, err := Load("dup.txt", src, puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lp, _ := l.Source.(*File)
	if l.Format != Format || lp == nil || l.Puzzle == nil || l.Problem == nil {
		t.Fatalf("loaded %+v", l)
	}
	pz, prob := l.Puzzle, l.Problem
	if len(pz.Box) != 8 || pz.Planar || len(pz.Pieces) != 3 || pz.Pieces[1].Name != "3L" || pz.Pieces[0].Name != "3L" {
		t.Errorf("puzzle box %v planar %v pieces %+v", pz.Box, pz.Planar, pz.Pieces)
	}
	if prob.NumOptions() != len(lp.Rows) || len(pz.Placements()) != len(lp.Rows) {
		t.Fatalf("%d options, %d placements, %d rows", prob.NumOptions(), len(pz.Placements()), len(lp.Rows))
	}
	if got := prob.ItemName(prob.NumPrimary() - 2); got != "3L#2" {
		t.Errorf("second 3L is item %q", got)
	}
	for i, r := range lp.Rows {
		pl := pz.Placements()[i]
		if pl.Piece != r.Piece || len(pl.Cells) != len(r.Cells) {
			t.Errorf("row %d: placement %+v", i, pl)
		}
		for k, j := range r.Cells {
			if !slices.Contains(pl.Cells, lp.Cell(j)) || prob.OptionItems(i)[k+1] != lp.cellItem(j) {
				t.Errorf("row %d: cell %v missing", i, lp.Cell(j))
			}
		}
	}
	if got := strings.Join(lp.Notes(), "; "); got != "3L locked to 1 orientation; 2_ kept in the lower half along x" {
		t.Errorf("notes %q", got)
	}
	if !slices.Equal(l.Restrictions, lp.Notes()) {
		t.Errorf("restrictions %q, want his notes", l.Restrictions)
	}
}

// TestSlicePrinter prints a solution of any puzzle in his layout, cells as
// wide as the longest piece name.
func TestSlicePrinter(t *testing.T) {
	pz, err := puzzle.ParseSpec("t.txt", []byte("[0-2][0-1]0\nLong 000 100 200\nB 010 110 210\n"), false)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	sp := NewSlicePrinter(pz)
	pls := pz.Placements()
	var sol []int
	for i, pl := range pls {
		if (pl.Piece == 0 && pl.Offset.Y == 0) || (pl.Piece == 1 && pl.Offset.Y == 1) {
			sol = append(sol, i)
		}
	}
	if err := sp.Write(w, sol); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	want := "Solution 1\n+----+----+----+\n|B   |B   |B   |\n+----+----+----+\n|Long|Long|Long|\n+----+----+----+\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// FuzzParseLepage: the reader never panics, every error has a position,
// and a problem printed back reads as the same problem.
func FuzzParseLepage(f *testing.F) {
	f.Add([]byte(`problem = { box = { 3, 3, 1 }, pieces = { "1_", "3L", "V_" }, lock = "V_" }`))
	f.Add([]byte("--[[ x ]] problem = { box = {4,2,2}, pieces = {'4L';'4L';'4O';'4O'}; lock='4L', lockcount=6, constrain_y = \"4L\" };"))
	f.Add([]byte("problem = { box = {3,3,3}, pieces = {'X_'}, constrain = 'X_', constrain_z = 'X_' }"))
	f.Add([]byte("problem = { box = {1,1,1}, pieces = {'1_\\n'} }"))
	for _, name := range []string{"soma-cube.txt", "bedlam-cube.txt", "constrain-both.txt", "duplicates.txt", "header-quirk.txt"} {
		data, err := os.ReadFile("../cli/testdata/lepage/problems/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		lp, err := Parse("f.txt", data)
		if err != nil {
			var pe *parse.Error
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		back, err := Parse("f.txt", []byte(lp.String()))
		if err != nil {
			t.Fatalf("printed back %q: %v", lp.String(), err)
		}
		if back.String() != lp.String() || len(back.Rows) != len(lp.Rows) {
			t.Fatalf("printed back differs:\n%s\n%s", lp.String(), back.String())
		}
	})
}

// TestLepagePieceShapes: his 41 pieces are distinct up to rotation and
// start at the origin, the seven pairs 4< 4>, L1 J1, L2 J2, L4 J4, N1 S1, N2 S2, V1 V2 are mirror
// images, and every other piece is its own mirror image.
func TestLepagePieceShapes(t *testing.T) {
	canon := func(cells []geometry.Cell) string {
		best := ""
		for o := range 24 {
			var s geometry.Shape
			for _, c := range cells {
				s = append(s, lepageOrient(o, c))
			}
			if k := geometry.NewShape(s...).Normalize().String(); best == "" || k < best {
				best = k
			}
		}
		return best
	}
	mirror := func(cells []geometry.Cell) []geometry.Cell {
		out := make([]geometry.Cell, len(cells))
		for i, c := range cells {
			out[i] = geometry.Cell{X: -c.X, Y: c.Y, Z: c.Z}
		}
		return out
	}
	pairs := map[string]string{"4<": "4>", "L1": "J1", "L2": "J2", "L4": "J4", "N1": "S1", "N2": "S2", "V1": "V2"}
	shapes := map[string][]geometry.Cell{}
	seen := map[string]string{}
	for _, p := range Pieces() {
		k := canon(p.Cubes)
		if other, dup := seen[k]; dup {
			t.Errorf("%s has the shape of %s", p.Name, other)
		}
		seen[k], shapes[p.Name] = p.Name, p.Cubes
		if !geometry.NewShape(p.Cubes...).Equal(geometry.NewShape(p.Cubes...).Normalize()) {
			t.Errorf("%s does not start at the origin", p.Name)
		}
	}
	for _, p := range Pieces() {
		m := canon(mirror(p.Cubes))
		want := p.Name
		if q, ok := pairs[p.Name]; ok {
			want = q
		}
		for a, b := range pairs {
			if b == p.Name {
				want = a
			}
		}
		if seen[m] != want {
			t.Errorf("the mirror image of %s is %q, want %s", p.Name, seen[m], want)
		}
	}
}

// TestLepageHeaderQuirk: his printer finds a cell's column by a name made
// of decimal coordinates, which repeats in some boxes with two sides of 11 or
// more; the printer then marks the first column of that name, as his does.
func TestLepageHeaderQuirk(t *testing.T) {
	for _, tt := range []struct {
		w, h, d int
		aliased bool
	}{
		{10, 10, 10, false}, {62, 1, 1, false}, {11, 11, 11, true}, {11, 11, 1, false}, {62, 10, 10, false},
		{12, 12, 1, true}, {1, 12, 12, true}, {12, 1, 12, false},
	} {
		lp := &File{W: tt.w, H: tt.h, D: tt.d}
		n := 0
		for j, a := range lp.NewPrinter().alias {
			if a != j {
				n++
			}
		}
		if (n > 0) != tt.aliased {
			t.Errorf("%dx%dx%d: %d cells share a header name", tt.w, tt.h, tt.d, n)
		}
	}
}
