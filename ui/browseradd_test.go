package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// BenchmarkBrowserAdd is the list's part of the solve panel's updates
// while a search lists many solutions (Bedlam, Find: All, 460,464 found,
// keptSolutions kept): batches of 25,000 solutions of 13 options, the
// list shown in a window.
func BenchmarkBrowserAdd(b *testing.B) {
	test.NewTempApp(b)
	br := newBrowser()
	w := test.NewTempWindow(b, br.content())
	w.Resize(fyne.NewSize(400, 600))
	const batch = 25000
	sols := make([]Solution, keptSolutions)
	for i := range sols {
		s := make(Solution, 13)
		for j := range s {
			s[j] = i*13 + j
		}
		sols[i] = s
	}
	b.ResetTimer()
	for b.Loop() {
		br.Reset(DistinctRaw)
		for i := 0; i < len(sols); i += batch {
			br.Add(sols[i:min(i+batch, len(sols))], int64(i+batch))
		}
	}
	if br.Len() != keptSolutions {
		b.Fatalf("%d solutions kept, want %d", br.Len(), keptSolutions)
	}
}

func TestGrowList(t *testing.T) {
	s := make([]int, 100)
	if g := growList(s, 10); cap(g) < 200 || len(g) != 100 {
		t.Errorf("growing 100 by 10: len %d cap %d, want 100 and at least 200", len(g), cap(g))
	}
	if g := growList(s[:50], 10); cap(g) != 100 {
		t.Errorf("room enough: cap %d, want the same 100", cap(g))
	}
	if g := growList(s, 1000); cap(g) < 1100 {
		t.Errorf("growing 100 by 1000: cap %d, want at least 1100", cap(g))
	}
	// past listSmall, room for keptSolutions at once
	big := make([]int, listSmall)
	if g := growList(big, 1); cap(g) < keptSolutions || len(g) != listSmall {
		t.Errorf("growing %d by 1: len %d cap %d, want %d and at least %d", listSmall, len(g), cap(g), listSmall, keptSolutions)
	}
	if g := growList([]int(nil), 30000); cap(g) < keptSolutions {
		t.Errorf("a first batch of 30000: cap %d, want at least %d", cap(g), keptSolutions)
	}
	if g := growList(make([]int, keptSolutions), 10); cap(g) < keptSolutions+10 {
		t.Errorf("growing a full list by 10: cap %d, want at least %d", cap(g), keptSolutions+10)
	}
	// extendZero clears what the capacity held before
	old := []int{1, 2, 3, 4}
	got := extendZero(old[:1], 3)
	if len(got) != 4 || got[0] != 1 || got[1] != 0 || got[2] != 0 || got[3] != 0 {
		t.Errorf("extendZero([1|2 3 4], 3) = %v, want [1 0 0 0]", got)
	}
}
