package stl

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// Vec is a point or direction in millimetres.
type Vec [3]float64

// Sub returns v - w.
func (v Vec) Sub(w Vec) Vec { return Vec{v[0] - w[0], v[1] - w[1], v[2] - w[2]} }

// Cross returns the cross product v×w.
func (v Vec) Cross(w Vec) Vec {
	return Vec{v[1]*w[2] - v[2]*w[1], v[2]*w[0] - v[0]*w[2], v[0]*w[1] - v[1]*w[0]}
}

// Dot returns the dot product v·w.
func (v Vec) Dot(w Vec) float64 { return v[0]*w[0] + v[1]*w[1] + v[2]*w[2] }

// Triangle is one facet: its outward unit normal and its corners,
// counter-clockwise seen from outside.
type Triangle struct {
	Normal Vec
	V      [3]Vec
}

// Mesh is a list of triangles.
type Mesh struct {
	Triangles []Triangle
}

// Options are the sizes of a printed piece, in millimetres.
type Options struct {
	// Cube is the edge of one cell; 0 means 20.
	Cube float64
	// Clearance is how far every face moves inward; 0 keeps the full size.
	// It must be less than a quarter of Cube. Two pieces that touch in the
	// box are twice the clearance apart when printed: the clearance is half
	// the gap between touching pieces.
	Clearance float64
	// Bevel is how far each outer (convex) edge is cut back along both of
	// its faces, a 45° chamfer; inner (concave) edges stay sharp. 0 keeps
	// the edges square. It must be at most a quarter of what is left of a
	// cube after the clearance, Cube - 2·Clearance.
	Bevel float64
}

// ErrOptions is returned for sizes that make no printable piece.
var ErrOptions = errors.New("bad sizes")

func (o Options) cube() float64 {
	if o.Cube == 0 {
		return 20
	}
	return o.Cube
}

// Check reports whether the sizes make sense.
func (o Options) Check() error {
	c := o.cube()
	if !(c > 0 && c <= 1000) {
		return fmt.Errorf("%w: cube %g mm (want more than 0, at most 1000)", ErrOptions, c)
	}
	if !(o.Clearance >= 0 && o.Clearance < c/4) {
		return fmt.Errorf("%w: clearance %g mm (want 0 or more, under a quarter of the cube, %g mm)", ErrOptions, o.Clearance, c/4)
	}
	if left := c - 2*o.Clearance; !(o.Bevel >= 0 && o.Bevel <= left/4) {
		return fmt.Errorf("%w: bevel %g mm (want 0 or more, at most a quarter of the cube less two clearances, %g mm)", ErrOptions, o.Bevel, left/4)
	}
	return nil
}

// Volume returns the volume the mesh encloses (the divergence theorem: the
// sum of the signed volumes of the tetrahedra from the origin to each
// triangle). It is positive when the normals point outward.
func (m *Mesh) Volume() float64 {
	v := 0.0
	for _, t := range m.Triangles {
		v += t.V[0].Dot(t.V[1].Cross(t.V[2])) / 6
	}
	return v
}

// Append adds the triangles of n moved by d.
func (m *Mesh) Append(n *Mesh, d Vec) {
	for _, t := range n.Triangles {
		for i := range t.V {
			t.V[i] = Vec{t.V[i][0] + d[0], t.V[i][1] + d[1], t.V[i][2] + d[2]}
		}
		m.Triangles = append(m.Triangles, t)
	}
}

// Bounds returns the least and greatest coordinates of the mesh.
func (m *Mesh) Bounds() (lo, hi Vec) {
	lo = Vec{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = Vec{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, t := range m.Triangles {
		for _, v := range t.V {
			for i := range 3 {
				lo[i], hi[i] = min(lo[i], v[i]), max(hi[i], v[i])
			}
		}
	}
	return lo, hi
}

// WriteBinary writes the mesh as a binary STL file: an 80-byte header
// (name, cut or padded), the number of triangles, and for each its normal,
// its three corners (as little-endian float32) and a zero attribute word.
func (m *Mesh) WriteBinary(w io.Writer, name string) error {
	if len(m.Triangles) > math.MaxUint32 {
		return fmt.Errorf("stl: %d triangles, more than a binary STL file holds", len(m.Triangles))
	}
	bw := bufio.NewWriter(w)
	var header [80]byte
	copy(header[:], "polyviz "+name)
	bw.Write(header[:])
	var buf [50]byte
	binary.LittleEndian.PutUint32(buf[:4], uint32(len(m.Triangles)))
	bw.Write(buf[:4])
	for _, t := range m.Triangles {
		vs := [4]Vec{t.Normal, t.V[0], t.V[1], t.V[2]}
		for i, v := range vs {
			for j := range 3 {
				binary.LittleEndian.PutUint32(buf[(i*3+j)*4:], math.Float32bits(float32(v[j])))
			}
		}
		buf[48], buf[49] = 0, 0
		bw.Write(buf[:])
	}
	return bw.Flush()
}

// ReadBinary reads a binary STL file, for tests and checks.
func ReadBinary(r io.Reader) (*Mesh, error) {
	var header [84]byte
	if _, err := io.ReadFull(r, header[:]); err != nil {
		return nil, fmt.Errorf("stl: header: %w", err)
	}
	n := binary.LittleEndian.Uint32(header[80:])
	if n > 1<<26 {
		return nil, fmt.Errorf("stl: %d triangles is too many", n)
	}
	m := &Mesh{Triangles: make([]Triangle, 0, n)}
	var buf [50]byte
	for range n {
		if _, err := io.ReadFull(r, buf[:]); err != nil {
			return nil, fmt.Errorf("stl: triangle %d: %w", len(m.Triangles), err)
		}
		var vs [4]Vec
		for i := range vs {
			for j := range 3 {
				vs[i][j] = float64(math.Float32frombits(binary.LittleEndian.Uint32(buf[(i*3+j)*4:])))
			}
		}
		m.Triangles = append(m.Triangles, Triangle{Normal: vs[0], V: [3]Vec{vs[1], vs[2], vs[3]}})
	}
	return m, nil
}
