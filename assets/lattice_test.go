package assets_test

// The polyiamond and polyhex entries and piece sets, read with package
// puzzle (this package's own reader knows squares and cubes only).

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

func latticeOf(f assets.Format) *geometry.Lattice {
	if f == assets.Polyiamond {
		return geometry.Triangles()
	}
	return geometry.Hexagons()
}

// TestLatticeEntries checks each triangle and hexagon entry against its
// file: the header, the marker comment that names the lattice, and the
// dimensions (in units of the lattice's x and y).
func TestLatticeEntries(t *testing.T) {
	n := 0
	for i, e := range assets.Catalog() {
		if e.Format != assets.Polyiamond && e.Format != assets.Polyhex {
			continue
		}
		n++
		t.Run(e.Name, func(t *testing.T) {
			skipSomeInShort(t, i, e)
			header := strings.Split(string(e.Data()), "\n")
			if header[0] != "| "+e.Title || header[1] != "| polyviz library name: "+e.Name {
				t.Errorf("header %q, %q; want the title and the library name", header[0], header[1])
			}
			if !strings.Contains(string(e.Data()), "Source:") {
				t.Error("the header does not say its Source:")
			}
			if !strings.Contains(string(e.Data()), "\n| "+string(e.Format)+": ") {
				t.Errorf("no comment line naming the lattice (%q)", "| "+string(e.Format)+": ")
			}
			l := loadEntry(t, e)
			if l.Puzzle.Lattice != latticeOf(e.Format) {
				t.Errorf("lattice %v", l.Puzzle.Lattice)
			}
			lo, hi := l.Puzzle.Box.Bounds()
			ext := []int{hi.X - lo.X + 1, hi.Y - lo.Y + 1}
			slices.Sort(ext)
			if got := fmt.Sprintf("%dx%d", ext[0], ext[1]); got != e.Dimensions || lo.X != 0 || lo.Y != 0 {
				t.Errorf("dimensions %s from %v, entry says %s", got, lo, e.Dimensions)
			}
		})
	}
	if n < 5 {
		t.Errorf("%d polyiamond and polyhex entries, want at least 5", n)
	}
}

// TestLatticeCounts recounts every count of the triangle and hexagon
// entries with both engines and the distinct counter.
func TestLatticeCounts(t *testing.T) {
	for _, e := range assets.Catalog() {
		if e.Format != assets.Polyiamond && e.Format != assets.Polyhex || e.Counts.Raw.Checked != assets.CheckedLattice {
			continue // the literature's are TestLiteratureCounts'
		}
		t.Run(e.Name, func(t *testing.T) {
			if testing.Short() && e.Cells > 40 {
				t.Skip("short: large board")
			}
			l := loadEntry(t, e)
			c := e.Counts
			for _, engine := range []solver.Engine{solver.EngineDLX, solver.EngineBits} {
				st, err := solver.Solve(context.Background(), l.Problem, solver.Options{Engine: engine}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Solutions != c.Raw.N {
					t.Errorf("engine %v: %d solutions, catalogue says %d", engine, st.Solutions, c.Raw.N)
				}
			}
			for _, k := range []struct {
				mode puzzle.Distinct
				want assets.Count
			}{{puzzle.DistinctRotations, c.Rotations}, {puzzle.DistinctAll, c.All}} {
				if !k.want.Known() {
					continue
				}
				st, err := l.Puzzle.SolveDistinct(context.Background(), k.mode, solver.Options{}, nil)
				if err != nil {
					t.Fatal(err)
				}
				if st.Distinct != k.want.N || st.Raw != c.Raw.N {
					t.Errorf("%v: %d distinct (%d raw), catalogue says %d (%d)", k.mode, st.Distinct, st.Raw, k.want.N, c.Raw.N)
				}
			}
		})
	}
}

// freeForms enumerates the free polyforms of sizes 1..n on lattice l,
// growing each size from the last, and returns each size's canonical keys
// (the least of its orientations' cell lists).
func freeForms(l *geometry.Lattice, seeds []geometry.Cell, n int) []map[string]bool {
	key := func(s geometry.Shape) string {
		best := ""
		for _, o := range l.Orientations(s) {
			if k := o.String(); best == "" || k < best {
				best = k
			}
		}
		return best
	}
	var out []map[string]bool
	level := []geometry.Shape{}
	keys := map[string]bool{}
	for _, c := range seeds {
		if s := geometry.NewShape(c); !keys[key(s)] {
			keys[key(s)] = true
			level = append(level, s)
		}
	}
	out = append(out, keys)
	for len(out) < n {
		next, nextKeys := []geometry.Shape{}, map[string]bool{}
		for _, s := range level {
			for _, c := range s {
				for _, nb := range l.Neighbours(c) {
					if s.Contains(nb) {
						continue
					}
					g := geometry.NewShape(append(slices.Clone(s), nb)...)
					if k := key(g); !nextKeys[k] {
						nextKeys[k] = true
						next = append(next, g)
					}
				}
			}
		}
		level = next
		out = append(out, nextKeys)
	}
	return out
}

// TestPieceSetsByEnumeration: every piece set holds each free polyform of
// its size exactly once: 1, 1, 1, 3, 4, 12, 24 polyiamonds (OEIS A000577)
// and 1, 1, 3, 7, 22 polyhexes (OEIS A000228), counted by enumeration.
func TestPieceSetsByEnumeration(t *testing.T) {
	forms := map[assets.Format][]map[string]bool{
		assets.Polyiamond: freeForms(geometry.Triangles(), []geometry.Cell{{X: 5, Y: 5, Z: 0}, {X: 5, Y: 5, Z: 1}}, 7),
		assets.Polyhex:    freeForms(geometry.Hexagons(), []geometry.Cell{{X: 5, Y: 5}}, 5),
	}
	var counts []int
	for _, f := range []assets.Format{assets.Polyiamond, assets.Polyhex} {
		for _, m := range forms[f] {
			counts = append(counts, len(m))
		}
	}
	if want := []int{1, 1, 1, 3, 4, 12, 24, 1, 1, 3, 7, 22}; !slices.Equal(counts, want) {
		t.Fatalf("enumeration: %v, want %v", counts, want)
	}
	sets := assets.PieceSets()
	if len(sets) != 12 {
		t.Fatalf("%d piece sets, want 12", len(sets))
	}
	for _, s := range sets {
		t.Run(s.Name, func(t *testing.T) {
			if got, ok := assets.LookupPieceSet(s.Name); !ok || got != s {
				t.Errorf("LookupPieceSet(%q) = %v, %v", s.Name, got, ok)
			}
			// a box of one cell makes the lines a spec; no piece fits, which
			// does not matter: the pieces' orientations are what we read
			spec := "| " + string(s.Format) + ": piece set " + s.Name + "\n00\n" + strings.Join(s.Lines(), "\n") + "\n"
			l, err := puzzle.Load(s.File, []byte(spec), puzzle.Format(s.Format))
			if err != nil {
				t.Fatal(err)
			}
			if len(l.Puzzle.Pieces) != s.Count || len(s.Lines()) != s.Count {
				t.Fatalf("%d pieces, %d lines; want %d", len(l.Puzzle.Pieces), len(s.Lines()), s.Count)
			}
			got := map[string]bool{}
			lat := latticeOf(s.Format)
			for _, pc := range l.Puzzle.Pieces {
				best := ""
				for _, o := range lat.Orientations(pc.Orientations[0]) {
					if k := o.String(); best == "" || k < best {
						best = k
					}
				}
				if got[best] {
					t.Errorf("piece %s repeats an earlier shape", pc.Name)
				}
				got[best] = true
				if pc.Cells != s.Size {
					t.Errorf("piece %s has %d cells, want %d", pc.Name, pc.Cells, s.Size)
				}
			}
			want := forms[s.Format][s.Size-1]
			for k := range want {
				if !got[k] {
					t.Errorf("the free %s %s is missing", s.Format, k)
				}
			}
		})
	}
}
