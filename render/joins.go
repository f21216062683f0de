package render

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// JoinColor is the colour of the marks on a box's joined faces.
var JoinColor = color.NRGBA{0xc8, 0x28, 0x28, 0xff}

// joinGap is how far outside the box the join marks lie, in cells.
const joinGap = 0.3

// JoinRoom is how far beyond the box the join marks reach, in cells: a
// camera that frames the box of a scene that wraps leaves this much room
// on the joined axes (Scene.Bounds does).
const JoinRoom = 2 * joinGap

// joinSeg is one stroke of a join mark, in world units.
type joinSeg struct{ a, b mgl64.Vec3 }

// joinMarks returns the marks that show which faces of a box are joined,
// as a drawing of a cylinder or torus does: for each joined axis a, just
// outside each of the two faces across it, a line along the next axis b
// with a+1 chevrons pointing along +b (one for x, two for y, three for
// z). The same marks on two faces say that they are one, and the
// chevrons say which way round. lo and hi bound the box's cells in world
// units. On a board (planar) the faces are its edges, b is the other axis
// of the plane, and the marks lie beside them at the board's foot; in a
// box they lie across the middle of each face.
func joinMarks(lo, hi mgl64.Vec3, wrap [3]bool, planar bool) []joinSeg {
	var out []joinSeg
	axes := 3
	if planar {
		axes = 2
	}
	for a := range axes {
		if !wrap[a] {
			continue
		}
		b, c := (a+1)%3, (a+2)%3
		if planar {
			b, c = 1-a, a // the chevrons' arms open across the edge, in the plane
		}
		for _, side := range []float64{lo[a] - joinGap, hi[a] + joinGap} {
			var base mgl64.Vec3
			base[a] = side
			if planar {
				base[2] = lo[2] // on the table beside the board's edge
			} else {
				base[c] = (lo[c] + hi[c]) / 2
			}
			from, to := base, base
			from[b], to[b] = lo[b], hi[b]
			out = append(out, joinSeg{from, to})
			mid := (lo[b] + hi[b]) / 2
			n := a + 1
			for k := range n {
				tip := base
				tip[b] = mid + (float64(k)-float64(n-1)/2)*0.35 + 0.15
				for _, s := range []float64{-1, 1} {
					arm := tip
					arm[b] -= 0.3
					if planar {
						arm[a] += s * 0.2
					} else {
						arm[c] += s * 0.2
					}
					out = append(out, joinSeg{tip, arm})
				}
			}
		}
	}
	return out
}

// boxBounds returns the world-space box around the scene's box cells.
func (s *Scene) boxBounds() (lo, hi mgl64.Vec3, ok bool) {
	if len(s.Box) == 0 {
		return lo, hi, false
	}
	lo = mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, c := range s.Box {
		p := mgl64.Vec3{float64(c.X), float64(c.Y), float64(c.Z)}
		for k := range 3 {
			lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k]+1)
		}
	}
	return lo, hi, true
}

// wraps reports whether the scene has joined faces to mark.
func (s *Scene) wraps() bool {
	return s.Grid == nil && len(s.Box) > 0 && (s.Wrap[0] || s.Wrap[1] || s.Wrap[2])
}

// planarBox reports whether the scene's box is one layer of cells at z = 0
// (a board), whose marks go on its edges.
func (s *Scene) planarBox() bool {
	for _, c := range s.Box {
		if c.Z != 0 {
			return false
		}
	}
	return !s.Wrap[2]
}

// drawJoins draws the join marks of the scene over the image, thicker
// than the outlines and in JoinColor; a piece in front hides them.
func (r *Renderer) drawJoins(s *Scene) {
	if !s.wraps() {
		return
	}
	lo, hi, _ := s.boxBounds()
	n := r.w * r.h
	if len(r.inkJoin) != n {
		r.inkJoin = make([]uint8, n)
	} else {
		clear(r.inkJoin)
	}
	hw := r.hw
	r.hw = max(1, 1.6*hw)
	for _, g := range joinMarks(lo, hi, s.Wrap, s.planarBox()) {
		r.drawEdge(r.inkJoin, g.a, g.b, 1)
	}
	r.hw = hw
	c := packNRGBA(JoinColor)
	for i, a := range r.inkJoin {
		if a != 0 {
			px := r.img.Pix[4*i : 4*i+4]
			binary.LittleEndian.PutUint32(px, lerpPixel(binary.LittleEndian.Uint32(px), c, uint32(a)))
		}
	}
}

// writeJoinsSVG draws the join marks of a board in the SVG's margin; px
// turns board coordinates into pixels.
func writeJoinsSVG(bw *bufio.Writer, s *Scene, px func(x, y float64) (float64, float64), stroke float64) {
	if !s.wraps() {
		return
	}
	lo, hi, _ := s.boxBounds()
	fmt.Fprintf(bw, "<g id=\"joins\" stroke=\"%s\" stroke-width=\"%s\" stroke-linecap=\"round\" fill=\"none\"><title>joined edges</title>\n", hexColor(JoinColor), num(stroke))
	for _, g := range joinMarks(lo, hi, s.Wrap, true) {
		x0, y0 := px(g.a[0], g.a[1])
		x1, y1 := px(g.b[0], g.b[1])
		fmt.Fprintf(bw, "<path d=\"M%s %sL%s %s\"/>\n", num(x0), num(y0), num(x1), num(y1))
	}
	fmt.Fprintf(bw, "</g>\n")
}
