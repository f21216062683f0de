package backend

import (
	"strings"
	"testing"

	"polyviz/editor"
	"polyviz/render"
)

// motionSpec has one-sided F and F', a fixed L and a free X.
const motionSpec = `| F and its mirror image, one-sided
[0-9][0-5]
F 10 20 01 11 12
F' 10 00 21 11 12
L 00 01 02 03 13
X 10 01 11 21 12
| one-sided F F'
| fixed L
`

// TestPiecesShowMotion: the window's puzzle carries each piece's motion
// and only the orientations it allows; the panel's notes name the pieces
// of each motion; the editor opens them with their motions, and BurrTools'
// format refuses them with the reason.
func TestPiecesShowMotion(t *testing.T) {
	p, err := New().Load("motion.txt", []byte(motionSpec))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		motion  string
		orients int
		places  int
	}{
		"F": {"one-sided", 4, 4 * 8 * 4}, "F'": {"one-sided", 4, 4 * 8 * 4},
		"L": {"fixed", 1, 9 * 3}, "X": {"", 1, 8 * 4},
	}
	for _, pc := range p.Pieces {
		w := want[pc.Name]
		if pc.Motion != w.motion || len(pc.Orientations) != w.orients || pc.Placements != w.places {
			t.Errorf("%s: %q, %d orientations, %d places; want %q, %d, %d", pc.Name, pc.Motion, len(pc.Orientations), pc.Placements, w.motion, w.orients, w.places)
		}
	}
	notes := strings.Join(p.Restrictions, "\n")
	for _, s := range []string{"one-sided (rotations only, never turned over): F F'", "fixed (kept as drawn, never turned): L"} {
		if !strings.Contains(notes, s) {
			t.Errorf("notes %q lack %q", notes, s)
		}
	}

	src, err := editSource(p)
	if err != nil {
		t.Fatal(err)
	}
	d, err := editor.FromSource(src)
	if err != nil {
		t.Fatal(err)
	}
	if d.Pieces[0].Motion != editor.OneSided || d.Pieces[2].Motion != editor.Fixed || d.Pieces[3].Motion != editor.Free {
		t.Errorf("editor opens the pieces as %+v", d.Pieces)
	}
	// the orientation sheet of a one-sided F shows its 4 rotations, not
	// the 8 images of a free piece
	sheet, err := orientationSheet(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	four := render.OrientationSheet(p.Pieces[0].Orientations, render.SheetOptions{Name: "F", Planar: true})
	eight := render.SheetFromShape(p.Pieces[0].Orientations[0], true, render.SheetOptions{Name: "F"})
	if sheet.Bounds() != four.Bounds() || sheet.Bounds() == eight.Bounds() {
		t.Errorf("sheet of the one-sided F is %v; 4 images make %v, 8 make %v", sheet.Bounds(), four.Bounds(), eight.Bounds())
	}
	if _, err := saveXMPuzzle(nil, nil, d); err == nil || !strings.Contains(err.Error(), "piece F is one-sided") {
		t.Errorf("saving one-sided pieces as .xmpuzzle: %v", err)
	}
}

// TestAllOneSidedNote: a whole one-sided set is said in one line.
func TestAllOneSidedNote(t *testing.T) {
	p, err := New().Load("all.txt", []byte("[0-4]0\nI 00 10\nJ 00 10 20\n| one-sided\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Restrictions) != 1 || p.Restrictions[0] != "All 2 pieces one-sided: rotations only, never turned over." {
		t.Errorf("notes %q", p.Restrictions)
	}
}
