package render

import (
	"image"
	"image/png"
	"io"

	"polyviz/fileout"
)

// WriteFileAtomic writes path through write with fileout.WriteFile: path
// holds either its old content or the complete new one, never a part.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	return fileout.WriteFile(path, write)
}

// WritePNG writes img to path as a PNG, atomically (see WriteFileAtomic).
func WritePNG(path string, img image.Image) error {
	return WriteFileAtomic(path, func(w io.Writer) error {
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		return enc.Encode(w, img)
	})
}
