package puzzle

import (
	"errors"
	"testing"
)

func TestGroupLines(t *testing.T) {
	spec := "| a cage of two frames\n[0-2]00\n| group A 1\n|group B 1\nA 000\nB 100\nC 200\n"
	p, err := ParseSpec("g.txt", []byte(spec), false)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{1, 1, 0} {
		if p.Pieces[i].Group != want {
			t.Errorf("piece %s: group %d, want %d", p.Pieces[i].Name, p.Pieces[i].Group, want)
		}
	}
	for _, bad := range []struct{ spec, where string }{
		{"[0-2]00\n| group Z 1\nA 000\n", "g.txt:2:9"},
		{"[0-2]00\n| group A x\nA 000\n", "g.txt:2:11"},
		{"[0-2]00\n| group A\nA 000\n", "g.txt:2:3"},
		{"[0-2]00\n| group r 1\nr 000\n| group r q\n", "g.txt:4:11"},
	} {
		_, err := ParseSpec("g.txt", []byte(bad.spec), false)
		var pe *ParseError
		if !errors.Is(err, ErrBadGroupLine) || !errors.As(err, &pe) || pe.Error()[:len(bad.where)] != bad.where {
			t.Errorf("%q: %v, want an error at %s", bad.spec, err, bad.where)
		}
	}
}
