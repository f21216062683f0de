package assets

// A reader for the library's Lepage problem files, written for these tests
// only (package puzzle has the real one): the "--" header lines, the box
// and the piece names, read with regular expressions. A piece's size comes
// from its name, as his table names them: "1_" to "4>" start with their
// number of cubes, every other piece is a pentacube.

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var (
	lepageBoxRE    = regexp.MustCompile(`box\s*=\s*\{\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\}`)
	lepagePiecesRE = regexp.MustCompile(`pieces\s*=\s*\{([^}]*)\}`)
	lepageNameRE   = regexp.MustCompile(`"([^"]*)"`)
)

// lepageSize is the number of cubes of one of his pieces, by its name.
func lepageSize(name string) int {
	if n, err := strconv.Atoi(name[:1]); err == nil {
		return n
	}
	return 5
}

// checkLepageEntry checks a Lepage file against its entry: the header, the
// box's cells and dimensions, the pieces and their volume.
func checkLepageEntry(t *testing.T, e Entry) {
	t.Helper()
	text := string(e.Data())
	var header []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "--") {
			break
		}
		header = append(header, strings.TrimSpace(strings.TrimPrefix(line, "--")))
	}
	if len(header) < 4 || header[0] != e.Title || header[1] != "polyviz library name: "+e.Name {
		t.Errorf("header %q: want the title %q, then the library name", header, e.Title)
	}
	if !strings.Contains(strings.Join(header, "\n"), "Source:") || !strings.Contains(text, "Lepage problem file") {
		t.Errorf("the header does not give its Source: and say it is a Lepage problem file")
	}
	box := lepageBoxRE.FindStringSubmatch(text)
	list := lepagePiecesRE.FindStringSubmatch(text)
	if box == nil || list == nil {
		t.Fatalf("no box or no pieces")
	}
	var sides []int
	cells := 1
	for _, s := range box[1:] {
		n, _ := strconv.Atoi(s)
		cells *= n
		if n > 1 {
			sides = append(sides, n)
		}
	}
	slices.Sort(sides)
	var dims []string
	for _, n := range sides {
		dims = append(dims, fmt.Sprint(n))
	}
	if got := strings.Join(dims, "x"); got != e.Dimensions || cells != e.Cells {
		t.Errorf("box %s with %d cells, entry says %s with %d", got, cells, e.Dimensions, e.Cells)
	}
	names := lepageNameRE.FindAllStringSubmatch(list[1], -1)
	volume := 0
	for _, m := range names {
		volume += lepageSize(m[1])
	}
	if len(names) != e.Pieces || volume != cells {
		t.Errorf("%d pieces of %d cubes, entry says %d pieces; the box has %d cells", len(names), volume, e.Pieces, cells)
	}
}
