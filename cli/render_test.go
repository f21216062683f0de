package cli

import (
	"bytes"
	"context"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const somaSpec = `| Soma cube
[0-2][0-2][0-2]
V 000 100 010
L 000 100 200 010
T 000 100 200 110
Z 000 100 110 210
A 000 100 010 101
B 000 100 010 011
P 000 100 010 001
`

const pentominoSpec = `[0-9][0-5]
F 10 20 01 11 12
I 00 01 02 03 04
L 00 01 02 03 13
N 00 01 02 12 13
P 00 01 02 10 11
T 00 10 20 11 12
U 00 10 20 01 21
V 00 01 02 10 20
W 00 10 11 21 22
X 10 01 11 21 12
Y 00 01 02 03 11
Z 00 10 11 12 22
`

// drawCmd runs a drawing command in-process on a spec given as text.
func drawCmd(t *testing.T, spec string, args ...string) (code int, stdout []byte, stderr string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "puzzle.txt")
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, a := range args {
		if a == "SPEC" {
			args[i] = path
		}
	}
	var out, errb bytes.Buffer
	code = Main(context.Background(), args, IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, nil)
	return code, out.Bytes(), errb.String()
}

func TestRenderCommands(t *testing.T) {
	pureComputation(t)
	tests := []struct {
		name string
		spec string
		args []string
		w, h int
	}{
		{"soma solution", somaSpec, []string{"render", "SPEC", "--solution", "2", "--size", "120x90", "-o", "-"}, 120, 90},
		{"soma layout", somaSpec, []string{"render", "SPEC", "-o", "-", "--size", "160x100"}, 160, 100},
		{"soma angled", somaSpec, []string{"render", "SPEC", "--solution", "1", "-o", "-", "--size", "64x64", "--yaw", "-60", "--pitch", "40", "--ortho"}, 64, 64},
		{"pentomino solution", pentominoSpec, []string{"render", "--solution", "1", "SPEC", "-o", "-", "--size", "100x80"}, 100, 80},
		{"orientations", somaSpec, []string{"orientations", "SPEC", "--piece", "A", "--thumb", "32", "-o", "-"}, 0, 0},
		{"orientations 2D", pentominoSpec, []string{"orientations", "SPEC", "--piece", "N", "--thumb", "32", "-o", "-"}, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := drawCmd(t, tc.spec, tc.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			img, err := png.Decode(bytes.NewReader(out))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); tc.w > 0 && (b.Dx() != tc.w || b.Dy() != tc.h) {
				t.Errorf("image %v, want %dx%d", b, tc.w, tc.h)
			}
		})
	}
}

func TestAnimateCommand(t *testing.T) {
	pureComputation(t)
	out := filepath.Join(t.TempDir(), "soma.gif")
	code, _, errs := drawCmd(t, somaSpec, "animate", "SPEC", "--solution", "3", "--size", "48x36", "--fps", "5", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) < 5 || g.Config.Width != 48 {
		t.Errorf("%d frames, width %d", len(g.Image), g.Config.Width)
	}
}

func TestRenderCommandErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no output", []string{"render", "SPEC"}, 2, "usage"},
		{"bad size", []string{"render", "SPEC", "-o", "-", "--size", "12"}, 2, "bad size"},
		{"negative solution", []string{"render", "SPEC", "-o", "-", "--solution", "-1"}, 2, "--solution must be at least 1"},
		{"too few solutions", []string{"render", "SPEC", "-o", "-", "--solution", "99999"}, 1, "11520 solutions"},
		{"missing file", []string{"render", "/no/such/file", "-o", "-"}, 1, "no such file"},
		{"unknown piece", []string{"orientations", "SPEC", "--piece", "Q", "-o", "-"}, 1, `no piece "Q"`},
		{"no piece", []string{"orientations", "SPEC", "-o", "-"}, 2, "usage"},
		{"animate zero", []string{"animate", "SPEC", "--solution", "0", "-o", "-"}, 2, "--solution must be at least 1"},
		{"unwritable", []string{"render", "SPEC", "-o", "/no/such/dir/x.png"}, 1, "x.png"},
		{"render to .jpg", []string{"render", "SPEC", "-o", "x.jpg"}, 2, "render writes .png or .svg, not .jpg"},
		{"animate to .png", []string{"animate", "SPEC", "-o", "a.png"}, 2, "animate writes .gif, not .png"},
		{"sheet to .pdf", []string{"orientations", "SPEC", "--piece", "Z", "-o", "z.PDF"}, 2, "orientations writes .png or .svg, not .pdf"},
		{"help", []string{"render", "--help"}, 0, "usage"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errs := drawCmd(t, somaSpec, tc.args...)
			if code != tc.code || !strings.Contains(errs, tc.msg) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errs, tc.code, tc.msg)
			}
		})
	}
}
