package render

import (
	"math"
	"slices"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
)

// Drawing a scene on one of BurrTools' other grids (Scene.Grid): each cell
// is its solid, prism or tetrahedron, with the faces between two cells of
// the same piece left out and outlines along the piece's creases, or a
// shaded sphere (an icosahedron subdivided twice) touching its neighbours,
// without outlines. The box is drawn only as a board (BoxBoard): its
// cells' solids in a light shade, owned by no piece (owner -1).

func vec(p [3]float64) mgl64.Vec3 { return mgl64.Vec3{p[0], p[1], p[2]} }

// gridBoard reports whether a grid scene draws its box (see BoxBoard).
func (s *Scene) gridBoard() bool { return s.BoxStyle == BoxBoard && len(s.Box) > 0 }

// boardOffset is where a grid scene's board is drawn from its cells: one
// cell's height down with BoxBelow, else where they are.
func (s *Scene) boardOffset() mgl64.Vec3 {
	if !s.BoxBelow || len(s.Box) == 0 {
		return mgl64.Vec3{}
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range s.Grid.WorldVertices(s.Box[0]) {
		lo, hi = math.Min(lo, v[2]), math.Max(hi, v[2])
	}
	if r := s.Grid.SphereRadius(); r > 0 {
		lo, hi = 0, 2*r
	}
	return mgl64.Vec3{0, 0, lo - hi}
}

// gridCells calls f with the cells of every solid a grid scene draws and
// their offset: the board's, if drawn, then each piece's.
func (s *Scene) gridCells(f func(cells []geometry.Cell, off mgl64.Vec3)) {
	if s.gridBoard() {
		f(s.Box, s.boardOffset())
	}
	for i := range s.Pieces {
		f(s.Pieces[i].Cells, s.Pieces[i].Offset)
	}
}

// gridBounds is Bounds for a grid scene: the solids of the pieces (and of
// the board, if drawn).
func (s *Scene) gridBounds() (lo, hi mgl64.Vec3, ok bool) {
	lo = mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	add := func(p mgl64.Vec3) {
		for k := range 3 {
			lo[k] = math.Min(lo[k], p[k])
			hi[k] = math.Max(hi[k], p[k])
		}
	}
	r := s.Grid.SphereRadius()
	s.gridCells(func(cells []geometry.Cell, off mgl64.Vec3) {
		for _, c := range cells {
			if r > 0 {
				ctr := vec(s.Grid.WorldCentre(c)).Add(off)
				add(ctr.Sub(mgl64.Vec3{r, r, r}))
				add(ctr.Add(mgl64.Vec3{r, r, r}))
				continue
			}
			for _, v := range s.Grid.WorldVertices(c) {
				add(vec(v).Add(off))
			}
		}
	})
	if lo[0] > hi[0] {
		return mgl64.Vec3{}, mgl64.Vec3{}, false
	}
	return lo, hi, true
}

// buildGridQuads turns the board (if drawn) and the pieces of a grid scene
// into faces.
func (r *Renderer) buildGridQuads(s *Scene) {
	g := s.Grid
	if s.gridBoard() {
		off := s.boardOffset()
		if rad := g.SphereRadius(); rad > 0 {
			for _, c := range s.Box {
				r.quads = appendSphere(r.quads, vec(g.WorldCentre(c)).Add(off), rad, -1)
			}
		} else {
			r.quads = appendSolids(r.quads, g, s.Box, off, -1)
		}
	}
	for i := range s.Pieces {
		p := &s.Pieces[i]
		if !finite3(p.Offset) {
			continue
		}
		if rad := g.SphereRadius(); rad > 0 {
			for _, c := range p.Cells {
				r.quads = appendSphere(r.quads, vec(g.WorldCentre(c)).Add(p.Offset), rad, int32(i))
			}
			continue
		}
		r.quads = appendSolids(r.quads, g, p.Cells, p.Offset, int32(i))
	}
}

type faceRef struct {
	corners []mgl64.Vec3
	normal  mgl64.Vec3
}

func vkey(v mgl64.Vec3) [3]int64 {
	return [3]int64{int64(math.Round(v[0] * 1e6)), int64(math.Round(v[1] * 1e6)), int64(math.Round(v[2] * 1e6))}
}

func faceKey3(cs []mgl64.Vec3) string {
	ks := make([][3]int64, len(cs))
	for i, c := range cs {
		ks[i] = vkey(c)
	}
	// order-free key: sort
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && less3(ks[j], ks[j-1]); j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	b := make([]byte, 0, 64)
	for _, k := range ks {
		for _, x := range k {
			b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24), byte(x>>32))
		}
	}
	return string(b)
}

func less3(a, b [3]int64) bool {
	for k := range 3 {
		if a[k] != b[k] {
			return a[k] < b[k]
		}
	}
	return false
}

// appendSolids appends the exposed faces of a piece's cells: a face shared
// by two of its cells is inside it. An edge is an outline unless the face
// across it, of the same piece, lies in the same plane.
func appendSolids(qs []quad, g *geometry.Grid, cells []geometry.Cell, off mgl64.Vec3, owner int32) []quad {
	var faces []faceRef
	count := map[string]int{}
	for _, c := range cells {
		vs := g.WorldVertices(c)
		for _, f := range g.Faces(c) {
			fr := faceRef{normal: vec(f.Normal)}
			for _, k := range f.Corners {
				fr.corners = append(fr.corners, vec(vs[k]).Add(off))
			}
			faces = append(faces, fr)
			count[faceKey3(fr.corners)]++
		}
	}
	type edgeKey [2][3]int64
	ek := func(a, b mgl64.Vec3) edgeKey {
		ka, kb := vkey(a), vkey(b)
		if less3(kb, ka) {
			ka, kb = kb, ka
		}
		return edgeKey{ka, kb}
	}
	var exposed []faceRef
	normals := map[edgeKey][]mgl64.Vec3{}
	for _, f := range faces {
		if count[faceKey3(f.corners)] > 1 {
			continue
		}
		exposed = append(exposed, f)
		for k := range f.corners {
			e := ek(f.corners[k], f.corners[(k+1)%len(f.corners)])
			normals[e] = append(normals[e], f.normal)
		}
	}
	for _, f := range exposed {
		n := len(f.corners)
		outline := func(a, b int) bool { // corners a, b: an outlined edge of f?
			if b != (a+1)%n {
				return false // a diagonal of a face cut into quads
			}
			same := 0 // exposed faces of the piece on this edge in this plane
			for _, m := range normals[ek(f.corners[a], f.corners[b])] {
				if m.Sub(f.normal).Len() < 1e-6 {
					same++
				}
			}
			return same < 2 // else a seam
		}
		// a face of more than four corners (a hexagon) is cut into a fan
		// of quads from corner 0
		for start := 1; start < n-1; start += 2 {
			idx := []int{0, start, start + 1}
			if start+2 < n {
				idx = append(idx, start+2)
			}
			if start == 1 && n <= 4 {
				idx = idx[:0]
				for k := range n {
					idx = append(idx, k)
				}
			}
			q := quad{owner: owner, free: true, nrm: f.normal}
			m := len(idx)
			for k := range 4 {
				q.corners[k] = f.corners[idx[min(k, m-1)]]
			}
			for k := range m {
				bit := k
				if m == 3 && k == 2 {
					bit = 3 // the closing edge of a triangle is corner 3 to 0
				}
				a, b := idx[k], idx[(k+1)%m]
				if b != (a+1)%n && a != (b+1)%n {
					q.inner |= 1 << bit // a diagonal: no line, not even a cell edge
				} else if outline(a, b) || outline(b, a) {
					q.edges |= 1 << bit
				}
			}
			if m == 3 {
				q.inner |= 1 << 2 // corner 2 to its repeat
			}
			qs = append(qs, q)
			if n <= 4 {
				break
			}
		}
	}
	return qs
}

// icosphere is geometry.Icosphere as vectors, made on first use: made at
// initialization it would add most of a millisecond to every command's
// start, though only sphere grids draw it.
var icosphere = sync.OnceValue(func() [][3]mgl64.Vec3 {
	var tris [][3]mgl64.Vec3
	for _, tr := range geometry.Icosphere() {
		tris = append(tris, [3]mgl64.Vec3{vec(tr[0]), vec(tr[1]), vec(tr[2])})
	}
	return tris
})

// appendSphere appends a sphere's triangles, without outlines.
func appendSphere(qs []quad, centre mgl64.Vec3, rad float64, owner int32) []quad {
	for _, tr := range icosphere() {
		q := quad{owner: owner, free: true, inner: 0xf} // no cell edges across a sphere
		for k := range 3 {
			q.corners[k] = centre.Add(tr[k].Mul(rad))
		}
		q.corners[3] = q.corners[2]
		q.nrm = tr[0].Add(tr[1]).Add(tr[2]).Normalize()
		qs = append(qs, q)
	}
	return qs
}

// shadeGridQuads lights each face of a grid scene by its own normal: a
// piece's in its colour, the board's softly in the ghost box's.
func (r *Renderer) shadeGridQuads(s *Scene) {
	for i := range r.quads {
		q := &r.quads[i]
		if !q.free {
			continue
		}
		light := math.Max(0, q.nrm.Dot(r.lightDir))
		if q.owner < 0 || int(q.owner) >= len(s.Pieces) {
			q.shade = shade(r.st.BoxColor, 0.88+0.12*light)
			continue
		}
		q.shade = shade(s.Pieces[q.owner].Color, r.st.Ambient+(1-r.st.Ambient)*light)
	}
}

// quadShade returns the lit colour of a piece's face.
func (r *Renderer) quadShade(q *quad) uint32 {
	if q.free {
		return q.shade
	}
	return r.shades[int(q.owner)*6+int(q.normal)]
}

// gridPoints returns the corners of every solid of a grid scene (for a
// sphere, the corners of its bounding cube), for framing.
func (s *Scene) gridPoints() []mgl64.Vec3 {
	var pts []mgl64.Vec3
	r := s.Grid.SphereRadius()
	s.gridCells(func(cells []geometry.Cell, off mgl64.Vec3) {
		for _, c := range cells {
			if r > 0 {
				ctr := vec(s.Grid.WorldCentre(c)).Add(off)
				for k := range 8 {
					d := mgl64.Vec3{r, r, r}
					for a := range 3 {
						if k&(1<<a) != 0 {
							d[a] = -r
						}
					}
					pts = append(pts, ctr.Add(d))
				}
				continue
			}
			for _, v := range s.Grid.WorldVertices(c) {
				pts = append(pts, vec(v).Add(off))
			}
		}
	})
	return pts
}

// WorldPath returns an assembly path whose steps are translations of grid
// g (Dir a move of the grid's index cells, Dist the number of moves, as
// package disassembly gives them) as steps in g's world units, in which a
// grid scene's pieces are drawn and offset. The path is returned unchanged
// when g is nil.
func WorldPath(g *geometry.Grid, path []Step) []Step {
	if g == nil {
		return path
	}
	o := vec(g.WorldCentre(geometry.Cell{}))
	out := make([]Step, len(path))
	for k, st := range path {
		d := geometry.Cell{X: int(math.Round(st.Dir[0])), Y: int(math.Round(st.Dir[1])), Z: int(math.Round(st.Dir[2]))}
		w := vec(g.WorldCentre(d)).Sub(o)
		st.Pieces = slices.Clone(st.Pieces)
		if n := w.Len(); n > 0 {
			st.Dir, st.Dist = w.Mul(1/n), st.Dist*n
		}
		out[k] = st
	}
	return out
}
