package puzzle

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/geometry"
)

// symmetryByShapes is how Symmetry found the action of the box's
// symmetries on the placements before it numbered the cells: each
// placement's shape mapped by each symmetry, named in decimal and looked
// up. It returns canon, the acting symmetries and their option maps.
func symmetryByShapes(p *Puzzle, box []geometry.Symmetry) ([]int32, []int, [][]int32) {
	pls := p.Placements()
	key := func(piece int, cells geometry.Shape) string {
		var b strings.Builder
		b.WriteString(strconv.Itoa(piece))
		for _, c := range cells {
			b.WriteString(" " + strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y) + "," + strconv.Itoa(c.Z))
		}
		return b.String()
	}
	index := map[string]int32{}
	canon := make([]int32, len(pls))
	full := make([]geometry.Shape, len(pls))
	for i, pl := range pls {
		full[i] = p.placementCells(pl)
		k := key(pl.Piece, full[i])
		if j, ok := index[k]; ok {
			canon[i] = j
			continue
		}
		index[k] = int32(i)
		canon[i] = int32(i)
	}
	mirror := p.mirrorPieces()
	var acting []int
	var maps [][]int32
	for g, sym := range box {
		if !p.keepsOptional(sym) {
			continue
		}
		// a reflection maps each piece to its mirror partner: itself for a
		// free piece on a board (it may be turned over), F' for a one-sided F
		proper := sym.Proper()
		m := make([]int32, len(pls))
		ok := true
		for i, pl := range pls {
			piece := pl.Piece
			if !proper {
				piece = mirror[pl.Piece]
			}
			j, found := int32(-1), false
			if piece >= 0 {
				j, found = index[key(piece, sym.ApplyShape(full[i]))]
			}
			if !found {
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
	return canon, acting, maps
}

// TestSymmetryByNumbers: Symmetry's action on the placements, found through
// numbered cells, is the one found by mapping every placement's shape, on
// the library's puzzles, BurrTools' grids (spheres, prisms, rhombic and
// tetra-octa cells), triangles and hexagons, and random carvings with
// repeated and mirror pieces.
func TestSymmetryByNumbers(t *testing.T) {
	type input struct{ name, file string }
	var inputs []input
	for i, e := range assets.Catalog() {
		// under -short, one in ten of the literature's few hundred figures
		if testing.Short() && strings.Contains(e.Counts.All.Checked, "TestLiteratureCounts") && i%10 != 0 {
			continue
		}
		inputs = append(inputs, input{e.Name, e.File})
	}
	check := func(t *testing.T, name string, l *Loaded) {
		if l.Puzzle == nil {
			return
		}
		p := l.Puzzle
		s := p.Symmetry()
		canon, acting, maps := symmetryByShapes(p, s.Box)
		if !slices.Equal(s.canon, canon) {
			t.Fatalf("%s: the repeated placements differ", name)
		}
		if !slices.Equal(s.Acting, acting) {
			t.Fatalf("%s: acting symmetries %v, by shapes %v", name, s.Acting, acting)
		}
		for k := range maps {
			if !slices.Equal(s.optMap[k], maps[k]) {
				t.Fatalf("%s: symmetry %d maps the placements otherwise", name, s.Acting[k])
			}
		}
	}
	n := 0
	for _, in := range inputs {
		e, _ := assets.Lookup(in.name)
		l, err := Load(e.File, e.Data(), FormatAuto)
		if err != nil {
			continue // Lepage's files and the like: not read here
		}
		check(t, in.name, l)
		n++
	}
	dirs := []string{"testdata/lattice", "../burrtools/testdata/grids/generated"}
	for _, dir := range dirs {
		files, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for i, f := range files {
			if f.IsDir() || strings.HasSuffix(f.Name(), ".md") || (raceEnabled && i%4 != 0) {
				continue
			}
			path := filepath.Join(dir, f.Name())
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			l, err := Load(path, data, FormatAuto)
			if err != nil {
				continue // a file that is not a packing (the errors are other tests')
			}
			check(t, path, l)
			n++
		}
	}
	r := rand.New(rand.NewPCG(26, 11))
	for trial := range 60 {
		spec := randomCarving(r)
		l, err := Load("random.txt", []byte(spec), FormatAuto)
		if err != nil {
			t.Fatalf("trial %d: %v\n%s", trial, err, spec)
		}
		check(t, spec, l)
		n++
	}
	t.Logf("%d puzzles", n)
}
