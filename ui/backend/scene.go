package backend

import (
	"errors"
	"image"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"polyviz/geometry"
	"polyviz/render"
	"polyviz/ui"
)

// renderScene converts a scene for the renderer.
func renderScene(s *ui.Scene) *render.Scene {
	if s == nil {
		return nil
	}
	rs := &render.Scene{Box: s.Box, Grid: s.Grid, Wrap: s.Wrap}
	if len(s.Box) == 0 {
		rs.BoxStyle = render.BoxHidden
	} else if s.Grid != nil && (s.GridBoard || s.GridFloor) {
		rs.BoxStyle, rs.BoxBelow = render.BoxBoard, s.GridFloor && !s.GridBoard
	}
	for _, p := range s.Pieces {
		rs.Pieces = append(rs.Pieces, render.Piece{
			Name: p.Name, Cells: p.Cells, Color: p.Color,
			Offset: mgl64.Vec3{p.Offset[0], p.Offset[1], p.Offset[2]}, Opacity: p.Opacity,
		})
	}
	for _, l := range s.Labels {
		rs.Labels = append(rs.Labels, render.Label{
			Cell: l.Cell, Text: l.Text, Bold: l.Bold,
			Offset: mgl64.Vec3{l.Offset[0], l.Offset[1], l.Offset[2]},
		})
	}
	return rs
}

// renderCamera turns the view's camera into the renderer's. A planar scene,
// or one without a frame (the pieces tray, a lone piece), is fitted at the
// current angles; a framed 3D scene (a packing) by its frame's bounding
// sphere, so that the distance stays put while the view orbits.
func renderCamera(s *ui.Scene, c ui.Camera, w, h int) render.Camera {
	lo, hi := frameBounds(s)
	cam := render.Camera{Yaw: c.Yaw, Pitch: c.Pitch}
	switch {
	case s != nil && s.Planar:
		cam.Ortho = true
		cam = cam.FitSize(lo, hi, max(w, 1), max(h, 1))
	case s == nil || s.Frame == nil:
		cam = cam.FitSize(lo, hi, max(w, 1), max(h, 1))
	default:
		cam.Target = lo.Add(hi).Mul(0.5)
		r := hi.Sub(lo).Len() / 2
		half := 15.0 * math.Pi / 180 // half the default field of view
		cam.Distance = r / math.Sin(half) * 1.02
	}
	if c.Zoom > 0 {
		cam.Distance /= c.Zoom
	}
	return cam
}

// frameBounds is the region the camera frames: the scene's frame if it has
// one, else everything it draws.
func frameBounds(s *ui.Scene) (lo, hi mgl64.Vec3) {
	if s != nil && s.Frame != nil && s.Grid == nil {
		f := s.Frame
		lo, hi = mgl64.Vec3{f[0][0], f[0][1], f[0][2]}, mgl64.Vec3{f[1][0], f[1][1], f[1][2]}
		for k, on := range s.Wrap {
			if on && len(s.Box) > 0 { // room for the marks on the joined faces
				lo[k], hi[k] = lo[k]-render.JoinRoom, hi[k]+render.JoinRoom
			}
		}
		return lo, hi
	}
	if s != nil {
		if lo, hi, ok := renderScene(s).Bounds(); ok {
			return lo, hi
		}
	}
	return mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}
}

// layout sets shapes out beside the box with render.LayoutScene.
func layout(box []geometry.Cell, shapes []geometry.Shape, planar bool) [][]geometry.Cell {
	in := make([][]geometry.Cell, len(shapes))
	for i, sh := range shapes {
		in[i] = sh
	}
	sc := render.LayoutScene(box, nil, in, planar)
	out := make([][]geometry.Cell, len(sc.Pieces))
	for i, pc := range sc.Pieces {
		out[i] = pc.Cells
	}
	return out
}

// orientationSheet draws every rotation (every symmetry, in 2D) of a piece's
// first orientation, the distinct ones marked; for a one-sided or fixed
// piece, the orientations it may take.
func orientationSheet(p *ui.Puzzle, i int) (image.Image, error) {
	if i < 0 || i >= len(p.Pieces) || len(p.Pieces[i].Orientations) == 0 {
		return nil, errors.New("no such piece")
	}
	pc := p.Pieces[i]
	if pc.Motion != "" {
		// a one-sided or fixed piece: only the orientations it may take
		opt := render.SheetOptions{Name: pc.Name, Planar: p.Planar, Color: render.PieceColor(i, len(p.Pieces))}
		if p.Grid != nil {
			opt.Grid, opt.Planar = p.Grid, p.Grid.Lattice() != nil
		}
		return render.OrientationSheet(pc.Orientations, opt), nil
	}
	if p.Grid != nil {
		return render.GridSheet(p.Grid, pc.Orientations[0], render.SheetOptions{
			Name: pc.Name, Color: render.PieceColor(i, len(p.Pieces)),
		}), nil
	}
	return render.SheetFromShape(pc.Orientations[0], p.Planar, render.SheetOptions{
		Name: pc.Name, Planar: p.Planar, Color: render.PieceColor(i, len(p.Pieces)),
	}), nil
}

// writeSVG draws a flat scene as SVG: squares, or the triangles and
// hexagons of the scene's lattice, or BurrTools' triangular prisms one layer
// thick as the triangles of their top faces (render.PrismLayerScene). A
// scene of solids moved off their lattice (the tray's pieces) has no SVG
// drawing.
func writeSVG(s *ui.Scene, w io.Writer) error {
	if s.BoardSVG != nil {
		return s.BoardSVG(w)
	}
	opt := render.SVGOptions{Grid: true, Labels: true}
	if s.Grid != nil {
		if opt.Lattice = s.Grid.Lattice(); opt.Lattice == nil {
			// BurrTools' prisms one layer thick, as triangles
			flat, err := render.PrismLayerScene(renderScene(s))
			if err != nil {
				return err
			}
			opt.Lattice = geometry.Triangles()
			return render.WriteSVG(w, flat, opt)
		}
		for _, p := range s.Pieces {
			if p.Offset != ([3]float64{}) {
				return errors.New("SVG draws packings of triangles and hexagons, not the tray: solve first, or export a PNG")
			}
		}
	}
	return render.WriteSVG(w, renderScene(s), opt)
}
