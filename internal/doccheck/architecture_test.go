package doccheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// root is the module's root: the nearest folder above the test's own that
// holds go.mod.
func root(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
}

// isSource says whether name is a Go file that goes into a build, not a
// test.
func isSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// packages returns the module's packages as paths from the root ("cli",
// "ui/backend"): every folder with a non-test Go file, leaving out
// testdata and folders whose name starts with "." or "_", as the go tool
// does.
func packages(t *testing.T, root string) []string {
	t.Helper()
	var pkgs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if !e.IsDir() && isSource(e.Name()) {
				rel, err := filepath.Rel(root, path)
				if err != nil {
					return err
				}
				pkgs = append(pkgs, filepath.ToSlash(rel))
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// uiFiles returns the non-test Go files of package ui.
func uiFiles(t *testing.T, root string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(root, "ui"))
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range entries {
		if !e.IsDir() && isSource(e.Name()) {
			files = append(files, e.Name())
		}
	}
	return files
}

// The rows of the document's tables that name a room or a window file:
// "| `solver` | ..." and "| `view.go` | ...".
var (
	roomRow = regexp.MustCompile("(?m)^\\| `([a-z][a-z0-9/]*)` \\|")
	fileRow = regexp.MustCompile("(?m)^\\| `([a-z0-9_]+\\.go)` \\|")
)

// TestArchitectureNamesEveryPackage: docs/ARCHITECTURE.md has a row in its
// rooms table for every package of the module (root "." aside: the module
// has no package at its root), a row for every file of package ui, and no
// row for a package or a ui file that does not exist.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	root := root(t)
	data, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)

	var rooms, files []string
	for _, m := range roomRow.FindAllStringSubmatch(doc, -1) {
		rooms = append(rooms, m[1])
	}
	for _, m := range fileRow.FindAllStringSubmatch(doc, -1) {
		files = append(files, m[1])
	}

	pkgs := packages(t, root)
	if len(pkgs) < 10 {
		t.Fatalf("found only %d packages under %s: %v", len(pkgs), root, pkgs)
	}
	for _, p := range pkgs {
		if !slices.Contains(rooms, p) {
			t.Errorf("package %s has no row in the rooms table of docs/ARCHITECTURE.md (| `%s` | what lives there | ...)", p, p)
		}
	}
	for _, r := range rooms {
		if !slices.Contains(pkgs, r) {
			t.Errorf("docs/ARCHITECTURE.md has a row for room `%s`, which is no package of the module", r)
		}
	}

	ui := uiFiles(t, root)
	if len(ui) == 0 {
		t.Fatal("no files in package ui")
	}
	for _, f := range ui {
		if !slices.Contains(files, f) {
			t.Errorf("ui/%s has no row in the window's table of docs/ARCHITECTURE.md (| `%s` | concern | lines |)", f, f)
		}
	}
	for _, f := range files {
		if !slices.Contains(ui, f) {
			t.Errorf("docs/ARCHITECTURE.md has a row for ui/%s, which does not exist", f)
		}
	}
}

// TestArchitectureNamesNoMissingFile: a document that points a reader to a
// file of the repository (STYLE.md, say) points to one that is there.
func TestArchitectureNamesNoMissingFile(t *testing.T) {
	root := root(t)
	data, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`\b([A-Z][A-Z]+\.md)\b`).FindAllStringSubmatch(string(data), -1) {
		name := m[1]
		if _, err1 := os.Stat(filepath.Join(root, name)); err1 == nil {
			continue
		}
		if _, err2 := os.Stat(filepath.Join(root, "docs", name)); err2 == nil {
			continue
		}
		t.Errorf("docs/ARCHITECTURE.md names %s, which the repository does not have", name)
	}
}
