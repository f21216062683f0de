package render

import (
	"bytes"
	"context"
	"errors"
	"image/gif"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

func TestAssemblyOrder(t *testing.T) {
	// a tower of three one-cube pieces given top first, and a piece beside
	s := &Scene{Pieces: []Piece{
		{Cells: []geometry.Cell{{Z: 2}}},
		{Cells: []geometry.Cell{{Z: 1}}},
		{Cells: []geometry.Cell{{X: 1, Z: 1}, {X: 1}}},
		{Cells: []geometry.Cell{{}}},
	}}
	got := assemblyOrder(s, false)
	want := []int{2, 3, 1, 0} // lowest first; nothing is dropped through
	if !slicesEqual(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	// every Soma piece lands with nothing of a later piece beneath it
	soma := packingScene(somaPacking, 3, 3, 3)
	order := assemblyOrder(soma, false)
	placed := map[geometry.Cell]bool{}
	for _, i := range order {
		for _, c := range soma.Pieces[i].Cells {
			for z := c.Z + 1; z < 3; z++ {
				if placed[geometry.Cell{X: c.X, Y: c.Y, Z: z}] {
					t.Errorf("piece %s falls through a placed cube", soma.Pieces[i].Name)
				}
			}
		}
		for _, c := range soma.Pieces[i].Cells {
			placed[c] = true
		}
	}
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestAssemblyAt(t *testing.T) {
	for _, planar := range []bool{false, true} {
		s := packingScene(somaPacking, 3, 3, 3)
		if planar {
			s = packingScene(pentomino6x10Packing, 10, 6, 1)
		}
		a := NewAssembly(s, planar)
		var sc Scene
		if n := len(a.At(0, &sc).Pieces); n != 0 {
			t.Errorf("planar %v: %d pieces at the start", planar, n)
		}
		mid := a.At(a.Lead+a.Flight/3, &sc)
		if len(mid.Pieces) != 1 || mid.Pieces[0].Offset == (mgl64.Vec3{}) {
			t.Errorf("planar %v: the first piece is not in flight: %+v", planar, mid.Pieces)
		}
		end := a.At(a.Duration(), &sc)
		if len(end.Pieces) != len(s.Pieces) {
			t.Fatalf("planar %v: %d pieces at the end, want %d", planar, len(end.Pieces), len(s.Pieces))
		}
		for _, p := range end.Pieces {
			if p.Offset != (mgl64.Vec3{}) {
				t.Errorf("planar %v: piece %s not in place at the end", planar, p.Name)
			}
		}
	}
}

func TestWriteGIF(t *testing.T) {
	s := packingScene(somaPacking, 3, 3, 3)
	a := NewAssembly(s, false)
	var buf bytes.Buffer
	cam := FitCameraSize(s, false, 64, 48)
	if err := WriteGIF(context.Background(), &buf, a, cam, GIFOptions{Width: 64, Height: 48, FPS: 10}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) < 10 || g.Config.Width != 64 || g.Config.Height != 48 {
		t.Errorf("%d frames of %dx%d", len(g.Image), g.Config.Width, g.Config.Height)
	}
	total := 0
	for _, d := range g.Delay {
		total += d
	}
	if want := int(a.Duration() * 100); total < want {
		t.Errorf("animation lasts %d cs, want at least %d", total, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := WriteGIF(ctx, &buf, a, cam, GIFOptions{Width: 64, Height: 48}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

func TestPathAssembly(t *testing.T) {
	// two dominoes: b comes in from above (+z 2 reversed), then both
	// slide together 1 along x into place
	s := &Scene{Pieces: []Piece{
		{Name: "a", Cells: []geometry.Cell{{}, {X: 1}}},
		{Name: "b", Cells: []geometry.Cell{{Y: 1}, {X: 1, Y: 1}}},
	}}
	path := []Step{
		{Pieces: []int{1}, Dir: mgl64.Vec3{0, 0, -1}, Dist: 2, Enter: true},
		{Pieces: []int{0, 1}, Dir: mgl64.Vec3{1, 0, 0}, Dist: 1},
	}
	a := NewPathAssembly(s, false, path)
	var sc Scene
	start := a.At(0, &sc)
	if len(start.Pieces) != 1 || start.Pieces[0].Name != "a" || start.Pieces[0].Offset != (mgl64.Vec3{-1, 0, 0}) {
		t.Errorf("at the start: %+v, want a alone at -x", start.Pieces)
	}
	mid := a.At(a.timing[0].at+a.timing[0].dur/2, &sc)
	if len(mid.Pieces) != 2 || mid.Pieces[1].Offset.Sub(mgl64.Vec3{-1, 0, 1}).Len() > 1e-9 {
		t.Errorf("half way down: %+v, want b at (-1, 0, 1)", mid.Pieces)
	}
	end := a.At(a.Duration(), &sc)
	for _, p := range end.Pieces {
		if p.Offset != (mgl64.Vec3{}) {
			t.Errorf("piece %s not in place at the end: %v", p.Name, p.Offset)
		}
	}
	if len(end.Pieces) != 2 {
		t.Errorf("%d pieces at the end", len(end.Pieces))
	}
	if fly := NewPathAssembly(s, false, nil); fly.Path != nil || len(fly.Order) != 2 {
		t.Errorf("an empty path does not give the fly-in")
	}
}
