package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"
)

// specExtensions are the file names the open dialog offers: Knuth's spec
// formats are plain text, DLX files are ".dlx", BurrTools files ".xmpuzzle".
var specExtensions = []string{".txt", ".dlx", ".spec", ".pc", ".po", ".polycube", ".polyomino", ".xmpuzzle"}

// showOpen opens the file dialog, filtered to the formats polyviz reads.
func (w *window) showOpen() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			w.showError("Cannot open", err)
			return
		}
		if r == nil {
			return // cancelled
		}
		u := r.URI()
		r.Close()
		w.openURI(u)
	}, w.win)
	d.SetFilter(storage.NewExtensionFileFilter(specExtensions))
	if list := w.recent.List(); len(list) > 0 {
		if dir, err := storage.ListerForURI(storage.NewFileURI(filepath.Dir(list[0]))); err == nil {
			d.SetLocation(dir)
		}
	}
	w.showDialog(d)
	d.Resize(fyne.NewSize(800, 560)) // only after Show: Fyne 2.8.1 panics before
}

// openInitial opens what the command line names, or the default puzzle.
func (w *window) openInitial(args []string) {
	if len(args) == 1 {
		name := args[0]
		if data, err := os.ReadFile(name); err == nil {
			w.openFileData(name, data, func() { w.addRecent(absPath(name)) })
		} else if !w.openLibrary(name) {
			w.showError("Cannot open "+name, err)
		} else {
			return
		}
	}
	if w.puzzle == nil { // also behind a question on how to read the file
		w.openLibrary(DefaultPuzzle)
	}
}

// openLibrary loads a built-in puzzle; false if there is none by that name.
func (w *window) openLibrary(name string) bool {
	if w.b.Catalog == nil {
		return false
	}
	for _, e := range w.b.Catalog() {
		if e.Name == name {
			data, err := e.Data()
			if err != nil {
				w.showError("Cannot open "+name, err)
				return true
			}
			w.openData(name, data)
			return true
		}
	}
	return false
}

// dropped opens the first file dropped on the window.
func (w *window) dropped(_ fyne.Position, uris []fyne.URI) {
	if len(uris) > 0 {
		w.openURI(uris[0])
	}
}

// openURI loads a file chosen in a dialog, dropped, or recent.
func (w *window) openURI(u fyne.URI) {
	path := u.Path()
	data, err := os.ReadFile(path)
	if err != nil {
		w.showError("Cannot open "+filepath.Base(path), err)
		return
	}
	w.openFileData(path, data, func() { w.addRecent(path) })
}

// addRecent puts path first in File > Open Recent.
func (w *window) addRecent(path string) {
	w.recent.Add(path)
	w.win.SetMainMenu(w.menu())
}

// openData parses and shows a puzzle. On failure the error dialog shows and
// the current puzzle stays.
func (w *window) openData(name string, data []byte) bool {
	return w.openFileData(name, data, nil)
}

// openFileData is openData, then opened (when not nil) once the puzzle is
// readable: at once, or once the user has agreed to discard the editor's
// unsaved changes (then it returns false, the question being still open).
func (w *window) openFileData(name string, data []byte, opened func()) bool {
	load := func() bool {
		ok := w.loadData(name, data)
		if ok && opened != nil {
			opened()
		}
		return ok
	}
	if w.editor != nil || w.edited != nil && w.edited.h.Dirty() {
		w.guardUnsaved("open "+filepath.Base(name), func() {
			w.edited, w.editedPuzzle = nil, nil
			w.closeEditorNow()
			load()
		})
		return false
	}
	return load()
}

// loadData opens a puzzle file's data in the window.
func (w *window) loadData(name string, data []byte) bool {
	if w.b.Load == nil {
		w.showError("Cannot open "+filepath.Base(name), errors.New("this build cannot read puzzles"))
		return false
	}
	p, err := w.b.Load(name, data)
	var le *LoadError
	if errors.As(err, &le) && len(le.Choices) > 1 && w.b.LoadAs != nil {
		w.askFormat(name, data, le.Choices)
		return true // readable: the question opens it
	}
	if err != nil {
		w.showError("Cannot open "+filepath.Base(name), err)
		return false
	}
	w.showLoaded(name, data, p)
	return true
}

// showLoaded shows a puzzle just read from name's data, and asks which
// problem to open when the file holds several.
func (w *window) showLoaded(name string, data []byte, p *Puzzle) {
	w.setPuzzle(p)
	if len(p.Problems) > 1 && w.b.LoadProblem != nil {
		w.askProblem(name, data, p.Problems)
	}
}

// setPuzzle shows p: stops whatever ran for the last one and resets the panels.
func (w *window) setPuzzle(p *Puzzle) {
	w.solver.setPuzzle(p)
	w.setHeatPieces(p)
	w.setPlan(nil) // the last puzzle's assembly and its line go
	w.browser.Reset(DistinctRaw)
	w.browser.AllowDistinct(p.Distinct)
	if p.Distinct && p.StartDistinct != DistinctRaw {
		w.browser.SetMode(p.StartDistinct) // a BurrTools file: its own count
	}
	w.facts.Reset(nil, DistinctRaw)
	w.setNote("")
	w.setRestrictions(p.Restrictions)
	w.puzzle = p
	w.browser.WantFacts(w.wantFacts())
	if p.Distinct && w.b.SymmetryNote != nil {
		go func() { // up to half a second for a 4x4x4 box
			note := w.b.SymmetryNote(p)
			w.do(func() {
				if w.puzzle == p {
					w.setNote(note)
				}
			})
		}()
	}
	w.colors = colors(w.b, p)
	w.hidden = make([]bool, len(p.Pieces))
	w.showAll.Hide()
	w.clearSelection()
	w.pieces.Refresh()
	w.win.SetTitle("polyviz — " + filepath.Base(p.Name))
	w.info.SetText(puzzleInfo(p))
	w.fitView(p)
	w.refreshScene()
}

// absPath is path made absolute when possible.
func absPath(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}

// showError shows a dialog with the file, line, column and message of err.
func (w *window) showError(title string, err error) {
	w.errShown = title + "\n" + errorText(err)
	msg := widget.NewLabel(errorText(err))
	msg.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustom(title, "OK", wrapped(msg, 460), w.win)
	w.showDialog(d)
}

// wrapped holds a word-wrapped label at width wide and as tall as its
// wrapped text: a box of fixed height let a long message run over the
// dialog's buttons.
func wrapped(l *widget.Label, width float32) fyne.CanvasObject {
	return container.New(fixedWidth(width), l)
}

// fixedWidth lays its objects out one under another, width wide, each as
// tall as it needs at that width.
type fixedWidth float32

func (f fixedWidth) MinSize(objects []fyne.CanvasObject) fyne.Size {
	h := float32(0)
	for _, o := range objects {
		h += f.height(o)
	}
	return fyne.NewSize(float32(f), h)
}

func (f fixedWidth) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objects {
		h := f.height(o)
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h
	}
}

// height is o's height at the layout's width: a wrapped label's MinSize
// follows its current width.
func (f fixedWidth) height(o fyne.CanvasObject) float32 {
	if o.Size().Width != float32(f) {
		o.Resize(fyne.NewSize(float32(f), o.MinSize().Height))
	}
	return o.MinSize().Height
}

// errorText spells out a load error's position.
func errorText(err error) string {
	var le *LoadError
	if errors.As(err, &le) && le.Line > 0 {
		return fmt.Sprintf("File %s, line %d, column %d:\n%v", le.File, le.Line, le.Col, le.Err)
	}
	return err.Error()
}
