package stl

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"polyviz/geometry"
)

// admeshReport is what admesh says of an STL file: the counts it prints
// under "Facet Status" (the Original column) and "Processing Statistics".
type admeshReport struct {
	facets, disconnected, parts, degenerate, edgesFixed int
	removed, added, reversed, backwards, normalsFixed   int
	volume                                              float64
}

// admesh runs admesh on the mesh written as a binary STL file and parses
// its report; the test skips when admesh is not installed (scripts/deps.sh
// --test installs it).
func admesh(t *testing.T, m *Mesh) admeshReport {
	t.Helper()
	bin, err := exec.LookPath("admesh")
	if err != nil {
		t.Skip("admesh is not installed (scripts/deps.sh --test installs it)")
	}
	path := filepath.Join(t.TempDir(), "m.stl")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.WriteBinary(f, "admesh test"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	// admesh only reads and reports unless told to write a repaired copy.
	out, err := exec.Command(bin, path).CombinedOutput()
	if err != nil {
		t.Fatalf("admesh: %v\n%s", err, out)
	}
	field := func(label string) float64 {
		re := regexp.MustCompile(regexp.QuoteMeta(label) + `\s*:\s*(-?[0-9.]+)`)
		sub := re.FindSubmatch(out)
		if sub == nil {
			t.Fatalf("admesh printed no %q:\n%s", label, out)
		}
		v, err := strconv.ParseFloat(string(sub[1]), 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	return admeshReport{
		facets:       int(field("Number of facets")),
		disconnected: int(field("Total disconnected facets")),
		parts:        int(field("Number of parts")),
		degenerate:   int(field("Degenerate facets")),
		edgesFixed:   int(field("Edges fixed")),
		removed:      int(field("Facets removed")),
		added:        int(field("Facets added")),
		reversed:     int(field("Facets reversed")),
		backwards:    int(field("Backwards edges")),
		normalsFixed: int(field("Normals fixed")),
		volume:       field("Volume"),
	}
}

// TestAdmesh runs admesh on every kind of output: single pieces with
// clearance (and bevel), a plate, an assembled solution. admesh must find
// nothing to fix (a closed, manifold mesh with consistent normals) and as
// many parts as the pieces; and it must see the hole when one triangle is
// left out, so that the report is really read.
func TestAdmesh(t *testing.T) {
	tetra := shape("000", "100", "010", "001")
	steps := shape("000", "100", "110", "111", "211", "212")
	box := [][]geometry.Cell{
		shape("000", "100", "200", "010"),
		shape("110", "210", "220", "201", "211", "221"),
		shape("020", "120", "111", "021", "121"),
		shape("001", "101", "011"),
	}
	meshes := map[string]struct {
		m     *Mesh
		parts int
	}{}
	for _, opt := range []Options{{Cube: 20, Clearance: 0.2}, {Cube: 20, Clearance: 0.2, Bevel: 1}, {Cube: 10, Bevel: 2}} {
		for name, s := range map[string]geometry.Shape{"tetracube": tetra, "staircase": steps} {
			meshes[name+" "+optString(opt)] = struct {
				m     *Mesh
				parts int
			}{Piece(s, opt), 1}
		}
	}
	meshes["plate"] = struct {
		m     *Mesh
		parts int
	}{Plate(box, Options{Cube: 20, Clearance: 0.2, Bevel: 1}, 5), len(box)}
	for _, gap := range []float64{0, 1} {
		m, err := Assembled(box, Options{Cube: 20, Clearance: 0.2, Bevel: 1}, gap)
		if err != nil {
			t.Fatal(err)
		}
		meshes["assembled gap "+strconv.FormatFloat(gap, 'g', -1, 64)] = struct {
			m     *Mesh
			parts int
		}{m, len(box)}
	}
	// prisms of triangles and hexagons with a clearance, on a plate and assembled
	tri, hex := geometry.Triangles().Solids(), geometry.Hexagons().Solids()
	diamonds := [][]geometry.Cell{{{}, {Z: 1}}, {{X: 1}, {X: 1, Z: 1}, {X: 1, Y: 1}}}
	ring := [][]geometry.Cell{{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {X: 1, Y: -1}, {X: -1, Y: 1}}}
	for name, c := range map[string]struct {
		g      *geometry.Grid
		pieces [][]geometry.Cell
	}{"triangles": {tri, diamonds}, "hexagons": {hex, ring}} {
		plate, err := GridPlate(c.g, c.pieces, Options{Cube: 20, Clearance: 0.2}, 5)
		if err != nil {
			t.Fatal(err)
		}
		together, err := GridAssembled(c.g, c.pieces, Options{Cube: 20, Clearance: 0.2}, 1)
		if err != nil {
			t.Fatal(err)
		}
		meshes[name+" plate"] = struct {
			m     *Mesh
			parts int
		}{plate, len(c.pieces)}
		meshes[name+" assembled"] = struct {
			m     *Mesh
			parts int
		}{together, len(c.pieces)}
	}
	for name, tc := range meshes {
		t.Run(name, func(t *testing.T) {
			r := admesh(t, tc.m)
			bad := r.disconnected + r.degenerate + r.edgesFixed + r.removed + r.added + r.reversed + r.backwards + r.normalsFixed
			if r.facets != len(tc.m.Triangles) || r.parts != tc.parts || bad != 0 {
				t.Errorf("admesh: %+v; want %d facets, %d parts, nothing to fix", r, len(tc.m.Triangles), tc.parts)
			}
			if v := tc.m.Volume(); math.Abs(r.volume-v) > 1e-4*v {
				t.Errorf("admesh volume %g, ours %g", r.volume, v)
			}
		})
	}
	t.Run("a face missing", func(t *testing.T) {
		m := Piece(tetra, Options{Cube: 20, Clearance: 0.2, Bevel: 1})
		m.Triangles = m.Triangles[1:]
		if r := admesh(t, m); r.disconnected == 0 && r.added == 0 {
			t.Errorf("admesh saw no hole: %+v", r)
		}
	})
}

func optString(o Options) string {
	return "cube " + strconv.FormatFloat(o.Cube, 'g', -1, 64) + " clearance " + strconv.FormatFloat(o.Clearance, 'g', -1, 64) +
		" bevel " + strconv.FormatFloat(o.Bevel, 'g', -1, 64)
}
