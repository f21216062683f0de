package stl

import (
	"errors"
	"fmt"
	"math"
)

// ErrNotSolid is returned by Check for a mesh that does not bound a solid.
var ErrNotSolid = errors.New("not a closed manifold mesh")

// Report is what Check found: the triangles, the closed shells (the
// separate solids: pieces on a plate, pieces of an assembled solution) and
// the volume they enclose, in cubic millimetres.
type Report struct {
	Triangles, Shells int
	Volume            float64
}

// Check reports whether the mesh is what a slicer and a mesh checker such
// as admesh accept: no degenerate triangle, every triangle wound
// counter-clockwise about its stated normal, every edge shared by exactly
// two triangles that run along it in opposite directions (so the surface
// is closed, manifold and consistently oriented), and every shell enclosing
// a positive volume (its normals point outward). Vertices closer than
// 0.1 µm are the same vertex, which float32 files keep apart.
func (m *Mesh) Check() (Report, error) {
	r := Report{Triangles: len(m.Triangles)}
	if len(m.Triangles) == 0 {
		return r, fmt.Errorf("%w: no triangles", ErrNotSolid)
	}
	key := func(v Vec) [3]int64 {
		return [3]int64{int64(math.Round(v[0] * 1e4)), int64(math.Round(v[1] * 1e4)), int64(math.Round(v[2] * 1e4))}
	}
	// Stage 1: each triangle on its own.
	edges := make(map[[2][3]int64]int, 3*len(m.Triangles))
	for i, t := range m.Triangles {
		n := t.V[1].Sub(t.V[0]).Cross(t.V[2].Sub(t.V[0]))
		l := math.Sqrt(n.Dot(n))
		ka, kb, kc := key(t.V[0]), key(t.V[1]), key(t.V[2])
		if l < 1e-9 || ka == kb || kb == kc || ka == kc {
			return r, fmt.Errorf("%w: triangle %d is degenerate: %v", ErrNotSolid, i, t.V)
		}
		if nl := math.Sqrt(t.Normal.Dot(t.Normal)); nl == 0 || n.Dot(t.Normal)/(l*nl) < 0.99 {
			return r, fmt.Errorf("%w: triangle %d is wound about %v, not its normal %v", ErrNotSolid, i, n, t.Normal)
		}
		edges[[2][3]int64{ka, kb}]++
		edges[[2][3]int64{kb, kc}]++
		edges[[2][3]int64{kc, ka}]++
	}
	// Stage 2: every directed edge once, its reverse once.
	for e, n := range edges {
		if n != 1 {
			return r, fmt.Errorf("%w: edge %v to %v is run %d times the same way (a non-manifold edge or a flipped triangle)", ErrNotSolid, unkey(e[0]), unkey(e[1]), n)
		}
		if edges[[2][3]int64{e[1], e[0]}] != 1 {
			return r, fmt.Errorf("%w: edge %v to %v has no twin (a hole or a T-junction)", ErrNotSolid, unkey(e[0]), unkey(e[1]))
		}
	}
	// Stage 3: the shells, joined through shared vertices, each enclosing a positive volume.
	parent := map[[3]int64][3]int64{}
	var find func(k [3]int64) [3]int64
	find = func(k [3]int64) [3]int64 {
		p, ok := parent[k]
		if !ok || p == k {
			parent[k] = k
			return k
		}
		root := find(p)
		parent[k] = root
		return root
	}
	for _, t := range m.Triangles {
		a := find(key(t.V[0]))
		for _, v := range t.V[1:] {
			if b := find(key(v)); b != a {
				parent[b] = a
			}
		}
	}
	volume := map[[3]int64]float64{}
	for _, t := range m.Triangles {
		volume[find(key(t.V[0]))] += t.V[0].Dot(t.V[1].Cross(t.V[2])) / 6
	}
	r.Shells = len(volume)
	for root, v := range volume {
		if v <= 0 {
			return r, fmt.Errorf("%w: the shell at %v encloses %g mm³ (its normals point inward)", ErrNotSolid, unkey(root), v)
		}
		r.Volume += v
	}
	return r, nil
}

func unkey(k [3]int64) Vec {
	return Vec{float64(k[0]) / 1e4, float64(k[1]) / 1e4, float64(k[2]) / 1e4}
}
