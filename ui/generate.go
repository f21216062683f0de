package ui

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"polyviz/editor"
	"polyviz/geometry"
)

// GenerateRequest asks the backend for every piece that fits a template,
// as `polyviz generate` does: the template is the document's box, its
// optional cells the optional ones (every cell when it has none).
type GenerateRequest struct {
	Doc editor.Document
	// Connected is "face", "edge", "corner" or "any"; Unique "rotation",
	// "mirror", "translation" or "none".
	Connected, Unique                                string
	NoHoles, Chiral, Asymmetric, Millable, Notchable bool
	// Min and Max bound the cells of a piece; 0 is no bound.
	Min, Max int
}

// maxGenerated is the most pieces the dialog adds to a design: more make
// the editor's list slow to use (`polyviz generate --out` writes any
// number).
const maxGenerated = 2000

// Where the generated pieces go.
const (
	genAdd     = "Add them to the puzzle's pieces"
	genReplace = "Replace the puzzle's pieces"
	genNew     = "A new puzzle of them, the template as its box"
)

// generatePieces is Edit > Generate Pieces…: in the editor, the dialog on
// its box; elsewhere the editor opens on the puzzle shown first.
func (w *window) generatePieces() {
	if w.b.Generate == nil {
		return
	}
	if w.editor == nil {
		w.editPuzzle()
		if w.editor == nil {
			return // a new puzzle is being asked for: its box comes first
		}
	}
	w.editor.showGenerate()
}

// generateForm is the dialog's widgets.
type generateForm struct {
	connected, unique                                *widget.Select
	noHoles, chiral, asymmetric, millable, notchable *widget.Check
	min, max                                         *widget.Entry
	dest                                             *widget.RadioGroup
	status                                           *widget.Label
	bar                                              *widget.ProgressBar
	run                                              *widget.Button
}

func newGenerateForm(cubes bool) *generateForm {
	f := &generateForm{
		connected:  widget.NewSelect([]string{"face", "edge", "corner", "any"}, nil),
		unique:     widget.NewSelect([]string{"rotation", "mirror", "translation", "none"}, nil),
		noHoles:    widget.NewCheck("No holes", nil),
		chiral:     widget.NewCheck("Drop pieces with mirror symmetry", nil),
		asymmetric: widget.NewCheck("Drop pieces with any symmetry", nil),
		millable:   widget.NewCheck("Millable only", nil),
		notchable:  widget.NewCheck("Notchable only", nil),
		min:        widget.NewEntry(),
		max:        widget.NewEntry(),
		dest:       widget.NewRadioGroup([]string{genAdd, genReplace, genNew}, nil),
		status:     widget.NewLabel(""),
		bar:        widget.NewProgressBar(),
	}
	f.connected.SetSelected("face")
	f.unique.SetSelected("rotation")
	f.min.SetPlaceHolder("any")
	f.max.SetPlaceHolder("any")
	f.dest.SetSelected(genAdd)
	f.dest.Required = true
	f.status.Wrapping = fyne.TextWrapWord
	f.bar.Hide()
	if !cubes {
		f.millable.Disable()
		f.notchable.Disable()
	}
	return f
}

// request reads the form.
func (f *generateForm) request(d editor.Document) (GenerateRequest, error) {
	r := GenerateRequest{Doc: d, Connected: f.connected.Selected, Unique: f.unique.Selected,
		NoHoles: f.noHoles.Checked, Chiral: f.chiral.Checked, Asymmetric: f.asymmetric.Checked,
		Millable: f.millable.Checked, Notchable: f.notchable.Checked}
	for _, b := range []struct {
		e *widget.Entry
		n *int
	}{{f.min, &r.Min}, {f.max, &r.Max}} {
		s := strings.TrimSpace(b.e.Text)
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return r, fmt.Errorf("cells %q: write a number, or nothing for any", s)
		}
		*b.n = n
	}
	if len(d.Box) == 0 {
		return r, fmt.Errorf("the box is empty: draw the template as the box (optional cells are the ones pieces may have)")
	}
	return r, nil
}

func (f *generateForm) content() fyne.CanvasObject {
	cells := container.NewGridWithColumns(4, widget.NewLabel("Cells from"), f.min, widget.NewLabel("to"), f.max)
	return container.NewVBox(
		widget.NewLabel("The template is the box: its optional cells are the ones a piece may have,\nthe others every piece has (with no optional cells, all are optional)."),
		container.NewGridWithColumns(2, widget.NewLabel("Connected via"), f.connected),
		container.NewGridWithColumns(2, widget.NewLabel("One piece of those the same up to"), f.unique),
		container.NewGridWithColumns(2, f.noHoles, f.millable, f.chiral, f.notchable, f.asymmetric),
		cells,
		widget.NewSeparator(),
		f.dest,
		f.bar, f.status,
	)
}

// showGenerate opens the generator's dialog on the editor's box. Generate
// runs the search on a goroutine; its progress and result come back
// through fyne.Do. Closing the dialog stops it.
func (e *editMode) showGenerate() {
	w := e.w
	f := newGenerateForm(e.h.Doc().Lattice == editor.Cubes)
	e.genForm = f
	var mu sync.Mutex
	var cancel context.CancelFunc
	stop := func() {
		mu.Lock()
		defer mu.Unlock()
		if cancel != nil {
			cancel()
			cancel = nil
		}
	}
	var d *dialog.CustomDialog
	f.run = widget.NewButton("Generate", nil)
	f.run.Importance = widget.HighImportance
	f.run.OnTapped = func() {
		doc := e.h.Doc()
		req, err := f.request(doc)
		if err != nil {
			f.status.SetText(err.Error())
			return
		}
		ctx, c := context.WithCancel(context.Background())
		mu.Lock()
		cancel = c
		mu.Unlock()
		f.run.Disable()
		f.bar.SetValue(0)
		f.bar.Show()
		f.status.SetText("Generating…")
		dest := f.dest.Selected
		go func() {
			var last time.Time
			progress := func(done, total uint64) {
				if now := time.Now(); now.Sub(last) > 100*time.Millisecond {
					last = now
					if total == 0 { // pieces grown, their number not known ahead
						text := fmt.Sprintf("Generating… %s joined subsets grown", GroupDigits(int64(done)))
						w.do(func() { f.status.SetText(text) })
						return
					}
					v := float64(done) / float64(total)
					w.do(func() { f.bar.SetValue(v) })
				}
			}
			pieces, summary, err := w.b.Generate(ctx, req, progress)
			w.do(func() {
				closed := ctx.Err() != nil
				stop()
				f.run.Enable()
				f.bar.Hide()
				switch {
				case closed:
					return // the dialog was closed
				case err != nil:
					f.status.SetText(err.Error())
				case len(pieces) == 0:
					f.status.SetText(summary + "\nNo piece passes the filters.")
				case len(pieces) > maxGenerated:
					f.status.SetText(fmt.Sprintf("%s\n%d pieces are more than the editor takes (%d): narrow the filters, or write them with polyviz generate --out.", summary, len(pieces), maxGenerated))
				default:
					e.addGenerated(doc, pieces, req.Unique, dest, func(msg string) { f.status.SetText(summary + "\n" + msg) })
				}
			})
		}()
	}
	d = dialog.NewCustomWithoutButtons("Generate Pieces", container.NewBorder(nil,
		container.NewGridWithColumns(2, widget.NewButton("Close", func() { d.Hide() }), f.run), nil, nil, f.content()), w.win)
	d.SetOnClosed(stop)
	d.Resize(fyne.NewSize(620, 460))
	e.w.showDialog(d)
}

// generatedMotion is how pieces generated one of each shape up to unique
// (the form's choice) may move, so that the puzzle uses them as they were
// told apart: one of each shape up to rotation is a one-sided set on a
// board (its mirror pairs are two pieces), one up to translation or none
// a fixed set. On cubes a piece only turns (free), and BurrTools' grids
// turn every piece.
func generatedMotion(l editor.Lattice, unique string) editor.Motion {
	m := editor.Free
	switch unique {
	case "rotation":
		m = editor.OneSided
	case "translation", "none":
		m = editor.Fixed
	}
	if !slices.Contains(l.Motions(), m) {
		return editor.Free
	}
	return m
}

// addGenerated puts the pieces where dest says: added to the design or in
// place of its pieces (one Undo step either way), or as a new puzzle whose
// box is the template; each piece moves as unique told them apart
// (generatedMotion). say tells what was done, or why not.
func (e *editMode) addGenerated(template editor.Document, pieces []geometry.Shape, unique, dest string, say func(string)) {
	var edits []editor.Edit
	first := len(e.h.Doc().Pieces) // where the new pieces go in the list
	if dest == genReplace {
		for i := len(e.h.Doc().Pieces) - 1; i >= 0; i-- {
			edits = append(edits, editor.DeletePiece(i))
		}
	}
	if dest != genAdd {
		first = 0
	}
	m := generatedMotion(template.Lattice, unique)
	for i, p := range pieces {
		edits = append(edits, editor.AddPiece("", p))
		if m != editor.Free {
			edits = append(edits, editor.SetMotion(first+i, m))
		}
	}
	label := fmt.Sprintf("generate %s", plural(len(pieces), "piece"))
	if dest != genNew {
		if err := e.h.Do(editor.Batch(label, edits...)); err != nil {
			say("Not done: " + err.Error())
			return
		}
		e.status.SetText("")
		e.refresh()
		say(fmt.Sprintf("%s: Undo takes them back.", map[bool]string{true: "They replace the pieces", false: "They are added to the pieces"}[dest == genReplace]))
		return
	}
	e.w.guardUnsaved("start a new puzzle", func() {
		doc := editor.New(template.Lattice)
		doc.Title = "generated pieces"
		h := editor.NewHistory(doc)
		if err := h.Do(editor.Batch(label, append([]editor.Edit{editor.SetBox(template.Box)}, edits...)...)); err != nil {
			say("Not done: " + err.Error())
			return
		}
		e.w.openEditor(newEditMode(e.w, h.Doc(), ""))
		say("They make a new puzzle, shown behind this dialog.")
	})
}
