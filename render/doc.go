// Package render is polyviz's software 3D projector: it draws packing
// puzzles (unit cubes grouped into pieces, in a box) into images, with no
// GPU, so the window, the exported files and the tests show the same
// pictures. Everything is deterministic: the same scene and camera give the
// same pixels.
//
// A Scene holds the box's cells and the pieces, each with a colour (see
// PieceColor), an offset and an opacity. A Camera orbits the scene's centre
// (yaw, pitch, distance; perspective or orthographic); FitCamera frames a
// scene so that nothing is clipped, looking straight down on planar puzzles.
// Render, or Renderer.Render with framebuffers reused from call to call,
// draws it:
//
//   - one quad per exposed cube face; faces between two cubes of the same
//     piece are never drawn, faces buried between opaque pieces are skipped;
//   - z-buffered fill of convex polygons, clipped against the near plane,
//     with flat shading: ambient light plus a directional light from above
//     left of the viewer;
//   - the box as a ghost: the inside of its far walls in a light shade with a
//     faint cell grid, and its edges;
//   - dark outlines along each piece's silhouette and creases only (an edge
//     between two coplanar faces of the same piece is a seam and is not
//     drawn), as anti-aliased lines, depth-tested against the z-buffer. Every
//     colour boundary of the picture lies under such a line, so the lines
//     anti-alias the whole image at the cost of one sample per pixel.
//
// On top of that: OrientationSheet and SheetFromShape draw a piece's
// orientations in a labelled grid; LayoutScene sets out a puzzle's pieces
// beside its box; Assembly and WriteGIF animate a packing being assembled;
// WritePNG exports a picture safely (with package fileout).
//
// For example, to draw a 2×2×2 cube made of two pieces:
//
//	var left, right []geometry.Cell
//	for x := range 2 {
//		for y := range 2 {
//			for z := range 2 {
//				c := geometry.Cell{X: x, Y: y, Z: z}
//				if x == 0 {
//					left = append(left, c)
//				} else {
//					right = append(right, c)
//				}
//			}
//		}
//	}
//	s := &render.Scene{Box: append(left, right...), Pieces: []render.Piece{
//		{Name: "L", Cells: left, Color: render.PieceColor(0, 2)},
//		{Name: "R", Cells: right, Color: render.PieceColor(1, 2)},
//	}}
//	img := render.Render(s, render.FitCameraSize(s, false, 640, 480), 640, 480)
//	err := render.WritePNG("cube.png", img)
package render
