package render

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	colorful "github.com/lucasb-eyer/go-colorful"
)

// paletteLights are the light factors litDistance compares faces under:
// a face in full light and one in shade, as the renderer lights them
// (ambient 0.45 up to 1).
var paletteLights = []float64{0.6, 1}

// shadeColor is c lit by the factor k in linear light, as shade does.
func shadeColor(c colorful.Color, k float64) colorful.Color {
	r, g, b := c.LinearRgb()
	return colorful.LinearRgb(math.Min(r*k, 1), math.Min(g*k, 1), math.Min(b*k, 1))
}

// litDistance is how alike two piece colours can look in a picture: the
// least CIEDE2000 difference between a face of one and a face of the
// other, each lit by any of paletteLights. A light colour's shaded face
// can match a darker colour's lit one (L3 and X of the Bedlam cube were
// 18.7 ΔE apart in plain colour, 12.6 so lit), which plain CIEDE2000 does
// not see.
func litDistance(a, b colorful.Color) float64 {
	d := math.Inf(1)
	for _, k1 := range paletteLights {
		for _, k2 := range paletteLights {
			d = math.Min(d, shadeColor(a, k1).DistanceCIEDE2000(shadeColor(b, k2)))
		}
	}
	return d
}

// generatePalette picks n colours greedily, each the candidate farthest (by
// litDistance) from all those picked before: a farthest-point sequence, so
// every prefix is as spread out as the greedy choice allows. Candidates are
// a grid of hue, chroma and lightness in HCL, inside sRGB, light enough for
// dark outlines and saturated enough to read as a colour.
func generatePalette(n int) []colorful.Color {
	var cand []colorful.Color
	for h := 0.0; h < 360; h += 6 {
		for _, c := range []float64{0.3, 0.42, 0.54, 0.66} {
			for _, l := range []float64{0.52, 0.6, 0.68, 0.76, 0.84} {
				col := colorful.Hcl(h, c, l)
				if col.IsValid() {
					cand = append(cand, col)
				}
			}
		}
	}
	// distance to the nearest picked colour, and to the greys the renderer
	// uses (background, box), which pieces must not resemble
	dist := make([]float64, len(cand))
	greys := []colorful.Color{{R: 0.98, G: 0.98, B: 0.97}, {R: 0.89, G: 0.9, B: 0.93}, {R: 0.55, G: 0.58, B: 0.64}}
	for i, c := range cand {
		dist[i] = math.Inf(1)
		for _, g := range greys {
			dist[i] = math.Min(dist[i], c.DistanceCIEDE2000(g))
		}
	}
	start := colorful.Hcl(25, 0.54, 0.68)
	var out []colorful.Color
	for len(out) < n {
		best := 0
		for i := range cand {
			if len(out) == 0 {
				if cand[i].DistanceCIEDE2000(start) < cand[best].DistanceCIEDE2000(start) {
					best = i
				}
			} else if dist[i] > dist[best] {
				best = i
			}
		}
		p := cand[best]
		out = append(out, p)
		for i, c := range cand {
			dist[i] = math.Min(dist[i], litDistance(c, p))
		}
	}
	return out
}

func TestPaletteTable(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	if *update {
		for _, c := range generatePalette(len(pieceColors)) {
			r, g, b := c.RGB255()
			fmt.Printf("\t{0x%02x, 0x%02x, 0x%02x, 0xff},\n", r, g, b)
		}
	}
	for i, c := range generatePalette(len(pieceColors)) {
		r, g, b := c.RGB255()
		if want := (color.NRGBA{r, g, b, 255}); pieceColors[i] != want {
			t.Errorf("pieceColors[%d] = %v, generatePalette gives %v", i, pieceColors[i], want)
		}
	}
}

func TestPaletteSpread(t *testing.T) {
	// the smallest difference among the first n colours, lit (the old
	// palette: 17.6, 12.6 and 3.5) and plain
	for _, tc := range []struct {
		n        int
		lit, min float64
	}{{7, 19.5, 23}, {13, 14.5, 15.5}, {30, 9.5, 10}} {
		least, leastLit := math.Inf(1), math.Inf(1)
		for i := range tc.n {
			a, _ := colorful.MakeColor(PieceColor(i, tc.n))
			for j := range i {
				b, _ := colorful.MakeColor(PieceColor(j, tc.n))
				least = math.Min(least, 100*a.DistanceCIEDE2000(b))
				leastLit = math.Min(leastLit, 100*litDistance(a, b))
			}
		}
		if leastLit < tc.lit || least < tc.min {
			t.Errorf("%d colours: least difference %.1f ΔE lit, %.1f plain; want at least %.1f and %.1f", tc.n, leastLit, least, tc.lit, tc.min)
		}
	}
}

// TestPaletteBedlamPairs: the pieces users saw as nearly one colour (T1,
// L3 and X of the Bedlam cube, pieces 7, 3 and 12 of 13 in its spec's
// order) are far apart now.
func TestPaletteBedlamPairs(t *testing.T) {
	for _, pr := range [][2]int{{3, 7}, {3, 12}, {7, 12}} {
		a, _ := colorful.MakeColor(PieceColor(pr[0], 13))
		b, _ := colorful.MakeColor(PieceColor(pr[1], 13))
		if d := 100 * litDistance(a, b); d < 25 {
			t.Errorf("pieces %d and %d: %.1f ΔE lit, want at least 25", pr[0], pr[1], d)
		}
	}
}
