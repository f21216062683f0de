package render

import (
	"cmp"
	"encoding/binary"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// gridStrength is the coverage of the faint cell grid on the ghost box walls.
const gridStrength = 0.28

// edge is one outline segment to draw, in world space.
type edge struct {
	a, b     mgl64.Vec3 // a before b in lexicographic order
	box      bool       // drawn with the box's ink, else the outline ink
	strength float32    // coverage factor in (0, 1]
}

// cellEdgeStrength is the coverage factor of the edges between the unit
// cubes of a piece (Style.CellEdges): faint beside its outline.
const cellEdgeStrength = 0.3

// collectEdges gathers the outline edges of every quad into r.edges, each
// once: for a piece facing the camera, its silhouette and crease edges; for
// the box, its edges, and the cell grid on the ghost walls. An edge shared by
// two faces is kept once, with the larger strength. With Style.CellEdges,
// the edges between a piece's unit cubes on the faces it shows too, faintly.
func (r *Renderer) collectEdges(style BoxStyle) {
	r.edges = r.edges[:0]
	for i := range r.quads {
		q := &r.quads[i]
		front := r.facing(q) > 0
		strength := float32(1)
		if q.owner >= 0 {
			if !front || (q.edges == 0 && !r.st.CellEdges) {
				continue
			}
			strength = r.alphas[q.owner]
		} else if style == BoxHidden || (style == BoxBoard && !front) {
			continue
		}
		// the faint cell grid: on the ghost's far walls, on a board's faces
		grid := q.owner < 0 && ((style == BoxGhost && !front) || style == BoxBoard)
		cells := q.owner >= 0 && r.st.CellEdges
		for k := range 4 {
			if q.inner&(1<<k) != 0 {
				continue
			}
			e := edge{a: q.corners[k], b: q.corners[(k+1)%4], box: q.owner < 0, strength: strength}
			if q.edges&(1<<k) == 0 {
				switch {
				case grid:
					e.strength = gridStrength
				case cells:
					e.strength = strength * cellEdgeStrength
				default:
					continue
				}
			}
			if compareVec(e.a, e.b) > 0 {
				e.a, e.b = e.b, e.a
			}
			r.edges = append(r.edges, e)
		}
	}
	slices.SortFunc(r.edges, func(x, y edge) int {
		if x.box != y.box {
			if x.box {
				return -1
			}
			return 1
		}
		if c := compareVec(x.a, y.a); c != 0 {
			return c
		}
		if c := compareVec(x.b, y.b); c != 0 {
			return c
		}
		return cmp.Compare(y.strength, x.strength)
	})
	r.edges = slices.CompactFunc(r.edges, func(x, y edge) bool {
		return x.box == y.box && x.a == y.a && x.b == y.b
	})
}

// compareVec orders vectors lexicographically.
func compareVec(a, b mgl64.Vec3) int {
	for k := range 3 {
		if c := cmp.Compare(a[k], b[k]); c != 0 {
			return c
		}
	}
	return 0
}

// drawEdge projects a world-space segment, clipped against the near plane,
// and draws it.
func (r *Renderer) drawEdge(ink []uint8, a, b mgl64.Vec3, strength float32) {
	ca, cb := r.clipVertex(a), r.clipVertex(b)
	da, db := nearDist(ca), nearDist(cb)
	switch {
	case da < 0 && db < 0:
		return
	case da < 0:
		ca = ca.Add(cb.Sub(ca).Mul(da / (da - db)))
	case db < 0:
		cb = cb.Add(ca.Sub(cb).Mul(db / (db - da)))
	}
	r.drawLine(ink, r.toScreen(ca), r.toScreen(cb), strength)
}

// drawLine rasterizes the segment p0–p1 as an anti-aliased line of the
// outline width: a pixel's coverage is how far its centre lies inside the
// line's capsule, to within a pixel (a box filter of the distance). Where
// lines overlap the larger coverage wins, so joints and shared edges are not
// darkened twice.
//
// The line is walked along its major axis one pixel column (or row) at a
// time; a column is skipped when the segment's point there is behind the
// z-buffer: hidden edges are not drawn.
func (r *Renderer) drawLine(ink []uint8, p0, p1 vertex, strength float32) {
	if !finiteVertex(p0) || !finiteVertex(p1) {
		return
	}
	// major axis a, minor axis b
	steep := math.Abs(p1.y-p0.y) > math.Abs(p1.x-p0.x)
	a0, b0, a1, b1 := p0.x, p0.y, p1.x, p1.y
	na, nb := r.w, r.h
	if steep {
		a0, b0, a1, b1 = p0.y, p0.x, p1.y, p1.x
		na, nb = r.h, r.w
	}
	z0, z1 := p0.z, p1.z
	if a0 > a1 {
		a0, b0, z0, a1, b1, z1 = a1, b1, z1, a0, b0, z0
	}
	da, db := a1-a0, b1-b0
	len2 := da*da + db*db
	if len2 < 1e-12 {
		return // a point: the neighbouring edges draw it
	}
	invLen := 1 / math.Sqrt(len2)
	hw := r.hw
	reach := hw + 1
	rb := reach * math.Sqrt(1+(db/da)*(db/da))
	ia0 := max(0, floorInt(a0-reach))
	ia1 := min(na-1, floorInt(a1+reach))
	for ia := ia0; ia <= ia1; ia++ {
		// the segment's point nearest this column's centre
		ac := float64(ia) + 0.5
		t := (ac - a0) / da
		tc := math.Min(math.Max(t, 0), 1)
		pb := b0 + tc*db
		if !r.visible(steep, a0+tc*da, pb, float32(z0+tc*(z1-z0))) {
			continue
		}
		ib0 := max(0, floorInt(pb-rb))
		ib1 := min(nb-1, floorInt(pb+rb))
		for ib := ib0; ib <= ib1; ib++ {
			// distance from the pixel centre to the segment
			bc := float64(ib) + 0.5
			ea, eb := ac-a0, bc-b0
			var d float64
			switch s := (ea*da + eb*db) / len2; {
			case s <= 0:
				d = math.Sqrt(ea*ea + eb*eb)
			case s >= 1:
				d = math.Hypot(ac-a1, bc-b1)
			default:
				d = math.Abs(ea*db-eb*da) * invLen
			}
			cov := hw + 0.5 - d
			if cov <= 0 {
				continue
			}
			v := uint8(float32(math.Min(cov, 1))*strength*255 + 0.5)
			x, y := ia, ib
			if steep {
				x, y = ib, ia
			}
			i := y*r.w + x
			if v > ink[i] {
				ink[i] = v
				r.inkX0, r.inkX1 = min(r.inkX0, x), max(r.inkX1, x)
				r.inkY0, r.inkY1 = min(r.inkY0, y), max(r.inkY1, y)
			}
		}
	}
}

// visible reports whether the point (a, b) (major, minor coordinates) of a
// line at depth z is not hidden: it is visible when the z-buffer, at its
// pixel or at either neighbour across the line, is not nearer than z. The
// neighbours make silhouettes visible (one side is farther); the tolerance
// grows with the depth's change across the line, so that the bottom of a
// valley (a concave crease, nearer surfaces on both sides) is visible too.
func (r *Renderer) visible(steep bool, a, b float64, z float32) bool {
	ia, ib := floorInt(a), floorInt(b)
	na, nb := r.w, r.h
	if steep {
		na, nb = r.h, r.w
	}
	if ia < 0 || ia >= na {
		return true
	}
	far, near := float32(math.Inf(-1)), float32(math.Inf(1))
	for k := max(ib-1, 0); k <= min(ib+1, nb-1); k++ {
		i := k*r.w + ia
		if steep {
			i = ia*r.w + k
		}
		zb := r.zbuf[i]
		far, near = max(far, zb), min(near, zb)
	}
	if far < near || math.IsInf(float64(near), 1) { // no pixel on screen across the line, or only background
		return true
	}
	return z <= far+r.eps+(far-near)
}

func finiteVertex(v vertex) bool {
	s := v.x + v.y + v.z
	return !math.IsNaN(s) && !math.IsInf(s, 0)
}

// composite blends the box ink and then the outline ink onto the pixels.
func (r *Renderer) composite() {
	if r.inkX1 < r.inkX0 {
		return
	}
	boxC, lineC := packNRGBA(r.st.BoxEdge), packNRGBA(r.st.Outline)
	for y := r.inkY0; y <= r.inkY1; y++ {
		row := y * r.w
		x := r.inkX0
		for x <= r.inkX1 {
			i := row + x
			// most of the image has no ink: skip it eight pixels at a time
			if x+8 <= r.inkX1+1 &&
				binary.LittleEndian.Uint64(r.inkBox[i:])|binary.LittleEndian.Uint64(r.inkPiece[i:]) == 0 {
				x += 8
				continue
			}
			x++
			bi, pi := r.inkBox[i], r.inkPiece[i]
			if bi|pi == 0 {
				continue
			}
			px := r.img.Pix[4*i : 4*i+4]
			c := binary.LittleEndian.Uint32(px)
			if bi != 0 {
				c = lerpPixel(c, boxC, uint32(bi))
			}
			if pi != 0 {
				c = lerpPixel(c, lineC, uint32(pi))
			}
			binary.LittleEndian.PutUint32(px, c)
		}
	}
}

// lerpPixel returns c moved towards d by a/255, keeping c's alpha.
func lerpPixel(c, d, a uint32) uint32 {
	a += a >> 7 // 0..255 -> 0..256
	out := c & 0xff000000
	for shift := uint32(0); shift < 24; shift += 8 {
		x, y := c>>shift&0xff, d>>shift&0xff
		out |= ((x*(256-a) + y*a) >> 8) << shift
	}
	return out
}
