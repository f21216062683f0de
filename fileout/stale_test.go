package fileout

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestStaleTemporaries: a successful write of a file removes the
// temporaries of that file that killed writers left beside it, once they
// are staleAge old; a younger one (a writer maybe still at work) is kept
// until a later write finds it old. Nothing else is touched: another
// file's temporaries, names that only look like one, a folder, the file a
// link points at keeps its own.
func TestStaleTemporaries(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "job-0007.checkpoint.json")
	old := time.Now().Add(-time.Hour)
	mk := func(name string, mtime time.Time) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
		return p
	}
	stale := []string{mk(".job-0007.checkpoint.json.tmp123", old), mk(".job-0007.checkpoint.json.tmp4294967295", old)}
	young := mk(".job-0007.checkpoint.json.tmp456", time.Now())
	var kept []string
	for _, name := range []string{
		".job-0017.checkpoint.json.tmp123",   // another file's
		".job-0007.checkpoint.json.tmp",      // no digits
		".job-0007.checkpoint.json.tmpx1",    // not digits
		".job-0007.checkpoint.json.tmp1.bak", // more after the digits
		"job-0007.checkpoint.json.tmp1",      // no dot first
		".job-0007.checkpoint.tmp1",          // another base
		"job-0007.result.json",
	} {
		kept = append(kept, mk(name, old))
	}
	folder := filepath.Join(dir, ".job-0007.checkpoint.json.tmp99")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(folder, old, old)
	kept = append(kept, folder)

	// a failed write tidies nothing
	boom := errors.New("boom")
	if err := WriteFile(path, func(w io.Writer) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("failed write: %v", err)
	}
	for _, p := range stale {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("a failed write removed %s", filepath.Base(p))
		}
	}

	if err := WriteFile(path, writeString("checkpoint")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "checkpoint" {
		t.Errorf("the file holds %q", data)
	}
	for _, p := range stale {
		if _, err := os.Lstat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("stale temporary %s left after a write of its file (%v)", filepath.Base(p), err)
		}
	}
	for _, p := range append(kept, young) {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(p), err)
		}
	}

	// the young one, old by the next write, goes then
	os.Chtimes(young, old, old)
	if err := WriteFile(path, writeString("again")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(young); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the temporary that grew old is left after the next write (%v)", err)
	}
	for _, p := range kept {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s removed: %v", filepath.Base(p), err)
		}
	}

	// through a link: the temporaries are beside the file it points at
	other := t.TempDir()
	target := filepath.Join(other, "real.json")
	staleTarget := filepath.Join(other, ".real.json.tmp77")
	os.WriteFile(staleTarget, nil, 0o600)
	os.Chtimes(staleTarget, old, old)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if err := WriteFile(link, writeString("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(staleTarget); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the stale temporary beside a link's target is left (%v)", err)
	}
}

// TestTempOf: the names os.CreateTemp makes of "."+base+".tmp*", and no
// other, are read as the temporaries of base.
func TestTempOf(t *testing.T) {
	for _, c := range []struct{ name, base string }{
		{".a.tmp1", "a"},
		{".a.tmp5.tmp123", "a.tmp5"},
		{"..hidden.tmp42", ".hidden"},
		{".tmp1", ""},
		{"..tmp1", ""},
		{".a.tmp", ""},
		{".a.tmp12a", ""},
		{"a.tmp12", ""},
		{".a.tmp-1", ""},
	} {
		base, ok := tempOf(c.name)
		if ok != (c.base != "") || base != c.base {
			t.Errorf("tempOf(%q) = %q, %v; want %q", c.name, base, ok, c.base)
		}
	}
	// and what CreateTemp makes is read back
	dir := t.TempDir()
	f, err := createBeside(filepath.Join(dir, "cube.png"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if base, ok := tempOf(filepath.Base(f.Name())); !ok || base != "cube.png" {
		t.Errorf("tempOf(%q) = %q, %v", filepath.Base(f.Name()), base, ok)
	}
}
