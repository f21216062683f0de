package puzzle

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"polyviz/geometry"
)

// TestNewUnplacedCells holds NewUnplacedCells to ParseSpecUnplacedCells on
// random specs written from their cells as BurrTools' grid puzzles are:
// comment lines (directives among them), a box and pieces of random cells,
// names good and bad (repeated, too long, with a space, '*', '|' or ':',
// spelling a cell of the box or not). Where it takes the input, the puzzle
// is the reader's, field for field; it takes most of them.
func TestNewUnplacedCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 61))
	shape := func(n, ext int) geometry.Shape {
		var s geometry.Shape
		for range n {
			s = append(s, geometry.Cell{X: rng.IntN(ext), Y: rng.IntN(ext), Z: rng.IntN(ext)})
		}
		return geometry.NewShape(s...)
	}
	comments := []string{"| BurrTools puzzle x.xmpuzzle, problem 1", "| a comment", "| wrap x", "| group A 2", "| fixed A", "| one-sided B", "|polyforms", "| in-place A 000"}
	goodNames := []string{"A", "B", "S1", "S2_2", "abcdefgh", "000", "zzz", "A-1", "#"}
	badNames := []string{"", "too-long-name", "ninechars", "a b", "x*", "a|b", "a:b", "A"}
	taken := 0
	const runs = 600
	for run := range runs {
		var lines []string
		nc := rng.IntN(3)
		for range nc {
			lines = append(lines, comments[rng.IntN(len(comments))])
		}
		box := shape(1+rng.IntN(40), 3+rng.IntN(3))
		cells := []geometry.Shape{box}
		var names []string
		used := map[string]bool{}
		for range 1 + rng.IntN(4) {
			n := goodNames[rng.IntN(len(goodNames))]
			if rng.IntN(8) == 0 {
				n = badNames[rng.IntN(len(badNames))]
			} else if used[n] && rng.IntN(4) != 0 {
				continue
			}
			used[n] = true
			names = append(names, n)
			cells = append(cells, shape(1+rng.IntN(6), 3))
		}
		spell := func(prefix string, s geometry.Shape) string {
			var b strings.Builder
			b.WriteString(prefix)
			for _, c := range s {
				b.WriteByte(' ')
				b.WriteByte(geometry.EncodeDigit(c.X))
				b.WriteByte(geometry.EncodeDigit(c.Y))
				b.WriteByte(geometry.EncodeDigit(c.Z))
			}
			return b.String()
		}
		lines = append(lines, spell("", box))
		for i, n := range names {
			lines = append(lines, spell(n, cells[1+i]))
		}
		spec := strings.Join(lines, "\n") + "\n"
		got, ok := NewUnplacedCells("t", lines, nc, cells, names)
		if !ok {
			continue
		}
		taken++
		want, err := ParseSpecUnplacedCells("t", []byte(spec), cells)
		if err != nil {
			t.Fatalf("run %d: taken, but the reader says %v:\n%s", run, err, spec)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("run %d: %+v\nthe reader's %+v\n%s", run, got, want, spec)
		}
	}
	if taken < runs/2 {
		t.Errorf("%d of %d specs taken as they are, want at least half", taken, runs)
	}
}
