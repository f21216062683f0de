package instructions

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/xml"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestTinyPages: every size --size accepts gives valid pages in every
// format; the bands once left a short page's picture 0 pixels high, which
// PNG cannot encode, so its PDF and SVG failed.
func TestTinyPages(t *testing.T) {
	slowUnderRace(t)
	s, kinds := firstPacking(t, library(t, "soma"))
	sheet, _ := moveSheet(t, s, kinds, false)
	for _, sz := range [][2]int{{1, 1}, {10, 10}, {50, 50}, {100, 40}, {7, 143}, {300, 71}} {
		opt := Options{Width: sz[0], Height: sz[1]}
		for _, f := range []Format{PDF, SVG, PNG} {
			t.Run(fmt.Sprintf("%dx%d.%s", sz[0], sz[1], f), func(t *testing.T) {
				files, err := sheet.Write(context.Background(), f, filepath.Join(t.TempDir(), "p."+string(f)), opt, nil)
				if err != nil {
					t.Fatal(err)
				}
				for _, file := range files {
					data, err := os.ReadFile(file)
					if err != nil {
						t.Fatal(err)
					}
					checkTinyPage(t, f, data, sheet.Pages(), sz[0], sz[1])
				}
			})
		}
	}
}

// checkTinyPage reads back one written file: a PNG of the page's size, an
// SVG whose embedded pictures decode, a PDF with every page and pictures
// of some height.
func checkTinyPage(t *testing.T, f Format, data []byte, pages, w, h int) {
	t.Helper()
	switch f {
	case PNG:
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
			t.Fatalf("a %dx%d page, want %dx%d", b.Dx(), b.Dy(), w, h)
		}
	case SVG:
		var pg svgPage
		if err := xml.Unmarshal(data, &pg); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, g := range pg.Groups {
			for _, im := range g.Images {
				b64, ok := strings.CutPrefix(im.Href, "data:image/png;base64,")
				raw, err := base64.StdEncoding.DecodeString(b64)
				if !ok || err != nil {
					t.Fatalf("picture not an embedded PNG: %v", err)
				}
				if _, err := png.Decode(bytes.NewReader(raw)); err != nil {
					t.Fatal(err)
				}
				n++
			}
		}
		if n == 0 {
			t.Fatal("a page with no picture")
		}
	case PDF:
		if n := pdfPages(t, data); n != pages {
			t.Fatalf("%d pages, want %d", n, pages)
		}
		for _, m := range regexp.MustCompile(`/Height (\d+)`).FindAllSubmatch(data, -1) {
			if v, _ := strconv.Atoi(string(m[1])); v < 1 {
				t.Fatalf("a picture %d pixels high", v)
			}
		}
	}
}
