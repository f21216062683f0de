package solver

import (
	"errors"
	"testing"
)

// TestPrefixFits: the prefixes a search can take pass, and each way a
// damaged checkpoint's prefix can ask for what no search does is refused
// as a damaged checkpoint before anything is replayed (a prefix that
// covers an item twice broke the dancing links' lists: the resumed run
// never ended).
func TestPrefixFits(t *testing.T) {
	p := NewProblem([]string{"a", "b", "c", "m"}, []string{"x", "y"})
	if err := p.SetMultiplicity("m", 0, 2); err != nil {
		t.Fatal(err)
	}
	for _, o := range [][]string{
		{"a", "x"},      // 0
		{"b", "x"},      // 1
		{"a", "y:red"},  // 2
		{"b", "y:red"},  // 3
		{"c", "y:blue"}, // 4
		{"c", "m"},      // 5
		{"b", "m"},      // 6
		{"a", "m"},      // 7
		{"c", "y"},      // 8
	} {
		if err := p.AddOption(o...); err != nil {
			t.Fatal(err)
		}
	}
	ok := [][]Step{
		nil,
		{{Item: 0, Option: 0}},
		{{Item: 0, Option: 2}, {Item: 1, Option: 3}},   // one colour twice
		{{Item: 2, Option: 5}, {Item: 1, Option: 6}},   // m twice, its most
		{{Item: -1, Option: 0}, {Item: -1, Option: 6}}, // the bitset engine names no item
		{{Item: 3, Option: -1}, {Item: 0, Option: 0}},  // a null move, then other items
	}
	for _, steps := range ok {
		if err := prefixFits(p, steps); err != nil {
			t.Errorf("%v: %v", steps, err)
		}
	}
	bad := [][]Step{
		{{Item: 0, Option: 0}, {Item: 1, Option: 1}},                       // x twice
		{{Item: 0, Option: 0}, {Item: 0, Option: 0}},                       // one option twice
		{{Item: 0, Option: 0}, {Item: 0, Option: 2}},                       // a twice
		{{Item: 0, Option: 2}, {Item: 2, Option: 4}},                       // y red, then blue
		{{Item: 0, Option: 2}, {Item: 2, Option: 8}},                       // y red, then uncoloured
		{{Item: 2, Option: 8}, {Item: 0, Option: 2}},                       // y uncoloured, then red
		{{Item: 2, Option: 5}, {Item: 1, Option: 6}, {Item: 0, Option: 7}}, // m three times
		{{Item: 3, Option: -1}, {Item: 2, Option: 5}},                      // m finished, then covered
		{{Item: 3, Option: -1}, {Item: 3, Option: -1}},                     // m finished twice
		{{Item: 4, Option: 0}},                                             // x is no branch item
		{{Item: -2, Option: 0}},
	}
	for _, steps := range bad {
		if err := prefixFits(p, steps); !errors.Is(err, ErrCheckpointBad) {
			t.Errorf("%v: %v, want a damaged checkpoint", steps, err)
		}
	}
}
