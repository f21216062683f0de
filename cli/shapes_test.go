package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runShapesArgs(stdin string, args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = runShapes(context.Background(), IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, args)
	return out.String(), errb.String(), code
}

func TestShapes(t *testing.T) {
	dir := t.TempDir()
	ring := filepath.Join(dir, "ring.txt")
	// a square ring of eight cells with a domino beside it
	if err := os.WriteFile(ring, []byte("00 01 02 10 12 20 21 22\nR 00 01 02 10 12 20 21 22\nD 00 01\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		code     int
		contains []string // in stdout, or in stderr when the exit is not 0
	}{
		{"soma table", []string{"soma"}, 0, []string{
			"8 shapes on cubes, whose group has 48 symmetries (24 rotations)",
			"SHAPE  CELLS  SYMMETRY", "NOTCHABLE  MILLABLE",
			"A      4      2 (2 rot.)    yes     -          B        face",
			"box    27     48 (24 rot.)  no",
			"Z: identity; half turn about z; central inversion; reflection across the plane z=0",
		}},
		{"pentominoes", []string{"pentomino-6x10"}, 0, []string{"X      5      8 (4 rot.)  no", "box    60     4 (2 rot.)  no"}},
		{"a board with a hole", []string{ring}, 0, []string{"R      8      8 (4 rot.)  no      box        -        edge       1         -", "D      2      4 (2 rot.)"}},
		{"two sets", []string{"tetromino-5x8"}, 0, []string{"I ×2"}},
		{"no input", nil, 2, []string{"give one file or library puzzle"}},
		{"not a puzzle of shapes", []string{"antislide-4x4x4"}, 1, []string{"polyviz shapes:", "antislide"}},
		{"no such puzzle", []string{"no-such-puzzle"}, 1, []string{"polyviz shapes:"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, code := runShapesArgs("", tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s%s", code, tc.code, out, errs)
			}
			text := out
			if code != 0 {
				text = errs
			}
			for _, want := range tc.contains {
				if !strings.Contains(text, want) {
					t.Errorf("no %q in\n%s", want, text)
				}
			}
		})
	}
}

func TestShapesJSON(t *testing.T) {
	out, errs, code := runShapesArgs("", "--json", "soma")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Space  string `json:"space"`
		Group  int    `json:"group"`
		Shapes []struct {
			Name     string   `json:"name"`
			Box      bool     `json:"box"`
			Cells    int      `json:"cells"`
			Order    int      `json:"order"`
			Chiral   bool     `json:"chiral"`
			Mirrors  []string `json:"mirrors"`
			Symmetry []struct {
				Name   string `json:"name"`
				Proper bool   `json:"proper"`
				Map    string `json:"map"`
			} `json:"symmetry"`
			Connected string `json:"connected"`
			Holes2D   *int   `json:"holes2d"`
			Holes3D   *int   `json:"holes3d"`
			Notchable *bool  `json:"notchable"`
			Millable  *bool  `json:"millable"`
		} `json:"shapes"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Space != "cubes" || got.Group != 48 || len(got.Shapes) != 8 {
		t.Fatalf("space %q, group %d, %d shapes", got.Space, got.Group, len(got.Shapes))
	}
	orders := map[string]int{}
	for _, s := range got.Shapes {
		orders[s.Name] = s.Order
		if len(s.Symmetry) != s.Order || s.Symmetry[0].Name != "identity" || s.Symmetry[0].Map != "(x,y,z) ↦ (x,y,z)" {
			t.Errorf("%s: %d elements for order %d: %+v", s.Name, len(s.Symmetry), s.Order, s.Symmetry)
		}
		if s.Holes2D == nil || s.Holes3D == nil || s.Notchable == nil || s.Millable == nil || s.Connected != "face" {
			t.Errorf("%s: holes %v %v, notchable %v, millable %v, connected %q", s.Name, s.Holes2D, s.Holes3D, s.Notchable, s.Millable, s.Connected)
		}
	}
	want := map[string]int{"V": 4, "L": 2, "T": 4, "Z": 4, "A": 2, "B": 2, "P": 6, "box": 48}
	for name, n := range want {
		if orders[name] != n {
			t.Errorf("%s: order %d, want %d", name, orders[name], n)
		}
	}
	if a := got.Shapes[4]; a.Name != "A" || !a.Chiral || len(a.Mirrors) != 1 || a.Mirrors[0] != "B" {
		t.Errorf("the screw A: %+v", a)
	}
}
