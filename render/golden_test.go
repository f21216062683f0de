package render

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"polyviz/geometry"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/")

// Golden-image comparison: a pixel differs when a channel differs by more
// than goldenChannel; an image matches when at most goldenShare of its
// pixels differ (small changes in rounding, not in what is drawn).
const (
	goldenChannel = 40
	goldenShare   = 0.005
)

// checkGolden compares img with testdata/name.png (rewriting it under
// -update). A mismatch is written to testdata/failed/name.png.
func checkGolden(t *testing.T, name string, img *image.NRGBA) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if msg := imageDiff(want, img); msg != "" {
		failed := filepath.Join("testdata", "failed", name+".png")
		os.MkdirAll(filepath.Dir(failed), 0o755)
		os.WriteFile(failed, buf.Bytes(), 0o644)
		t.Errorf("%s: %s (got written to %s)", name, msg, failed)
	}
}

// imageDiff describes how far got is from want, or returns "".
func imageDiff(want image.Image, got *image.NRGBA) string {
	if want.Bounds() != got.Bounds() {
		return fmt.Sprintf("size %v, want %v", got.Bounds(), want.Bounds())
	}
	b := got.Bounds()
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := want.At(x, y).RGBA()
			c := got.NRGBAAt(x, y)
			if absDiff(r>>8, c.R) > goldenChannel || absDiff(g>>8, c.G) > goldenChannel || absDiff(bl>>8, c.B) > goldenChannel {
				bad++
			}
		}
	}
	if n := b.Dx() * b.Dy(); float64(bad) > goldenShare*float64(n) {
		return fmt.Sprintf("%d of %d pixels differ", bad, n)
	}
	return ""
}

func absDiff(a uint32, b uint8) uint32 {
	if a > uint32(b) {
		return a - uint32(b)
	}
	return uint32(b) - a
}

func TestGolden(t *testing.T) {
	soma := packingScene(somaPacking, 3, 3, 3)
	pento := packingScene(pentomino6x10Packing, 10, 6, 1)
	partial := packingScene(somaPacking[:4], 3, 3, 3)
	tests := []struct {
		name   string
		scene  *Scene
		planar bool
		w, h   int
	}{
		{"soma", soma, false, 200, 160},
		{"soma-partial", partial, false, 200, 160},
		{"pentomino-6x10", pento, true, 200, 130},
		{"bedlam", packingScene(bedlamPacking, 4, 4, 4), false, 200, 160},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			img := Render(tc.scene, FitCameraSize(tc.scene, tc.planar, tc.w, tc.h), tc.w, tc.h)
			checkGolden(t, tc.name, img)
		})
	}
	t.Run("bedlam-cell-edges", func(t *testing.T) {
		s := packingScene(bedlamPacking, 4, 4, 4)
		r := Renderer{Style: Style{CellEdges: true}}
		img := r.Render(s, FitCameraSize(s, false, 200, 160), 200, 160)
		checkGolden(t, "bedlam-cell-edges", img)
		// the cell edges add ink inside the faces, and only there
		plain := Render(s, FitCameraSize(s, false, 200, 160), 200, 160)
		darker, lighter := 0, 0
		for i := 0; i < len(img.Pix); i += 4 {
			a := int(img.Pix[i]) + int(img.Pix[i+1]) + int(img.Pix[i+2])
			b := int(plain.Pix[i]) + int(plain.Pix[i+1]) + int(plain.Pix[i+2])
			switch {
			case a < b:
				darker++
			case a > b:
				lighter++
			}
		}
		if darker < 500 || lighter > 0 {
			t.Errorf("cell edges: %d pixels darker, %d lighter; want many darker, none lighter", darker, lighter)
		}
	})
	t.Run("sheet-soma-A", func(t *testing.T) {
		a := geometry.NewShape(somaPacking[0].cells...).Normalize()
		checkGolden(t, "sheet-soma-A", SheetFromShape(a, false, SheetOptions{Name: "A", Thumb: 64, Color: PieceColor(4, 7)}))
	})
	t.Run("sheet-pentomino-N", func(t *testing.T) {
		n := geometry.NewShape(pentomino6x10Packing[3].cells...).Normalize()
		checkGolden(t, "sheet-pentomino-N", SheetFromShape(n, true, SheetOptions{Name: "N", Thumb: 64, Color: PieceColor(3, 12)}))
	})
}
