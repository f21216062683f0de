package antislide

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"polyviz/geometry"
)

// bruteForce enumerates every set of pairwise disjoint placements of the
// piece in the box, tests the antislide rule on it directly (shift each
// piece one cell each way: it must leave the box or meet another piece),
// and counts the packings by number of pieces, raw and up to the given
// symmetries. It shares nothing with the search but NewProblem's list of
// placements, which it checks against its own.
func bruteForce(t *testing.T, size geometry.Cell, piece geometry.Shape, syms []geometry.Symmetry) (raw, distinct []int64) {
	t.Helper()
	inside := func(c geometry.Cell) bool {
		return c.X >= 0 && c.Y >= 0 && c.Z >= 0 && c.X < size.X && c.Y < size.Y && c.Z < size.Z
	}
	// every placement of every rotation
	var places []geometry.Shape
	seen := map[string]bool{}
	for _, r := range geometry.Rotations() {
		o := r.ApplyShape(piece)
		for x := -size.X; x <= size.X; x++ {
			for y := -size.Y; y <= size.Y; y++ {
				for z := -size.Z; z <= size.Z; z++ {
					s := o.Translate(geometry.Cell{X: x, Y: y, Z: z})
					ok := true
					for _, c := range s {
						ok = ok && inside(c)
					}
					if ok && !seen[s.String()] {
						seen[s.String()] = true
						places = append(places, s)
					}
				}
			}
		}
	}
	p, err := NewProblem(size, piece)
	if err != nil {
		t.Fatal(err)
	}
	if p.NumMoves() != len(places) {
		t.Fatalf("NewProblem has %d moves, brute force %d", p.NumMoves(), len(places))
	}
	steps := []geometry.Cell{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {Z: 1}, {Z: -1}}
	antisliding := func(set []geometry.Shape) bool {
		owner := map[geometry.Cell]int{}
		for i, s := range set {
			for _, c := range s {
				owner[c] = i
			}
		}
		for i, s := range set {
			for _, d := range steps {
				blocked := false
				for _, c := range s {
					n := c.Add(d)
					if o, ok := owner[n]; !inside(n) || ok && o != i {
						blocked = true
					}
				}
				if !blocked {
					return false
				}
			}
		}
		return true
	}
	canon := func(set []geometry.Shape) string {
		best := ""
		for _, g := range syms {
			var parts []string
			for _, s := range set {
				parts = append(parts, g.ApplyShape(s).String())
			}
			sort.Strings(parts)
			k := strings.Join(parts, "|")
			if best == "" || k < best {
				best = k
			}
		}
		return best
	}
	classes := map[string]int{}
	raw = []int64{}
	used := map[geometry.Cell]bool{}
	var set []geometry.Shape
	var rec func(i int)
	rec = func(i int) {
		if i == len(places) {
			if antisliding(set) {
				for len(raw) <= len(set) {
					raw = append(raw, 0)
				}
				raw[len(set)]++
				classes[canon(set)] = len(set)
			}
			return
		}
		rec(i + 1)
		for _, c := range places[i] {
			if used[c] {
				return
			}
		}
		for _, c := range places[i] {
			used[c] = true
		}
		set = append(set, places[i])
		rec(i + 1)
		set = set[:len(set)-1]
		for _, c := range places[i] {
			used[c] = false
		}
	}
	rec(0)
	distinct = make([]int64, len(raw))
	for _, k := range classes {
		distinct[k]++
	}
	return raw, distinct
}

// TestBruteForce compares the search with brute force on tiny boxes, for
// bricks and for the L tricube.
func TestBruteForce(t *testing.T) {
	lTricube := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1})
	screw := geometry.NewShape(geometry.Cell{}, geometry.Cell{X: 1}, geometry.Cell{Y: 1}, geometry.Cell{Y: 1, Z: 1})
	boxes := []geometry.Cell{{X: 2, Y: 2, Z: 2}, {X: 2, Y: 2, Z: 3}, {X: 2, Y: 3, Z: 3}, {X: 3, Y: 2, Z: 3}}
	pieces := []struct {
		name  string
		shape geometry.Shape
	}{
		{"2x2x1", Brick(2, 2, 1)},
		{"2x1x1", Brick(2, 1, 1)},
		{"1x1x1", Brick(1, 1, 1)},
		{"3x1x1", Brick(3, 1, 1)},
		{"L", lTricube},
		{"screw", screw},
	}
	for _, box := range boxes {
		for _, pc := range pieces {
			if testing.Short() && box.X*box.Y*box.Z > 12 && (pc.name == "1x1x1" || pc.name == "2x1x1" || pc.name == "L") {
				continue // the brute force takes seconds (more under -race)
			}
			t.Run(fmt.Sprintf("%dx%dx%d-%s", box.X, box.Y, box.Z, pc.name), func(t *testing.T) {
				p, err := NewProblem(box, pc.shape)
				if err != nil {
					t.Fatal(err)
				}
				wantRaw, wantDistinct := bruteForce(t, box, pc.shape, p.Symmetries())
				for _, workers := range []int{1, 2} {
					r, err := Count(context.Background(), p, Options{Distinct: true, Workers: workers})
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(r.Raw, wantRaw) || !slices.Equal(r.Distinct, wantDistinct) {
						t.Errorf("workers %d: raw %v distinct %v; brute force %v %v", workers, r.Raw, r.Distinct, wantRaw, wantDistinct)
					}
				}
			})
		}
	}
}
