package editor

// History is a document with its past: every edit goes through Do, Undo
// steps back, Redo forward again, without limit. A new edit after an Undo
// drops the edits that were undone, as every editor does.
type History struct {
	states []state
	at     int // index of the current state
	saved  int // index of the state last saved, -1 when none is
}

type state struct {
	doc   Document
	label string // the edit that led to this state ("" for the first)
}

// NewHistory starts a history at d, counted as saved (nothing to lose yet).
func NewHistory(d Document) *History {
	return &History{states: []state{{doc: d.clone()}}, saved: 0}
}

// Doc returns the current document. It is a value: changing it changes
// nothing in the history.
func (h *History) Doc() Document { return h.states[h.at].doc.clone() }

// Do applies e to the current document. When e is refused the history is
// unchanged and the error says why. An edit that changes nothing is not
// recorded (so Undo never seems to do nothing).
func (h *History) Do(e Edit) error {
	next, err := e.Apply(h.states[h.at].doc)
	if err != nil {
		return err
	}
	if next.Equal(h.states[h.at].doc) {
		return nil
	}
	h.states = append(h.states[:h.at+1], state{doc: next, label: e.Label})
	h.at++
	if h.saved > h.at-1 {
		h.saved = -1 // the saved state was undone and is now dropped
	}
	return nil
}

// CanUndo reports whether there is an edit to undo; UndoLabel names it.
func (h *History) CanUndo() bool { return h.at > 0 }

// CanRedo reports whether there is an undone edit to redo; RedoLabel names it.
func (h *History) CanRedo() bool { return h.at+1 < len(h.states) }

// UndoLabel names the edit Undo would undo ("" when none).
func (h *History) UndoLabel() string {
	if !h.CanUndo() {
		return ""
	}
	return h.states[h.at].label
}

// RedoLabel names the edit Redo would make again ("" when none).
func (h *History) RedoLabel() string {
	if !h.CanRedo() {
		return ""
	}
	return h.states[h.at+1].label
}

// Undo steps back one edit and reports whether there was one.
func (h *History) Undo() bool {
	if !h.CanUndo() {
		return false
	}
	h.at--
	return true
}

// Redo makes the last undone edit again and reports whether there was one.
func (h *History) Redo() bool {
	if !h.CanRedo() {
		return false
	}
	h.at++
	return true
}

// MarkSaved records that the current document has been saved.
func (h *History) MarkSaved() { h.saved = h.at }

// Dirty reports whether the current document differs from the one last
// saved (undoing back to the saved state makes it clean again).
func (h *History) Dirty() bool {
	if h.saved < 0 {
		return true
	}
	return !h.states[h.saved].doc.Equal(h.states[h.at].doc)
}
