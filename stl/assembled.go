package stl

import (
	"fmt"

	"polyviz/geometry"
)

// Assembled returns one mesh of a solved puzzle: every piece in its place
// in the box, each a closed shell of its own, apart from the others,
// resting on z = 0 at the origin. pieces are the cells each piece covers in
// the solution, in box coordinates.
//
// The cells keep their pitch (opt.Cube), and each piece is shrunk by
// opt.Clearance + gap/2 on every face (an erosion, see Piece), so two
// pieces that touch in the box are gap + 2·opt.Clearance apart and none
// is stretched. With gap 0 each shell is the piece as Piece prints it, in
// its place: a solution to print in one piece, assembled. Gap and
// clearance cannot both be 0 (the shells would touch), and the shrink
// must stay under a quarter of the cube.
func Assembled(pieces [][]geometry.Cell, opt Options, gap float64) (*Mesh, error) {
	shrunk, err := assembledShrink(opt, gap)
	if err != nil {
		return nil, err
	}
	m := &Mesh{}
	for _, p := range pieces {
		m.Append(Piece(p, shrunk), Vec{})
	}
	lo, _ := m.Bounds()
	out := &Mesh{Triangles: make([]Triangle, 0, len(m.Triangles))}
	out.Append(m, Vec{-lo[0], -lo[1], -lo[2]})
	return out, nil
}

// assembledShrink checks the sizes of an assembled solution and returns
// each piece's: shrunk by opt.Clearance + gap/2 on every face.
func assembledShrink(opt Options, gap float64) (Options, error) {
	if err := opt.Check(); err != nil {
		return Options{}, err
	}
	if !(gap >= 0 && gap <= 1000) {
		return Options{}, fmt.Errorf("%w: gap %g mm (want 0 or more, at most 1000)", ErrOptions, gap)
	}
	if gap == 0 && opt.Clearance == 0 {
		return Options{}, fmt.Errorf("%w: an assembled solution needs a gap or a clearance, or its pieces touch", ErrOptions)
	}
	cube := opt.cube()
	shrunk := Options{Cube: cube, Clearance: gap/2 + opt.Clearance, Bevel: opt.Bevel}
	if shrunk.Clearance >= cube/4 {
		return Options{}, fmt.Errorf("%w: gap %g mm with clearance %g mm (want the gap plus two clearances under half the cube, %g mm)",
			ErrOptions, gap, opt.Clearance, cube/2)
	}
	return shrunk, shrunk.Check()
}
