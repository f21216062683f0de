package burrtools

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"

	"polyviz/geometry"
)

// gunzip returns the XML of a file's data.
func gunzip(t *testing.T, data []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return string(data)
	}
	text, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// A file with two problems; the second has solutions, the file a comment
// and an XML comment: everything but problem 0 must come through.
const twoProblems = `<?xml version="1.0"?>
<!-- made by hand -->
<puzzle version="2">
 <gridType type="0"/>
 <colors/>
 <shapes>
  <voxel x="2" y="1" z="1" type="0" name="domino">##</voxel>
  <voxel x="2" y="2" z="1" type="0">####</voxel>
  <voxel x="1" y="1" z="1" type="0">#</voxel>
 </shapes>
 <problems>
  <problem name="first" state="2" assemblies="1" maxHoles="3">
   <shapes><shape id="0" count="2"/></shapes>
   <result id="1"/>
   <bitmap/>
   <solutions><solution asmNum="0"><assembly>0 0 0 0 0 1 0 0</assembly></solution></solutions>
  </problem>
  <problem name="second" state="2">
   <shapes><shape id="2" count="4"/></shapes>
   <result id="1"/>
   <bitmap/>
   <solutions><solution asmNum="0"><assembly>0 0 0 0 1 0 0 0 0 1 0 0 1 1 0 0</assembly></solution></solutions>
  </problem>
 </problems>
 <comment popup="">Two problems, kept apart.</comment>
</puzzle>
`

func TestReplaceProblem(t *testing.T) {
	// problem 0 becomes: an L tromino and a monomino in a 2x2 box with one
	// optional cell
	shapes := []Shape{
		{Name: "L", Size: geometry.Cell{X: 2, Y: 2, Z: 1}, Filled: geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1})},
		{Name: "M", Size: geometry.Cell{X: 1, Y: 1, Z: 1}, Filled: geometry.NewShape(geometry.Cell{})},
		{Size: geometry.Cell{X: 3, Y: 2, Z: 1}, Filled: geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{X: 1, Y: 1}),
			Variable: geometry.NewShape(geometry.Cell{X: 2})},
	}
	parts := []Part{{Shape: 0, Min: 1, Max: 1}, {Shape: 1, Min: 0, Max: 2}}
	out, err := ReplaceProblem("two.xmpuzzle", []byte(twoProblems), 0, shapes, parts, 2)
	if err != nil {
		t.Fatal(err)
	}
	text := gunzip(t, out)
	for _, keep := range []string{"<!-- made by hand -->", `name="domino"`, "Two problems, kept apart.", `<problem name="second" state="2">`,
		"0 0 0 0 1 0 0 0 0 1 0 0 1 1 0 0", `maxHoles="3"`} {
		if !strings.Contains(text, keep) {
			t.Errorf("lost %q:\n%s", keep, text)
		}
	}
	for _, gone := range []string{"0 0 0 0 0 1 0 0", `assemblies="1"`} {
		if strings.Contains(text, gone) {
			t.Errorf("problem 0's stale %q kept", gone)
		}
	}
	x, err := Read("two.xmpuzzle", out)
	if err != nil {
		t.Fatal(err)
	}
	if len(x.Shapes) != 6 || len(x.Problems) != 2 {
		t.Fatalf("%d shapes, %d problems", len(x.Shapes), len(x.Problems))
	}
	p0 := x.Problems[0]
	if p0.Result != 5 || len(p0.Parts) != 2 || p0.Parts[0].Shape != 3 || p0.Parts[1].Min != 0 || p0.Parts[1].Max != 2 || p0.MaxHoles != 3 {
		t.Errorf("problem 0 reads back as %+v", p0)
	}
	if !x.Shapes[5].Variable.Equal(shapes[2].Variable) || x.Shapes[3].Name != "L" {
		t.Errorf("new shapes read back as %+v", x.Shapes[3:])
	}
	p1 := x.Problems[1]
	if p1.Name != "second" || p1.Result != 1 || len(p1.Parts) != 1 || p1.Parts[0].Shape != 2 || p1.Parts[0].Min != 4 {
		t.Errorf("problem 1 changed: %+v", p1)
	}
	// the edited problem solves as a puzzle: L + up to two monominoes in
	// 2x2 (+1 optional cell)
	pz, err := x.Puzzle("two.xmpuzzle", 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(pz.Pieces) != 2 || len(pz.Box) != 5 || len(pz.Optional) != 1 {
		t.Errorf("puzzle: %d pieces, box %d, optional %d", len(pz.Pieces), len(pz.Box), len(pz.Optional))
	}
}

func TestReplaceProblemOfExample(t *testing.T) {
	data, err := os.ReadFile("testdata/xmpuzzle/DemoMirrorParadox.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	before, err := Read("demo", data)
	if err != nil {
		t.Fatal(err)
	}
	cube := Shape{Size: geometry.Cell{X: 1, Y: 1, Z: 1}, Filled: geometry.NewShape(geometry.Cell{})}
	out, err := ReplaceProblem("demo", data, 1, []Shape{cube}, []Part{{Shape: 0, Min: 1, Max: 1}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	after, err := Read("demo", out)
	if err != nil {
		t.Fatal(err)
	}
	if after.Comment != before.Comment || len(after.Shapes) != len(before.Shapes)+1 {
		t.Error("comment or shapes not kept")
	}
	a, b := after.Problems[0], before.Problems[0]
	if a.Name != b.Name || a.Result != b.Result || len(a.Parts) != len(b.Parts) {
		t.Errorf("problem 0 changed: %+v, was %+v", a, b)
	}
	if after.Problems[1].Name != "Another Example" || after.Problems[1].Result != len(before.Shapes) {
		t.Errorf("problem 1: %+v", after.Problems[1])
	}
	if _, err := ReplaceProblem("demo", data, 2, []Shape{cube}, nil, 0); err == nil {
		t.Error("a missing problem was accepted")
	}
}
