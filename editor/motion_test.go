package editor_test

import (
	"strings"
	"testing"

	"polyviz/editor"
	"polyviz/puzzle"
)

// motionOf is how ui/backend hands a piece's motion to the editor.
func motionOf(m puzzle.Motion) editor.Motion {
	switch m {
	case puzzle.MotionOneSided:
		return editor.OneSided
	case puzzle.MotionFixed:
		return editor.Fixed
	}
	return editor.Free
}

// oneSidedSpec is a board with F and F' one-sided, L fixed and X free.
const oneSidedSpec = `| F and its mirror image, one-sided
[0-9][0-5]
F 10 20 01 11 12
F' 10 00 21 11 12
L 00 01 02 03 13
X 10 01 11 21 12
| one-sided F F'
| fixed L
`

// TestMotionRoundTrip opens a spec with one-sided and fixed pieces, saves
// it and reads it back: the motions, and so the placements, survive.
func TestMotionRoundTrip(t *testing.T) {
	p, err := puzzle.ParseSpec("m.txt", []byte(oneSidedSpec), true)
	if err != nil {
		t.Fatal(err)
	}
	d, err := editor.FromSource(sourceOf(p))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]editor.Motion{"F": editor.OneSided, "F'": editor.OneSided, "L": editor.Fixed, "X": editor.Free}
	for _, pc := range d.Pieces {
		if pc.Motion != want[pc.Name] {
			t.Errorf("%s opens as %v, want %v", pc.Name, pc.Motion, want[pc.Name])
		}
	}
	spec, err := d.Spec()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"| one-sided F F'\n", "| fixed L\n"} {
		if !strings.Contains(string(spec), line) {
			t.Errorf("saved spec lacks %q:\n%s", line, spec)
		}
	}
	q, err := puzzle.ParseSpec("saved.txt", spec, true)
	if err != nil {
		t.Fatalf("%v\n%s", err, spec)
	}
	if !samePlacements(p, q) {
		t.Errorf("saved spec gives other placements:\n%s", spec)
	}
	back, err := editor.FromSource(sourceOf(q))
	if err != nil || !back.Equal(d) {
		t.Errorf("reading the saved spec back gives another document (%v)", err)
	}
}

// TestSetMotionUndo sets a piece one-sided, then fixed, and undoes both:
// each step changes the spec it saves, and Undo restores every earlier
// document exactly.
func TestSetMotionUndo(t *testing.T) {
	h := editor.NewHistory(editor.New(editor.Squares))
	steps := []editor.Edit{
		editor.SetBox(editor.Cuboid(5, 5, 1)),
		editor.AddPiece("F", editor.Cells(1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 1, 2, 0)),
	}
	for _, e := range steps {
		if err := h.Do(e); err != nil {
			t.Fatal(err)
		}
	}
	free := h.Doc()
	if err := h.Do(editor.SetMotion(0, editor.OneSided)); err != nil {
		t.Fatal(err)
	}
	if h.UndoLabel() != "make piece one-sided" || h.Doc().Pieces[0].Motion != editor.OneSided {
		t.Fatalf("after SetMotion: %q, %v", h.UndoLabel(), h.Doc().Pieces[0].Motion)
	}
	oneSided := h.Doc()
	if err := h.Do(editor.SetMotion(0, editor.Fixed)); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, d := range []editor.Document{free, oneSided, h.Doc()} {
		spec, err := d.Spec()
		if err != nil {
			t.Fatal(err)
		}
		p, err := puzzle.ParseSpec("f.txt", spec, true)
		if err != nil {
			t.Fatalf("%v\n%s", err, spec)
		}
		counts[d.Pieces[0].Motion.String()] = len(p.Placements())
	}
	// F in a 5x5 square: 9 places for each of 8, 4, 1 orientations
	if counts["free"] != 72 || counts["one-sided"] != 36 || counts["fixed"] != 9 {
		t.Errorf("placements by motion: %v, want free 72, one-sided 36, fixed 9", counts)
	}
	h.Undo()
	if !h.Doc().Equal(oneSided) {
		t.Error("Undo does not give the one-sided document back")
	}
	h.Undo()
	if !h.Doc().Equal(free) {
		t.Error("a second Undo does not give the free document back")
	}
	h.Redo()
	if !h.Doc().Equal(oneSided) {
		t.Error("Redo does not make F one-sided again")
	}
}

// TestSetMotionRefused: one-sided means nothing on cubes (a cube piece is
// only turned already), and the piece must exist.
func TestSetMotionRefused(t *testing.T) {
	h := editor.NewHistory(editor.New(editor.Cubes))
	if err := h.Do(editor.AddPiece("A", editor.Cells(0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1))); err != nil {
		t.Fatal(err)
	}
	if err := h.Do(editor.SetMotion(0, editor.OneSided)); err == nil {
		t.Error("one-sided accepted on cubes")
	}
	if err := h.Do(editor.SetMotion(3, editor.Fixed)); err == nil {
		t.Error("a motion for a piece that does not exist was accepted")
	}
	if err := h.Do(editor.SetMotion(0, editor.Fixed)); err != nil {
		t.Errorf("fixed refused on cubes: %v", err)
	}
	if got := editor.Squares.Motions(); len(got) != 3 {
		t.Errorf("a board offers %v", got)
	}
}

// TestSameShapeMotions: the "same shape" check compares the orientations
// the pieces may take: one-sided F and F' are different pieces, free ones
// the same; a free F and a one-sided F differ.
func TestSameShapeMotions(t *testing.T) {
	base := editor.New(editor.Squares)
	base.Box = editor.Cuboid(5, 2, 1)
	f := editor.Cells(1, 0, 0, 2, 0, 0, 0, 1, 0, 1, 1, 0, 1, 2, 0)
	mirror := editor.Cells(1, 0, 0, 0, 0, 0, 2, 1, 0, 1, 1, 0, 1, 2, 0)
	for _, tc := range []struct {
		name   string
		m1, m2 editor.Motion
		same   bool
	}{
		{"free mirror images", editor.Free, editor.Free, true},
		{"one-sided mirror images", editor.OneSided, editor.OneSided, false},
		{"free and one-sided", editor.Free, editor.OneSided, false},
	} {
		d := base
		d.Pieces = []editor.Piece{
			{Name: "F", Min: 1, Max: 1, Cells: f, Motion: tc.m1},
			{Name: "G", Min: 1, Max: 1, Cells: mirror, Motion: tc.m2},
		}
		got := false
		for _, fd := range editor.Check(d) {
			got = got || fd.Kind == "same"
		}
		if got != tc.same {
			t.Errorf("%s: same-shape finding %v, want %v", tc.name, got, tc.same)
		}
	}
}

// TestFitsMotion: a fixed piece fits only as it is drawn.
func TestFitsMotion(t *testing.T) {
	d := editor.New(editor.Squares)
	d.Box = editor.Cuboid(5, 1, 1)
	for _, m := range []editor.Motion{editor.Free, editor.OneSided, editor.Fixed} {
		d.Pieces = []editor.Piece{{Name: "I", Min: 1, Max: 1, Cells: editor.Cuboid(1, 5, 1), Motion: m}}
		fits := true
		for _, fd := range editor.Check(d) {
			fits = fits && fd.Kind != "fits"
		}
		if fits != (m != editor.Fixed) {
			t.Errorf("an upright I, %v, in a 5x1 box: fits %v", m, fits)
		}
	}
}
