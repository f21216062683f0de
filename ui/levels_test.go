package ui

import (
	"slices"
	"testing"
)

func TestLevelStrings(t *testing.T) {
	if got := (SolutionFacts{Level: 98, Notation: "98.2.4.2"}).levelText(); got != "L98.2.4.2" {
		t.Errorf("levelText %q", got)
	}
	ls := []string{"10", "4.9.3", "2", "4.9", "1.2", "1"}
	slices.SortFunc(ls, compareLevels)
	if want := []string{"1", "1.2", "2", "4.9", "4.9.3", "10"}; !slices.Equal(ls, want) {
		t.Errorf("sorted %v, want %v", ls, want)
	}
}
