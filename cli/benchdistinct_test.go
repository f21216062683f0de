package cli

import (
	"context"
	"strings"
	"testing"

	"polyviz/assets"
	"polyviz/puzzle"
)

// TestBenchDistinctLongRows: the long rows are the one-sided pentominoes
// in 5x18 and 6x15 with Polyform Puzzler's figures, behind --long, and the
// library agrees with them where it holds the puzzle (6x15 may not be in
// it yet).
func TestBenchDistinctLongRows(t *testing.T) {
	want := map[string][2]int64{
		"pentomino-onesided-5x18": {686_628, 2_746_512},
		"pentomino-onesided-6x15": {2_567_183, 0},
	}
	for _, b := range benchDistinctPuzzles {
		e, inLibrary := assets.Lookup(b.name)
		if !b.long {
			if !inLibrary {
				t.Errorf("%s is not in the library", b.name)
			}
			continue
		}
		w, ok := want[b.name]
		if !ok || b.distinct != w[0] || b.raw != w[1] || b.mode != puzzle.DistinctAll || b.quick {
			t.Errorf("long row %+v", b)
			continue
		}
		delete(want, b.name)
		if !inLibrary {
			continue
		}
		if n := e.Counts.All.N; n != 0 && n != b.distinct {
			t.Errorf("%s: the library says %d distinct, the bench %d", b.name, n, b.distinct)
		}
		if n := e.Counts.Raw.N; n > 0 && b.raw != 0 && n != b.raw {
			t.Errorf("%s: the library says %d raw, the bench %d", b.name, n, b.raw)
		}
	}
	for name := range want {
		t.Errorf("no long row for %s", name)
	}
}

// TestBenchDistinctLong runs the long rows' machinery on a small one-sided
// puzzle (the seven one-sided tetrominoes in 5x6 less two corners: 10
// distinct, 20 raw): right figures pass, a wrong published figure is a
// mismatch and exit status 1, a long row waits for --long (or --only), and
// a puzzle the library does not hold yet is skipped and said so.
func TestBenchDistinctLong(t *testing.T) {
	row := func(distinct, raw int64) benchDistinctRow {
		return benchDistinctRow{name: "tetromino-onesided-5x6", mode: puzzle.DistinctAll, long: true, distinct: distinct, raw: raw}
	}
	missing := benchDistinctRow{name: "pentomino-onesided-99x99", mode: puzzle.DistinctAll, long: true, distinct: 1}
	for _, tc := range []struct {
		rows  []benchDistinctRow
		long  bool
		only  []string
		code  int
		check string // the end of the row; "" no row
	}{
		{[]benchDistinctRow{row(10, 20)}, true, nil, 0, "ok"},
		{[]benchDistinctRow{row(10, 0)}, false, []string{"tetromino-onesided-5x6"}, 0, "ok"},
		{[]benchDistinctRow{row(11, 20)}, true, nil, 1, "MISMATCH (published 11 distinct)"},
		{[]benchDistinctRow{row(10, 21)}, true, nil, 1, "MISMATCH (published 21 raw)"},
		{[]benchDistinctRow{row(10, 20)}, false, nil, 0, ""},
		{[]benchDistinctRow{missing}, true, nil, 0, "skipped: not in the library yet"},
	} {
		var out, errs strings.Builder
		code := runBenchDistinct(context.Background(), IO{Stdout: &out, Stderr: &errs}, tc.rows, false, tc.long, 2, tc.only)
		var got string
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, tc.rows[0].name) {
				got = l
			}
		}
		if code != tc.code || !strings.HasSuffix(got, tc.check) || (tc.check == "") != (got == "") {
			t.Errorf("rows %+v, long %v: exit %d, row %q; want %d, %q\n%s", tc.rows, tc.long, code, got, tc.code, tc.check, errs.String())
		}
		if tc.check == "ok" {
			// the derived raw count and the distinct count are in the row
			if f := strings.Fields(got); len(f) < 5 || f[1] != "20" || f[4] != "10" {
				t.Errorf("row %q: want 20 raw, 10 distinct", got)
			}
		}
	}
}
