// Package editor is the designer's workshop as data: a puzzle being made or
// changed (a box and named pieces, each a set of cells on the puzzle's
// lattice), the edits a designer makes to it, unlimited undo and redo, the
// live checks shown while editing, and saving as one of Knuth's spec formats.
//
// The window's editor mode is a view of a History: every click becomes one
// Edit applied through History.Do, so every change can be undone, and the
// panel's warnings are Check of the current Document.
//
// For example, the Soma cube is made from nothing like this:
//
//	h := editor.NewHistory(editor.New(editor.Cubes))
//	h.Do(editor.SetBox(editor.Cuboid(3, 3, 3)))
//	h.Do(editor.AddPiece("V", editor.Cells(0,0,0, 1,0,0, 0,1,0)))
//	...
//	spec, _ := h.Doc().Spec() // a POLYCUBE-DLX spec; puzzle.ParseSpec reads it back
//
// A piece may be one-sided (turned in the plane, never over: SetMotion(i,
// OneSided)) or fixed (kept as drawn); the spec then ends with "| one-sided
// NAMES" and "| fixed NAMES" lines, which Knuth's programs skip as comments.
//
// A Document is a value: edits never change a Document in place, they return
// a new one, so undo is the previous value and "undone restores the exact
// puzzle" holds by construction (and is tested).
package editor
