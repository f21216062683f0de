package solver

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

// TestAddOptionOf copies options by number into a problem with the same
// items and a mark more, as AddOption by names would, and refuses a
// problem whose items differ; a long option with an item twice is refused
// as a short one is.
func TestAddOptionOf(t *testing.T) {
	var names []string
	for i := range 40 {
		names = append(names, fmt.Sprintf("i%d", i))
	}
	src := NewProblem(names, []string{"s"})
	if err := src.AddOption(append(slices.Clone(names), "s")...); err != nil {
		t.Fatal(err)
	}
	if err := src.AddOption("i3", "i1"); err != nil {
		t.Fatal(err)
	}
	if err := src.AddOption(append(slices.Clone(names), "i7")...); !errors.Is(err, ErrDuplicateItem) {
		t.Errorf("41 items, i7 twice: %v, want ErrDuplicateItem", err)
	}
	byNum := NewProblem(names, []string{"s", "m"})
	byName := NewProblem(names, []string{"s", "m"})
	for o := range src.NumOptions() {
		if err := byNum.AddOptionOf(src, o, "m"); err != nil {
			t.Fatal(err)
		}
		if err := byName.AddOption(append(src.OptionItems(o), "m")...); err != nil {
			t.Fatal(err)
		}
	}
	for o := range src.NumOptions() {
		if a, b := byNum.OptionItems(o), byName.OptionItems(o); !slices.Equal(a, b) {
			t.Errorf("option %d: %v by number, %v by name", o, a, b)
		}
	}
	if err := byNum.AddOptionOf(src, 1, "i3"); !errors.Is(err, ErrDuplicateItem) {
		t.Errorf("i3 twice: %v", err)
	}
	other := NewProblem([]string{"i0", "x"}, nil)
	if err := other.AddOptionOf(src, 1); !errors.Is(err, ErrUnknownItem) {
		t.Errorf("other items: %v, want ErrUnknownItem", err)
	}
	if other.NumOptions() != 0 || byNum.NumOptions() != 2 {
		t.Errorf("a refused option was kept: %d, %d options", other.NumOptions(), byNum.NumOptions())
	}
}
