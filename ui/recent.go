package ui

import (
	"slices"

	"fyne.io/fyne/v2"
)

// maxRecent is how many recent files the menu lists.
const maxRecent = 8

// recentKey is the preference holding the recent files, newest first.
const recentKey = "recentFiles"

// recent is the list of recently opened files, kept in the app's preferences.
type recent struct {
	prefs fyne.Preferences
}

func newRecent(p fyne.Preferences) *recent { return &recent{prefs: p} }

// List returns the recent files, newest first.
func (r *recent) List() []string {
	if r.prefs == nil {
		return nil
	}
	return r.prefs.StringList(recentKey)
}

// Add puts path first, dropping an older mention and the oldest beyond maxRecent.
func (r *recent) Add(path string) {
	if r.prefs == nil {
		return
	}
	list := slices.DeleteFunc(r.List(), func(p string) bool { return p == path })
	list = append([]string{path}, list...)
	if len(list) > maxRecent {
		list = list[:maxRecent]
	}
	r.prefs.SetStringList(recentKey, list)
}
