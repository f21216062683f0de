package puzzle

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
)

// TestParseSpecUnplaced holds the count of orientations made without
// images to Orientations' on random shapes (symmetric ones included), and
// ParseSpecUnplaced to ParseSpec: the same pieces, cells, multiplicities
// and Knuth's node count (Summary's), but no base placements.
func TestParseSpecUnplaced(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 3))
	for range 300 {
		var s geometry.Shape
		n := 1 + rng.IntN(7)
		for range n {
			s = append(s, geometry.Cell{X: rng.IntN(3), Y: rng.IntN(2 + rng.IntN(2)), Z: rng.IntN(2)})
		}
		s = geometry.NewShape(s...)
		if got, want := cubeOrientationCount(s), len(geometry.Cubes().Orientations(s)); got != want {
			t.Fatalf("%v: %d orientations, Orientations has %d", s, got, want)
		}
	}
	spec := "| a test\n[0-2][0-2][0-2]\n2*L 000 100 200 010\nI 000 100 200\nC 000 100 010 110 001 101 011 111\n2*L 001 002\n"
	want, err := ParseSpec("t", []byte(spec), false)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseSpecUnplaced("t", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	if got.nodeCount() != want.nodeCount() || len(got.Pieces) != len(want.Pieces) || strings.Join(got.Lines, "\n") != strings.Join(want.Lines, "\n") {
		t.Fatalf("unplaced %d nodes, %d pieces; ParseSpec %d nodes, %d pieces", got.nodeCount(), len(got.Pieces), want.nodeCount(), len(want.Pieces))
	}
	for i, pc := range got.Pieces {
		w := want.Pieces[i]
		if pc.Name != w.Name || pc.Cells != w.Cells || pc.Mult != w.Mult || pc.Min != w.Min || pc.Max != w.Max || len(pc.Orientations) != 0 {
			t.Errorf("piece %d: %+v, want %+v", i, pc, w)
		}
	}
	if len(got.Bases) != 0 {
		t.Errorf("%d bases", len(got.Bases))
	}
	// the node count, made only when Summary asks (nodeCount), on random specs of
	// several lines (pieces repeated, with and without multiplicities)
	for range 200 {
		var b strings.Builder
		b.WriteString("[0-3][0-2][0-2]\n")
		for range 1 + rng.IntN(5) {
			if rng.IntN(3) == 0 {
				b.WriteString("2*")
			}
			b.WriteByte("ABC"[rng.IntN(3)])
			for range 1 + rng.IntN(6) {
				fmt.Fprintf(&b, " %d%d%d", rng.IntN(4), rng.IntN(3), rng.IntN(3))
			}
			b.WriteByte('\n')
		}
		want, werr := ParseSpec("t", []byte(b.String()), false)
		got, gerr := ParseSpecUnplaced("t", []byte(b.String()))
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("%s: unplaced %v, ParseSpec %v", b.String(), gerr, werr)
		}
		if werr == nil && got.nodeCount() != want.nodeCount() {
			t.Fatalf("%s: unplaced %d nodes, ParseSpec %d", b.String(), got.nodeCount(), want.nodeCount())
		}
	}
}

// TestParseSpecUnplacedCells holds ParseSpecUnplacedCells to
// ParseSpecUnplaced on random specs told their own cells (the lines are
// taken, not read), cells one of which is wrong, unsorted or repeated (the
// lines are read), and on specs with errors: the same puzzle, or the same
// error, every time.
func TestParseSpecUnplacedCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	write := func(b *strings.Builder, s geometry.Shape) {
		for _, c := range s {
			b.WriteByte(' ')
			b.WriteByte(geometry.EncodeDigit(c.X))
			b.WriteByte(geometry.EncodeDigit(c.Y))
			b.WriteByte(geometry.EncodeDigit(c.Z))
		}
		b.WriteByte('\n')
	}
	shape := func(n, ext int) geometry.Shape {
		var s geometry.Shape
		for range n {
			s = append(s, geometry.Cell{X: rng.IntN(ext), Y: rng.IntN(ext), Z: rng.IntN(ext)})
		}
		return geometry.NewShape(s...)
	}
	same := func(name string, spec string, cells []geometry.Shape) {
		t.Helper()
		want, werr := ParseSpecUnplaced("t", []byte(spec))
		got, gerr := ParseSpecUnplacedCells("t", []byte(spec), cells)
		if fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("%s: error %v, want %v\n%s", name, gerr, werr, spec)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %+v\nwant %+v\n%s", name, got, want, spec)
		}
	}
	for k := range 200 {
		var b strings.Builder
		b.WriteString("| random\n")
		box := shape(5+rng.IntN(30), 4)
		write(&b, box)
		cells := []geometry.Shape{box}
		for i := range 1 + rng.IntN(4) {
			s := shape(1+rng.IntN(6), 3)
			fmt.Fprintf(&b, "P%d", i)
			write(&b, s)
			cells = append(cells, s)
		}
		spec := b.String()
		if k%4 == 0 {
			// a line out of order, with a cell twice, told as written
			j := rng.IntN(len(cells))
			w := slices.Clone(cells[j])
			w = append(w, w[0])
			slices.Reverse(w)
			cells[j] = w
			var b2 strings.Builder
			b2.WriteString("| random\n")
			for i, s := range cells {
				if i > 0 {
					fmt.Fprintf(&b2, "P%d", i-1)
				}
				write(&b2, s)
			}
			spec = b2.String()
		}
		same("own cells", spec, cells)
		same("no cells", spec, nil)
		// one cell of one line moved, or the line's cells out of order or repeated
		wrong := slices.Clone(cells)
		j := rng.IntN(len(wrong))
		w := slices.Clone(wrong[j])
		switch k % 3 {
		case 0:
			c := &w[rng.IntN(len(w))]
			*[]*int{&c.X, &c.Y, &c.Z}[rng.IntN(3)] += 1 + rng.IntN(2)
		case 1:
			slices.Reverse(w)
		case 2:
			w = append(w, w[len(w)-1])
		}
		wrong[j] = w
		same("wrong cells", spec, wrong)
	}
	// lines that do not spell cells, and errors
	for _, spec := range []string{
		"| x\n[0-2]00 100\nA 000 100\n",
		"| x\n000 100\nA 000 100 [01]00\n",
		"| x\n000 100\n100 000\n",
		"| x\n000 100\nA 000 1x0\n",
		"| x\n000 100\nA 000  100\n",
		"| x\n000 100\nA\nB 000\n",
		"| x\n000 100\nA 000x100\n",
		"| x\n000 100 200\nA 000 100 200\n",
	} {
		cells := []geometry.Shape{{{X: 0}, {X: 1}}, {{X: 0}, {X: 1}}, {{X: 0}}}
		same("other", spec, cells)
	}
}
