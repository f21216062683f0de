package ui

import (
	"errors"
	"io"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"polyviz/fileout"
)

// The editor's files (editmode.go): saving the puzzle as a spec or a
// BurrTools file.

// save writes the puzzle as a spec: to its file, or to one the user picks
// (always when as is true, or when it has none yet). The file is replaced
// atomically.
func (e *editMode) save(as bool) {
	if e.path != "" && !as {
		e.writeFile(e.path)
		return
	}
	dlg := dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
		if err != nil {
			e.w.showError("Cannot save", err)
			return
		}
		if wc == nil {
			return // cancelled
		}
		path := wc.URI().Path()
		wc.Close() // unwritten, it opened nothing (keepFilesUntilWritten)
		e.writeFile(path)
	}, e.w.win)
	grid := e.h.Doc().Lattice.Grid() != nil // saved as BurrTools' files only
	dlg.SetFileName("puzzle.txt")
	if grid {
		dlg.SetFileName("puzzle" + xmExt)
	}
	if e.path != "" {
		ext := filepath.Ext(e.path)
		if ext != xmExt && !grid {
			ext = ".txt"
		} else {
			ext = xmExt
		}
		dlg.SetFileName(strings.TrimSuffix(filepath.Base(e.path), filepath.Ext(e.path)) + ext)
	}
	exts := []string{".txt"}
	if e.w.b.SaveXMPuzzle != nil {
		exts = append(exts, xmExt)
	}
	dlg.SetFilter(storage.NewExtensionFileFilter(exts))
	e.w.showDialog(dlg)
	dlg.Resize(fyne.NewSize(800, 560))
}

// xmExt is the extension of BurrTools' files: Save writes one when the
// file's name ends with it, and Knuth's spec otherwise.
const xmExt = ".xmpuzzle"

// fileData is the document as the file at path holds it: a BurrTools file
// for a name ending in .xmpuzzle, Knuth's spec otherwise.
func (e *editMode) fileData(path string) ([]byte, error) {
	d := e.h.Doc()
	if strings.EqualFold(filepath.Ext(path), xmExt) {
		if e.w.b.SaveXMPuzzle == nil {
			return nil, errors.New("this build cannot write BurrTools files")
		}
		return e.w.b.SaveXMPuzzle(e.origin, e.orig, d)
	}
	return d.Spec()
}

// writeFile writes the document to path (atomically) and marks it saved.
func (e *editMode) writeFile(path string) {
	data, err := e.fileData(path)
	if err != nil {
		e.w.showError("Cannot save "+filepath.Base(path), err)
		return
	}
	err = fileout.WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
	if err != nil {
		e.w.showError("Cannot save "+filepath.Base(path), err)
		return
	}
	e.path = path
	e.h.MarkSaved()
	e.status.SetText("")
	e.refresh()
}
