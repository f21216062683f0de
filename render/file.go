package render

import (
	"image"
	"image/png"
	"io"

	"polyviz/fileout"
)

// WritePNG writes img to path as a PNG with fileout.WriteFile: a regular
// file holds either its old content or the complete new one, never a part.
func WritePNG(path string, img image.Image) error {
	return fileout.WriteFile(path, func(w io.Writer) error {
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		return enc.Encode(w, img)
	})
}
