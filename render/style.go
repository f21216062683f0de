package render

import (
	"image/color"
	"math"
)

// Style holds the look of a rendering. The zero Style is the default look;
// any zero field takes its default.
type Style struct {
	Background color.NRGBA // opaque background (default near-white)
	Outline    color.NRGBA // piece outlines (default near-black)
	BoxColor   color.NRGBA // the ghost box's walls (default light grey-blue)
	BoxEdge    color.NRGBA // the box's edges and grid (default mid grey)
	// LineWidth is the width of piece outlines in pixels (default: about
	// 1/400 of the smaller image dimension, at least 1.4).
	LineWidth float64
	// Ambient is the share of light that reaches every face, in (0, 1]
	// (default 0.45); the rest comes from a light above left of the viewer.
	Ambient float64
	// CellEdges draws the edges between the unit cubes of each piece
	// faintly on its faces, so the cubes of a piece can be counted.
	CellEdges bool
}

// Default colours of Style.
var (
	DefaultBackground = color.NRGBA{0xfb, 0xfb, 0xf8, 0xff}
	DefaultOutline    = color.NRGBA{0x1c, 0x1e, 0x26, 0xff}
	DefaultBoxColor   = color.NRGBA{0xe4, 0xe7, 0xee, 0xff}
	DefaultBoxEdge    = color.NRGBA{0x8c, 0x93, 0xa3, 0xff}
)

// withDefaults returns s with every zero field replaced by its default, for
// an image whose smaller dimension is minDim pixels.
func (s Style) withDefaults(minDim int) Style {
	if s.Background == (color.NRGBA{}) {
		s.Background = DefaultBackground
	}
	s.Background.A = 0xff
	if s.Outline == (color.NRGBA{}) {
		s.Outline = DefaultOutline
	}
	if s.BoxColor == (color.NRGBA{}) {
		s.BoxColor = DefaultBoxColor
	}
	if s.BoxEdge == (color.NRGBA{}) {
		s.BoxEdge = DefaultBoxEdge
	}
	if !(s.LineWidth > 0) || math.IsInf(s.LineWidth, 0) {
		s.LineWidth = math.Max(1.4, float64(minDim)/400)
	}
	s.LineWidth = math.Min(s.LineWidth, 64)
	if !(s.Ambient > 0 && s.Ambient <= 1) {
		s.Ambient = 0.45
	}
	return s
}
