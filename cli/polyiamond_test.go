package cli

import (
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"polyviz/render"
)

// TestPolyiamondDLXCommand runs `polyviz polyiamond-dlx` on every
// POLYIAMOND-DLX reference spec, from standard input as his program reads
// it: the same output byte for byte and his summary line last on standard
// error, or, where he rejects the spec, an error with a position and no
// output.
func TestPolyiamondDLXCommand(t *testing.T) {
	ref := filepath.Join("..", "puzzle", "testdata", "polyiamond")
	specs, _ := filepath.Glob(filepath.Join(ref, "*", "*.txt"))
	if len(specs) != 64 {
		t.Fatalf("%d specs, want 64", len(specs))
	}
	for _, spec := range specs {
		t.Run(filepath.Base(spec), func(t *testing.T) {
			base := strings.TrimSuffix(spec, ".txt")
			outFile := base + ".out"
			if strings.Contains(spec, "classic") {
				outFile = base + ".dlx"
			}
			in, _ := os.ReadFile(spec)
			rc, _ := os.ReadFile(base + ".rc")
			code, stdout, stderr := run(t, string(in), "polyiamond-dlx")
			if strings.TrimSpace(string(rc)) != "0" {
				if code == 0 || stdout != "" || !strings.HasPrefix(stderr, "polyviz polyiamond-dlx: <stdin>:") {
					t.Fatalf("exit %d, %d bytes of output, stderr %q; POLYIAMOND-DLX rejected it", code, len(stdout), stderr)
				}
				return
			}
			want, _ := os.ReadFile(outFile)
			if code != 0 || stdout != string(want) {
				t.Fatalf("exit %d, output equal: %v; stderr %s", code, stdout == string(want), stderr)
			}
			wantErr, _ := os.ReadFile(base + ".err")
			lines := strings.Split(strings.TrimSpace(string(wantErr)), "\n")
			if !strings.HasSuffix(strings.TrimSpace(stderr), lines[len(lines)-1]) {
				t.Errorf("stderr %q does not end with %q", stderr, lines[len(lines)-1])
			}
		})
	}
}

// TestListPieceSet: `list --pieces hexiamonds` prints spec lines that,
// after a box line and the comment naming the lattice, solve the 6x6
// rhombus: 624 packings.
func TestListPieceSet(t *testing.T) {
	code, lines, stderr := run(t, "", "list", "--pieces", "hexiamonds")
	if code != 0 || strings.Count(lines, "\n") != 12 {
		t.Fatalf("exit %d, %q, %s", code, lines, stderr)
	}
	spec := "| polyiamond\n[0-5][0-5] [0-5][0-5]'\n" + lines
	code, out, stderr := run(t, spec, "solve", "--engine", "bits", "-")
	if code != 0 || !strings.Contains(out+stderr, "Altogether 624 solutions") {
		t.Errorf("exit %d: %s %s", code, out, stderr)
	}
	if code, _, stderr := run(t, "", "list", "--pieces", "nonagons"); code != 2 || !strings.Contains(stderr, "tetrahexes") {
		t.Errorf("unknown set: exit %d, %s", code, stderr)
	}
}

// TestRenderLatticeSVG: a hexiamond solution and a tetrahex orientation
// sheet are drawn as SVG, one path of triangles or hexagons per piece;
// disassembly refuses triangles and hexagons and says what works instead.
func TestRenderLatticeSVG(t *testing.T) {
	pureComputation(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "h.svg")
	if code, _, stderr := run(t, "", "render", "hexiamond-6x6", "--solution", "1", "--labels", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	svg, _ := os.ReadFile(out)
	if n := strings.Count(string(svg), `class="piece"`); n != 12 {
		t.Errorf("%d pieces drawn, want 12", n)
	}
	sheet := filepath.Join(dir, "s.svg")
	if code, _, stderr := run(t, "", "orientations", "tetrahex-4x7", "--piece", "J4", "-o", sheet); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(sheet)
	if !strings.Contains(string(data), "J4: 12 of 12 orientations distinct") {
		t.Errorf("sheet title missing")
	}
	// a board of hexagons comes apart in its plane; it has no box to fix
	if code, stdout, stderr := run(t, "", "disassemble", "tetrahex-4x7", "--solution", "1"); code != 0 || !strings.Contains(stdout, "can be taken apart, level 1") {
		t.Errorf("disassemble: exit %d, %s%s", code, stdout, stderr)
	}
	if code, _, stderr := run(t, "", "disassemble", "tetrahex-4x7", "--open", "+z"); code != 2 || !strings.Contains(stderr, "no box") {
		t.Errorf("disassemble --open: exit %d, %s", code, stderr)
	}
}

// TestRenderLatticePNG: polyviz render draws a solution of triangles or
// hexagons as PNG (every piece's colour on it), orientations draws a
// piece's 12 orientations as a PNG sheet, and animate writes a GIF whose
// first frame shows the board and whose last holds every piece.
func TestRenderLatticePNG(t *testing.T) {
	pureComputation(t)
	dir := t.TempDir()
	decode := func(path string) image.Image {
		t.Helper()
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return img
	}
	// colours reports whether each of the n pieces' colours covers a patch
	// of the image (the top faces are lit straight on: the colour itself,
	// up to the light's shading).
	colours := func(img image.Image, n int) []int {
		var missing []int
		for i := range n {
			c := render.PieceColor(i, n)
			found := 0
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y += 2 {
				for x := b.Min.X; x < b.Max.X; x += 2 {
					r, g, bl, _ := img.At(x, y).RGBA()
					if near(int(r>>8), int(c.R)) && near(int(g>>8), int(c.G)) && near(int(bl>>8), int(c.B)) {
						found++
					}
				}
			}
			if found < 20 {
				missing = append(missing, i)
			}
		}
		return missing
	}
	for _, tt := range []struct{ name, piece string }{{"hexiamond-6x6", "B"}, {"tetrahex-coin", "S4"}} {
		out := filepath.Join(dir, tt.name+".png")
		if code, _, stderr := run(t, "", "render", tt.name, "--solution", "1", "--size", "400x300", "-o", out); code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.name, code, stderr)
		}
		img := decode(out)
		if img.Bounds().Dx() != 400 || img.Bounds().Dy() != 300 {
			t.Errorf("%s: %v", tt.name, img.Bounds())
		}
		n := 12
		if strings.HasPrefix(tt.name, "tetrahex") {
			n = 7
		}
		if m := colours(img, n); len(m) > 0 {
			t.Errorf("%s: pieces %v not drawn", tt.name, m)
		}
		// without --solution: the loose pieces, every one of them
		tray := filepath.Join(dir, tt.name+"-tray.png")
		if code, _, stderr := run(t, "", "render", tt.name, "--size", "400x300", "-o", tray); code != 0 {
			t.Fatalf("%s: tray: exit %d: %s", tt.name, code, stderr)
		}
		if m := colours(decode(tray), n); len(m) > 0 {
			t.Errorf("%s: pieces %v not in the tray", tt.name, m)
		}
		sheet := filepath.Join(dir, tt.name+"-sheet.png")
		if code, _, stderr := run(t, "", "orientations", tt.name, "--piece", tt.piece, "--thumb", "60", "-o", sheet); code != 0 {
			t.Fatalf("%s: orientations: exit %d: %s", tt.name, code, stderr)
		}
		// 12 thumbnails of 60 pixels in rows of 6
		if s := decode(sheet); s.Bounds().Dx() < 6*60 || s.Bounds().Dy() < 2*60 {
			t.Errorf("%s: sheet %v", tt.name, s.Bounds())
		}
		anim := filepath.Join(dir, tt.name+".gif")
		// triangles and hexagons slide in their plane as they come apart
		if code, _, stderr := run(t, "", "animate", tt.name, "--size", "160x120", "-o", anim); code != 0 || strings.Contains(stderr, "fly in") {
			t.Fatalf("%s: animate: exit %d: %s", tt.name, code, stderr)
		}
		f, _ := os.Open(anim)
		g, err := gif.DecodeAll(f)
		f.Close()
		if err != nil || len(g.Image) < 10 {
			t.Fatalf("%s: GIF: %v", tt.name, err)
		}
		// the board is drawn from the first frame, before the pieces
		// cover it: about as much of the picture as the packing at the end
		if first, last := drawnPixels(g, 1), drawnPixels(g, len(g.Image)); 10*first < 7*last {
			t.Errorf("%s: animate: the first frame draws %d pixels, the packing %d: no board under the pieces", tt.name, first, last)
		}
	}
}

// drawnPixels returns the pixels of an animated GIF's picture after its
// first n frames (later frames are drawn over earlier ones) that are not the
// background, the colour of its top left corner.
func drawnPixels(g *gif.GIF, n int) int {
	canvas := image.NewRGBA(g.Image[0].Bounds())
	for _, f := range g.Image[:n] {
		draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Over)
	}
	bg := canvas.RGBAAt(0, 0)
	count := 0
	for i := 0; i < len(canvas.Pix); i += 4 {
		if canvas.Pix[i] != bg.R || canvas.Pix[i+1] != bg.G || canvas.Pix[i+2] != bg.B {
			count++
		}
	}
	return count
}

func near(a, b int) bool { return a-b < 24 && b-a < 24 }
