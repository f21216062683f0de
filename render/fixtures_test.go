package render

import (
	"strings"

	"polyviz/geometry"
)

// Packings found by exact cover from the reference DLX files
// (/work/shared/reference/dlx): the first solution of each.

type namedCells struct {
	name  string
	cells []geometry.Cell
}

var somaPacking = []namedCells{
	{"A", cells("112 121 122 212")},
	{"B", cells("002 011 012 111")},
	{"L", cells("020 021 022 120")},
	{"P", cells("100 200 201 210")},
	{"T", cells("211 220 221 222")},
	{"V", cells("000 010 110")},
	{"Z", cells("001 101 102 202")},
}

var pentomino6x10Packing = []namedCells{
	{"F", cells("210 310 320 400 410")},
	{"I", cells("910 920 930 940 950")},
	{"L", cells("000 010 100 200 300")},
	{"N", cells("340 440 450 550 650")},
	{"P", cells("030 040 050 140 150")},
	{"T", cells("500 510 520 610 710")},
	{"U", cells("230 240 250 330 350")},
	{"V", cells("620 720 820 830 840")},
	{"W", cells("420 430 530 540 640")},
	{"X", cells("020 110 120 130 220")},
	{"Y", cells("600 700 800 810 900")},
	{"Z", cells("630 730 740 750 850")},
}

var bedlamPacking = []namedCells{
	{"F", cells("011 020 021 022 030")},
	{"J4", cells("121 122 202 212 222")},
	{"L1", cells("200 300 301 302 312")},
	{"L2", cells("213 303 313 322 323")},
	{"L3", cells("231 321 331 332 333")},
	{"S1", cells("032 033 123 133 223")},
	{"S2", cells("002 012 013 023 112")},
	{"S4", cells("000 001 101 111")},
	{"T1", cells("003 102 103 113 203")},
	{"T2", cells("130 220 221 230 330")},
	{"V2", cells("201 211 310 311 320")},
	{"W", cells("031 131 132 232 233")},
	{"X", cells("010 100 110 120 210")},
}

// cells parses cells written as digit triples "xyz", separated by spaces.
func cells(s string) []geometry.Cell {
	var cs []geometry.Cell
	for _, f := range strings.Fields(s) {
		cs = append(cs, geometry.Cell{X: int(f[0] - '0'), Y: int(f[1] - '0'), Z: int(f[2] - '0')})
	}
	return cs
}

// boxCells returns the cells of an nx×ny×nz box.
func boxCells(nx, ny, nz int) []geometry.Cell {
	var cs []geometry.Cell
	for x := range nx {
		for y := range ny {
			for z := range nz {
				cs = append(cs, geometry.Cell{X: x, Y: y, Z: z})
			}
		}
	}
	return cs
}

// packingScene returns a scene of a packing in an nx×ny×nz box, coloured
// by PieceColor.
func packingScene(p []namedCells, nx, ny, nz int) *Scene {
	s := &Scene{Box: boxCells(nx, ny, nz)}
	for i, pc := range p {
		s.Pieces = append(s.Pieces, Piece{Name: pc.name, Cells: pc.cells, Color: PieceColor(i, len(p))})
	}
	return s
}
