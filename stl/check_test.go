package stl

import (
	"errors"
	"math"
	"testing"

	"polyviz/geometry"
)

// TestCheckCatchesBrokenMeshes: a good piece passes, and the same piece
// with a triangle missing, one flipped, one squashed or every one turned
// inside out fails, each for its reason.
func TestCheckCatchesBrokenMeshes(t *testing.T) {
	good := Piece(shape("000", "100", "010", "001"), Options{Cube: 10, Clearance: 0.2})
	r, err := good.Check()
	if err != nil {
		t.Fatal(err)
	}
	if r.Shells != 1 || r.Triangles != len(good.Triangles) || math.Abs(r.Volume-good.Volume()) > 1e-6 {
		t.Errorf("report %+v", r)
	}
	broken := func(change func(m *Mesh)) *Mesh {
		m := &Mesh{Triangles: append([]Triangle(nil), good.Triangles...)}
		change(m)
		return m
	}
	for _, tc := range []struct {
		name string
		m    *Mesh
	}{
		{"first triangle missing", broken(func(m *Mesh) { m.Triangles = m.Triangles[1:] })},
		{"last triangle missing", broken(func(m *Mesh) { m.Triangles = m.Triangles[:len(m.Triangles)-1] })},
		{"middle triangle missing", broken(func(m *Mesh) {
			i := len(m.Triangles) / 2
			m.Triangles = append(m.Triangles[:i:i], m.Triangles[i+1:]...)
		})},
		{"a triangle flipped", broken(func(m *Mesh) {
			t := &m.Triangles[3]
			t.V[1], t.V[2] = t.V[2], t.V[1]
			t.Normal = Vec{-t.Normal[0], -t.Normal[1], -t.Normal[2]}
		})},
		{"a normal wrong", broken(func(m *Mesh) {
			m.Triangles[5].Normal = Vec{-m.Triangles[5].Normal[0], -m.Triangles[5].Normal[1], -m.Triangles[5].Normal[2]}
		})},
		{"a degenerate triangle", broken(func(m *Mesh) { m.Triangles[2].V[2] = m.Triangles[2].V[1] })},
		{"inside out", broken(func(m *Mesh) {
			for i := range m.Triangles {
				t := &m.Triangles[i]
				t.V[1], t.V[2] = t.V[2], t.V[1]
				t.Normal = Vec{-t.Normal[0], -t.Normal[1], -t.Normal[2]}
			}
		})},
		{"two copies in one place", broken(func(m *Mesh) { m.Append(good, Vec{}) })},
		{"empty", &Mesh{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tc.m.Check(); !errors.Is(err, ErrNotSolid) {
				t.Errorf("Check: %v, want ErrNotSolid", err)
			}
		})
	}
	// Every single missing triangle is caught, not only the three above.
	for i := range good.Triangles {
		m := &Mesh{Triangles: append(append([]Triangle(nil), good.Triangles[:i]...), good.Triangles[i+1:]...)}
		if _, err := m.Check(); err == nil {
			t.Fatalf("triangle %d removed: the check passed", i)
		}
	}
}

// TestAssembled builds a 3×3×2 box of four pieces, some touching only
// along an edge or at a corner, and checks that each is a closed
// shell of its own, that no two are closer than the gap plus two
// clearances, and that each holds its cells shrunk by the clearance and
// half the gap.
func TestAssembled(t *testing.T) {
	pieces := [][]geometry.Cell{
		shape("000", "100", "200", "010"),
		shape("110", "210", "220", "201", "211", "221"),
		shape("020", "120", "111", "021", "121"),
		shape("001", "101", "011"),
	}
	for _, tc := range []struct {
		opt Options
		gap float64
	}{
		{Options{Cube: 10}, 0.4},
		{Options{Cube: 10, Clearance: 0.2}, 0},
		{Options{Cube: 20, Clearance: 0.1}, 1},
	} {
		m, err := Assembled(pieces, tc.opt, tc.gap)
		if err != nil {
			t.Fatal(err)
		}
		r, err := m.Check()
		if err != nil {
			t.Fatalf("%+v gap %g: %v", tc.opt, tc.gap, err)
		}
		if r.Shells != len(pieces) {
			t.Errorf("%+v gap %g: %d shells for %d pieces", tc.opt, tc.gap, r.Shells, len(pieces))
		}
		shrunk := Options{Cube: tc.opt.Cube, Clearance: tc.opt.Clearance + tc.gap/2}
		want := 0.0
		for _, p := range pieces {
			want += erodedVolume(geometry.NewShape(p...), shrunk)
		}
		if math.Abs(r.Volume-want) > 1e-6*want {
			t.Errorf("%+v gap %g: volume %.3f, want %.3f", tc.opt, tc.gap, r.Volume, want)
		}
		lo, hi := m.Bounds()
		if span := 3*tc.opt.Cube - 2*shrunk.Clearance; math.Abs(lo[2]) > 1e-9 || math.Abs(hi[0]-lo[0]-span) > 1e-9 {
			t.Errorf("%+v gap %g: bounds %v to %v, want %g wide from z = 0", tc.opt, tc.gap, lo, hi, span)
		}
		if d := shellDistance(m); d < tc.gap+2*tc.opt.Clearance-1e-9 {
			t.Errorf("%+v gap %g: two pieces %g mm apart", tc.opt, tc.gap, d)
		}
	}
	for _, bad := range []struct {
		opt Options
		gap float64
	}{{Options{Cube: 10}, 0}, {Options{Cube: 10}, -1}, {Options{Cube: 10, Clearance: 1}, 3}} {
		if _, err := Assembled(pieces, bad.opt, bad.gap); !errors.Is(err, ErrOptions) {
			t.Errorf("%+v gap %g: %v, want ErrOptions", bad.opt, bad.gap, err)
		}
	}
}

// shellDistance returns the least distance (in the maximum norm) between
// triangles of different shells, measured between their bounding boxes:
// no more than the true distance, and equal to it for the faces of boxes.
func shellDistance(m *Mesh) float64 {
	shell := shellsOf(m)
	best := math.Inf(1)
	for i, a := range m.Triangles {
		alo, ahi := (&Mesh{Triangles: []Triangle{a}}).Bounds()
		for j := i + 1; j < len(m.Triangles); j++ {
			if shell[i] == shell[j] {
				continue
			}
			blo, bhi := (&Mesh{Triangles: []Triangle{m.Triangles[j]}}).Bounds()
			d := 0.0
			for k := range 3 {
				d = max(d, blo[k]-ahi[k], alo[k]-bhi[k])
			}
			best = min(best, d)
		}
	}
	return best
}

// shellsOf numbers each triangle's shell: triangles that share a vertex
// are in the same shell.
func shellsOf(m *Mesh) []int {
	parent := make([]int, len(m.Triangles))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	first := map[[3]int64]int{}
	for i, t := range m.Triangles {
		for _, v := range t.V {
			k := key(v)
			if j, ok := first[k]; ok {
				parent[find(i)] = find(j)
			} else {
				first[k] = i
			}
		}
	}
	out := make([]int, len(parent))
	for i := range out {
		out[i] = find(i)
	}
	return out
}
