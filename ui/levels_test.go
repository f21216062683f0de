package ui

import (
	"slices"
	"testing"
)

func TestLevelStrings(t *testing.T) {
	if got := (SolutionFacts{Level: 98, Notation: "98.2.4.2"}).levelText(); got != "L98.2.4.2" {
		t.Errorf("levelText %q", got)
	}
	// the list shows "L?" for a search that reached its bound and nothing
	// where disassembly does not apply
	for f, want := range map[SolutionFacts]string{{Level: LevelUnknown}: "L?", {Level: LevelNone}: "", {Level: LevelLocked}: "locked", {Level: LevelSingle}: "single", {Level: 3}: "L3"} {
		if got := f.levelText(); got != want {
			t.Errorf("levelText(%+v) = %q, want %q", f, got, want)
		}
	}
	ls := []string{"10", "4.9.3", "2", "4.9", "1.2", "1"}
	slices.SortFunc(ls, compareLevels)
	if want := []string{"1", "1.2", "2", "4.9", "4.9.3", "10"}; !slices.Equal(ls, want) {
		t.Errorf("sorted %v, want %v", ls, want)
	}
}
