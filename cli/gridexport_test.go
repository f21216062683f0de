package cli

import (
	"context"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"math"
	"os"
	"strings"
	"testing"

	"polyviz/disassembly"
	"polyviz/render"
	"polyviz/solver"
	"polyviz/stl"
)

// gifFrames decodes an animated GIF into its frames as shown (each drawn
// over the one before, as their disposal says) and the time in seconds at
// which each is shown.
func gifFrames(t *testing.T, path string) ([]*image.RGBA, []float64) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var frames []*image.RGBA
	var times []float64
	at := 0
	for k, im := range g.Image {
		draw.Draw(canvas, im.Bounds(), im, im.Bounds().Min, draw.Src)
		c := image.NewRGBA(canvas.Bounds())
		copy(c.Pix, canvas.Pix)
		frames = append(frames, c)
		times = append(times, float64(at)/100)
		at += g.Delay[k]
	}
	return frames, times
}

// meanDiff is the mean absolute difference of two images' RGB channels,
// 0 to 255.
func meanDiff(a, b image.Image) float64 {
	r := a.Bounds()
	var sum, n float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			for _, d := range []int{int(ar>>8) - int(br>>8), int(ag>>8) - int(bg>>8), int(ab>>8) - int(bb>>8)} {
				sum += float64(max(d, -d))
			}
			n += 3
		}
	}
	return sum / n
}

// inked is the fraction of an image's pixels that differ from its corner
// (the background).
func inked(im image.Image) float64 {
	r := im.Bounds()
	bg := im.At(r.Min.X, r.Min.Y)
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if im.At(x, y) != bg {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy())
}

// TestGridAnimate: animate draws packings on BurrTools' other grids as
// their solids in every frame: Bermuda (prisms) assembles as the reverse
// of its disassembly, Ball Room (spheres) and Hex Sticks (rhombic
// tetrahedra) fly in with a note. No frame is blank, a middle frame is the
// grid scene at its time (not its cells drawn as cubes), and the last
// frame is the PNG render of the solution.
func TestGridAnimate(t *testing.T) {
	pureComputation(t)
	for _, tc := range []struct {
		file, note string
	}{
		{"Bermuda", ""},
		{"BallRoom", "does not apply to BurrTools' spheres grid; the pieces fly in"},
		{"HexSticks", "does not apply to BurrTools' rhombic tetrahedra grid; the pieces fly in"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			file := "../burrtools/testdata/grids/" + tc.file + ".xmpuzzle"
			dir := t.TempDir()
			code, _, errOut := runCLI(t, "", "animate", file, "-o", dir+"/a.gif", "--size", "120x90", "--fps", "4")
			if code != 0 {
				t.Fatalf("animate: code %d, %s", code, errOut)
			}
			if tc.note == "" && strings.Contains(errOut, "note") || !strings.Contains(errOut, tc.note) {
				t.Errorf("animate's stderr %q; want the note %q", errOut, tc.note)
			}
			if code, _, errOut := runCLI(t, "", "render", file, "--solution", "1", "-o", dir+"/r.png", "--size", "120x90"); code != 0 {
				t.Fatalf("render: code %d, %s", code, errOut)
			}
			frames, times := gifFrames(t, dir+"/a.gif")
			if len(frames) < 5 {
				t.Fatalf("%d frames", len(frames))
			}
			// a middle frame against the scene at its time, drawn on the
			// grid and as cubes
			ctx := context.Background()
			in, err := loadPuzzle(ctx, IO{}, file, "")
			if err != nil {
				t.Fatal(err)
			}
			scene, err := solutionScene(ctx, in, 1, solver.EngineAuto)
			if err != nil {
				t.Fatal(err)
			}
			a, err := possibleAssembly(ctx, IO{Stderr: &strings.Builder{}}, in.Puzzle, scene, disassemblyFlags{maxStates: disassembly.DefaultMaxStates})
			if err != nil {
				t.Fatal(err)
			}
			for k, fr := range frames {
				if tc.note != "" && times[k] < a.Lead {
					continue // the fly-in's lead, before the first piece
				}
				if f := inked(fr); f < 0.01 {
					t.Errorf("frame %d is blank (%.3f of its pixels drawn)", k, f)
				}
			}
			f, err := os.Open(dir + "/r.png")
			if err != nil {
				t.Fatal(err)
			}
			want, err := png.Decode(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			if d := meanDiff(frames[len(frames)-1], want); d > 2 {
				t.Errorf("last frame differs from the PNG render by %.2f a channel", d)
			}
			if d := meanDiff(frames[0], want); d < 2 {
				t.Errorf("first frame is already the packing (differs by %.2f)", d)
			}

			cam := render.Camera{Yaw: render.DefaultYaw, Pitch: render.DefaultPitch}.FitScene(scene, 120, 90)
			k := len(frames) / 2
			var s render.Scene
			at := a.At(times[k], &s)
			var r1, r2 render.Renderer // Render's image belongs to its renderer
			onGrid := r1.Render(at, cam, 120, 90)
			at.Grid = nil
			asCubes := r2.Render(at, cam, 120, 90)
			dg, dc := meanDiff(frames[k], onGrid), meanDiff(frames[k], asCubes)
			if dg > 2 || dc < 2*dg+2 {
				t.Errorf("frame %d (%.2f s) differs from the grid scene by %.2f, from cubes by %.2f", k, times[k], dg, dc)
			}
		})
	}
}

// TestPrismSVG: a BurrTools puzzle one layer of prisms thick draws as SVG,
// its prisms as the triangles of their top faces (render's
// TestPrismLayerScene checks the corners): hexiamond-prisms-6x6, 72
// triangles in a rhombus, each piece a path of 6 of them.
func TestPrismSVG(t *testing.T) {
	pureComputation(t)
	out := t.TempDir() + "/h.svg"
	code, _, errOut := runCLI(t, "", "render", "hexiamond-prisms-6x6", "-o", out)
	if code != 0 {
		t.Fatalf("render: code %d, %s", code, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	svg := string(data)
	if !strings.HasPrefix(svg, "<?xml") || !strings.Contains(svg, "</svg>") {
		t.Fatalf("not an SVG: %.200s", svg)
	}
	_, board, _ := strings.Cut(svg, `<g id="board">`)
	board, _, _ = strings.Cut(board, "</g>")
	if n := strings.Count(board, "z"); n != 72 {
		t.Errorf("the board has %d triangles, want 72", n)
	}
	pieces := strings.Split(svg, `<g class="piece">`)[1:]
	if len(pieces) != 12 {
		t.Fatalf("%d pieces, want 12", len(pieces))
	}
	for k, pc := range pieces {
		_, fill, _ := strings.Cut(pc, "<path d=\"")
		fill, _, _ = strings.Cut(fill, "\"")
		if n := strings.Count(fill, "z"); n != 6 {
			t.Errorf("piece %d has %d triangles, want 6", k+1, n)
		}
	}
}

// TestGridSTL: stl writes Ball Room's pieces as icospheres (320 triangles
// a sphere, --cube the diameter) and --plate lays the pieces of Ball Room
// and Bermuda out on one plate resting on z = 0 (stl's TestGridPlate
// checks the layout).
func TestGridSTL(t *testing.T) {
	ball := "../burrtools/testdata/grids/BallRoom.xmpuzzle"
	dir := t.TempDir()
	if code, _, errOut := runCLI(t, "", "stl", ball, "-o", dir, "--cube", "10mm"); code != 0 {
		t.Fatalf("stl: code %d, %s", code, errOut)
	}
	files, _ := os.ReadDir(dir)
	if len(files) == 0 {
		t.Fatal("no files")
	}
	for _, f := range files {
		m := readSTL(t, dir+"/"+f.Name())
		if len(m.Triangles)%320 != 0 || len(m.Triangles) == 0 {
			t.Errorf("%s: %d triangles, not whole icospheres", f.Name(), len(m.Triangles))
		}
		lo, hi := m.Bounds()
		if math.Abs(lo[2]) > 1e-3 || hi[2]-lo[2] < 9.9 {
			t.Errorf("%s: z from %.3f to %.3f; want 0 to at least a diameter", f.Name(), lo[2], hi[2])
		}
	}
	for _, file := range []string{ball, "../burrtools/testdata/grids/Bermuda.xmpuzzle"} {
		dir := t.TempDir()
		if code, _, errOut := runCLI(t, "", "stl", file, "--plate", "-o", dir); code != 0 {
			t.Fatalf("stl --plate %s: code %d, %s", file, code, errOut)
		}
		files, _ := os.ReadDir(dir)
		if len(files) != 1 {
			t.Fatalf("%s: %d files, want the plate", file, len(files))
		}
		m := readSTL(t, dir+"/"+files[0].Name())
		if lo, _ := m.Bounds(); math.Abs(lo[2]) > 1e-3 {
			t.Errorf("%s: the plate starts at z %.3f", file, lo[2])
		}
		if v := m.Volume(); v <= 0 {
			t.Errorf("%s: the plate's volume %.0f", file, v)
		}
	}
}

func readSTL(t *testing.T, path string) *stl.Mesh {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := stl.ReadBinary(f)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
