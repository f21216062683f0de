package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCheckpointNotSaved: when the checkpoints cannot be written, an
// interrupted run says so and does not claim that the file holds its state.
// A full device takes the run (it is written in place, as it comes) and
// refuses every checkpoint; a missing folder is refused before the search
// (TestUnwritableRefusedFirst).
func TestCheckpointNotSaved(t *testing.T) {
	ck := "/dev/full"
	if _, err := os.Stat(ck); err != nil {
		t.Skip("no /dev/full here")
	}
	code, stderr := cancelAfter(t, 700*time.Millisecond, "", "solve", "--engine", "dlx", "-j", "1",
		"--checkpoint-every", "100ms", "--checkpoint", ck, "pentomino-6x10")
	if code != 143 || !strings.Contains(stderr, "checkpoint not saved") ||
		!strings.Contains(stderr, "the last checkpoint could not be written") || !strings.Contains(stderr, ck+" holds no state of this run\n") ||
		strings.Contains(stderr, "the state is in") {
		t.Errorf("exit %d, %q; want 143, the failed writes said, and no claim that the state is saved", code, stderr)
	}
}

// TestCheckpointKept: --checkpoint does not replace the checkpoint of an
// unfinished search (of another search, or of the same one without
// --resume), nor a file that is not a checkpoint, unless --overwrite says so.
func TestCheckpointKept(t *testing.T) {
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck.json")
	code, stderr := cancelAfter(t, 700*time.Millisecond, "", "solve", "--engine", "dlx", "-j", "1", "--checkpoint", ck, "pentomino-6x10")
	if code != 143 || !strings.Contains(stderr, "the state is in "+ck) {
		t.Fatalf("the interrupted run: exit %d, %q", code, stderr)
	}
	saved, err := os.ReadFile(ck)
	if err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--checkpoint", ck, "soma"}, "holds an unfinished search"},
		{[]string{"--checkpoint", ck, "--engine", "dlx", "pentomino-6x10"}, "go on with --resume " + ck},
		{[]string{"--checkpoint", notes, "soma"}, "is not a polyviz checkpoint"},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"solve"}, c.args...)...)
		if code != 1 || !strings.Contains(stderr, c.msg) || strings.Contains(stderr, "Altogether") {
			t.Errorf("%v: exit %d, %q; want 1, %q and no search", c.args, code, stderr, c.msg)
		}
	}
	if now, _ := os.ReadFile(ck); string(now) != string(saved) {
		t.Error("a refused run changed the checkpoint")
	}
	if now, _ := os.ReadFile(notes); string(now) != "my notes\n" {
		t.Error("a refused run changed a file that is not a checkpoint")
	}
	mustCLI(t, "solve", "--checkpoint", ck, "--overwrite", "soma")
	mustCLI(t, "solve", "--checkpoint", ck, "soma") // a finished search's checkpoint may go
}
