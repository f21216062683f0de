package instructions

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
	"polyviz/render"
)

// Options sets up the pages. The zero value draws 1024×768 pages.
type Options struct {
	// Width and Height are the page's size in pixels (PNG and SVG; the
	// PDF's pages keep its shape).
	Width, Height int
}

func (o Options) size() (int, int) {
	w, h := o.Width, o.Height
	if w <= 0 || h <= 0 {
		w, h = 1024, 768
	}
	return min(w, 8192), min(h, 8192)
}

// Faint is the opacity of the pieces already in place on a step's page;
// their colour also keeps only a share fadeKeep of itself, the rest the
// page's, so that the moving pieces stand out in full colour.
const (
	Faint    = 0.45
	fadeKeep = 0.6
)

// page is one page laid out: texts, the pictures and where they go, the
// arrow; each output (PNG, SVG, PDF) draws it its own way.
type page struct {
	w, h    int
	heading string // "Step 3 of 9", "Pieces"
	title   string // the puzzle and solution
	caption string
	note    string
	pics    []picture
	// arrow from (x0, y0) to (x1, y1) in page pixels, when set
	arrow          bool
	x0, y0, x1, y1 float64
	// moving names the highlighted pieces (SVG metadata)
	moving []string
}

// picture is a rendering placed on the page, with a label under it.
type picture struct {
	img   *image.NRGBA
	at    image.Point
	label string
}

// bands returns the heights of the heading and of the caption band. On a
// page too short for their least sizes both shrink in proportion, so the
// picture keeps at least half the page (--size goes down to 1x1).
func bands(h int) (head, foot int) {
	head, foot = max(28, h/11), max(44, h/7)
	if sum := head + foot; 2*sum > h {
		head, foot = h*head/(2*sum), h*foot/(2*sum)
	}
	return head, foot
}

// layout lays out page p (0: the piece list; k: step k).
func (s *Sheet) layout(ctx context.Context, r *render.Renderer, p int, opt Options) (*page, error) {
	if p < 0 || p >= s.Pages() {
		return nil, fmt.Errorf("page %d of %d", p+1, s.Pages())
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	w, h := opt.size()
	if p == 0 {
		return s.pieceListPage(ctx, r, w, h)
	}
	st := s.Steps[p-1]
	n := len(s.Packing.Pieces)
	out := func(i int) bool { return i < 0 || i >= n }
	if len(st.Before) != n || slices.ContainsFunc(st.Shown, out) || slices.ContainsFunc(st.Moving, out) {
		return nil, fmt.Errorf("%w: step %d names pieces the packing does not have", ErrIncomplete, p)
	}
	return s.stepPage(r, st, w, h), nil
}

// pieceListPage draws each different piece in a tile, with its name and
// count, under the note that says how the steps were found.
func (s *Sheet) pieceListPage(ctx context.Context, r *render.Renderer, w, h int) (*page, error) {
	head, foot := bands(h)
	total := 0
	for _, k := range s.Kinds {
		total += k.Count
	}
	pg := &page{w: w, h: h, title: s.Title, note: s.Note,
		heading: fmt.Sprintf("Pieces: %d, %d different", total, len(s.Kinds)),
		caption: fmt.Sprintf("Then %d steps, one a page.", len(s.Steps))}
	n := len(s.Kinds)
	areaH := h - head - foot
	cols, tile := 1, 0
	for c := 1; c <= n; c++ {
		rows := (n + c - 1) / c
		if t := min(w/c, areaH/rows); t > tile {
			cols, tile = c, t
		}
	}
	rows := (n + cols - 1) / cols
	x0 := (w - cols*tile) / 2
	y0 := head + (areaH-rows*tile)/2
	label := max(14, tile/6)
	for k, kind := range s.Kinds {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if kind.Piece < 0 || kind.Piece >= len(s.Packing.Pieces) {
			return nil, fmt.Errorf("%w: the piece list names piece %d of %d", ErrBadKinds, kind.Piece, len(s.Packing.Pieces))
		}
		pc := s.Packing.Pieces[kind.Piece]
		pc.Offset, pc.Opacity = mgl64.Vec3{}, 1
		sc := &render.Scene{Pieces: []render.Piece{pc}, Grid: s.Packing.Grid, BoxStyle: render.BoxHidden}
		side := max(8, tile-label)
		img := cloneImage(r.Render(sc, s.camera(sc, side, side), side, side))
		text := kind.Name
		if kind.Count > 1 {
			text = fmt.Sprintf("%s ×%d", kind.Name, kind.Count)
		}
		pg.pics = append(pg.pics, picture{img: img, label: text,
			at: image.Pt(x0+(k%cols)*tile+(tile-side)/2, y0+(k/cols)*tile)})
	}
	return pg, nil
}

// stepPage draws a step: the pieces it shows where they are at its start,
// the moving ones in their colours and the rest faint, and an arrow from
// the moving pieces to where the step takes them.
func (s *Sheet) stepPage(r *render.Renderer, st Step, w, h int) *page {
	head, foot := bands(h)
	pg := &page{w: w, h: h, title: s.Title, caption: st.Caption,
		heading: fmt.Sprintf("Step %d of %d", st.Number, len(s.Steps))}
	if st.Number == len(s.Steps) {
		pg.note = "Done: the last step completes the puzzle."
	}
	sc, fit := s.stepScene(st)
	sh := max(1, h-head-foot) // an image encodes only with a height
	cam := s.camera(fit, w, sh)
	img := cloneImage(r.Render(sc, cam, w, sh))
	pg.pics = []picture{{img: img, at: image.Pt(0, head)}}
	names := pieceNames(s.Packing)
	for _, i := range st.Moving {
		pg.moving = append(pg.moving, names[i])
	}
	if st.Move.Len() > 1e-9 {
		a := s.centre(st.Moving, st.Before)
		b := a.Add(st.Move)
		x0, y0, _, ok0 := cam.Project(a, w, sh)
		x1, y1, _, ok1 := cam.Project(b, w, sh)
		if ok0 && ok1 && math.Hypot(x1-x0, y1-y0) > 12 {
			pg.arrow = true
			pg.x0, pg.y0, pg.x1, pg.y1 = x0, y0+float64(head), x1, y1+float64(head)
		}
	}
	return pg
}

// stepScene returns the scene a step shows and the one its camera frames
// (the moving pieces both where they start and where they end).
func (s *Sheet) stepScene(st Step) (show, fit *render.Scene) {
	show = &render.Scene{Grid: s.Packing.Grid, BoxStyle: render.BoxHidden}
	if st.Box && len(s.Packing.Box) > 0 {
		show.Box, show.BoxStyle = s.Packing.Box, render.BoxGhost
	}
	for _, i := range st.Shown {
		pc := s.Packing.Pieces[i]
		pc.Offset, pc.Opacity = st.Before[i], 1
		if !contains(st.Moving, i) {
			pc.Color = fade(pc.Color, fadeKeep)
			pc.Opacity = Faint
		}
		show.Pieces = append(show.Pieces, pc)
	}
	if st.Box && s.Planar && s.Packing.Grid != nil && len(s.Packing.Box) > 0 {
		// a grid draws no box: the board as a faint grey piece under the rest
		board := render.Piece{Cells: s.Packing.Box, Color: boardColor, Opacity: 0.35}
		show.Pieces = append([]render.Piece{board}, show.Pieces...)
	}
	fit = &render.Scene{Box: show.Box, BoxStyle: show.BoxStyle, Grid: show.Grid, Pieces: append([]render.Piece(nil), show.Pieces...)}
	for _, i := range st.Moving {
		pc := s.Packing.Pieces[i]
		pc.Offset = st.Before[i].Add(st.Move)
		fit.Pieces = append(fit.Pieces, pc)
	}
	if s.Mode == ByLayers {
		// the whole packing in every frame, so that the pieces stay put from
		// page to page
		fit.Pieces = append(fit.Pieces, s.Packing.Pieces...)
	}
	return show, fit
}

// boardColor is a grid board's colour under the pieces (BoxColor's grey).
var boardColor = render.DefaultBoxColor

// camera frames a scene in a w×h picture: from above for a board, from the
// front right above otherwise.
func (s *Sheet) camera(sc *render.Scene, w, h int) render.Camera {
	return render.FitCameraSize(sc, s.Planar, w, h)
}

// centre is the mean of the centres of the cells of the pieces idx, at
// offsets off, in world units.
func (s *Sheet) centre(idx []int, off []mgl64.Vec3) mgl64.Vec3 {
	var sum mgl64.Vec3
	n := 0
	for _, i := range idx {
		for _, c := range s.Packing.Pieces[i].Cells {
			sum = sum.Add(cellCentre(s.Packing.Grid, c)).Add(off[i])
			n++
		}
	}
	if n == 0 {
		return sum
	}
	return sum.Mul(1 / float64(n))
}

func cellCentre(g *geometry.Grid, c geometry.Cell) mgl64.Vec3 {
	if g != nil {
		w := g.WorldCentre(c)
		return mgl64.Vec3{w[0], w[1], w[2]}
	}
	return mgl64.Vec3{float64(c.X) + 0.5, float64(c.Y) + 0.5, float64(c.Z) + 0.5}
}

func contains(s []int, i int) bool {
	for _, v := range s {
		if v == i {
			return true
		}
	}
	return false
}

// fade moves c toward the page's colour, keeping a share k of it.
func fade(c color.NRGBA, k float64) color.NRGBA {
	bg := render.DefaultBackground
	mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a)*k + float64(b)*(1-k))) }
	return color.NRGBA{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B), 0xff}
}

// cloneImage copies a renderer's image, which its next call overwrites.
func cloneImage(img *image.NRGBA) *image.NRGBA {
	out := *img
	out.Pix = append([]uint8(nil), img.Pix...)
	return &out
}
