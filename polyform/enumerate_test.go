package polyform

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"polyviz/geometry"
)

// TestCounts checks the number of polyforms of each size against the
// published sequences (OEIS numbers in the package doc).
func TestCounts(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	for _, tc := range countTables {
		for i, want := range tc.counts {
			n := i + 1
			t.Run(fmt.Sprintf("%s/%s/%d", tc.lattice, tc.e, n), func(t *testing.T) {
				if n >= tc.slowAt && testing.Short() {
					t.Skip("long enumeration: skipped with -short")
				}
				pieces, err := Enumerate(context.Background(), tc.lattice, n, Options{Equivalence: tc.e})
				if err != nil {
					t.Fatal(err)
				}
				if len(pieces) != want {
					t.Errorf("%d pieces, want %d", len(pieces), want)
				}
			})
		}
	}
}

// TestForesee: sizing a request before growing it never refuses one that
// fits its limit (each size of each table, with the limit its own count,
// the most on the way), and refuses one far over it at once (polyominoes
// of 99 cells: without growing past the first sizes).
func TestForesee(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	for _, tc := range countTables {
		for i, c := range tc.counts {
			n := i + 1
			if n >= tc.slowAt && testing.Short() {
				continue
			}
			pieces, err := Enumerate(context.Background(), tc.lattice, n, Options{Equivalence: tc.e, MaxPieces: c})
			if err != nil || len(pieces) != c {
				t.Errorf("%s/%s/%d with the limit %d: %d pieces, %v", tc.lattice, tc.e, n, c, len(pieces), err)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := Enumerate(ctx, geometry.Squares(), 99, Options{})
	var tm *TooManyError
	if !errors.As(err, &tm) || tm.Expected <= 0 || tm.Size != 99 {
		t.Errorf("99 cells: %v, want a TooManyError foreseen", err)
	}
}

// countTables are the numbers of polyforms of 1, 2, ... cells (OEIS
// A000105, A000988, A001168; A038119, A000162, A001931;
// A000577, A006534, A001420; A000228, A006535, A001207).
var countTables = []struct {
	lattice *geometry.Lattice
	e       Equivalence
	counts  []int // n = 1, 2, ...
	slowAt  int   // sizes from here on skip under -short
}{
	{geometry.Squares(), Free, []int{1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655}, 10},
	{geometry.Squares(), OneSided, []int{1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189}, 10},
	{geometry.Squares(), Fixed, []int{1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446}, 10},
	{geometry.Cubes(), Free, []int{1, 1, 2, 7, 23, 112, 607, 3811}, 8},
	{geometry.Cubes(), OneSided, []int{1, 1, 2, 8, 29, 166, 1023, 6922}, 8},
	{geometry.Cubes(), Fixed, []int{1, 3, 15, 86, 534, 3481, 23502, 162913}, 7},
	{geometry.Triangles(), Free, []int{1, 1, 1, 3, 4, 12, 24, 66, 160, 448}, 10},
	{geometry.Triangles(), OneSided, []int{1, 1, 1, 4, 6, 19, 43, 120, 307, 866}, 10},
	{geometry.Triangles(), Fixed, []int{2, 3, 6, 14, 36, 94, 250, 675, 1838, 5053}, 10},
	{geometry.Hexagons(), Free, []int{1, 1, 3, 7, 22, 82, 333, 1448}, 8},
	{geometry.Hexagons(), OneSided, []int{1, 1, 3, 10, 33, 147, 620, 2821}, 8},
	{geometry.Hexagons(), Fixed, []int{1, 3, 11, 44, 186, 814, 3652, 16689}, 8},
}

// TestOrbits ties the three counts together: the fixed polyforms are the
// orientations of the free ones, and the one-sided ones are the free ones
// with each chiral piece counted twice.
func TestOrbits(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	tests := []struct {
		lattice *geometry.Lattice
		n       int
	}{
		{geometry.Squares(), 8},
		{geometry.Cubes(), 6},
		{geometry.Triangles(), 9},
		{geometry.Hexagons(), 6},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%d", tc.lattice, tc.n), func(t *testing.T) {
			count := map[Equivalence][]Piece{}
			for _, e := range []Equivalence{Free, OneSided, Fixed} {
				p, err := Enumerate(ctx, tc.lattice, tc.n, Options{Equivalence: e})
				if err != nil {
					t.Fatal(err)
				}
				count[e] = p
			}
			orientations, hands := 0, 0
			for _, p := range count[Free] {
				orientations += p.Orientations
				hands++
				if p.Chiral {
					hands++
				}
			}
			// on cubes a free piece's orientations under all 48 motions
			// count its mirror image's too, which are fixed pieces as well
			if orientations != len(count[Fixed]) {
				t.Errorf("free pieces have %d orientations in all, want %d fixed pieces", orientations, len(count[Fixed]))
			}
			if hands != len(count[OneSided]) {
				t.Errorf("free pieces with chiral ones twice: %d, want %d one-sided pieces", hands, len(count[OneSided]))
			}
			for _, p := range count[Fixed] {
				if p.Orientations != 1 {
					t.Fatalf("fixed piece %s has %d orientations", p.Name, p.Orientations)
				}
			}
		})
	}
}

// TestCanonical checks that every image of a piece under the lattice's
// motions, moved anywhere, has the piece's canonical form, and that the
// pieces are their own canonical forms, connected and of the right size.
func TestCanonical(t *testing.T) {
	ctx := context.Background()
	for _, l := range []*geometry.Lattice{geometry.Squares(), geometry.Cubes(), geometry.Triangles(), geometry.Hexagons()} {
		for _, e := range []Equivalence{Free, OneSided, Fixed} {
			pieces, err := Enumerate(ctx, l, 5, Options{Equivalence: e})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range pieces {
				if len(p.Cells) != 5 || !connected(l, p.Cells) {
					t.Fatalf("%s %s %s: %v is not a polyform of 5 cells", l, e, p.Name, p.Cells)
				}
				if c := Canonical(l, p.Cells, e); !c.Equal(p.Cells) {
					t.Fatalf("%s %s %s: %v is not canonical (%v)", l, e, p.Name, p.Cells, c)
				}
				for _, m := range e.Motions(l) {
					img := l.ApplyShape(m, p.Cells).Translate(geometry.Cell{X: 7, Y: -3})
					if c := Canonical(l, img, e); !c.Equal(p.Cells) {
						t.Fatalf("%s %s %s: image %v has canonical form %v", l, e, p.Name, img, c)
					}
				}
			}
		}
	}
}

// connected reports whether the cells of s form one piece.
func connected(l *geometry.Lattice, s geometry.Shape) bool {
	seen := map[geometry.Cell]bool{s[0]: true}
	queue := []geometry.Cell{s[0]}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, d := range l.Neighbours(c) {
			if s.Contains(d) && !seen[d] {
				seen[d] = true
				queue = append(queue, d)
			}
		}
	}
	return len(seen) == len(s)
}

func TestPentominoes(t *testing.T) {
	pieces, err := Enumerate(context.Background(), geometry.Squares(), 5, Options{})
	if err != nil {
		t.Fatal(err)
	}
	chiral, orient := 0, 0
	for _, p := range pieces {
		if p.Chiral {
			chiral++
		}
		orient += p.Orientations
	}
	// F L N P Y Z are chiral; X has 1 orientation, I 2, T U V W Z 4, the rest 8
	if chiral != 6 || orient != 63 {
		t.Errorf("%d chiral, %d orientations; want 6 and 63", chiral, orient)
	}
	if pieces[0].Name != "5-1" || pieces[11].Name != "5-12" {
		t.Errorf("names %s ... %s, want 5-1 ... 5-12", pieces[0].Name, pieces[11].Name)
	}
}

func TestEnumerateErrors(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{0, -1, MaxSize + 1} {
		if _, err := Enumerate(ctx, geometry.Squares(), n, Options{}); !errors.Is(err, ErrBadSize) {
			t.Errorf("size %d: %v, want ErrBadSize", n, err)
		}
	}
	_, err := Enumerate(ctx, geometry.Squares(), 8, Options{MaxPieces: 100})
	var tm *TooManyError
	if !errors.As(err, &tm) || tm.Size != 7 || tm.Limit != 100 {
		// 35 free hexominoes pass, 108 heptominoes do not
		t.Errorf("limit 100: %v, want a TooManyError at size 7", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Enumerate(cancelled, geometry.Squares(), 6, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}
