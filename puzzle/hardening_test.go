package puzzle

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestManySuffixes: a 2D spec may have any number of distinct suffixes; the
// 64th and later ones once overflowed a 64-bit mask and their cells vanished
// silently (issue 16, item 1).
func TestManySuffixes(t *testing.T) {
	for _, n := range []int{63, 64, 69, 200} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var box strings.Builder
			box.WriteString("[01]0")
			for i := 1; i < n; i++ {
				fmt.Fprintf(&box, " 00s%d", i)
			}
			spec := box.String() + "\nX 00 10 00Q\n" // Q is suffix number n
			pz, err := ParseSpec("many", []byte(spec), true)
			if err != nil {
				t.Fatal(err)
			}
			if len(pz.Suffixes) != n {
				t.Errorf("%d suffixes, want %d", len(pz.Suffixes), n)
			}
			want := fmt.Sprintf("Altogether 2+%d cells,", n-1)
			if got := pz.Summary(); !strings.HasPrefix(got, want) {
				t.Errorf("summary %q, want %q...", got, want)
			}
			var out bytes.Buffer
			if err := pz.WriteDLX(&out); err != nil {
				t.Fatal(err)
			}
			// 00Q is not a cell of the box, so X fits nowhere; with the
			// box's 00s1 as the third cell it would.
			if strings.Contains(out.String(), "\nX ") {
				t.Errorf("an option for X, whose cell 00Q is not in the box:\n%s", out.String())
			}
			spec = box.String() + "\nX 00 00s1 10\n"
			pz, err = ParseSpec("many", []byte(spec), true)
			if err != nil {
				t.Fatal(err)
			}
			out.Reset()
			pz.WriteDLX(&out)
			if !strings.Contains(out.String(), "\nX 00 00s1 10\n") {
				t.Errorf("option X 00 00s1 10 missing:\n%s", out.String()[strings.LastIndexByte(out.String()[:out.Len()-1], '\n'):])
			}
			if n >= 64 {
				last := fmt.Sprintf("00s%d", n-1)
				if !strings.Contains(out.String(), " "+last+"\n") {
					t.Errorf("box cell %s missing from the item line", last)
				}
			}
		})
	}
}
