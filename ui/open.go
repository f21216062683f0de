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

// openInitial opens what the command line names, or the default puzzle
// (also when the file named cannot be read).
func (w *window) openInitial(args []string) {
	if len(args) == 1 {
		name := args[0]
		if data, err := os.ReadFile(name); err == nil {
			w.openFileData(name, data, func(ok bool) {
				if ok {
					w.addRecent(absPath(name))
				} else if w.puzzle == nil && w.loading == "" {
					w.openLibrary(DefaultPuzzle)
				}
			})
		} else if !w.openLibrary(name) {
			w.showError("Cannot open "+name, err)
		} else {
			return
		}
	}
	if w.puzzle == nil && w.loading == "" { // also behind a question on how to read the file
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
	w.openFileData(path, data, func(ok bool) {
		if ok {
			w.addRecent(path)
		}
	})
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

// openFileData is openData, then then (when not nil) with whether the
// puzzle is readable, once it is known: at once, once it has been read in
// the background, or once the user has agreed to discard the editor's
// unsaved changes (then it returns false, the question being still open).
func (w *window) openFileData(name string, data []byte, then func(ok bool)) bool {
	load := func() bool { return w.loadData(name, data, then) }
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

// loadData opens a puzzle file's data in the window, then calls then (if
// not nil) with whether it is readable. It reports that, or true while the
// file is read in the background (see reading).
func (w *window) loadData(name string, data []byte, then func(ok bool)) bool {
	if w.b.Load == nil {
		w.showError("Cannot open "+filepath.Base(name), errors.New("this build cannot read puzzles"))
		if then != nil {
			then(false)
		}
		return false
	}
	ok := true
	w.reading(name, func() (*Puzzle, error) { return w.b.Load(name, data) }, func(p *Puzzle, err error) {
		ok = w.loaded(name, data, p, err)
		if then != nil {
			then(ok)
		}
	})
	return ok
}

// loaded shows what Load read from name's data, or asks how to read it, or
// shows why it cannot; false in the last case.
func (w *window) loaded(name string, data []byte, p *Puzzle, err error) bool {
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

// reading runs read, the backend's reading of the file name, and then show
// with its result, on the UI goroutine. The real window reads on a
// goroutine of its own (w.background), saying "Loading NAME…" meanwhile: a
// large board took seconds to read, the window black and deaf meanwhile. A
// later read supersedes one under way.
func (w *window) reading(name string, read func() (*Puzzle, error), show func(*Puzzle, error)) {
	w.reads++
	if w.background == nil {
		show(read())
		return
	}
	gen := w.reads
	w.setLoading(filepath.Base(name))
	w.background(func() {
		p, err := read()
		w.do(func() {
			if gen != w.reads {
				return // a later read owns the window
			}
			w.setLoading("")
			show(p, err)
		})
	})
}

// setLoading says that the file name is being read ("": none is, and the
// puzzle shown, if any, is named again).
func (w *window) setLoading(name string) {
	w.loading = name
	switch {
	case name != "":
		w.win.SetTitle("polyviz — loading " + name + "…")
		w.info.SetText("Loading " + name + "…")
		if w.puzzle == nil {
			// the first file: nothing to solve yet, and no slider to show
			// (they stood over the hint, which says why they are off)
			w.solver.solve.Disable()
			w.setViewControls(false)
		}
	case w.puzzle != nil:
		w.win.SetTitle("polyviz — " + filepath.Base(w.puzzle.Name))
		w.info.SetText(puzzleInfo(w.puzzle))
	default:
		w.win.SetTitle("polyviz")
		w.info.SetText("")
	}
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
