package assets

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// load parses an entry's file with the tests' own reader.
func load(t *testing.T, e Entry) tspec {
	t.Helper()
	data := e.Data()
	if data == nil {
		t.Fatalf("%s: no data for file %s", e.Name, e.File)
	}
	s, err := parseSpec(string(data), e.Format == Polyomino)
	if err != nil {
		t.Fatalf("%s: %v", e.Name, err)
	}
	return s
}

func TestCatalogNamesAndFiles(t *testing.T) {
	nameRE := regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	seen := map[string]bool{}
	files := map[string]bool{}
	for _, e := range Catalog() {
		if !nameRE.MatchString(e.Name) {
			t.Errorf("name %q is not short, lowercase and dash-separated", e.Name)
		}
		if seen[e.Name] {
			t.Errorf("name %q listed twice", e.Name)
		}
		seen[e.Name] = true
		files[e.File] = true
		if e.Title == "" || e.Description == "" || e.Source == "" {
			t.Errorf("%s: title, description and source are all required", e.Name)
		}
		if !e.Format.Packing() && e.Format != Fillomino && e.Format != Antislide && e.Format != Polysticks {
			t.Errorf("%s: format %q", e.Name, e.Format)
		}
		if got, ok := Lookup(e.Name); !ok || got.File != e.File {
			t.Errorf("Lookup(%q) = %v, %v", e.Name, got.File, ok)
		}
	}
	if _, ok := Lookup("no-such-puzzle"); ok {
		t.Error("Lookup of an unknown name succeeded")
	}
	if (Entry{File: "puzzles/none.txt"}).Data() != nil {
		t.Error("Data of a missing file is not nil")
	}
	// Every embedded file is catalogued, and vice versa.
	embedded, err := fs.Glob(puzzleFiles, "puzzles/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	xm, err := fs.Glob(puzzleFiles, "puzzles/*.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	embedded = slices.Sorted(slices.Values(append(embedded, xm...)))
	if !slices.Equal(embedded, slices.Sorted(maps.Keys(files))) {
		t.Errorf("embedded files %v\ncatalogued files %v", embedded, slices.Sorted(maps.Keys(files)))
	}
	if names := Names(); len(names) != len(Catalog()) || names[0] != Catalog()[0].Name {
		t.Errorf("Names() = %v", names)
	}
}

// TestEntriesMatchFiles checks each file against its entry: the header, the
// format, cells, pieces, dimensions, volume, and piece names.
func TestEntriesMatchFiles(t *testing.T) {
	for _, e := range Catalog() {
		t.Run(e.Name, func(t *testing.T) {
			if e.Format == Lepage {
				checkLepageEntry(t, e)
				return
			}
			if !e.Format.Packing() {
				t.Skip("not a packing: checked by TestFillominoAndAntislideEntries with its own package")
			}
			if e.Format == Polyiamond || e.Format == Polyhex {
				t.Skip("triangles and hexagons: checked by TestLatticeEntries with package puzzle")
			}
			if e.Format == BurrTools {
				t.Skip("BurrTools' grids: checked by TestBurrToolsEntries with package burrtools")
			}
			s := load(t, e)
			if len(s.header) == 0 || s.header[0] != e.Title {
				t.Errorf("the first header line is not the title %q", e.Title)
			}
			if want := "polyviz library name: " + e.Name; len(s.header) < 2 || s.header[1] != want {
				t.Errorf("the second header line is not %q", want)
			}
			if len(s.header) < 3 {
				t.Errorf("only %d comment lines before the box; want a title, a description and a source", len(s.header))
			} else if !strings.Contains(strings.Join(s.header, "\n"), "Source:") {
				t.Errorf("the header does not say its Source:")
			}
			if want := fmt.Sprintf("%s-DLX", strings.ToUpper(string(e.Format))); !strings.Contains(string(e.Data()), want) {
				t.Errorf("the header does not say it is %s input", want)
			}
			if len(s.box) != e.Cells {
				t.Errorf("box has %d cells, entry says %d", len(s.box), e.Cells)
			}
			if s.pieceCount() != e.Pieces {
				t.Errorf("%d pieces, entry says %d", s.pieceCount(), e.Pieces)
			}
			if s.volume() != len(s.box) {
				t.Errorf("pieces cover %d cells, the box has %d", s.volume(), len(s.box))
			}
			lo, hi := bounds(s.box)
			ext := []int{hi[0] - lo[0] + 1, hi[1] - lo[1] + 1}
			if !s.planar {
				ext = append(ext, hi[2]-lo[2]+1)
			}
			slices.Sort(ext)
			var dims []string
			for _, d := range ext {
				dims = append(dims, fmt.Sprint(d))
			}
			if got := strings.Join(dims, "x"); got != e.Dimensions {
				t.Errorf("dimensions %s, entry says %s", got, e.Dimensions)
			}
			if lo != (cell{}) {
				t.Errorf("box starts at %v, not at the origin", lo)
			}
			inBox := map[cell]bool{}
			for _, c := range s.box {
				inBox[c] = true
			}
			for _, p := range s.pieces {
				// Knuth: a name must not read as a cell of the box.
				if n := len(p.name); (s.planar && n == 2) || (!s.planar && n == 3) {
					if c, err := parseCells([]string{p.name}, s.planar); err == nil && inBox[c[0]] {
						t.Errorf("piece name %s is also a cell of the box", p.name)
					}
				}
				if !connected(p.cells, s.planar) {
					t.Errorf("piece %s is not connected", p.name)
				}
			}
		})
	}
}

func connected(cells []cell, planar bool) bool {
	have := map[cell]bool{}
	for _, c := range cells {
		have[c] = true
	}
	seen := map[cell]bool{cells[0]: true}
	todo := []cell{cells[0]}
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, d := range []cell{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}} {
			n := cell{c[0] + d[0], c[1] + d[1], c[2] + d[2]}
			if have[n] && !seen[n] {
				seen[n] = true
				todo = append(todo, n)
			}
		}
	}
	return len(seen) == len(cells) && (!planar || cells[0][2] == 0)
}

// pieceClasses returns the canonical keys of a spec's pieces under g and
// fails if two pieces are the same shape.
func pieceClasses(t *testing.T, s tspec, g []xform) map[string]bool {
	t.Helper()
	keys := map[string]bool{}
	for _, p := range s.pieces {
		k := canon(p.cells, g)
		if keys[k] {
			t.Errorf("piece %s repeats the shape of an earlier piece", p.name)
		}
		keys[k] = true
	}
	return keys
}

// TestPieceSets checks the complete sets against an enumeration of all
// polyominoes (up to rotation and reflection) and polycubes (up to rotation)
// of their size: 5 tetrominoes, 12 pentominoes, 35 hexominoes, 8 tetracubes,
// 29 pentacubes, and the Soma pieces.
func TestPieceSets(t *testing.T) {
	plane, space := group(true, false), group(false, true)
	flatPentacubes := map[string]bool{}
	for k, v := range enumerate(5, true, plane) {
		flatPentacubes[canon(keyCells(k), space)] = v
	}
	tests := []struct {
		file  string
		size  int
		want  map[string]bool
		count int
	}{
		{"tetromino-5x8", 4, enumerate(4, true, plane), 5},
		{"tetromino-4x10", 4, enumerate(4, true, plane), 5},
		{"pentomino-6x10", 5, enumerate(5, true, plane), 12},
		{"pentomino-5x12", 5, enumerate(5, true, plane), 12},
		{"pentomino-4x15", 5, enumerate(5, true, plane), 12},
		{"pentomino-3x20", 5, enumerate(5, true, plane), 12},
		{"pentomino-8x8-hole", 5, enumerate(5, true, plane), 12},
		{"hexomino-parallelogram", 6, enumerate(6, true, plane), 35},
		{"tetracube-2x4x4", 4, enumerate(4, false, space), 8},
		{"tetracube-2x2x8", 4, enumerate(4, false, space), 8},
		{"pentacube-frame", 5, enumerate(5, false, space), 29},
		{"pentacube-3x4x5", 5, flatPentacubes, 12},
		{"pentacube-2x5x6", 5, flatPentacubes, 12},
		{"pentacube-2x3x10", 5, flatPentacubes, 12},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			e, ok := Lookup(tt.file)
			if !ok {
				t.Fatalf("no entry %s", tt.file)
			}
			s := load(t, e)
			g := space
			if s.planar {
				g = plane
			}
			for _, p := range s.pieces {
				if len(p.cells) != tt.size {
					t.Errorf("piece %s has %d cells, want %d", p.name, len(p.cells), tt.size)
				}
			}
			got := pieceClasses(t, s, g)
			if len(tt.want) != tt.count {
				t.Fatalf("enumeration found %d shapes, the literature says %d", len(tt.want), tt.count)
			}
			if !maps.Equal(got, tt.want) {
				t.Errorf("the %d pieces are not the %d shapes of size %d", len(got), len(tt.want), tt.size)
			}
		})
	}
}

func keyCells(k string) []cell {
	var out []cell
	for _, part := range strings.Split(strings.TrimSuffix(k, ";"), ";") {
		var c cell
		fmt.Sscanf(part, "%d,%d,%d", &c[0], &c[1], &c[2])
		out = append(out, c)
	}
	return out
}

// TestSomaPieces: the Soma pieces are the irregular polycubes of 3 and 4
// cells (every one that is not a box), in every Soma file.
func TestSomaPieces(t *testing.T) {
	space := group(false, true)
	want := map[string]bool{}
	for n := 3; n <= 4; n++ {
		for k := range enumerate(n, false, space) {
			lo, hi := bounds(keyCells(k))
			if vol := (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1); vol != n {
				want[k] = true
			}
		}
	}
	if len(want) != 7 {
		t.Fatalf("found %d irregular polycubes of 3 or 4 cells, want 7", len(want))
	}
	for _, e := range Catalog() {
		if e.Name != "soma" && !strings.HasPrefix(e.Name, "soma-") {
			continue
		}
		if got := pieceClasses(t, load(t, e), space); !maps.Equal(got, want) {
			t.Errorf("%s: the pieces are not the seven Soma pieces", e.Name)
		}
	}
}

// TestMirrorPairs checks the chirality the headers claim.
func TestMirrorPairs(t *testing.T) {
	tests := []struct {
		file  string
		pairs [][2]string // mirror images of each other
		self  []string    // own mirror images
	}{
		{"soma", [][2]string{{"A", "B"}}, []string{"V", "L", "T", "Z", "P"}},
		{"tetracube-2x4x4", [][2]string{{"A", "B"}}, []string{"I", "O", "L", "T", "Z", "P"}},
		{"pentacube-frame",
			[][2]string{{"L1", "J1"}, {"L2", "J2"}, {"L4", "J4"}, {"N1", "S1"}, {"N2", "S2"}, {"V1", "V2"}},
			[]string{"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z", "Q", "A", "T1", "T2", "L3"}},
		{"big-brother", nil, []string{"U", "X", "Z", "T2"}},
	}
	space := group(false, true)
	flip := xform{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	for _, tt := range tests {
		e, _ := Lookup(tt.file)
		s := load(t, e)
		shape := map[string][]cell{}
		for _, p := range s.pieces {
			shape[p.name] = p.cells
		}
		mirrorOf := func(a, b string) bool {
			return canon(transform(flip, shape[a]), space) == canon(shape[b], space)
		}
		for _, p := range tt.pairs {
			if !mirrorOf(p[0], p[1]) || mirrorOf(p[0], p[0]) {
				t.Errorf("%s: %s and %s are not a chiral mirror pair", tt.file, p[0], p[1])
			}
		}
		for _, n := range tt.self {
			if !mirrorOf(n, n) {
				t.Errorf("%s: %s is not its own mirror image", tt.file, n)
			}
		}
	}
	// The Big Brother cube's R4 is the mirror image of the Bedlam cube's S4.
	bb, _ := Lookup("big-brother")
	bd, _ := Lookup("bedlam")
	r4, s4 := load(t, bb).pieces[0], load(t, bd).pieces[0]
	if r4.name != "R4" || s4.name != "S4" || canon(transform(flip, r4.cells), space) != canon(s4.cells, space) {
		t.Errorf("big-brother %s is not the mirror image of bedlam %s", r4.name, s4.name)
	}
	// None of the three cubes' sets is closed under reflection.
	tc, _ := Lookup("tetris-cube")
	for _, e := range []Entry{bb, bd, tc} {
		if _, ok := mirrorMap(load(t, e)); ok {
			t.Errorf("%s: the piece set is closed under reflection", e.Name)
		}
	}
}

// TestTetrisCubePieces cross-checks the Tetris Cube pieces against three
// independent lists, up to rotation: ttaomae's and Bonanni's agree with the
// file, and Langen's is their mirror image (which packs the same way).
func TestTetrisCubePieces(t *testing.T) {
	lists := []struct {
		who    string
		mirror bool
		pieces [][]cell
	}{
		{"ttaomae", false, [][]cell{
			{{1, 0, 0}, {1, 1, 0}, {1, 2, 0}, {0, 2, 0}, {0, 3, 0}},
			{{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 2, 0}, {2, 2, 0}},
			{{2, 0, 0}, {0, 1, 0}, {1, 1, 0}, {2, 1, 0}, {3, 1, 0}},
			{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}, {0, 0, 1}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}, {1, 1, 1}},
			{{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 2, 0}, {1, 2, 1}},
			{{1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 2, 0}, {2, 0, 1}},
			{{1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {2, 1, 0}, {1, 1, 1}, {1, 2, 1}},
			{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {2, 1, 1}},
			{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {2, 1, 0}, {2, 1, 1}},
			{{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 2, 0}, {2, 2, 0}, {2, 2, 1}},
			{{0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 2, 0}, {2, 2, 0}, {1, 2, 1}},
		}},
		{"Bonanni", false, [][]cell{
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 2, 0}},
			{{0, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 2, 0}, {0, 3, 0}},
			{{0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}},
			{{0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, 1, 0}, {2, 1, 0}, {1, 2, 0}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 1, 1}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}, {1, 1, 1}},
			{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}, {2, 1, 1}},
			{{0, 1, 0}, {1, 1, 0}, {1, 2, 0}, {2, 1, 0}, {1, 0, 1}, {1, 1, 1}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 2, 0}, {0, 1, 1}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 2, 0}, {0, 2, 1}},
			{{0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {1, 1, 0}, {2, 1, 0}},
			{{0, 0, 0}, {0, 1, 0}, {1, 1, 0}, {1, 2, 0}, {1, 3, 0}},
		}},
		{"Langen", true, [][]cell{
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 2, 0}, {2, 0, 1}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 2, 0}, {1, 0, 1}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 1, 0}, {3, 1, 0}},
			{{1, 0, 0}, {2, 0, 0}, {2, 0, 1}, {1, 1, 0}, {0, 1, 0}},
			{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 1, 0}, {2, 1, 0}, {1, 2, 0}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 2, 0}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {1, 1, 0}},
			{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 0, 1}, {0, 1, 1}},
			{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}, {1, 1, 1}},
			{{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {1, 1, 1}, {2, 1, 1}},
			{{0, 0, 1}, {1, 0, 1}, {2, 0, 1}, {1, 0, 2}, {1, 1, 1}, {1, 1, 0}},
		}},
	}
	space := group(false, true)
	flip := xform{{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	e, _ := Lookup("tetris-cube")
	got := pieceClasses(t, load(t, e), space)
	for _, l := range lists {
		want := map[string]bool{}
		for _, p := range l.pieces {
			p = normalize(p)
			if l.mirror {
				p = transform(flip, p)
			}
			want[canon(p, space)] = true
		}
		if len(want) != 12 || !maps.Equal(got, want) {
			t.Errorf("the Tetris Cube pieces differ from %s's list (mirrored: %v)", l.who, l.mirror)
		}
	}
}

// TestHexominoParity checks the colouring argument in the hexomino header:
// 24 hexominoes are balanced on a chessboard, 11 are not, and the
// parallelogram's colours differ by 14.
func TestHexominoParity(t *testing.T) {
	e, _ := Lookup("hexomino-parallelogram")
	s := load(t, e)
	imbalance := func(cells []cell) int {
		d := 0
		for _, c := range cells {
			d += 1 - 2*((c[0]+c[1])%2)
		}
		return d
	}
	unbalanced := 0
	for _, p := range s.pieces {
		if imbalance(p.cells) != 0 {
			unbalanced++
		}
	}
	if unbalanced != 11 || imbalance(s.box) != 14 {
		t.Errorf("%d unbalanced hexominoes (want 11), board imbalance %d (want 14)", unbalanced, imbalance(s.box))
	}
}

// TestKnownCounts recounts every count marked as checked by the tests with
// this package's own counter. (The large ones, marked checkedLong or
// checkedLock, are recounted by TestLongCounts with -long.)
func TestKnownCounts(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	for _, e := range Catalog() {
		c := e.Counts
		if c.Raw.Checked != checkedTest {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			if testing.Short() && e.Cells > 40 {
				t.Skip("short: large board")
			}
			res, err := countCover(context.Background(), load(t, e), coverOptions{collect: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range []struct {
				name string
				want Count
				got  int64
			}{{"raw", c.Raw, res.raw}, {"rotations", c.Rotations, int64(res.rotations)}, {"all", c.All, int64(res.all)}} {
				if k.want.Known() && k.want.N != k.got {
					t.Errorf("%s: counted %d, catalogue says %d", k.name, k.got, k.want.N)
				}
			}
		})
	}
}

// lockPiece picks a piece with 24 distinct orientations, for a cubic box:
// locking it to one orientation leaves one packing per rotation class.
func lockPiece(s tspec) string {
	for _, p := range s.pieces {
		if p.mult == 1 && len(orientations(p.cells, false)) == 24 {
			return p.name
		}
	}
	return ""
}

// TestCheckedCountsAreTested makes sure no count claims a check that
// TestKnownCounts does not perform.
func TestCheckedCountsAreTested(t *testing.T) {
	for _, e := range Catalog() {
		c := e.Counts
		for _, k := range []Count{c.Raw, c.Rotations, c.All} {
			switch k.Checked {
			case "", checkedTest, checkedLong, checkedLock, checkedRaw:
				if k.Checked != "" && e.Format == Lepage {
					t.Errorf("%s: a Lepage file is recounted by its own test", e.Name)
				}
			case checkedBurr, checkedBurrLong:
				if e.Format != BurrTools {
					t.Errorf("%s: %q is only for BurrTools entries", e.Name, k.Checked)
				}
			case checkedSolve, checkedSolveLong:
				if k.Checked != c.All.Checked {
					t.Errorf("%s: counts recounted together must say so alike", e.Name)
				}
			case checkedLattice:
				if e.Format != Polyiamond && e.Format != Polyhex {
					t.Errorf("%s: %q is only for polyiamond and polyhex entries", e.Name, k.Checked)
				}
			case checkedFillomino, checkedAntislide:
				if want := map[string]Format{checkedFillomino: Fillomino, checkedAntislide: Antislide}[k.Checked]; e.Format != want {
					t.Errorf("%s: %q is only for %s entries", e.Name, k.Checked, want)
				}
			case checkedPolysticks:
				if e.Format != Polysticks {
					t.Errorf("%s: %q is only for polysticks entries", e.Name, k.Checked)
				}
			case checkedLepage, checkedLepageLong:
				if e.Format != Lepage || k != c.Raw {
					t.Errorf("%s: only the raw count of a Lepage file is recounted by TestLepageCounts", e.Name)
				}
			default:
				t.Errorf("%s: unknown check %q", e.Name, k.Checked)
			}
			if k.Checked != "" && !k.Known() {
				t.Errorf("%s: a count without a source is checked", e.Name)
			}
		}
		if c.Raw.Checked == checkedTest || c.Raw.Checked == checkedLong {
			for _, k := range []Count{c.Rotations, c.All} {
				if k.Known() && k.Checked != c.Raw.Checked {
					t.Errorf("%s: counts recounted together must say so alike", e.Name)
				}
			}
		}
		if c.Rotations.Checked == checkedLock {
			if e.Format != Polycube || e.Dimensions != "4x4x4" || c.Raw.Checked != checkedRaw {
				t.Errorf("%s: a locked recount needs a cube and a raw count derived from it", e.Name)
			}
		}
	}
}

func TestIconAndDataAreCopies(t *testing.T) {
	a := Icon()
	a[0] ^= 0xff
	if Icon()[0] == a[0] {
		t.Error("Icon returns the shared slice")
	}
	cat := Catalog()
	cat[0].Name = "changed"
	if Catalog()[0].Name == "changed" {
		t.Error("Catalog returns a shared slice")
	}
	if path.Ext(cat[0].File) != ".txt" {
		t.Errorf("file %s", cat[0].File)
	}
}
