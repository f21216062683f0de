package backend

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"polyviz/assets"
	"polyviz/fileout"
	"polyviz/ui"
)

// catalog lists the assets library, then the files of the user's gallery
// folder (by name, in order; a name the library has is left out).
func catalog() []ui.CatalogEntry {
	var out []ui.CatalogEntry
	names := map[string]bool{}
	for _, e := range assets.Catalog() {
		names[e.Name] = true
		out = append(out, ui.CatalogEntry{Name: e.Name, Title: e.Title, Family: e.Family, Summary: summary(e), Data: func() ([]byte, error) {
			if d := e.Data(); d != nil {
				return d, nil
			}
			return nil, fmt.Errorf("%s is not in the library", e.Name)
		}})
	}
	dir, err := galleryDir()
	if err != nil {
		return out
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return out
	}
	for _, ent := range ents {
		name := ent.Name()
		if !ent.Type().IsRegular() || strings.HasPrefix(name, ".") || names[name] || len(out) >= 1000 {
			continue
		}
		path := filepath.Join(dir, name)
		out = append(out, ui.CatalogEntry{Name: name, Title: "Yours: " + name, Data: func() ([]byte, error) {
			return os.ReadFile(path)
		}})
	}
	return out
}

// summary is a card's line of counts: the distinct packings polyviz
// counts and, when it counts in another mode, the source's figure.
func summary(e assets.Entry) string {
	var parts []string
	d, ok := e.Counts.Distinct()
	if ok {
		parts = append(parts, fmt.Sprintf("%d distinct", d.N))
	}
	switch p, mode, pub := e.Counts.Published(); {
	case pub && ok && p == d:
		parts[0] += ", as published"
	case pub:
		parts = append(parts, fmt.Sprintf("published %d %s", p.N, assets.ModeWords(mode)))
	}
	return strings.Join(parts, "; ")
}

// galleryDir is the user's gallery folder: polyviz/gallery in the user's
// configuration folder ($XDG_CONFIG_HOME or ~/.config on Linux).
func galleryDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "polyviz", "gallery"), nil
}

// addToGallery copies a puzzle file into the gallery folder, made if missing.
func addToGallery(path string) (string, error) {
	dir, err := galleryDir()
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	if _, err := loadPuzzle(path, data); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	dst := filepath.Join(dir, filepath.Base(path))
	return dir, fileout.WriteFile(dst, func(w io.Writer) error { _, err := w.Write(data); return err })
}
