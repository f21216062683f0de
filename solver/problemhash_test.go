package solver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"
)

// TestProblemHashLongNames: a problem whose items cannot go in a DLX file
// (a distinct cut's mark "#sym223888" on a board of 200,000 placements)
// still has a hash, so its checkpoints can be saved (the window's solve of
// a 62x62 board failed with "item name longer than 8 characters"), and a
// problem that can be written hashes to the SHA-256 of its DLX file as
// before, so checkpoints saved before keep their hash.
func TestProblemHashLongNames(t *testing.T) {
	long := NewProblem([]string{"a", "#sym223888"}, nil)
	if err := long.AddOption("a", "#sym223888"); err != nil {
		t.Fatal(err)
	}
	if err := long.WriteDLX(&bytes.Buffer{}); !errors.Is(err, ErrNameTooLong) {
		t.Errorf("WriteDLX of a 10-character name: %v", err)
	}
	h, err := ProblemHash(long)
	if err != nil || len(h) != len("sha256:")+64 {
		t.Errorf("hash of a problem with a 10-character name: %q, %v", h, err)
	}
	short := NewProblem([]string{"a", "b"}, []string{"c"})
	if err := short.AddOption("a", "c"); err != nil {
		t.Fatal(err)
	}
	if err := short.AddOption("b"); err != nil {
		t.Fatal(err)
	}
	var dlx bytes.Buffer
	if err := short.WriteDLX(&dlx); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(dlx.Bytes())
	if h, err := ProblemHash(short); err != nil || h != "sha256:"+hex.EncodeToString(sum[:]) {
		t.Errorf("hash %q, %v; want the SHA-256 of %q", h, err, dlx.String())
	}
}
