package render

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// TestWritePNG: the picture is written (fileout's tests cover the rest).
func TestWritePNG(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.png")
	if err := WritePNG(path, image.NewNRGBA(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if img, err := png.Decode(f); err != nil || img.Bounds().Dx() != 2 {
		t.Errorf("decode: %v", err)
	}
}
