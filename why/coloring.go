package why

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"polyviz/geometry"
	"polyviz/puzzle"
)

// A colouring gives every cell of the lattice one of k colours.
type colouring struct {
	k     int
	name  string // how to compute it, "(x+y) mod 2"
	color func(geometry.Cell) int
}

// colourings lists the colourings tried, simplest first: on triangles the
// two kinds of cell (Δ and ∇), then the linear ones (a·x+b·y+c·z) mod k for
// k = 2, 3, 4, and the 2x2 blocks (x mod 2, y mod 2) and their 3D cousins.
// Any colouring gives a sound argument on any lattice; "a checkerboard" is
// said only on squares and cubes, where it is one.
func colourings(lat *geometry.Lattice) []colouring {
	planar := lat.Planar()
	var out []colouring
	if planar && lat.Kinds() == 2 {
		out = append(out, colouring{k: 2, name: "its kind (colour 0 for Δ, 1 for ∇)", color: lat.Kind})
	}
	square := lat == geometry.Squares() || lat == geometry.Cubes()
	coefs := func(k int) [][3]int {
		var cs [][3]int
		for c := 0; c < k; c++ {
			if planar && c > 0 {
				break
			}
			for b := 0; b < k; b++ {
				for a := 0; a < k; a++ {
					if a == 0 && b == 0 && c == 0 {
						continue
					}
					cs = append(cs, [3]int{a, b, c})
				}
			}
		}
		return cs
	}
	for _, k := range []int{2, 3, 4} {
		for _, co := range coefs(k) {
			out = append(out, colouring{k: k, name: linearName(co, k, planar, square), color: func(c geometry.Cell) int {
				return mod(co[0]*c.X+co[1]*c.Y+co[2]*c.Z, k)
			}})
		}
	}
	out = append(out, colouring{k: 4, name: "(x mod 2) + 2(y mod 2), 2x2 blocks", color: func(c geometry.Cell) int { return mod(c.X, 2) + 2*mod(c.Y, 2) }})
	if !planar {
		out = append(out,
			colouring{k: 4, name: "(x mod 2) + 2(z mod 2)", color: func(c geometry.Cell) int { return mod(c.X, 2) + 2*mod(c.Z, 2) }},
			colouring{k: 4, name: "(y mod 2) + 2(z mod 2)", color: func(c geometry.Cell) int { return mod(c.Y, 2) + 2*mod(c.Z, 2) }},
			colouring{k: 4, name: "(x+y mod 2) + 2(z mod 2)", color: func(c geometry.Cell) int { return mod(c.X+c.Y, 2) + 2*mod(c.Z, 2) }})
	}
	return out
}

// mod is the remainder in 0..k-1.
func mod(a, k int) int { return ((a % k) + k) % k }

// linearName writes "(x+2y) mod 3", and says "a checkerboard" for (x+y) mod 2
// on a board and (x+y+z) mod 2 in a box.
func linearName(co [3]int, k int, planar, square bool) string {
	var terms []string
	for i, v := range []string{"x", "y", "z"} {
		switch co[i] {
		case 0:
		case 1:
			terms = append(terms, v)
		default:
			terms = append(terms, fmt.Sprintf("%d%s", co[i], v))
		}
	}
	s := fmt.Sprintf("(%s) mod %d", strings.Join(terms, "+"), k)
	if square && k == 2 && (planar && co == [3]int{1, 1, 0} || !planar && co == [3]int{1, 1, 1}) {
		s += ", a checkerboard"
	}
	return s
}

// A tally counts the cells of each colour (at most 4 colours).
type tally [4]int16

// coloring tries every colouring: the box's tally must be a sum of one
// placement's tally per piece (as many as the piece's multiplicity).
func coloring(ctx context.Context, pz *puzzle.Puzzle) (Reason, bool) {
	if pz == nil || len(pz.Optional) > 0 || tagged(pz) {
		return Reason{}, false
	}
	must := mustCells(pz)
	pls := pz.Placements()
	for _, col := range colourings(lattice(pz)) {
		if ctx.Err() != nil {
			return Reason{}, false // out of time: the rest are not tried
		}
		var box tally
		for _, c := range must {
			box[col.color(c)]++
		}
		// the tallies each piece can have
		kinds := make([]map[tally]bool, len(pz.Pieces))
		for i := range kinds {
			kinds[i] = map[tally]bool{}
		}
		for _, pl := range pls {
			var t tally
			for _, c := range pl.Cells {
				t[col.color(c)]++
			}
			kinds[pl.Piece][t] = true
		}
		if ok, err := reachable(ctx, pz, kinds, box); ok || err != nil {
			continue // a sum reaches the box, or it was not settled
		}
		return Reason{Kind: Coloring, Text: colorText(pz, col, box, kinds)}, true
	}
	return Reason{}, false
}

// maxSums bounds the partial sums reachable keeps: past it (a large box
// with many colours) the colouring is not settled and is skipped.
const maxSums = 1 << 12

// errUnsettled says reachable gave up (too many partial sums).
var errUnsettled = errors.New("why: too many partial sums")

// reachable reports whether the box's tally is a sum of the pieces'
// tallies, Min to Max copies of each. It returns an error (and true) when
// ctx ends or the partial sums grow past maxSums.
func reachable(ctx context.Context, pz *puzzle.Puzzle, kinds []map[tally]bool, box tally) (bool, error) {
	within := func(t tally) bool {
		for i := range t {
			if t[i] > box[i] {
				return false
			}
		}
		return true
	}
	sums := map[tally]bool{{}: true}
	for i, pc := range pz.Pieces {
		acc := map[tally]bool{}
		if pc.Min == 0 {
			for s := range sums {
				acc[s] = true
			}
		}
		stage := sums
		for copies := 1; copies <= pc.Max; copies++ {
			next := map[tally]bool{}
			for s := range stage {
				for t := range kinds[i] {
					var u tally
					for c := range u {
						u[c] = s[c] + t[c]
					}
					if within(u) {
						next[u] = true
					}
				}
				if len(next) > maxSums {
					return true, errUnsettled
				}
			}
			stage = next
			if err := ctx.Err(); err != nil {
				return true, err
			}
			if copies >= pc.Min {
				for s := range stage {
					acc[s] = true
				}
			}
		}
		sums = acc
		if len(sums) == 0 {
			return false, nil
		}
		if len(sums) > maxSums {
			return true, errUnsettled
		}
	}
	return sums[box], nil
}

// colorText says the colouring argument in words.
func colorText(pz *puzzle.Puzzle, col colouring, box tally, kinds []map[tally]bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "colour each cell by %s: the box has %s; ", col.name, tallyWords(box, col.k))
	var parts []string
	for i, pc := range pz.Pieces {
		var ts []string
		for t := range kinds[i] {
			ts = append(ts, tallyShort(t, col.k))
		}
		slices.Sort(ts)
		copies := ""
		if pc.Min == pc.Max && pc.Max > 1 {
			copies = fmt.Sprintf(" (%d copies)", pc.Max)
		} else if pc.Min != pc.Max {
			copies = fmt.Sprintf(" (%d to %d copies)", pc.Min, pc.Max)
		}
		parts = append(parts, fmt.Sprintf("%s%s covers %s", pc.Name, copies, strings.Join(ts, " or ")))
		if len(parts) == 6 && len(pz.Pieces) > 7 {
			parts = append(parts, fmt.Sprintf("and %d more pieces", len(pz.Pieces)-6))
			break
		}
	}
	fmt.Fprintf(&b, "%s; no choice of placements adds up to the box's counts", strings.Join(parts, ", "))
	return b.String()
}

// tallyWords writes "30 cells of colour 0 and 32 of colour 1".
func tallyWords(t tally, k int) string {
	var parts []string
	for c := 0; c < k; c++ {
		if c == 0 {
			parts = append(parts, fmt.Sprintf("%d cells of colour 0", t[c]))
		} else {
			parts = append(parts, fmt.Sprintf("%d of colour %d", t[c], c))
		}
	}
	return strings.Join(parts[:k-1], ", ") + " and " + parts[k-1]
}

// tallyShort writes "2+3" (colour 0, colour 1, ...).
func tallyShort(t tally, k int) string {
	s := make([]string, k)
	for c := range s {
		s[c] = fmt.Sprint(t[c])
	}
	return strings.Join(s, "+")
}
