package puzzle

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
)

// TestWrapProductsByLookup checks the option maps of wrapped boxes, most of
// them products of others (wrapProducts), against every placement's image
// under every symmetry looked up by its cells: the same acting symmetries,
// the same images, on random carvings wrapped along random axes and on
// tori, cylinders and periodic boxes of a few pieces.
func TestWrapProductsByLookup(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 29))
	specs := []string{
		"[0-6][0-4]\n| wrap x y\n33|M 00\nD 00 01\n",
		"[0-5][0-5]\n| wrap x y\n34|M 00\nD 00 01\n",
		"[0-7][0-2]\n| wrap x\n22|M 00\nD 00 01\n",
		"[0-1][0-4]\n| wrap x y\n8|M 00\nD 00 01\n",
		"[0-2][0-2][0-3]\n| wrap x y z\n| polyforms 3\n",
		"[0-2][0-2][0-3]\n| wrap x y\n| polyforms 3\n",
		"[0-9][0-5]\n| wrap x y\n| polyforms 5\n",
	}
	wraps2, wraps3 := []string{"x", "y", "x y"}, []string{"x", "z", "x y", "xyz"}
	for len(specs) < 24 {
		spec := randomCarving(r)
		box, rest, _ := strings.Cut(spec, "\n")
		wraps := wraps2
		if strings.Count(box, "[") == 3 {
			wraps = wraps3
		}
		specs = append(specs, box+"\n| wrap "+wraps[r.IntN(len(wraps))]+"\n"+rest)
	}
	products := 0
	for _, spec := range specs {
		l, err := Load("wrap.txt", []byte(spec), FormatAuto)
		if err != nil {
			t.Fatalf("%v\n%s", err, spec)
		}
		p := l.Puzzle
		s := p.Symmetry()
		acting, maps := symmetryByLookup(p, s.Box)
		if !slices.Equal(s.Acting, acting) {
			t.Fatalf("acting %v, by lookup %v\n%s", s.Acting, acting, spec)
		}
		for k := range acting {
			if !slices.Equal(s.optMap[k], maps[k]) {
				t.Fatalf("symmetry %d (%+v): option map %v, by lookup %v\n%s", acting[k], s.Box[acting[k]], s.optMap[k], maps[k], spec)
			}
		}
		if w := newWrapProducts(p, s.Box); w != nil {
			products += len(acting) - 4
		}
	}
	if products <= 0 {
		t.Fatal("no option map was a product")
	}
}

// symmetryByLookup returns the indices of the symmetries in box that map
// every placement of p onto a placement (of the mirror piece, for a
// reflection) and keep the optional cells, and for each the first option
// with the image's piece and cells, from the definition.
func symmetryByLookup(p *Puzzle, box []geometry.Symmetry) (acting []int, maps [][]int32) {
	pls := p.Placements()
	var b []byte
	name := func(piece int, cells geometry.Shape) string {
		b = binary.AppendVarint(b[:0], int64(piece))
		for _, c := range geometry.NewShape(cells...) {
			b = binary.AppendVarint(binary.AppendVarint(binary.AppendVarint(b, int64(c.X)), int64(c.Y)), int64(c.Z))
		}
		return string(b)
	}
	first := map[string]int32{}
	for i, pl := range pls {
		k := name(pl.Piece, p.placementCells(pl))
		if _, ok := first[k]; !ok {
			first[k] = int32(i)
		}
	}
	mirror := p.mirrorPieces()
	for g, sym := range box {
		if !p.keepsOptional(sym) {
			continue
		}
		m := make([]int32, len(pls))
		ok := true
		for i, pl := range pls {
			piece := pl.Piece
			if !sym.Proper() {
				piece = mirror[piece]
			}
			j, found := first[name(piece, sym.ApplyShape(p.placementCells(pl)))]
			if piece < 0 || !found {
				ok = false
				break
			}
			m[i] = j
		}
		if ok {
			acting = append(acting, g)
			maps = append(maps, m)
		}
	}
	return acting, maps
}
