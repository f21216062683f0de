package burrtools

import (
	"errors"

	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/puzzle"
)

// ErrGridCell is a filled or variable voxel at an index triple that is no
// cell of the file's grid (a sphere grid's triple with an odd sum, say).
var ErrGridCell = errors.New("voxel is not a cell of the grid")

// checkGridCells reports the first shape with a voxel off the grid.
func (r *xmReader) checkGridCells(x *File) error {
	g := geometry.GridType(x.GridType)
	if g == nil {
		return nil
	}
	for i, s := range x.Shapes {
		for _, set := range []geometry.Shape{s.Filled, s.Variable} {
			for _, c := range set {
				if !g.IsCell(c) {
					return &parse.Error{File: r.file, Line: s.line, Col: s.col,
						Err: detail(ErrGridCell, "shape %d: voxel %d,%d,%d is not one of the %s", i+1, c.X, c.Y, c.Z, g.Name())}
				}
			}
		}
	}
	return nil
}

// gridPlacements turns a puzzle built as if on cubes into one on grid g:
// each piece's orientations are the grid's rotations of its shape (see
// geometry.Grid), its placements every translation of the grid that keeps
// it inside the result, kept (with colours) when some rotation giving it
// puts every coloured voxel on a result voxel whose colour the problem
// allows.
func (x *File) gridPlacements(pz *puzzle.Puzzle, pr Problem, used []Part, g *geometry.Grid) {
	pz.Lines = append([]string{"BurrTools grid: " + g.Name() + " (cells are BurrTools' index triples)"}, pz.Lines...)
	coloured := x.coloured(pr, used)
	allowed := map[[2]int]bool{}
	for _, a := range pr.Allowed {
		allowed[a] = true
	}
	resultColour := x.Shapes[pr.Result].Colors
	boxSet := map[geometry.Cell]bool{}
	names := map[geometry.Cell]string{}
	for _, c := range pz.Box {
		boxSet[c] = true
		names[c] = pz.CellName(c)
	}
	lo, hi := pz.Box.Bounds()
	var bases []puzzle.Base
	placements := []puzzle.Placement{}
	for i, part := range used {
		s := x.Shapes[part.Shape]
		cells := geometry.NewShape(append(append(geometry.Shape{}, s.Filled...), s.Variable...)...)
		// Every rotation's image, grouped by shape; with colours, the
		// colour maps each rotation gives that shape.
		var shapes []geometry.Shape
		var colours [][]map[geometry.Cell]int
		index := map[string]int{}
		for k := 0; k < g.NumRotations(); k++ {
			img, ok := g.OrientCells(k, cells)
			if !ok {
				continue
			}
			sh := geometry.NewShape(img...)
			key := sh.String()
			j, seen := index[key]
			if !seen {
				j = len(shapes)
				index[key] = j
				shapes = append(shapes, sh)
				colours = append(colours, nil)
			}
			if coloured {
				cm := map[geometry.Cell]int{}
				for n, c := range cells {
					if col := s.Colors[c]; col != 0 {
						cm[img[n]] = col
					}
				}
				colours[j] = append(colours[j], cm)
			}
		}
		pz.Pieces[i].Orientations = shapes
		for j, sh := range shapes {
			base := len(bases)
			min, max := sh.Bounds()
			bases = append(bases, puzzle.Base{Piece: i, Shape: sh, Orientation: j})
			// A normalized shape need not touch 0 (its least corner's
			// anchor is at 0), so shifts can be negative.
			for dz := lo.Z - min.Z; dz <= hi.Z-max.Z; dz++ {
				for dy := lo.Y - min.Y; dy <= hi.Y-max.Y; dy++ {
					for dx := lo.X - min.X; dx <= hi.X-max.X; dx++ {
						d := geometry.Cell{X: dx, Y: dy, Z: dz}
						if !g.IsTranslation(d) || !inside(sh, d, boxSet) {
							continue
						}
						if coloured && !anyColourFits(colours[j], d, resultColour, allowed) {
							continue
						}
						pl := puzzle.Placement{Piece: i, Base: base, Orientation: j, Offset: d,
							Cells: make([]geometry.Cell, len(sh)), Items: make([]string, len(sh))}
						for n, c := range sh {
							pl.Cells[n] = c.Add(d)
							pl.Items[n] = names[c.Add(d)]
						}
						placements = append(placements, pl)
					}
				}
			}
		}
	}
	pz.SetGrid(g, bases, placements)
}

func inside(s geometry.Shape, d geometry.Cell, box map[geometry.Cell]bool) bool {
	for _, c := range s {
		if !box[c.Add(d)] {
			return false
		}
	}
	return true
}

func anyColourFits(maps []map[geometry.Cell]int, d geometry.Cell, result map[geometry.Cell]int, allowed map[[2]int]bool) bool {
	for _, m := range maps {
		ok := true
		for c, pc := range m {
			if rc := result[c.Add(d)]; rc != 0 && !allowed[[2]int{pc, rc}] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
