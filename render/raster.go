package render

import (
	"encoding/binary"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// vertex is a point in screen space: pixel coordinates (x right, y down) and
// NDC depth z (smaller is nearer), which is affine in x and y over a plane.
type vertex struct{ x, y, z float64 }

// maxPoly is the most vertices a clipped quad can have.
const maxPoly = 8

// clipVertex returns p in clip space.
func (r *Renderer) clipVertex(p mgl64.Vec3) mgl64.Vec4 {
	return r.mvp.Mul4x1(p.Vec4(1))
}

// toScreen divides a clip-space point by w and maps it to pixels.
func (r *Renderer) toScreen(c mgl64.Vec4) vertex {
	iw := 1 / c[3]
	return vertex{
		x: (c[0]*iw + 1) / 2 * float64(r.w),
		y: (1 - c[1]*iw) / 2 * float64(r.h),
		z: c[2] * iw,
	}
}

// nearDist is the signed distance of a clip-space point to the near plane
// (z = -w), positive in front of it.
func nearDist(c mgl64.Vec4) float64 { return c[2] + c[3] }

// projectQuad projects the quad's corners into out, clipped against the near
// plane, and returns the number of vertices (0 when the quad is entirely
// behind it).
func (r *Renderer) projectQuad(q *quad, out *[maxPoly]vertex) int {
	var in [4]mgl64.Vec4
	inside := 0
	for k, p := range q.corners {
		in[k] = r.clipVertex(p)
		if nearDist(in[k]) >= 0 {
			inside++
		}
	}
	if inside == 4 {
		for k := range in {
			out[k] = r.toScreen(in[k])
		}
		return 4
	}
	// clip the polygon against the near plane (Sutherland-Hodgman)
	n := 0
	for k := range in {
		a, b := in[k], in[(k+1)%4]
		da, db := nearDist(a), nearDist(b)
		if da >= 0 {
			out[n] = r.toScreen(a)
			n++
		}
		if (da >= 0) != (db >= 0) {
			t := da / (da - db)
			out[n] = r.toScreen(a.Add(b.Sub(a).Mul(t)))
			n++
		}
	}
	return n
}

// fillQuad fills the quad with the packed colour c, testing and (when opaque)
// writing the z-buffer; alpha < 1 blends c over the pixels instead. Bias is
// added to the quad's depth before the test (positive: farther).
func (r *Renderer) fillQuad(q *quad, c uint32, alpha, bias float32) {
	var poly [maxPoly]vertex
	n := r.projectQuad(q, &poly)
	if n >= 3 {
		r.fillPolygon(poly[:n], c, alpha, bias)
	}
}

// fillPolygon fills a convex polygon in screen space.
//
// A pixel is covered when its centre is inside the polygon, with edges taken
// half-open (top-left rule) and each edge's crossing computed from its
// endpoints in a fixed order, so two faces sharing an edge cover every pixel
// along it exactly once: no cracks, no double blending. Depth is the plane
// through the vertices, evaluated at each pixel centre, plus bias.
//
// Two faces in one plane get depths that differ by rounding only (each is
// fitted to its own vertices), so between them the z-buffer decides pixel
// by pixel, at random: a caller that draws coplanar faces gives the one
// that must lose a bias.
func (r *Renderer) fillPolygon(p []vertex, c uint32, alpha, bias float32) {
	pl, ok := newDepthPlane(p)
	if !ok {
		return // edge-on, degenerate or not finite
	}
	j0 := max(0, ceilInt(pl.ymin-0.5))
	j1 := min(r.h, ceilInt(pl.ymax-0.5))
	for j := j0; j < j1; j++ {
		i0, i1, z0, dz := pl.span(p, j, r.w)
		if i0 >= i1 {
			continue
		}
		z0 += bias
		row := j * r.w
		zb := r.zbuf[row+i0 : row+i1]
		pix := r.img.Pix[4*(row+i0) : 4*(row+i1)]
		if alpha >= 1 {
			fillSpan(zb, pix, z0, dz, c)
		} else {
			blendSpan(zb, pix, z0, dz, c, alpha)
		}
	}
}

// depthPlane is a screen-space polygon's depth as a plane,
// z = zc + ax·(x-xc) + ay·(y-yc), and its vertical extent.
type depthPlane struct {
	xc, yc, zc, ax, ay float64
	ymin, ymax         float64
}

// newDepthPlane fits the depth plane of a convex polygon by Newell's
// method; ok is false when the polygon is edge-on, degenerate or not finite.
func newDepthPlane(p []vertex) (pl depthPlane, ok bool) {
	var nx, ny, nz, xc, yc, zc float64
	ymin, ymax := math.Inf(1), math.Inf(-1)
	for k := range p {
		a, b := p[k], p[(k+1)%len(p)]
		nx += (a.y - b.y) * (a.z + b.z)
		ny += (a.z - b.z) * (a.x + b.x)
		nz += (a.x - b.x) * (a.y + b.y)
		xc, yc, zc = xc+a.x, yc+a.y, zc+a.z
		ymin, ymax = math.Min(ymin, a.y), math.Max(ymax, a.y)
	}
	if !(math.Abs(nz) > 1e-9) || math.IsInf(nz, 0) {
		return pl, false
	}
	inv := 1 / float64(len(p))
	return depthPlane{
		xc: xc * inv, yc: yc * inv, zc: zc * inv, ax: -nx / nz, ay: -ny / nz,
		ymin: ymin, ymax: ymax,
	}, true
}

// span returns the pixels [i0, i1) of row j (clipped to 0..w) whose centres
// the polygon p covers, and the depth at pixel i0's centre and its step per
// pixel. Edges are half-open (the top-left rule), each edge's crossing
// computed from its endpoints in a fixed order.
func (pl *depthPlane) span(p []vertex, j, w int) (i0, i1 int, z0, dz float32) {
	// the row's span [xl, xr) at the pixel centres' height
	yr := float64(j) + 0.5
	xl, xr := math.Inf(1), math.Inf(-1)
	for k := range p {
		a, b := p[k], p[(k+1)%len(p)]
		if a.y > b.y || (a.y == b.y && a.x > b.x) {
			a, b = b, a
		}
		if a.y <= yr && yr < b.y {
			x := a.x + (yr-a.y)*(b.x-a.x)/(b.y-a.y)
			xl, xr = math.Min(xl, x), math.Max(xr, x)
		}
	}
	i0 = max(0, ceilInt(xl-0.5))
	i1 = min(w, ceilInt(xr-0.5))
	if i0 >= i1 {
		return i0, i1, 0, 0
	}
	z0 = float32(pl.zc + pl.ax*(float64(i0)+0.5-pl.xc) + pl.ay*(yr-pl.yc))
	return i0, i1, z0, float32(pl.ax)
}

// fillSpan writes colour c and depth to every pixel of a row span whose
// depth is nearer than the z-buffer's.
func fillSpan(zb []float32, pix []uint8, z0, dz float32, c uint32) {
	pix = pix[:4*len(zb)]
	for k := range zb {
		z := z0 + dz*float32(k)
		if z < zb[k] {
			zb[k] = z
			binary.LittleEndian.PutUint32(pix[4*k:], c)
		}
	}
}

// blendSpan blends colour c with opacity alpha over every pixel of a row
// span nearer than the z-buffer, leaving the z-buffer alone.
func blendSpan(zb []float32, pix []uint8, z0, dz float32, c uint32, alpha float32) {
	pix = pix[:4*len(zb)]
	a := uint32(alpha*256 + 0.5)
	cr, cg, cb := c&0xff, c>>8&0xff, c>>16&0xff
	for k := range zb {
		z := z0 + dz*float32(k)
		if z < zb[k] {
			px := pix[4*k : 4*k+3]
			px[0] = uint8((uint32(px[0])*(256-a) + cr*a) >> 8)
			px[1] = uint8((uint32(px[1])*(256-a) + cg*a) >> 8)
			px[2] = uint8((uint32(px[2])*(256-a) + cb*a) >> 8)
		}
	}
}

// ceilInt returns ⌈x⌉ as an int, saturating far outside the image.
func ceilInt(x float64) int {
	switch {
	case x > 1<<30:
		return 1 << 30
	case x < -(1 << 30):
		return -(1 << 30)
	case x != x:
		return 0
	}
	return int(math.Ceil(x))
}

// floorInt returns ⌊x⌋ as an int, saturating far outside the image.
func floorInt(x float64) int {
	switch {
	case x > 1<<30:
		return 1 << 30
	case x < -(1 << 30):
		return -(1 << 30)
	case x != x:
		return 0
	}
	return int(math.Floor(x))
}
