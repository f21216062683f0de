package instructions

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lucasb-eyer/go-colorful"

	"polyviz/assets"
	"polyviz/burrtools"
	"polyviz/disassembly"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/render"
	"polyviz/solver"
)

// slowUnderRace skips a test that solves a puzzle and draws its pages
// under the race detector (TestTwoBars runs there).
func slowUnderRace(t *testing.T) {
	if raceEnabled {
		t.Skip("solving and drawing are slow under the race detector; the plain pass runs this")
	}
}

// firstPacking returns the first solution of a loaded puzzle as a scene,
// its pieces in BurrTools' order, and the kind of each.
func firstPacking(t testing.TB, l *puzzle.Loaded) (*render.Scene, []int) {
	t.Helper()
	p := l.Puzzle
	pl := p.Placements()
	var opts []int
	_, err := solver.Solve(context.Background(), l.Problem, solver.Options{Workers: 1, MaxSolutions: 1}, func(s solver.Solution) bool {
		opts = slices.Clone(s.Options)
		return false
	})
	if err != nil || opts == nil {
		t.Fatalf("no solution: %v", err)
	}
	var kinds []int
	var shapes []geometry.Shape
	for _, o := range opts {
		kinds = append(kinds, pl[o].Piece)
		shapes = append(shapes, geometry.NewShape(pl[o].Cells...))
	}
	order := disassembly.BurrToolsOrder(kinds, shapes)
	s := &render.Scene{Box: p.Box, Grid: p.Solids()}
	var sorted []int
	for _, i := range order {
		k := kinds[i]
		s.Pieces = append(s.Pieces, render.Piece{Name: p.Pieces[k].Name, Cells: shapes[i], Color: render.PieceColor(k, len(p.Pieces))})
		sorted = append(sorted, k)
	}
	return s, sorted
}

func library(t testing.TB, name string) *puzzle.Loaded {
	t.Helper()
	e, ok := assets.Lookup(name)
	if !ok {
		t.Fatalf("no puzzle %s", name)
	}
	l, err := puzzle.Load(name, e.Data(), puzzle.FormatAuto)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// moveSheet builds the instructions of a packing from its disassembly.
func moveSheet(t testing.TB, s *render.Scene, kinds []int, planar bool) (*Sheet, disassembly.Result) {
	t.Helper()
	shapes := make([]geometry.Shape, len(s.Pieces))
	for i, p := range s.Pieces {
		shapes[i] = geometry.NewShape(p.Cells...)
	}
	r, err := disassembly.Disassemble(context.Background(), shapes, disassembly.Options{Planar: planar})
	if err != nil || !r.Separates() {
		t.Fatalf("disassembly: %v %v", r.Status, err)
	}
	sheet, err := Build(Input{Title: "test", Packing: s, Kinds: kinds, Disassembly: &r})
	if err != nil {
		t.Fatal(err)
	}
	return sheet, r
}

// TestSomaSteps: the Soma cube's first solution comes apart one piece a
// move (level 1), so its instructions are a start and six moves in: seven
// steps, one for each piece, each piece highlighted in exactly one.
func TestSomaSteps(t *testing.T) {
	slowUnderRace(t)
	s, kinds := firstPacking(t, library(t, "soma"))
	sheet, r := moveSheet(t, s, kinds, false)
	if sheet.Mode != ByMoves || r.LevelString() != "1" {
		t.Fatalf("mode %v level %s", sheet.Mode, r.LevelString())
	}
	if len(sheet.Steps) != 7 || len(r.Moves) != 6 || sheet.Pages() != 8 {
		t.Fatalf("%d steps for %d moves, %d pages; want 7, 6, 8", len(sheet.Steps), len(r.Moves), sheet.Pages())
	}
	moved := map[int]int{}
	for k, st := range sheet.Steps {
		if st.Number != k+1 || len(st.Moving) != 1 {
			t.Errorf("step %d: number %d, moving %v", k+1, st.Number, st.Moving)
		}
		moved[st.Moving[0]]++
		if len(st.Shown) != k+1 {
			t.Errorf("step %d shows %d pieces, want %d", k+1, len(st.Shown), k+1)
		}
	}
	for i := range s.Pieces {
		if moved[i] != 1 {
			t.Errorf("piece %s is moved in %d steps", s.Pieces[i].Name, moved[i])
		}
	}
	if !strings.HasPrefix(sheet.Steps[0].Caption, "Start with piece") || !strings.HasPrefix(sheet.Steps[1].Caption, "Bring in piece") {
		t.Errorf("captions %q, %q", sheet.Steps[0].Caption, sheet.Steps[1].Caption)
	}
	if len(sheet.Kinds) != 7 {
		t.Errorf("%d kinds, want 7", len(sheet.Kinds))
	}
}

// TestMissingStepFails: Check finds a step left out, anywhere, and a
// piece taken off a step's page.
func TestMissingStepFails(t *testing.T) {
	slowUnderRace(t)
	s, kinds := firstPacking(t, library(t, "soma"))
	sheet, _ := moveSheet(t, s, kinds, false)
	for k := range sheet.Steps {
		cut := *sheet
		cut.Steps = slices.Delete(slices.Clone(sheet.Steps), k, k+1)
		if err := cut.Check(); !errors.Is(err, ErrIncomplete) {
			t.Errorf("without step %d: %v, want ErrIncomplete", k+1, err)
		}
	}
	cut := *sheet
	cut.Steps = slices.Clone(sheet.Steps)
	last := &cut.Steps[len(cut.Steps)-1]
	last.Shown = last.Shown[:len(last.Shown)-1]
	if err := cut.Check(); err == nil {
		t.Error("a piece left off the last step passes")
	}
}

// TestBurrSubassembly: BurrTools' AlPackino comes apart at level
// 1.1.1.1.1.2.1.3.1.2.1.2 in 17 moves, some of groups of pieces inside
// parts that came out. Every move is a step, the steps replay to the
// packing, and each group begins with a start step.
func TestBurrSubassembly(t *testing.T) {
	slowUnderRace(t)
	data, err := os.ReadFile("../cli/testdata/burrtools/AlPackino.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	l, err := burrtools.Load("AlPackino.xmpuzzle", data, puzzle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s, kinds := firstPacking(t, l)
	sheet, r := moveSheet(t, s, kinds, false)
	if r.LevelString() != "1.1.1.1.1.2.1.3.1.2.1.2" || len(r.Moves) != 17 {
		t.Fatalf("level %s, %d moves; want 1.1.1.1.1.2.1.3.1.2.1.2, 17", r.LevelString(), len(r.Moves))
	}
	groups := 0
	for _, m := range r.Moves {
		if len(m.Pieces) > 1 {
			groups++
		}
	}
	if groups == 0 {
		t.Error("no move of a group: the test lost its point")
	}
	starts := 0
	for _, st := range sheet.Steps {
		if st.Move.Len() == 0 {
			starts++
		}
	}
	if len(sheet.Steps) != len(r.Moves)+starts || starts < 1 {
		t.Errorf("%d steps, %d moves, %d starts", len(sheet.Steps), len(r.Moves), starts)
	}
	if n := len(sheet.Steps[len(sheet.Steps)-1].Shown); n != len(s.Pieces) {
		t.Errorf("last step shows %d of %d pieces", n, len(s.Pieces))
	}
	// the pages of the first moves, where groups move together
	for p := 1; p <= min(4, len(sheet.Steps)); p++ {
		checkPage(t, sheet, p)
	}
}

// TestBoardByLayers: a pentomino board has no disassembly: one piece a
// step, every piece once, from the left.
func TestBoardByLayers(t *testing.T) {
	slowUnderRace(t)
	s, kinds := firstPacking(t, library(t, "pentomino-6x10"))
	sheet, err := Build(Input{Packing: s, Planar: true, Kinds: kinds, Note: "A board."})
	if err != nil {
		t.Fatal(err)
	}
	if sheet.Mode != ByLayers || len(sheet.Steps) != 12 {
		t.Fatalf("mode %v, %d steps; want by layers, 12", sheet.Mode, len(sheet.Steps))
	}
	seen := map[int]bool{}
	prevX := -1
	for _, st := range sheet.Steps {
		i := st.Moving[0]
		seen[i] = true
		lo, _ := geometry.NewShape(s.Pieces[i].Cells...).Bounds()
		if lo.X < prevX {
			t.Errorf("step %d starts at x=%d, left of the step before (%d)", st.Number, lo.X, prevX)
		}
		prevX = lo.X
	}
	if len(seen) != 12 {
		t.Errorf("%d pieces placed, want 12", len(seen))
	}
	for p := range sheet.Pages() {
		checkPage(t, sheet, p)
	}
}

// TestBoxByLayers: a 3D packing by layer goes bottom up: a piece is put in
// over a piece still to come only when every piece left lies over another
// (they interlock, and no order drops them all straight in).
func TestBoxByLayers(t *testing.T) {
	slowUnderRace(t)
	s, kinds := firstPacking(t, library(t, "pentacube-2x5x6"))
	sheet, err := Build(Input{Packing: s, Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	if sheet.Mode != ByLayers || len(sheet.Steps) != 12 {
		t.Fatalf("mode %v, %d steps", sheet.Mode, len(sheet.Steps))
	}
	over := func(i, j int) bool { // a cell of j lies under one of i
		for _, c := range s.Pieces[i].Cells {
			for _, d := range s.Pieces[j].Cells {
				if c.X == d.X && c.Y == d.Y && d.Z < c.Z {
					return true
				}
			}
		}
		return false
	}
	blocked := func(i int, left []Step) bool {
		for _, st := range left {
			if st.Moving[0] != i && over(i, st.Moving[0]) {
				return true
			}
		}
		return false
	}
	for k, st := range sheet.Steps {
		if !strings.HasPrefix(st.Caption, "Layer ") || st.Move.Z() >= 0 {
			t.Errorf("step %d: caption %q, move %v", k+1, st.Caption, st.Move)
		}
		left := sheet.Steps[k:]
		if blocked(st.Moving[0], left) && slices.ContainsFunc(left, func(o Step) bool { return !blocked(o.Moving[0], left) }) {
			t.Errorf("step %d puts %s over a piece still to come, though another could go first", k+1, s.Pieces[st.Moving[0]].Name)
		}
	}
	checkPage(t, sheet, 3)
}

// linear maps a byte of sRGB to linear light.
var linear = func() (t [256]float64) {
	for i := range t {
		r, _, _ := colorful.Color{R: float64(i) / 255}.LinearRgb()
		t[i] = r
	}
	return t
}()

// matches reports whether a pixel is colour c lit by some factor (the
// renderer shades a face by scaling its colour in linear light).
func matches(p, c color.NRGBA) bool {
	pl := [3]float64{linear[p.R], linear[p.G], linear[p.B]}
	cl := [3]float64{linear[c.R], linear[c.G], linear[c.B]}
	k := (pl[0] + pl[1] + pl[2]) / (cl[0] + cl[1] + cl[2] + 1e-9)
	if k < 0.3 || k > 1.05 {
		return false
	}
	for i := range 3 {
		if math.Abs(pl[i]-k*cl[i]) > 0.025 {
			return false
		}
	}
	return true
}

func count(img *image.NRGBA, c color.NRGBA) int {
	n := 0
	for _, m := range shades(img, c) {
		n += m
	}
	return n
}

// shades counts the pixels of colour c by how brightly they are lit (in
// steps of 0.04): each face of a piece facing one way is one shade, so the
// number of shades with enough pixels is the number of sides of it seen.
func shades(img *image.NRGBA, c color.NRGBA) map[int]int {
	out := map[int]int{}
	cl := linear[c.R] + linear[c.G] + linear[c.B]
	for y := range img.Bounds().Dy() {
		for x := range img.Bounds().Dx() {
			if p := img.NRGBAAt(x, y); matches(p, c) {
				k := (linear[p.R] + linear[p.G] + linear[p.B]) / cl
				out[int(math.Round(k/0.04))]++
			}
		}
	}
	return out
}

// sides is the number of shades of c that each cover a tenth of its
// pixels: the faces, not the anti-aliased edges (ink blends into the
// colour as a darker shade of it).
func sides(img *image.NRGBA, c color.NRGBA) int {
	sh := shades(img, c)
	total := 0
	for _, m := range sh {
		total += m
	}
	n := 0
	for _, m := range sh {
		if m*10 >= total {
			n++
		}
	}
	return n
}

// checkPage draws page p small and checks its colours: on the piece list,
// every kind's colour; on a step, the moving pieces in full colour and no
// trace of a piece not yet brought in.
func checkPage(t *testing.T, sheet *Sheet, p int) {
	t.Helper()
	img, err := sheet.Page(context.Background(), p, Options{Width: 320, Height: 240})
	if err != nil {
		t.Fatal(err)
	}
	checkPixels(t, sheet, p, img)
}

func checkPixels(t *testing.T, sheet *Sheet, p int, img *image.NRGBA) {
	t.Helper()
	const least = 40 // pixels of a piece's colour that say it is drawn
	if p == 0 {
		for _, k := range sheet.Kinds {
			if n := count(img, sheet.Packing.Pieces[k.Piece].Color); n < least {
				t.Errorf("piece list: piece %s has %d pixels of its colour", k.Name, n)
			}
		}
		return
	}
	st := sheet.Steps[p-1]
	for _, i := range st.Moving {
		c := sheet.Packing.Pieces[i].Color
		if n := count(img, c); n < least {
			t.Errorf("step %d: moving piece %s has %d pixels of its colour, want at least %d", p, sheet.Packing.Pieces[i].Name, n, least)
		}
		// seen from above at an angle, a piece shows its top and a side
		if n := sides(img, c); !sheet.Planar && sheet.Packing.Grid == nil && n < 2 {
			t.Errorf("step %d: moving piece %s shows %d lit sides, want at least 2 (%v)", p, sheet.Packing.Pieces[i].Name, n, shades(img, c))
		}
	}
	for i, pc := range sheet.Packing.Pieces {
		if slices.Contains(st.Shown, i) || slices.ContainsFunc(st.Moving, func(j int) bool { return sheet.Packing.Pieces[j].Color == pc.Color }) {
			continue
		}
		if n := count(img, pc.Color); n > 3 {
			t.Errorf("step %d: piece %s, not shown, has %d pixels of its colour", p, pc.Name, n)
		}
	}
}

// TestStepPagesHighlight draws every page of the Soma sheet and checks
// the highlight; the same check fails on a page drawn without the moving
// piece.
func TestStepPagesHighlight(t *testing.T) {
	slowUnderRace(t)
	s, kinds := firstPacking(t, library(t, "soma"))
	sheet, _ := moveSheet(t, s, kinds, false)
	for p := range sheet.Pages() {
		checkPage(t, sheet, p)
	}
	// the check itself: a page whose moving piece went missing fails it
	broken := *sheet
	broken.Steps = slices.Clone(sheet.Steps)
	st := &broken.Steps[2]
	st.Shown = slices.DeleteFunc(slices.Clone(st.Shown), func(i int) bool { return i == st.Moving[0] })
	img, err := broken.Page(context.Background(), 3, Options{Width: 320, Height: 240})
	if err != nil {
		t.Fatal(err)
	}
	if n := count(img, s.Pieces[st.Moving[0]].Color); n >= 40 {
		t.Errorf("a page without its moving piece still has %d pixels of its colour", n)
	}
}

// svgPage is what the tests read back of an SVG page.
type svgPage struct {
	Page   int `xml:"data-page,attr"`
	Groups []struct {
		Class  string `xml:"class,attr"`
		Step   int    `xml:"data-step,attr"`
		Moving string `xml:"data-moving,attr"`
		Images []struct {
			Href string `xml:"href,attr"`
		} `xml:"image"`
		Paths []struct {
			Class string `xml:"class,attr"`
		} `xml:"path"`
	} `xml:"g"`
	Texts []struct {
		Class string `xml:"class,attr"`
		Text  string `xml:",chardata"`
	} `xml:"text"`
}

// TestSVGPages writes the Soma sheet as SVG files and reads every page
// back: its step, its moving piece by name, the arrow of a move, and the
// embedded picture with the moving piece in its colour.
func TestSVGPages(t *testing.T) {
	slowUnderRace(t)
	s, kinds := firstPacking(t, library(t, "soma"))
	sheet, _ := moveSheet(t, s, kinds, false)
	dir := t.TempDir()
	files, err := sheet.Write(context.Background(), SVG, filepath.Join(dir, "soma.svg"), Options{Width: 320, Height: 240}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 8 || filepath.Base(files[0]) != "soma-01.svg" {
		t.Fatalf("files %v", files)
	}
	for p, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var pg svgPage
		if err := xml.Unmarshal(data, &pg); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if pg.Page != p+1 || len(pg.Groups) != 1 {
			t.Fatalf("%s: page %d, %d groups", f, pg.Page, len(pg.Groups))
		}
		g := pg.Groups[0]
		var heading string
		for _, tx := range pg.Texts {
			if tx.Class == "heading" {
				heading = tx.Text
			}
		}
		if p == 0 {
			if g.Class != "pieces" || len(g.Images) != len(sheet.Kinds) {
				t.Errorf("piece list: class %q, %d pictures", g.Class, len(g.Images))
			}
			continue
		}
		st := sheet.Steps[p-1]
		if g.Class != "step" || g.Step != p || heading != "Step "+strconv.Itoa(p)+" of 7" {
			t.Errorf("%s: class %q step %d heading %q", f, g.Class, g.Step, heading)
		}
		if want := s.Pieces[st.Moving[0]].Name; g.Moving != want {
			t.Errorf("%s: moving %q, want %q", f, g.Moving, want)
		}
		arrows := 0
		for _, path := range g.Paths {
			if path.Class == "arrow" {
				arrows++
			}
		}
		if want := 1; st.Move.Len() > 0 && arrows != want {
			t.Errorf("%s: %d arrows, want %d", f, arrows, want)
		}
		if len(g.Images) != 1 {
			t.Fatalf("%s: %d pictures", f, len(g.Images))
		}
		b64, ok := strings.CutPrefix(g.Images[0].Href, "data:image/png;base64,")
		raw, err := base64.StdEncoding.DecodeString(b64)
		if !ok || err != nil {
			t.Fatalf("%s: picture not an embedded PNG: %v", f, err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		full := image.NewNRGBA(image.Rect(0, 0, 320, 240))
		for y := range img.Bounds().Dy() {
			for x := range img.Bounds().Dx() {
				full.Set(x, y, img.At(x, y))
			}
		}
		checkPixels(t, sheet, p, full)
	}
}

// pdfPages reads back the page count of a PDF: the page objects, and the
// /Count of the page tree, which must agree.
func pdfPages(t *testing.T, data []byte) int {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("%PDF-")) || !bytes.Contains(data[max(0, len(data)-32):], []byte("%%EOF")) {
		t.Fatal("not a PDF")
	}
	pages := len(regexp.MustCompile(`/Type /Page\b[^s]`).FindAll(data, -1))
	m := regexp.MustCompile(`/Type /Pages\s*/Kids \[[^\]]*\]\s*/Count (\d+)`).FindSubmatch(data)
	if m == nil {
		m = regexp.MustCompile(`/Count (\d+)`).FindSubmatch(data)
	}
	if m == nil {
		t.Fatal("no page tree")
	}
	n, _ := strconv.Atoi(string(m[1]))
	if n != pages {
		t.Fatalf("page tree counts %d pages, %d page objects", n, pages)
	}
	return n
}

// TestPDF: one page for the piece list and one a step.
func TestPDF(t *testing.T) {
	slowUnderRace(t)
	s, kinds := firstPacking(t, library(t, "soma"))
	sheet, _ := moveSheet(t, s, kinds, false)
	var a bytes.Buffer
	calls := 0
	if err := sheet.WritePDF(context.Background(), &a, Options{Width: 320, Height: 240}, func(done, total int) { calls++ }); err != nil {
		t.Fatal(err)
	}
	if n := pdfPages(t, a.Bytes()); n != 8 || calls != 8 {
		t.Errorf("%d pages, %d progress calls; want 8", n, calls)
	}
	// a step left out gives a page fewer: the count follows the steps
	cut := *sheet
	cut.Steps = sheet.Steps[:len(sheet.Steps)-1]
	var c bytes.Buffer
	if err := cut.WritePDF(context.Background(), &c, Options{Width: 320, Height: 240}, nil); err != nil {
		t.Fatal(err)
	}
	if n := pdfPages(t, c.Bytes()); n != 7 {
		t.Errorf("%d pages, want 7", n)
	}
}

// TestBadInput: clear errors, never a panic.
func TestBadInput(t *testing.T) {
	slowUnderRace(t)
	s, kinds := firstPacking(t, library(t, "soma"))
	if _, err := Build(Input{}); !errors.Is(err, ErrNoPacking) {
		t.Errorf("no packing: %v", err)
	}
	if _, err := Build(Input{Packing: s, Kinds: kinds[:2]}); !errors.Is(err, ErrBadKinds) {
		t.Errorf("short kinds: %v", err)
	}
	bad := disassembly.Result{Status: disassembly.Apart, Levels: []int{1}, Moves: []disassembly.Move{{Pieces: []int{99}, Dir: geometry.Cell{Z: 1}, Dist: 3, Removal: true}}}
	if _, err := Build(Input{Packing: s, Disassembly: &bad}); !errors.Is(err, ErrBadReplay) {
		t.Errorf("a move of piece 99: %v", err)
	}
	short := disassembly.Result{Status: disassembly.Apart, Levels: []int{1}, Moves: []disassembly.Move{{Pieces: []int{0}, Dir: geometry.Cell{Z: 1}, Dist: 3, Removal: true}}}
	if _, err := Build(Input{Packing: s, Disassembly: &short}); !errors.Is(err, ErrBadReplay) {
		t.Errorf("a disassembly that frees one piece of seven: %v", err)
	}
	if _, err := ParseFormat("gif"); !errors.Is(err, ErrBadFormat) {
		t.Errorf("gif: %v", err)
	}
	sheet, err := Build(Input{Packing: s, Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sheet.Page(context.Background(), sheet.Pages(), Options{}); err == nil {
		t.Error("a page past the end draws")
	}
	broken := *sheet
	broken.Steps = slices.Clone(sheet.Steps)
	broken.Steps[0].Moving = []int{len(s.Pieces)}
	if _, err := broken.Page(context.Background(), 1, Options{Width: 64, Height: 48}); !errors.Is(err, ErrIncomplete) {
		t.Errorf("a step moving a piece the packing lacks: %v", err)
	}
	if _, err := sheet.Write(context.Background(), "gif", t.TempDir(), Options{}, nil); !errors.Is(err, ErrBadFormat) {
		t.Errorf("write gif: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sheet.Write(ctx, PNG, t.TempDir(), Options{Width: 64, Height: 48}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		if _, err := sheet.Write(context.Background(), PDF, "/dev/full", Options{Width: 64, Height: 48}, nil); err == nil {
			t.Error("a PDF written to a full disk (/dev/full) reports no error")
		}
	}
}

// TestPagePaths names the pages of a sequence.
func TestPagePaths(t *testing.T) {
	for _, c := range []struct {
		out  string
		f    Format
		n    int
		want string
	}{
		{"out", PNG, 3, "out/page-01.png"},
		{"dir/soma.png", PNG, 3, "dir/soma-01.png"},
		{"dir/soma.svg", PNG, 3, "dir/soma.svg/page-01.png"},
		{"x", SVG, 120, "x/page-001.svg"},
	} {
		if got := PagePaths(c.out, c.f, c.n)[0]; got != c.want {
			t.Errorf("PagePaths(%q, %s, %d)[0] = %q, want %q", c.out, c.f, c.n, got, c.want)
		}
	}
}

// TestTwoBars: two bars side by side, one lifted out: a start and one
// move, drawn small; the one test the race pass runs.
func TestTwoBars(t *testing.T) {
	a := []geometry.Cell{{X: 0}, {X: 1}, {X: 2}}
	b := []geometry.Cell{{X: 0, Y: 1}, {X: 1, Y: 1}, {X: 2, Y: 1}}
	s := &render.Scene{Pieces: []render.Piece{
		{Name: "A", Cells: a, Color: render.PieceColor(0, 2)},
		{Name: "B", Cells: b, Color: render.PieceColor(1, 2)},
	}}
	sheet, r := moveSheet(t, s, nil, false)
	if len(r.Moves) != 1 || len(sheet.Steps) != 2 || sheet.Steps[1].Move.Len() == 0 {
		t.Fatalf("%d moves, %d steps", len(r.Moves), len(sheet.Steps))
	}
	for p := range sheet.Pages() {
		img, err := sheet.Page(context.Background(), p, Options{Width: 160, Height: 120})
		if err != nil {
			t.Fatal(err)
		}
		checkPixels(t, sheet, p, img)
	}
	var buf bytes.Buffer
	if err := sheet.WritePDF(context.Background(), &buf, Options{Width: 160, Height: 120}, nil); err != nil {
		t.Fatal(err)
	}
	if n := pdfPages(t, buf.Bytes()); n != 3 {
		t.Errorf("%d PDF pages, want 3", n)
	}
}
