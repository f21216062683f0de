package cli

import "polyviz/assets"

// libraryInput returns the spec of a built-in puzzle by name, with its
// format. Messages name it as the user typed it ("soma:3:7: ..."), never
// by its path inside the library (puzzles/soma.txt), which no command takes.
func libraryInput(name string) (string, []byte, string, bool) {
	e, ok := assets.Lookup(name)
	if !ok {
		return "", nil, "", false
	}
	return e.Name, e.Data(), string(e.Format), true
}
