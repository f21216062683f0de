package render

import (
	"encoding/binary"
	"image"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"golang.org/x/image/font"
)

// maxDim bounds the image size Render accepts on each axis.
const maxDim = 1 << 14

// Renderer draws scenes into framebuffers it keeps between calls, so that a
// window redrawing at 60 frames a second makes no garbage. A Renderer is not
// safe for concurrent use; the zero Renderer is ready.
type Renderer struct {
	// Style is the look of every image this renderer draws.
	Style Style

	img      *image.NRGBA
	zbuf     []float32 // NDC depth per pixel, smaller is nearer
	inkBox   []uint8   // coverage of the box's edges and grid
	inkPiece []uint8   // coverage of the pieces' outlines
	inkJoin  []uint8   // coverage of the join marks (joins.go)

	set      cellSet
	solid    cellSet // cells of the opaque pieces that are not moved
	quads    []quad
	edges    []edge
	trans    []int      // indices of translucent quads
	depth    []float64  // per translucent quad, its sort key
	shades   []uint32   // per piece and face direction, the lit colour
	alphas   []float32  // per piece, its opacity
	lightDir mgl64.Vec3 // towards the light, this frame
	faces    map[faceKey]font.Face

	// per frame
	st           Style
	w, h         int
	mvp          mgl64.Mat4
	eye, forward mgl64.Vec3
	ortho        bool
	eps          float32
	hw           float64 // half the outline width
	inkX0, inkY0 int     // bounding box of the ink drawn, inclusive
	inkX1, inkY1 int
}

// NewRenderer returns a Renderer with the default style.
func NewRenderer() *Renderer { return &Renderer{} }

// Render draws the scene as seen by cam into a new w×h image (see
// Renderer.Render).
func Render(s *Scene, cam Camera, w, h int) *image.NRGBA {
	var r Renderer
	return r.Render(s, cam, w, h)
}

// Render draws the scene as seen by cam into a w×h image and returns it. The
// image belongs to r and is overwritten by the next call; copy it to keep it.
// Sizes are clamped to 0..16384; a nil scene gives the background.
//
// The pipeline: clear the framebuffers; turn the scene into faces; light
// every piece for this camera; fill the opaque faces with the z-buffer
// (the box's far walls as a ghost); blend the translucent faces far to near;
// draw the outlines, skipping the parts the z-buffer hides; composite the
// outlines onto the faces; write the labels where their faces show. The
// same input always gives the same pixels.
func (r *Renderer) Render(s *Scene, cam Camera, w, h int) *image.NRGBA {
	w, h = min(max(w, 0), maxDim), min(max(h, 0), maxDim)
	r.resize(w, h)
	r.st = r.Style.withDefaults(min(w, h))
	r.hw = r.st.LineWidth / 2

	// clear
	fillPixels(r.img.Pix, packNRGBA(r.st.Background))
	fillFloat32(r.zbuf, float32(math.Inf(1)))
	r.clearInk()
	if w == 0 || h == 0 || s == nil {
		return r.img
	}

	// faces
	r.buildQuads(s)
	if len(r.quads) == 0 {
		return r.img
	}

	// camera and light
	r.setCamera(s, cam)
	r.light(s, cam)

	// opaque faces
	r.trans = r.trans[:0]
	for i := range r.quads {
		q := &r.quads[i]
		switch {
		case q.owner < 0 && q.free && r.facing(q) > 0:
			r.fillQuad(q, q.shade, 1, 0) // a grid's board (BoxBoard)
		case q.owner < 0 || r.facing(q) <= 0:
		case r.alphas[q.owner] < 1:
			r.trans = append(r.trans, i)
		default:
			r.fillQuad(q, r.quadShade(q), 1, 0)
		}
	}

	// the ghost box's far walls, behind the pieces: a backdrop, so a piece
	// pushed out of the box with a face in a wall's plane (the exploded
	// view) shows that face whole rather than speckled with the wall, as
	// the rounding of two equal depths would have it
	if s.boxStyle() == BoxGhost {
		for i := range r.quads {
			if q := &r.quads[i]; q.owner < 0 && r.facing(q) < 0 {
				r.fillQuad(q, r.boxShade(q), 1, r.eps*wallBias)
			}
		}
	}

	// translucent faces, far to near
	r.sortTranslucent()
	for _, i := range r.trans {
		q := &r.quads[i]
		r.fillQuad(q, r.quadShade(q), r.alphas[q.owner], 0)
	}

	// outlines
	r.collectEdges(s.boxStyle())
	for i := range r.edges {
		e := &r.edges[i]
		ink := r.inkPiece
		if e.box {
			ink = r.inkBox
		}
		r.drawEdge(ink, e.a, e.b, e.strength)
	}

	// composite, then the labels on top
	r.composite()
	r.drawJoins(s)
	r.drawLabels(s)
	return r.img
}

// wallBias is the ghost walls' depth bias as a share of the outlines' depth
// tolerance r.eps (0.04 world units at the far plane): 0.004 world units,
// far above the rounding of float32 depths (a few units in the last place,
// even with the near plane pulled in close) and far below anything seen.
const wallBias = 0.1

// resize makes the framebuffers w×h.
func (r *Renderer) resize(w, h int) {
	r.w, r.h = w, h
	if r.img != nil && r.img.Rect.Dx() == w && r.img.Rect.Dy() == h {
		return
	}
	n := w * h
	r.img = image.NewNRGBA(image.Rect(0, 0, w, h))
	r.zbuf = slices.Grow(r.zbuf[:0], n)[:n]
	r.inkBox = slices.Grow(r.inkBox[:0], n)[:n]
	r.inkPiece = slices.Grow(r.inkPiece[:0], n)[:n]
	clear(r.inkBox)
	clear(r.inkPiece)
	r.inkX0, r.inkY0, r.inkX1, r.inkY1 = 0, 0, w-1, h-1
}

// clearInk zeroes the part of the ink buffers the last frame drew on.
func (r *Renderer) clearInk() {
	if r.inkX1 >= r.inkX0 && r.inkY1 >= r.inkY0 {
		for y := r.inkY0; y <= r.inkY1; y++ {
			row := y * r.w
			clear(r.inkBox[row+r.inkX0 : row+r.inkX1+1])
			clear(r.inkPiece[row+r.inkX0 : row+r.inkX1+1])
		}
	}
	r.inkX0, r.inkY0, r.inkX1, r.inkY1 = r.w, r.h, -1, -1
}

// buildQuads turns the box and the pieces into faces.
func (r *Renderer) buildQuads(s *Scene) {
	r.quads = r.quads[:0]
	if s.Grid != nil {
		r.buildGridQuads(s)
		return
	}
	if s.BoxStyle != BoxHidden && len(s.Box) > 0 {
		r.set.reset(s.Box)
		r.quads = appendFaces(r.quads, r.set, nil, mgl64.Vec3{}, -1)
	}
	r.solid = r.solid[:0]
	for i := range s.Pieces {
		if p := &s.Pieces[i]; p.opaque() && p.Offset == (mgl64.Vec3{}) {
			r.solid = append(r.solid, p.Cells...)
		}
	}
	r.solid.reset(r.solid)
	for i := range s.Pieces {
		p := &s.Pieces[i]
		if !finite3(p.Offset) {
			continue
		}
		r.set.reset(p.Cells)
		solid := r.solid
		if p.Offset != (mgl64.Vec3{}) {
			solid = nil
		}
		r.quads = appendFaces(r.quads, r.set, solid, p.Offset, int32(i))
	}
}

// setCamera computes the view-projection matrix, with near and far planes
// just around the scene, and the depth tolerance of the outlines.
func (r *Renderer) setCamera(s *Scene, cam Camera) {
	lo, hi, _ := s.Bounds()
	centre := lo.Add(hi).Mul(0.5)
	radius := hi.Sub(lo).Len()/2 + 1e-3
	if !finiteCam(cam) {
		cam = FitCamera(s, false)
	}
	_, _, r.forward = cam.Basis()
	r.eye = cam.Eye()
	r.ortho = cam.Ortho
	dc := centre.Sub(r.eye).Dot(r.forward)
	near, far := dc-radius*1.01, dc+radius*1.01
	if !cam.Ortho {
		near = math.Max(near, 1e-3*math.Max(radius, 1))
		far = math.Max(far, near*2)
	}
	r.mvp = cam.Projection(r.w, r.h, near, far).Mul4(cam.View())
	// NDC depth of a step of epsWorld at the far plane, where it is smallest
	const epsWorld = 0.04
	if cam.Ortho {
		r.eps = float32(2 * epsWorld / (far - near))
	} else {
		r.eps = float32(2 * near * epsWorld / ((far - near) * far))
	}
}

func finite3(v mgl64.Vec3) bool {
	return !math.IsNaN(v[0]+v[1]+v[2]) && !math.IsInf(v[0]+v[1]+v[2], 0)
}

func finiteCam(c Camera) bool {
	x := c.Yaw + c.Pitch + c.Distance + c.FOV + c.Target[0] + c.Target[1] + c.Target[2]
	return !math.IsNaN(x) && !math.IsInf(x, 0)
}

// light computes the colour of each piece's faces in each of the six
// directions: ambient light plus a directional light from above left of
// the viewer, fixed to the camera so every view is lit alike.
func (r *Renderer) light(s *Scene, cam Camera) {
	right, up, forward := cam.Basis()
	l := right.Mul(-0.35).Add(up.Mul(0.6)).Sub(forward.Mul(0.72)).Normalize()
	var k [6]float64
	for d, f := range faceDirs {
		n := mgl64.Vec3{float64(f.n.X), float64(f.n.Y), float64(f.n.Z)}
		k[d] = r.st.Ambient + (1-r.st.Ambient)*math.Max(0, n.Dot(l))
	}
	r.shades = r.shades[:0]
	r.alphas = r.alphas[:0]
	for i := range s.Pieces {
		for d := range 6 {
			r.shades = append(r.shades, shade(s.Pieces[i].Color, k[d]))
		}
		r.alphas = append(r.alphas, float32(s.Pieces[i].alpha()))
	}
	r.lightDir = l
	if s.Grid != nil {
		r.shadeGridQuads(s)
	}
	// the ghost box is seen from inside: light its walls by the inward
	// normal, softly
	for d := range 6 {
		r.shades = append(r.shades, shade(r.st.BoxColor, 0.88+0.12*k[d^1]))
	}
}

// boxShade returns the ghost colour of a box wall.
func (r *Renderer) boxShade(q *quad) uint32 {
	return r.shades[len(r.shades)-6+int(q.normal)]
}

// facing returns a positive number when the quad faces the camera, negative
// when it faces away and 0 when it is seen edge-on.
func (r *Renderer) facing(q *quad) float64 {
	f := faceDirs[q.normal].n
	n := mgl64.Vec3{float64(f.X), float64(f.Y), float64(f.Z)}
	if q.free {
		n = q.nrm
	}
	if r.ortho {
		return -n.Dot(r.forward)
	}
	return n.Dot(r.eye.Sub(q.corners[0]))
}

// sortTranslucent orders the translucent quads far to near by their centres.
func (r *Renderer) sortTranslucent() {
	if len(r.trans) == 0 {
		return
	}
	r.depth = slices.Grow(r.depth[:0], len(r.quads))[:len(r.quads)]
	for _, i := range r.trans {
		q := &r.quads[i]
		c := q.corners[0].Add(q.corners[2]).Mul(0.5)
		r.depth[i] = c.Sub(r.eye).Dot(r.forward)
	}
	slices.SortStableFunc(r.trans, func(a, b int) int {
		switch {
		case r.depth[a] > r.depth[b]:
			return -1
		case r.depth[a] < r.depth[b]:
			return 1
		}
		return 0
	})
}

// fillPixels sets every pixel of pix to the packed colour c, by doubling.
func fillPixels(pix []uint8, c uint32) {
	if len(pix) < 4 {
		return
	}
	binary.LittleEndian.PutUint32(pix, c)
	for n := 4; n < len(pix); n *= 2 {
		copy(pix[n:], pix[:n])
	}
}

// fillFloat32 sets every element of s to v, by doubling.
func fillFloat32(s []float32, v float32) {
	if len(s) == 0 {
		return
	}
	s[0] = v
	for n := 1; n < len(s); n *= 2 {
		copy(s[n:], s[:n])
	}
}
