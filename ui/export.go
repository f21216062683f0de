package ui

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"polyviz/fileout"
)

// exportKind is one of the things File > Export writes.
type exportKind int

const (
	exportPNG exportKind = iota
	exportGIF
	exportDLX
	exportSolutions
	exportSTL
	exportSVG
	exportSTLSolution
)

// exportSize is the size of exported pictures; the zero value means the
// view's size for a PNG and the default (480×360) for a GIF.
type exportSize struct{ w, h int }

// exportSizes are the sizes File > Export Size offers.
var exportSizes = []exportSize{{}, {640, 480}, {1280, 960}, {1920, 1440}}

func (s exportSize) String() string {
	if s == (exportSize{}) {
		return "View Size (GIF 480×360)"
	}
	return fmt.Sprintf("%d×%d", s.w, s.h)
}

// ext is the file name extension of an export.
func (k exportKind) ext() string {
	return [...]string{".png", ".gif", ".dlx", ".txt", ".stl", ".svg", ".stl"}[k]
}

// exportDialog takes what export k needs, or says why it cannot be made
// before asking for a file; then asks where to write, and writes in the
// background.
func (w *window) exportDialog(k exportKind) {
	if w.puzzle == nil {
		return
	}
	write, err := w.exporter(k)
	if err != nil {
		w.showError("Cannot export", err)
		return
	}
	d := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			w.showError("Cannot export", err)
			return
		}
		if wc == nil {
			return // cancelled
		}
		path := wc.URI().Path()
		wc.Close() // unwritten, it opened nothing (keepFilesUntilWritten)
		w.writeExport(path, write, nil, nil)
	}, w.win)
	base := strings.TrimSuffix(filepath.Base(w.puzzle.Name), filepath.Ext(w.puzzle.Name))
	d.SetFileName(base + k.ext())
	d.SetFilter(storage.NewExtensionFileFilter([]string{k.ext()}))
	w.showDialog(d)
	d.Resize(fyne.NewSize(800, 560)) // only after Show: Fyne 2.8.1 panics before
}

// exportTo writes export k of the current state to path on a goroutine:
// the data it needs is copied first, on the UI goroutine. done (if not nil)
// gets the result on the UI goroutine; errors also show in a dialog.
func (w *window) exportTo(k exportKind, path string, done func(error)) {
	write, err := w.exporter(k)
	w.writeExport(path, write, err, done)
}

// writeExport writes what an exporter captured to path on a goroutine, as
// exportTo does; or reports the exporter's error.
func (w *window) writeExport(path string, write func(io.Writer) error, err error, done func(error)) {
	if err == nil && write == nil {
		err = errors.New("nothing to export")
	}
	finish := func(err error) {
		if err != nil {
			w.showError("Cannot export "+filepath.Base(path), err)
		} else if done == nil {
			w.showInformation("Exported", "Written to "+path)
		}
		if done != nil {
			done(err)
		}
	}
	if err != nil {
		finish(err)
		return
	}
	go func() {
		err := fileout.WriteFile(path, write)
		w.do(func() { finish(err) })
	}()
}

// exporter captures what export k needs and returns the function that writes it.
func (w *window) exporter(k exportKind) (func(io.Writer) error, error) {
	p, b := w.puzzle, w.b
	switch k {
	case exportPNG:
		if b.Draw == nil || w.view.Scene() == nil {
			return nil, errors.New("nothing to draw")
		}
		scene, cam := w.view.Scene(), w.view.Camera()
		scale := w.win.Canvas().Scale()
		sz := w.view.Size()
		wpx, hpx := int(sz.Width*scale), int(sz.Height*scale)
		if wpx < 16 || hpx < 16 {
			wpx, hpx = 1024, 768
		}
		if w.exportSize != (exportSize{}) {
			wpx, hpx = w.exportSize.w, w.exportSize.h
		}
		return func(out io.Writer) error {
			return png.Encode(out, toNRGBA(b.Draw(scene, cam, wpx, hpx)))
		}, nil
	case exportGIF:
		sol := w.browser.Current()
		if b.WriteGIF == nil {
			return nil, errors.New("this build cannot write animations")
		}
		if sol == nil {
			return nil, errors.New("no solution shown: solve first")
		}
		cam := w.view.Camera()
		packing := solutionScene(p, w.colors, sol, fullLook)
		size := w.exportSize
		return func(out io.Writer) error { return b.WriteGIF(packing, cam, size.w, size.h, out) }, nil
	case exportDLX:
		if b.WriteDLX == nil {
			return nil, errors.New("this build cannot write DLX files")
		}
		return func(out io.Writer) error { return b.WriteDLX(p, out) }, nil
	case exportSTL, exportSTLSolution:
		return w.stlExporter(k == exportSTLSolution)
	case exportSVG:
		if b.WriteSVG == nil {
			return nil, errors.New("this build cannot write SVG files")
		}
		scene := w.view.Scene()
		if scene == nil {
			return nil, errors.New("nothing to draw")
		}
		if !scene.Planar && scene.Grid == nil { // the backend says which grids it draws
			return nil, errors.New("SVG draws 2D puzzles; export a PNG of a 3D one")
		}
		return func(out io.Writer) error { return b.WriteSVG(scene, out) }, nil
	case exportSolutions:
		sols := append([]Solution(nil), w.browser.sols...)
		if len(sols) == 0 {
			return nil, errors.New("no solutions yet: solve first")
		}
		return func(out io.Writer) error { return writeSolutions(out, p, sols) }, nil
	}
	return nil, fmt.Errorf("unknown export %d", k)
}

// writeSolutions writes each solution as Knuth's DLX1 lists them: a header
// line, then one option per line as its items.
func writeSolutions(out io.Writer, p *Puzzle, sols []Solution) error {
	bw := bufio.NewWriter(out)
	for i, s := range sols {
		fmt.Fprintf(bw, "%d:\n", i+1)
		for _, o := range s {
			if p.Option != nil {
				fmt.Fprintf(bw, " %s\n", p.Option(o))
			} else {
				fmt.Fprintf(bw, " option %d\n", o)
			}
		}
	}
	return bw.Flush()
}

// toNRGBA converts an image for the PNG encoder when it is not already NRGBA.
func toNRGBA(img image.Image) image.Image {
	if _, ok := img.(*image.NRGBA); ok {
		return img
	}
	if r, ok := img.(*image.RGBA); ok && r.Opaque() {
		// the view's renderings: opaque pixels are the same bytes
		return &image.NRGBA{Pix: r.Pix, Stride: r.Stride, Rect: r.Rect}
	}
	b := img.Bounds()
	out := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}
