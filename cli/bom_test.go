package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/parse"
)

// TestByteOrderMark: every text format reads the same with a UTF-8
// byte-order mark in front (Notepad writes one), from a file and from
// standard input: detected as itself, solved alike, and a mistake reported
// at the column an editor shows (the mark not counted). A second mark is
// text, and refused as such.
func TestByteOrderMark(t *testing.T) {
	const soma = "-- the Soma cube\nproblem = { box = { 3, 3, 3 }, pieces = { '3L', '4L', '4S', '4T', '4^', '4<', '4>' }, lock = '4T' }\n"
	tests := []struct {
		name, input string
		args        []string
		code        int
		want        string // in stdout or stderr
	}{
		{"spec", "[0-3][0-4]\nA 00 01 02 03 10\nB 00 01 02 10 11\nC 00 01 02 11 12\nD 00 01 10 11 12\n", []string{"solve"}, 0, "Altogether 48 solutions"},
		{"spec error", "[3-2]0\n", []string{"solve"}, 1, ":1:4: decreasing range"},
		{"dlx", "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n", []string{"solve"}, 0, "Altogether 1 solution,"},
		{"lepage", soma, []string{"lepage", "--count"}, 0, "960\n"},
		{"lepage detected", soma, []string{"solve", "--distinct", "none"}, 0, "Altogether 960 solutions"},
		{"lepage error", "problem = { box = {3,3,1}, pieces = {Z} }", []string{"lepage"}, 1, ":1:38: syntax error"},
		{"antislide", "antislide box 2x2x2 brick 2x1x1\n", []string{"antislide"}, 0, "total             18"},
		{"antislide error", "antislide box 2x2x2 brack 2x1x1\n", []string{"antislide"}, 1, ":1:21: syntax error"},
		{"fillomino", "3..3\n....\n.11.\n3..3\n", []string{"fillomino-check"}, 0, "4x4, 6 clues"},
		{"fillomino detected", "3..3\n....\n.11.\n3..3\n", []string{"solve"}, 0, "Altogether 0 solutions"},
		{"fillomino error", "3.x\n", []string{"fillomino-check"}, 1, `:1:3: illegal entry "x"`},
		{"polysticks", tristicks3x3, []string{"solve"}, 0, "Altogether 51 solutions"},
		{"two marks", parse.BOM + "antislide box 2x2x2 brick 2x1x1\n", []string{"antislide"}, 1, ":1:1:"},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := parse.BOM + tt.input
			file := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".txt")
			if err := os.WriteFile(file, []byte(in), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, arg := range []string{"-", file} {
				code, out, errs := run(t, in, append(tt.args, arg)...)
				if code != tt.code || !strings.Contains(out+errs, tt.want) {
					t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want %d and %q", strings.Join(tt.args, " "), arg, code, out, errs, tt.code, tt.want)
				}
			}
		})
	}
}
