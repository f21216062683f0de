package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestXMPuzzleBoxTooBig: a triangle board too big for BurrTools' voxel
// space is refused naming the cell as the spec does, beside its voxel.
func TestXMPuzzleBoxTooBig(t *testing.T) {
	spec := "| polyiamond\n[0-Z][0-Z]\nA 00\n"
	code, _, stderr := runCLI(t, spec, "xmpuzzle", "-", "-o", filepath.Join(t.TempDir(), "big.xmpuzzle"))
	if code != 1 || !strings.Contains(stderr, "cannot be written as a BurrTools puzzle: the box is too big: its cell ") ||
		!strings.Contains(stderr, ") in BurrTools, past the 62 voxels an axis may have (0 to 61)") {
		t.Errorf("xmpuzzle of a 62x62 triangle board: exit %d\n%s", code, stderr)
	}
}
