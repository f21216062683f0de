package cli

import (
	"context"
	"fmt"
	"image/color"

	"github.com/spf13/pflag"

	"polyviz/antislide"
	"polyviz/render"
)

// emptyCellColor is the colour of the translucent cubes that show the empty
// cells of an antislide packing.
var emptyCellColor = color.NRGBA{0xb8, 0xc4, 0xd0, 0xff}

// antislideScene draws a packing: the box as a ghost, each piece in its
// colour, and each empty cell as a faint translucent cube, so that the
// holes that the pieces cannot slide into are visible.
func antislideScene(p *antislide.Problem, moves []int) *render.Scene {
	s := &render.Scene{Box: p.BoxShape()}
	occ := make([]bool, p.NumCells())
	for i, m := range moves {
		cells := p.MoveShape(m)
		for _, c := range cells {
			occ[p.CellIndex(c)] = true
		}
		s.Pieces = append(s.Pieces, render.Piece{Name: fmt.Sprintf("%d", i+1), Cells: cells, Color: render.PieceColor(i, len(moves))})
	}
	for i, o := range occ {
		if !o {
			s.Pieces = append(s.Pieces, render.Piece{Name: "empty", Cells: p.BoxShape()[i : i+1], Color: emptyCellColor, Opacity: 0.18})
		}
	}
	return s
}

// blockingScene is antislideScene with piece sel (0-based) picked out: it
// is drawn opaque, the pieces that block it half transparent, every other
// piece faint, and the empty cells are left out. It also returns one line
// per direction saying what blocks the piece.
func blockingScene(p *antislide.Problem, moves []int, sel int) (*render.Scene, []string) {
	s := antislideScene(p, moves)
	bs := p.Blockers(moves)[sel]
	keep := map[int]bool{sel: true}
	var lines []string
	for _, b := range bs {
		what := "free"
		switch {
		case b.Wall:
			what = "the wall"
		case len(b.Pieces) > 0:
			what = "piece"
			if len(b.Pieces) > 1 {
				what += "s"
			}
			for j, o := range b.Pieces {
				keep[o] = true
				if j > 0 {
					what += ","
				}
				what += fmt.Sprintf(" %d", o+1)
			}
		}
		lines = append(lines, fmt.Sprintf("piece %d, %s: %s", sel+1, b.Dir, what))
	}
	var pieces []render.Piece
	for i, pc := range s.Pieces {
		switch {
		case i >= len(moves): // an empty cell
			continue
		case i == sel:
		case keep[i]:
			pc.Opacity = 0.6
		default:
			pc.Opacity = 0.08
		}
		pieces = append(pieces, pc)
	}
	s.Pieces = pieces
	return s, lines
}

// antislidePacking returns the k-th class of packings (k >= 1), in the
// order the window lists them: the sparsest first (the empty box left
// out), and within one number of pieces in the order of a sequential
// search, one canonical packing per class.
func antislidePacking(ctx context.Context, p *antislide.Problem, k int64) ([]int, error) {
	r, err := antislide.Count(ctx, p, antislide.Options{Distinct: true, MinPieces: 1})
	if err != nil {
		return nil, err
	}
	n := k
	for pieces, c := range r.Distinct {
		if n > c {
			n -= c
			continue
		}
		var found []int
		i := int64(0)
		_, err := antislide.Count(ctx, p, antislide.Options{Distinct: true, MinPieces: pieces, MaxPieces: pieces, Ordered: true,
			Visit: func(moves []int) bool {
				i++
				if i == n {
					found = moves
					return false
				}
				return true
			}})
		if err != nil {
			return nil, err
		}
		if found == nil {
			return nil, fmt.Errorf("internal error: packing %d of %d pieces not found", n, pieces)
		}
		return found, nil
	}
	return nil, fmt.Errorf("%s has %s up to symmetry besides the empty box, not %d", p.Description(), count(r.TotalDistinct(), "packing", "packings"), k)
}

// renderAntislide is `polyviz render` for an antislide problem file:
// --solution K draws the K-th packing (sparsest first), 0 the empty box.
func renderAntislide(ctx context.Context, std IO, fs *pflag.FlagSet, v viewFlags, name string, data []byte) int {
	p, err := antislide.ParseFile(name, data)
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz render: %v\n", err)
		return 1
	}
	var moves []int
	if v.solution > 0 {
		if moves, err = antislidePacking(ctx, p, v.solution); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz render: %v\n", err)
			return 1
		}
	}
	scene := antislideScene(p, moves)
	if sel := v.selectPiece; sel != 0 {
		if sel < 1 || sel > len(moves) {
			fmt.Fprintf(std.Stderr, "polyviz render: --select %d: the packing has %s\n", sel, count(len(moves), "piece", "pieces"))
			return 2
		}
		var lines []string
		scene, lines = blockingScene(p, moves, sel-1)
		for _, l := range lines {
			fmt.Fprintln(std.Stderr, l)
		}
	}
	w, h, _ := parseSize(v.size)
	img := render.Render(scene, v.camera(fs, scene, false, w, h), w, h)
	if err := writePNG(std, v.out, img); err != nil {
		fmt.Fprintf(std.Stderr, "polyviz render: %v\n", err)
		return 1
	}
	return 0
}
