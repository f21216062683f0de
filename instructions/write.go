package instructions

import (
	"context"
	"errors"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"

	"polyviz/fileout"
	"polyviz/render"
)

// Format is what Write writes: one PDF, or one PNG or SVG file a page.
type Format string

const (
	PDF Format = "pdf"
	PNG Format = "png"
	SVG Format = "svg"
)

// ErrBadFormat is returned for a format other than pdf, png and svg.
var ErrBadFormat = errors.New("unknown format (want pdf, png or svg)")

// ParseFormat reads "pdf", "png" or "svg" (any case).
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case PDF, PNG, SVG:
		return f, nil
	}
	return "", fmt.Errorf("%w: %q", ErrBadFormat, s)
}

// FormatOf guesses the format from an output's name: its extension, or ""
// when it has none of the three (a folder).
func FormatOf(out string) Format {
	f, err := ParseFormat(strings.TrimPrefix(filepath.Ext(out), "."))
	if err != nil {
		return ""
	}
	return f
}

// PagePaths returns the files a sheet of n pages is written to in format f
// (PNG or SVG) at out: when out names a file of that extension
// ("soma.png"), soma-01.png, soma-02.png...; otherwise out is a folder
// and they are page-01.png... in it.
func PagePaths(out string, f Format, n int) []string {
	digits := max(2, len(fmt.Sprint(n)))
	base, dir := "page", out
	if FormatOf(out) == f {
		dir = filepath.Dir(out)
		base = strings.TrimSuffix(filepath.Base(out), filepath.Ext(out))
	}
	paths := make([]string, n)
	for p := range n {
		paths[p] = filepath.Join(dir, fmt.Sprintf("%s-%0*d.%s", base, digits, p+1, f))
	}
	return paths
}

// Write writes the sheet in format f to out: a PDF to the file out; PNG
// and SVG pages to the files PagePaths names (making the folder when it is
// missing). Every file is written whole or not at all (package fileout),
// so a full disk is an error. progress, when not nil, is called after each
// page. It returns the files written, and stops with ctx.Err() when ctx
// is cancelled.
func (s *Sheet) Write(ctx context.Context, f Format, out string, opt Options, progress func(done, total int)) ([]string, error) {
	if out == "" {
		return nil, errors.New("no output named")
	}
	switch f {
	case PDF:
		err := fileout.WriteFileContext(ctx, out, func(w io.Writer) error { return s.WritePDF(ctx, w, opt, progress) })
		if err != nil {
			return nil, err
		}
		return []string{out}, nil
	case PNG, SVG:
	default:
		return nil, fmt.Errorf("%w: %q", ErrBadFormat, string(f))
	}
	paths := PagePaths(out, f, s.Pages())
	if dir := filepath.Dir(paths[0]); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	}
	r := render.NewRenderer()
	for p, path := range paths {
		pg, err := s.layout(ctx, r, p, opt)
		if err != nil {
			return paths[:p], err
		}
		err = fileout.WriteFileContext(ctx, path, func(w io.Writer) error {
			if f == SVG {
				return pg.writeSVG(w, p, len(paths))
			}
			return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, pg.raster())
		})
		if err != nil {
			return paths[:p], err
		}
		if progress != nil {
			progress(p+1, len(paths))
		}
	}
	return paths, nil
}
