package polystick

import (
	"errors"
	"reflect"
	"testing"

	"polyviz/parse"
)

// FuzzParse: Parse never panics, every error has a position, and a spec
// that parses, written back with String, parses to the same puzzle.
func FuzzParse(f *testing.F) {
	f.Add([]byte(spec("5x5", "", map[string]string{"H": "0-1|"}, "")))
	f.Add([]byte("| polysticks\n| a comment\nboard 2x2 H30\ncross\none-sided\n2|A H00 V00\n0-3|B H00\n"))
	f.Add([]byte("board 1x1\nA H00 Q00\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("fuzz.txt", data)
		if err != nil {
			var pe *parse.Error
			if !errors.As(err, &pe) {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		p.Name = "again.txt"
		q, err := Parse("again.txt", []byte(p.String()))
		if err != nil {
			t.Fatalf("written back, it does not parse: %v\n%s", err, p.String())
		}
		for i := range q.Pieces {
			q.Pieces[i].Line = p.Pieces[i].Line
		}
		if !reflect.DeepEqual(p, q) {
			t.Fatalf("written back, it parses differently:\n%+v\n%+v", p, q)
		}
	})
}
