package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// SheetOptions sets up an orientation sheet. The zero value is usable.
type SheetOptions struct {
	// Name is the piece's name, shown in the title.
	Name string
	// Planar draws flat pieces from straight above.
	Planar bool
	// Color is the piece's colour (default PieceColor(0, 1)).
	Color color.NRGBA
	// Thumb is the side of each square thumbnail in pixels (default 150).
	Thumb int
	// Columns of the grid (default 6, or 4 for up to 8 images).
	Columns int
	// Style of the thumbnails.
	Style Style
	// Lattice is the grid of a flat piece for WriteSheetSVG: nil or
	// geometry.Squares() for squares (8 images), geometry.Triangles() or
	// geometry.Hexagons() for 12 images, the lattice's Group.
	Lattice *geometry.Lattice
	// Grid, when set, is the BurrTools grid the images are on (see
	// GridSheet): they are normalized and drawn on it.
	Grid *geometry.Grid
}

// Sheet layout, in pixels.
const (
	sheetMargin = 12
	sheetTitle  = 34 // height of the title band
	sheetLabel  = 20 // height of the label under each thumbnail
	sheetGap    = 8
)

// fade is how far a duplicate orientation's colours move towards the
// background.
const fade = 0.72

// SheetFromShape draws the orientation sheet of a piece: its images under
// geometry.Rotations() (24) or, for a planar piece, geometry.PlaneSymmetries()
// (8), in that order.
func SheetFromShape(shape geometry.Shape, planar bool, opt SheetOptions) *image.NRGBA {
	ts := geometry.Rotations()
	if planar {
		ts = geometry.PlaneSymmetries()
	}
	images, _ := geometry.OrientationImages(shape, ts, planar)
	opt.Planar = planar
	return OrientationSheet(images, opt)
}

// GridSheet draws the orientation sheet of a piece on one of BurrTools'
// other grids: its images under the grid's rotations (geometry.Grid), those
// that land on the grid, in order (12 for prisms, 24 for the rhombic and
// tetra-octa grids; for spheres the cube's 24 and those of BurrTools' 96
// extra turns that keep the piece on the grid), repeats faded.
func GridSheet(g *geometry.Grid, shape geometry.Shape, opt SheetOptions) *image.NRGBA {
	var images []geometry.Shape
	for k := 0; k < g.NumRotations(); k++ {
		if o, ok := g.Orient(k, shape); ok {
			images = append(images, o)
		}
	}
	opt.Grid, opt.Planar = g, false
	return OrientationSheet(images, opt)
}

// DistinctImages reports for each shape whether it differs, once both are
// normalized, from every shape before it.
func DistinctImages(images []geometry.Shape) []bool {
	return distinctImages(images, func(s geometry.Shape) geometry.Shape { return geometry.NewShape(s...).Normalize() })
}

// distinctImages is DistinctImages with the given normalization (a grid's:
// a shift of cells need not be a translation of the grid).
func distinctImages(images []geometry.Shape, normalize func(geometry.Shape) geometry.Shape) []bool {
	norm := make([]geometry.Shape, len(images))
	distinct := make([]bool, len(images))
	for i, s := range images {
		norm[i] = normalize(s)
		distinct[i] = true
		for j := range i {
			if norm[j].Equal(norm[i]) {
				distinct[i] = false
				break
			}
		}
	}
	return distinct
}

// OrientationSheet draws every image of a piece (its orientations, duplicates
// included, as produced by applying each transform in turn) in a labelled
// grid: an image that differs (after normalizing) from every earlier one in
// full colour, labelled with its number; a repeat faded, labelled "k = j"
// with the number of the first image it equals. The title gives the count
// of distinct orientations. All thumbnails share one camera and one scale,
// so the turns can be compared.
func OrientationSheet(images []geometry.Shape, opt SheetOptions) *image.NRGBA {
	n := len(images)
	thumb := opt.Thumb
	if thumb <= 0 {
		thumb = 150
	}
	thumb = min(thumb, 2048)
	cols := opt.Columns
	if cols <= 0 {
		cols = 6
		if n <= 8 {
			cols = 4
		}
	}
	cols = max(1, min(cols, max(n, 1)))
	rows := (n + cols - 1) / cols
	colour := opt.Color
	if colour == (color.NRGBA{}) {
		colour = PieceColor(0, 1)
	}
	st := opt.Style.withDefaults(thumb)

	// the sheet and its title
	cellW, cellH := thumb, thumb+sheetLabel
	w := 2*sheetMargin + cols*cellW + (cols-1)*sheetGap
	h := sheetMargin + sheetTitle + rows*cellH + max(rows-1, 0)*sheetGap + sheetMargin
	sheet := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(sheet, sheet.Bounds(), image.NewUniform(st.Background), image.Point{}, draw.Src)
	normalize := func(s geometry.Shape) geometry.Shape { return geometry.NewShape(s...).Normalize() }
	if opt.Grid != nil {
		normalize = opt.Grid.Normalize
	}
	distinct := distinctImages(images, normalize)
	count := 0
	for _, d := range distinct {
		if d {
			count++
		}
	}
	title := fmt.Sprintf("%d distinct orientations of %d", count, n)
	if count == 1 {
		title = fmt.Sprintf("1 distinct orientation of %d", n)
	}
	if opt.Name != "" {
		title = opt.Name + ": " + title
	}
	drawText(sheet, newFace(boldFont(), 20), sheetMargin, sheetMargin+22, st.Outline, title)

	// one camera for all: fitted to a cube as large as the largest extent
	size := 1
	for _, s := range images {
		sz := geometry.Shape(s).Size()
		size = max(size, sz.X, sz.Y, sz.Z)
	}
	cam := Camera{Yaw: DefaultYaw, Pitch: DefaultPitch}
	if opt.Planar {
		cam = Camera{Pitch: 90, Ortho: true}
	}
	fit := float64(size)
	if opt.Grid != nil {
		fit = 0
		for _, s := range images {
			sc := Scene{Grid: opt.Grid, Pieces: []Piece{{Cells: s}}}
			if lo, hi, ok := sc.Bounds(); ok {
				fit = max(fit, hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2])
			}
		}
	}
	cam = cam.Fit(mgl64.Vec3{}, mgl64.Vec3{fit, fit, fit})
	if opt.Planar {
		cam = cam.Fit(mgl64.Vec3{}, mgl64.Vec3{fit, fit, 1})
	}

	// the thumbnails
	r := Renderer{Style: opt.Style}
	faded := Renderer{Style: opt.Style}
	faded.Style.Outline = fadeColor(st.Outline, st.Background, fade)
	faded.Style.Background = st.Background
	pale := fadeColor(colour, st.Background, fade)
	label := newFace(regularFont(), 13)
	scene := Scene{BoxStyle: BoxHidden, Pieces: make([]Piece, 1), Grid: opt.Grid}
	first := 0
	for i, s := range images {
		x0 := sheetMargin + (i%cols)*(cellW+sheetGap)
		y0 := sheetMargin + sheetTitle + (i/cols)*(cellH+sheetGap)
		norm := normalize(s)
		lo, hi := norm.Bounds()
		c := cam
		c.Target = mgl64.Vec3{float64(lo.X+hi.X+1) / 2, float64(lo.Y+hi.Y+1) / 2, float64(lo.Z+hi.Z+1) / 2}
		scene.Pieces[0] = Piece{Cells: norm, Color: colour}
		if opt.Grid != nil {
			wlo, whi, _ := scene.Bounds()
			c.Target = wlo.Add(whi).Mul(0.5)
		}
		text, textColour, rr := fmt.Sprint(i+1), st.Outline, &r
		if !distinct[i] {
			scene.Pieces[0].Color, rr = pale, &faded
			for first = range i {
				if normalize(images[first]).Equal(norm) {
					break
				}
			}
			text, textColour = fmt.Sprintf("%d = %d", i+1, first+1), st.BoxEdge
		}
		img := rr.Render(&scene, c, thumb, thumb)
		draw.Draw(sheet, image.Rect(x0, y0, x0+thumb, y0+thumb), img, image.Point{}, draw.Src)
		drawTextCentred(sheet, label, x0+thumb/2, y0+thumb+14, textColour, text)
	}
	return sheet
}

// fadeColor returns c moved towards bg by the fraction t.
func fadeColor(c, bg color.NRGBA, t float64) color.NRGBA {
	mix := func(a, b uint8) uint8 { return uint8(float64(a)*(1-t) + float64(b)*t + 0.5) }
	return color.NRGBA{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B), 0xff}
}
