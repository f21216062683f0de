package solver

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

func TestParseDLX(t *testing.T) {
	in := "| A simple example\n  A B C D E | F G\nC E F\nA D G\n\n| comment between options\nB C F\nA D\nB G\nD E G\n"
	p, err := ParseDLX(strings.NewReader(in), "simple.dlx")
	if err != nil {
		t.Fatal(err)
	}
	if p.NumItems() != 7 || p.NumPrimary() != 5 || p.NumOptions() != 6 || p.NumEntries() != 16 {
		t.Errorf("got %d items (%d primary), %d options, %d entries", p.NumItems(), p.NumPrimary(), p.NumOptions(), p.NumEntries())
	}
	if got := strings.Join(p.OptionItems(2), " "); got != "B C F" {
		t.Errorf("option 2 = %q", got)
	}
	if min, max := p.Multiplicity(5); min != 0 || max != 1 {
		t.Errorf("secondary multiplicity = %d,%d", min, max)
	}
}

func TestParseMultiplicities(t *testing.T) {
	in := "A 2|B 1:3|C 0:1|D 4*E | X Y\nA B C D E X:red Y\n"
	p, err := ParseDLX(strings.NewReader(in), "m.dlx")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name     string
		min, max int
	}{{"A", 1, 1}, {"B", 2, 2}, {"C", 1, 3}, {"D", 0, 1}, {"E", 4, 4}}
	for i, w := range want {
		min, max := p.Multiplicity(i)
		if p.ItemName(i) != w.name || min != w.min || max != w.max {
			t.Errorf("item %d = %s %d:%d, want %s %d:%d", i, p.ItemName(i), min, max, w.name, w.min, w.max)
		}
	}
	var buf bytes.Buffer
	if err := p.WriteDLX(&buf); err != nil {
		t.Fatal(err)
	}
	if want := "A 2|B 1:3|C 0:1|D 4|E | X Y\nA B C D E X:red Y\n"; buf.String() != want {
		t.Errorf("WriteDLX:\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestParseDLXErrors(t *testing.T) {
	tests := []struct {
		name, in  string
		err       error
		line, col int
	}{
		{"empty", "| only a comment\n\n", ErrNoItems, 2, 1},
		{"two bars", "A | B | C\n", ErrTwoBars, 1, 7},
		{"duplicate name", "A B  A\n", ErrDuplicateItem, 1, 6},
		{"too long", "A abcdefghi\n", ErrNameTooLong, 1, 3},
		{"colon in name", "A b:c\n", ErrBadName, 1, 4},
		{"zero bound", "A 0|B\n", ErrBadMultiplicity, 1, 3},
		{"reversed bounds", "A 3:2|B\n", ErrBadMultiplicity, 1, 3},
		{"bad digit", "A x:2|B\n", ErrBadMultiplicity, 1, 3},
		{"secondary bound", "A | 2|B\n", ErrBadMultiplicity, 1, 5},
		{"empty name after bound", "A 2|\n", ErrEmptyName, 1, 5},
		{"unknown item", "A B\nA\nB  Q\n", ErrUnknownItem, 3, 4},
		{"item twice", "A B\n A B A\n", ErrDuplicateItem, 2, 6},
		{"coloured primary", "A | X\nA:1 X\n", ErrColorOnPrimary, 2, 1},
		{"empty colour", "A | X\nA X:\n", ErrBadColor, 2, 5},
		{"two colours", "A | X\nA X:1:2\n", ErrBadColor, 2, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseDLX(strings.NewReader(tt.in), "bad.dlx")
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a *ParseError", err)
			}
			if !errors.Is(err, tt.err) || pe.Line != tt.line || pe.Col != tt.col || pe.File != "bad.dlx" {
				t.Errorf("got %v (line %d col %d), want %v at %d:%d", err, pe.Line, pe.Col, tt.err, tt.line, tt.col)
			}
		})
	}
}

func TestProblemBuilder(t *testing.T) {
	p := NewProblem([]string{"a", "b"}, []string{"x"})
	if err := p.AddOption("a", "x:blue"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []struct {
		items []string
		err   error
	}{
		{[]string{"a", "q"}, ErrUnknownItem},
		{[]string{"a", "a"}, ErrDuplicateItem},
		{[]string{"x"}, ErrNoPrimary},
		{[]string{"a:1"}, ErrColorOnPrimary},
		{[]string{"b", "x:"}, ErrBadColor},
	} {
		if err := p.AddOption(bad.items...); !errors.Is(err, bad.err) {
			t.Errorf("AddOption(%q) = %v, want %v", bad.items, err, bad.err)
		}
	}
	if p.NumOptions() != 1 || p.NumEntries() != 2 {
		t.Errorf("failed options were kept: %d options, %d entries", p.NumOptions(), p.NumEntries())
	}
	if err := p.SetMultiplicity("x", 1, 2); !errors.Is(err, ErrBadMultiplicity) {
		t.Errorf("multiplicity on a secondary item: %v", err)
	}
	if err := p.SetMultiplicity("a", 2, 1); !errors.Is(err, ErrBadMultiplicity) {
		t.Errorf("reversed multiplicity: %v", err)
	}
	for _, bad := range [][]string{{"a", "a"}, {"a b"}, {""}, {"a|"}} {
		q := NewProblem(bad, nil)
		if q.Err() == nil || q.AddOption("a") == nil {
			t.Errorf("NewProblem(%q) accepted", bad)
		}
		if _, err := Solve(t.Context(), q, Options{}, nil); err == nil {
			t.Errorf("Solve accepted NewProblem(%q)", bad)
		}
	}
	if err := NewProblem(nil, []string{"x"}).Err(); !errors.Is(err, ErrNoPrimary) {
		t.Errorf("no primary items: %v", err)
	}
	long := NewProblem([]string{"abcdefghij"}, nil)
	if err := long.WriteDLX(&bytes.Buffer{}); !errors.Is(err, ErrNameTooLong) {
		t.Errorf("WriteDLX of a long name: %v", err)
	}
}

// FuzzParseDLX checks that the parser never panics, that every error has a
// position, and that whatever it reads writes back to the same problem.
func FuzzParseDLX(f *testing.F) {
	for _, s := range []string{
		"A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
		"A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n",
		"A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
		"| comment\n 3*P a b\nP a\nP b\n",
		"A |\n| x\nA\n",
	} {
		f.Add(s)
	}
	for _, file := range []string{"testdata/dlx1/knuth-example.dlx", "testdata/dlx/soma-3x3x3.dlx", "testdata/dlx/pentomino-3x20.dlx"} {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 64<<10 {
			return // memory grows with the input: many small inputs teach more
		}
		p, err := ParseDLX(strings.NewReader(in), "fuzz")
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
			return
		}
		var out bytes.Buffer
		if err := p.WriteDLX(&out); err != nil {
			t.Fatalf("WriteDLX: %v", err)
		}
		q, err := ParseDLX(bytes.NewReader(out.Bytes()), "again")
		if err != nil {
			t.Fatalf("reparse of\n%s: %v", out.String(), err)
		}
		var again bytes.Buffer
		q.WriteDLX(&again)
		if again.String() != out.String() {
			t.Fatalf("round trip changed the problem:\n%s\nbecame\n%s", out.String(), again.String())
		}
	})
}

func TestStarredNames(t *testing.T) {
	// "2*x" is a plain name among secondary items and after explicit bounds.
	in := "1|2*p | 3*s\n2*p 3*s\n"
	p, err := ParseDLX(strings.NewReader(in), "star.dlx")
	if err != nil {
		t.Fatal(err)
	}
	if p.ItemName(0) != "2*p" || p.ItemName(1) != "3*s" {
		t.Errorf("names %q %q", p.ItemName(0), p.ItemName(1))
	}
	var buf bytes.Buffer
	p.WriteDLX(&buf)
	if buf.String() != in {
		t.Errorf("wrote %q, want %q", buf.String(), in)
	}
}

// TestWriteDLXContext: a cancelled context stops the write with its error,
// and a live one writes the bytes WriteDLX writes.
func TestWriteDLXContext(t *testing.T) {
	p := loadTestdata(t, "dlx/pentomino-6x10.dlx")
	var want, got bytes.Buffer
	if err := p.WriteDLX(&want); err != nil {
		t.Fatal(err)
	}
	if err := p.WriteDLXContext(context.Background(), &got); err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("live context: %v, %d bytes, want %d", err, got.Len(), want.Len())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got.Reset()
	if err := p.WriteDLXContext(ctx, &got); !errors.Is(err, context.Canceled) || got.Len() != 0 {
		t.Fatalf("cancelled context: %v, %d bytes written", err, got.Len())
	}
}
