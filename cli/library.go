package cli

import "polyviz/assets"

// libraryInput returns the spec of a built-in puzzle by name, named by its
// file in the library (so messages read "soma.txt:3:7: ...") and with its format.
func libraryInput(name string) (string, []byte, string, bool) {
	e, ok := assets.Lookup(name)
	if !ok {
		return "", nil, "", false
	}
	return e.File, e.Data(), string(e.Format), true
}
