package render

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestPickMatchesRender renders scenes and picks every pixel: where the
// image shows a piece's own face colour (not an outline, a blend or the
// box), Pick must name that piece, and where it shows the background, no
// piece at all.
func TestPickMatchesRender(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	soma := packingScene(somaPacking, 3, 3, 3)
	exploded := packingScene(somaPacking, 3, 3, 3)
	for i := range exploded.Pieces {
		c := mgl64.Vec3{}
		for _, p := range exploded.Pieces[i].Cells {
			c = c.Add(mgl64.Vec3{float64(p.X) - 1, float64(p.Y) - 1, float64(p.Z) - 1})
		}
		exploded.Pieces[i].Offset = c.Mul(0.6 / float64(len(exploded.Pieces[i].Cells)))
	}
	bedlam := packingScene(bedlamPacking, 4, 4, 4)
	bedlam.Pieces[3].Opacity = 0.5 // a translucent piece is picked where it is in front
	tests := []struct {
		name   string
		scene  *Scene
		planar bool
		cam    func(Camera) Camera
	}{
		{"soma", soma, false, nil},
		{"soma-exploded", exploded, false, nil},
		{"soma-below", soma, false, func(c Camera) Camera { c.Pitch = -40; c.Yaw = 200; return c }},
		{"soma-close", soma, false, func(c Camera) Camera { c.Distance *= 0.45; return c }},
		{"bedlam", bedlam, false, nil},
		{"pentomino-6x10", packingScene(pentomino6x10Packing, 10, 6, 1), true, nil},
	}
	const w, h = 160, 120
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cam := FitCameraSize(tc.scene, tc.planar, w, h)
			if tc.cam != nil {
				cam = tc.cam(cam)
			}
			var r Renderer
			img := r.Render(tc.scene, cam, w, h)
			// the lit colours of each opaque piece; a colour two pieces
			// share names neither
			owner := map[uint32]int{}
			for i := range tc.scene.Pieces {
				if !tc.scene.Pieces[i].opaque() {
					continue
				}
				for d := range 6 {
					c := r.shades[6*i+d]
					if o, dup := owner[c]; dup && o != i {
						owner[c] = -1
					} else {
						owner[c] = i
					}
				}
			}
			bg := packNRGBA(r.st.Background)
			var pick Renderer
			checked, onPiece := 0, 0
			// every third pixel of every third row: enough, and quick
			for y := 1; y < h; y += 3 {
				for x := 1; x < w; x += 3 {
					px := img.Pix[img.PixOffset(x, y):]
					c := pack(px[0], px[1], px[2], px[3])
					got, ok := pick.Pick(tc.scene, cam, w, h, x, y)
					if c == bg {
						checked++
						if ok {
							t.Fatalf("pixel (%d,%d) shows the background, Pick says piece %d", x, y, got)
						}
						continue
					}
					want, known := owner[c]
					if !known || want < 0 {
						continue // an outline, a blend, the box or a shared colour
					}
					checked++
					onPiece++
					if !ok || got != want {
						t.Fatalf("pixel (%d,%d) shows piece %d, Pick says %d (ok %v)", x, y, want, got, ok)
					}
				}
			}
			if onPiece < w*h/9/20 {
				t.Fatalf("only %d pixels checked on pieces (of %d checked): the test checks nothing", onPiece, checked)
			}
		})
	}
}

func TestPickTranslucentInFront(t *testing.T) {
	// two cubes one behind the other along the view: the front one, though
	// translucent, is what a click there means
	s := &Scene{BoxStyle: BoxHidden, Pieces: []Piece{
		{Name: "back", Cells: cells("000"), Color: PieceColor(0, 2)},
		{Name: "front", Cells: cells("000"), Offset: mgl64.Vec3{0, 0, 3}, Color: PieceColor(1, 2), Opacity: 0.4},
	}}
	cam := Camera{Pitch: 90}.FitScene(s, 100, 100)
	if got, ok := Pick(s, cam, 100, 100, 50, 50); !ok || got != 1 {
		t.Fatalf("Pick from above = %d, %v; want the front cube 1", got, ok)
	}
	cam = Camera{Pitch: -90}.FitScene(s, 100, 100)
	if got, ok := Pick(s, cam, 100, 100, 50, 50); !ok || got != 0 {
		t.Fatalf("Pick from below = %d, %v; want the back cube 0", got, ok)
	}
	for _, xy := range [][2]int{{-1, 5}, {5, 100}, {0, 0}} {
		if got, ok := Pick(s, cam, 100, 100, xy[0], xy[1]); ok {
			t.Errorf("Pick(%v) = %d, want nothing", xy, got)
		}
	}
	if _, ok := Pick(nil, cam, 100, 100, 50, 50); ok {
		t.Error("Pick of a nil scene found a piece")
	}
}
