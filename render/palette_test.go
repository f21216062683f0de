package render

import (
	"image/color"
	"math"
	"testing"

	colorful "github.com/lucasb-eyer/go-colorful"
)

// generatePalette picks n colours greedily, each the candidate farthest (in
// CIEDE2000) from all those picked before: a farthest-point sequence, so
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
			dist[i] = math.Min(dist[i], c.DistanceCIEDE2000(p))
		}
	}
	return out
}

func TestPaletteTable(t *testing.T) {
	for i, c := range generatePalette(len(pieceColors)) {
		r, g, b := c.RGB255()
		if want := (color.NRGBA{r, g, b, 255}); pieceColors[i] != want {
			t.Errorf("pieceColors[%d] = %v, generatePalette gives %v", i, pieceColors[i], want)
		}
	}
}

func TestPaletteSpread(t *testing.T) {
	// the smallest CIEDE2000 difference among the first n colours
	for _, tc := range []struct {
		n   int
		min float64
	}{{7, 25}, {13, 18}, {30, 12.5}} {
		least := math.Inf(1)
		for i := range tc.n {
			a, _ := colorful.MakeColor(PieceColor(i, tc.n))
			for j := range i {
				b, _ := colorful.MakeColor(PieceColor(j, tc.n))
				least = math.Min(least, 100*a.DistanceCIEDE2000(b))
			}
		}
		if least < tc.min {
			t.Errorf("%d colours: least difference %.1f ΔE, want at least %.1f", tc.n, least, tc.min)
		}
	}
}
