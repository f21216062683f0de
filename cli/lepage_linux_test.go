package cli

import (
	"strings"
	"testing"
)

// TestLepageUnderUlimit: under ulimit -v ulimitKiB a 12x12x12 box with his
// 41 pieces (795,820 rows, under the row limit) died of out-of-memory with
// a goroutine dump while its matrix was built; it is refused instead, by
// the default --max-memory, before anything is built.
func TestLepageUnderUlimit(t *testing.T) {
	rest := underUlimit(t, "TestLepageUnderUlimit", lepageAllPieces(12), "lepage", "--count", "-")
	if !strings.HasPrefix(rest, "exit 1: polyviz lepage: <stdin>:3:11: problem too large: 795820 placements in all") {
		t.Errorf("under ulimit -v "+ulimitKiB+", want the memory refusal; the child said:\n%.800s", rest)
	}
}
