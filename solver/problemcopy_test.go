package solver

import (
	"errors"
	"fmt"
	"slices"
	"strings"
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

// TestCloneApart: a problem and its copy share their options' arrays, but
// what either adds or changes afterwards the other never sees, in either
// order of adding, and a copy of a copy too.
func TestCloneApart(t *testing.T) {
	p := NewProblem([]string{"a", "b", "c"}, []string{"x"})
	p.Grow(10, 40) // room past the length: p appends in place
	p.AddOption("a", "b")
	p.AddOption("c", "x")
	want := func(q *Problem, opts ...string) {
		t.Helper()
		var got []string
		for i := range q.NumOptions() {
			got = append(got, strings.Join(q.OptionItems(i), " "))
		}
		if strings.Join(got, ",") != strings.Join(opts, ",") {
			t.Fatalf("options %q, want %q", got, opts)
		}
	}
	q := p.Clone()
	if err := p.AddOption("a", "x"); err != nil {
		t.Fatal(err)
	}
	if err := q.AddOption("b", "c"); err != nil {
		t.Fatal(err)
	}
	r := q.Clone()
	if err := q.AddOption("a", "b", "c"); err != nil {
		t.Fatal(err)
	}
	if err := r.AddOptionOf(p, 2); err != nil {
		t.Fatal(err)
	}
	if err := p.AddOption("a", "a"); err == nil {
		t.Fatal("an item twice was taken")
	}
	want(p, "a b", "c x", "a x")
	want(q, "a b", "c x", "b c", "a b c")
	want(r, "a b", "c x", "b c", "a x")
	if err := q.SetMultiplicity("a", 0, 2); err != nil {
		t.Fatal(err)
	}
	q.SetMark("x")
	if lo, hi := p.Multiplicity(0); lo != 1 || hi != 1 || p.IsMark(3) || r.IsMark(3) {
		t.Fatalf("the copy's bounds or mark reached the original: %d,%d %v", lo, hi, p.IsMark(3))
	}
	if _, ok := q.ItemIndex("c"); !ok || q.NumEntries() != 9 || p.NumEntries() != 6 || r.NumEntries() != 8 {
		t.Fatalf("entries %d %d %d", p.NumEntries(), q.NumEntries(), r.NumEntries())
	}
}

// TestEntryColors: an option's colours are kept beside its entries: a
// coloured option taken back leaves no colour for the entries added after
// it, and a copy adds colours of its own without changing the original's.
func TestEntryColors(t *testing.T) {
	p := NewProblem([]string{"a", "b", "c"}, []string{"x", "y"})
	for _, opt := range [][]string{{"a", "x"}, {"b", "x:red", "y:blue"}, {"c", "x:red", "x:blue"}, {"c", "y", "x"}} {
		p.AddOption(opt...) // the third is refused: x twice
	}
	want := [][]string{{"a", "x"}, {"b", "x:red", "y:blue"}, {"c", "y", "x"}}
	check := func(p *Problem, want [][]string) {
		t.Helper()
		if p.NumOptions() != len(want) {
			t.Fatalf("%d options, want %d", p.NumOptions(), len(want))
		}
		for i, w := range want {
			if got := p.OptionItems(i); !slices.Equal(got, w) {
				t.Fatalf("option %d: %q, want %q", i, got, w)
			}
		}
	}
	check(p, want)
	q := p.Clone()
	if err := q.AddOption("a", "y:green"); err != nil {
		t.Fatal(err)
	}
	if err := p.AddOptionIndexes([]int32{0, 4}); err != nil {
		t.Fatal(err)
	}
	check(p, append(want, []string{"a", "y"}))
	check(q, append(want, []string{"a", "y:green"}))
}
