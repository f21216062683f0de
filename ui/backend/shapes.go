package backend

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"polyviz/puzzle"
	"polyviz/shapeinfo"
	"polyviz/ui"
)

// shapeTable describes the pieces and box of p with package shapeinfo, in
// the columns of `polyviz shapes`.
func shapeTable(ctx context.Context, p *ui.Puzzle) (ui.ShapeTable, error) {
	l, ok := p.Source.(*puzzle.Loaded)
	if !ok || l.Puzzle == nil {
		return ui.ShapeTable{}, errors.New("shape information is for packing puzzles")
	}
	space, shapes, err := shapeinfo.FromPuzzle(l.Puzzle)
	if err != nil {
		return ui.ShapeTable{}, err
	}
	infos, err := shapeinfo.Describe(ctx, space, shapes)
	if err != nil {
		return ui.ShapeTable{}, err
	}
	t := ui.ShapeTable{Header: []string{"Shape", "Cells", "Symmetry", "Chiral", "Identical", "Mirrors", "Connected", "Holes 2D", "Holes 3D"}}
	cubes := len(infos) > 0 && infos[0].Notchable != nil
	if cubes {
		t.Header = append(t.Header, "Burr", "Notchable", "Millable")
	}
	for _, in := range infos {
		name := in.Name
		if in.Copies != "" {
			name += " ×" + in.Copies
		}
		cells := strconv.Itoa(in.Cells)
		if in.Optional > 0 {
			cells += fmt.Sprintf(" (%d optional)", in.Optional)
		}
		row := []string{name, cells, fmt.Sprintf("%d (%d rot.)", in.Order, in.Rotations), yesText(in.Chiral),
			dashIfEmpty(strings.Join(in.Identical, " ")), dashIfEmpty(strings.Join(in.Mirrors, " ")), in.Connected, holeText(in.Holes2D), holeText(in.Holes3D)}
		if cubes {
			burr := "-"
			if in.Burr > 0 {
				burr = fmt.Sprintf("2x2x%d", in.Burr)
			}
			row = append(row, burr, yesText(*in.Notchable), yesText(*in.Millable))
		}
		t.Rows = append(t.Rows, row)
		names := make([]string, len(in.Symmetry))
		for i, e := range in.Symmetry {
			names[i] = e.Name
		}
		t.Notes = append(t.Notes, in.Name+": "+strings.Join(names, "; "))
	}
	t.Notes = append(t.Notes, fmt.Sprintf("On %s, whose group has %d symmetries.", space.Name(), len(space.Elements())))
	return t, nil
}

func yesText(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func dashIfEmpty(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func holeText(n *int) string {
	if n == nil {
		return "-"
	}
	return strconv.Itoa(*n)
}
