package generate

import (
	"context"
	"fmt"
	"maps"
	"os"
	"polyviz/polyform"
	"strings"
	"testing"

	"polyviz/geometry"
)

// voxels reads a BurrTools voxel string of an x*y*z box ('#' fixed, '+'
// variable, '_' empty; x fastest) into a template on cubes.
func voxels(t *testing.T, x, y, z int, s string) Template {
	t.Helper()
	var fixed, optional geometry.Shape
	for i, ch := range s {
		c := geometry.Cell{X: i % x, Y: i / x % y, Z: i / (x * y)}
		switch ch {
		case '#':
			fixed = append(fixed, c)
		case '+':
			optional = append(optional, c)
		}
	}
	tp, err := NewTemplate(geometry.Cubes(), fixed, optional)
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

func generate(t *testing.T, tp Template, f Filter) Result {
	t.Helper()
	res, err := Generate(context.Background(), tp, Options{Filter: f})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// BurrTools' DemoPieceGenerator: a six-piece burr piece's template, 14
// fixed and 10 variable voxels in a 2x6x2 bar. The figures are BurrTools'
// own: its library (built from its sources) solving the example's problem
// with mirror solutions kept and the complete rotation check (1024
// assemblies), then importing them through the assembly import's filters
// as its main window does. Its user guide says the notchable ones are 52.
func TestDemoPieceGeneratorAsBurrTools(t *testing.T) {
	tp := voxels(t, 2, 6, 2, "#####+#+######++++++++##")
	for _, c := range []struct {
		f    Filter
		want int
	}{
		{Filter{}, 765},
		{Filter{Unique: Every}, 1024},
		{Filter{Connected: Faces}, 705},
		{Filter{Connected: Faces, Notchable: true}, 52},
		{Filter{Connected: Faces, Notchable: true, Unique: Mirror}, 33},
		{Filter{Connected: Faces, Millable: true}, 69},
		{Filter{Connected: Faces, Chiral: true}, 636},
		{Filter{Connected: Faces, Asymmetric: true}, 618},
		{Filter{Min: 16, Max: 18}, 343},
	} {
		if raceEnabled && c.f.Notchable == false && c.f.Unique != Every {
			continue // ten times slower: the notchable and every-subset cases do
		}
		if got := generate(t, tp, c.f); len(got.Pieces) != c.want {
			t.Errorf("%v: %d pieces, BurrTools finds %d", c.f, len(got.Pieces), c.want)
		}
	}
}

// The pieces themselves, not only their number, are BurrTools': the same
// set up to rotation as its assembly import keeps (testdata, written by
// BurrTools' library).
func TestDemoPieceGeneratorSameShapes(t *testing.T) {
	tp := voxels(t, 2, 6, 2, "#####+#+######++++++++##")
	for file, f := range map[string]Filter{
		"testdata/demopiecegenerator-notchable.txt": {Connected: Faces, Notchable: true},
		"testdata/demopiecegenerator-connected.txt": {Connected: Faces},
	} {
		if raceEnabled && !f.Notchable {
			continue // ten times slower: the notchable set does
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{}
		for _, line := range strings.Split(string(data), "\n") {
			var x, y, z int
			var vox string
			if strings.HasPrefix(line, "#") || line == "" {
				continue
			}
			if _, err := fmt.Sscan(line, &x, &y, &z, &vox); err != nil {
				t.Fatalf("%s: %q: %v", file, line, err)
			}
			var sh geometry.Shape
			for i, ch := range vox {
				if ch == '#' {
					sh = append(sh, geometry.Cell{X: i % x, Y: i / x % y, Z: i / (x * y)})
				}
			}
			want[polyform.Canonical(geometry.Cubes(), sh, polyform.OneSided).String()] = true
		}
		got := map[string]bool{}
		for _, p := range generate(t, tp, f).Pieces {
			got[polyform.Canonical(geometry.Cubes(), p.Cells, polyform.OneSided).String()] = true
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s: %d pieces, BurrTools %d; not the same set", file, len(got), len(want))
		}
	}
}

// More templates, every cell variable, against BurrTools' library keeping
// every assembly (its solver run with rotations kept: on a template with
// symmetries the complete rotation check of its user guide's recipe keeps
// too few, 10 connected shapes of the 2x2x2 cube for 14), then its
// assembly import's filters.
func TestTemplatesAsBurrTools(t *testing.T) {
	for _, c := range []struct {
		name    string
		x, y, z int
		voxels  string
		want    [7]int // any, connected, +notchable, +millable, +chiral, +asymmetric, connected up to mirror
	}{
		{"2x2x2", 2, 2, 2, "++++++++", [7]int{22, 14, 10, 10, 2, 0, 13}},
		{"3x2x2", 3, 2, 2, "++++++++++++", [7]int{515, 240, 92, 107, 164, 138, 158}},
		{"3x3x1", 3, 3, 1, "+++++++++", [7]int{85, 35, 35, 35, 0, 0, 35}},
		{"L prism", 3, 3, 2, "+++++_+__+++++_+__", [7]int{1556, 456, 191, 209, 374, 340, 269}},
	} {
		tp := voxels(t, c.x, c.y, c.z, c.voxels)
		for i, f := range []Filter{
			{}, {Connected: Faces}, {Connected: Faces, Notchable: true}, {Connected: Faces, Millable: true},
			{Connected: Faces, Chiral: true}, {Connected: Faces, Asymmetric: true}, {Connected: Faces, Unique: Mirror},
		} {
			if raceEnabled && c.x*c.y*c.z > 9 {
				continue
			}
			if got := len(generate(t, tp, f).Pieces); got != c.want[i] {
				t.Errorf("%s, %v: %d pieces, BurrTools %d", c.name, f, got, c.want[i])
			}
		}
	}
}

// A bigger one: the 2^20 subsets of a 2x2x5 box make 15,284 connected
// pieces up to rotation and reflection, as BurrTools' library finds
// keeping every assembly (its import with "remove identical" and mirrors).
func TestBoxOf2x2x5AsBurrTools(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("a million subsets: skipped with -short and under the race detector")
	}
	tp, _ := NewTemplate(geometry.Cubes(), nil, Box(geometry.Cubes(), 2, 2, 5))
	if got := len(generate(t, tp, Filter{Connected: Faces, Unique: Mirror}).Pieces); got != 15284 {
		t.Errorf("%d pieces, BurrTools 15284", got)
	}
}
