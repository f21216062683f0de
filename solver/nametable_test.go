package solver

import (
	"errors"
	"fmt"
	"testing"
)

// TestNameTable: lookup finds every item, finds no name that is not an
// item (prefixes, a colour left on, the empty name), and finds items added
// later (the DLX reader adds them one by one, the table growing).
func TestNameTable(t *testing.T) {
	var prim []string
	for i := range 3000 {
		prim = append(prim, fmt.Sprintf("%x", i*7919))
	}
	p := NewProblem(prim, []string{"s", "s2"})
	for want, it := range p.items {
		if got, ok := p.lookup(it.name); !ok || got != want {
			t.Fatalf("lookup(%q) = %d,%v, want %d", it.name, got, ok, want)
		}
	}
	for _, name := range []string{"", "s:red", "s3", "zz", fmt.Sprintf("%x", 3000*7919)} {
		if i, ok := p.lookup(name); ok {
			t.Fatalf("lookup(%q) found item %d", name, i)
		}
	}
	p.addItem("late", true)
	if i, ok := p.lookup("late"); !ok || i != len(prim)+2 {
		t.Fatalf("an item added later: %d,%v", i, ok)
	}
	for i := range 40 {
		name := fmt.Sprintf("grown%d", i)
		p.addItem(name, true)
		if k, ok := p.lookup(name); !ok || k != p.NumItems()-1 {
			t.Fatalf("%s added: %d,%v", name, k, ok)
		}
	}
	if k, ok := p.lookup(prim[1234]); !ok || k != 1234 {
		t.Fatalf("after growing: %d,%v", k, ok)
	}
	// two items of one name (an error): the later is found, as a map
	// index found it
	d := NewProblem([]string{"a", "b", "a"}, nil)
	if i, ok := d.lookup("a"); !ok || i != 2 {
		t.Fatalf("duplicate name: %d", i)
	}
	if !errors.Is(d.Err(), ErrDuplicateItem) {
		t.Fatalf("duplicate name: %v", d.Err())
	}
}

// TestAddOptionLongAgain: the bitset a long option is checked against is
// cleared after each option, one refused included, and a copy has its own.
func TestAddOptionLongAgain(t *testing.T) {
	var prim []string
	for i := range 40 {
		prim = append(prim, fmt.Sprintf("c%d", i))
	}
	p := NewProblem(prim, nil)
	if err := p.AddOption(append(prim[:39:39], "c0")...); err == nil {
		t.Fatal("an item twice in a long option was taken")
	}
	for range 2 {
		if err := p.AddOption(prim...); err != nil {
			t.Fatal(err)
		}
	}
	q := p.Clone()
	if err := q.AddOption(prim...); err != nil || p.NumOptions() != 2 || q.NumOptions() != 3 {
		t.Fatalf("%v; options %d and %d", err, p.NumOptions(), q.NumOptions())
	}
}
