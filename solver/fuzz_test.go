package solver

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fuzzProblem decodes bytes into a small exact cover problem, with
// secondary items, colours and multiplicities, small enough for bruteForce
// (at most 12 options):
//
//	byte 0: 1-5 primary items (low 3 bits), 0-3 secondary items (bits 3-4)
//	byte 1: which primary items get bounds; then one byte of bounds each
//	        (u = b%3, v = max(u,1) + b>>2%2)
//	then two bytes per option: the primary items (a bit mask; at least one),
//	and per secondary item two bits (absent, plain, colour a, colour b),
//	the top two bits rotating the option's items.
func fuzzProblem(data []byte) *Problem {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	b := next()
	np, ns := 1+int(b&7)%5, int(b>>3)%4
	var prim, sec []string
	for i := range np {
		prim = append(prim, fmt.Sprintf("p%d", i))
	}
	for j := range ns {
		sec = append(sec, fmt.Sprintf("s%d", j))
	}
	p := NewProblem(prim, sec)
	bounded := next()
	for i := range np {
		if bounded&(1<<i) != 0 {
			x := next()
			u := int(x % 3)
			p.SetMultiplicity(prim[i], u, max(u, 1)+int(x>>2)%2)
		}
	}
	for o := 0; o < 12 && len(data) >= 2; o++ {
		a, c := next(), next()
		var items []string
		for i := range np {
			if a&(1<<i) != 0 {
				items = append(items, prim[i])
			}
		}
		if len(items) == 0 {
			items = append(items, prim[int(a>>5)%np])
		}
		for j := range ns {
			switch c >> (2 * j) & 3 {
			case 1:
				items = append(items, sec[j])
			case 2:
				items = append(items, sec[j]+":a")
			case 3:
				items = append(items, sec[j]+":b")
			}
		}
		k := int(c>>6) % len(items)
		items = append(items[k:], items[:k]...)
		p.AddOption(items...)
	}
	return p
}

// FuzzSolve runs Solve on small fuzzed problems and compares its solutions
// with bruteForce's, with one worker and with several (the tree split as
// finely as possible), and the ordered parallel run with the sequential one.
func FuzzSolve(f *testing.F) {
	for _, s := range []string{
		"\x05\x00\x03\x00\x0c\x00\x06\x00\x09\x00\x12\x00\x18\x00",
		"\x0b\x01\x05\x03\x05\x07\x0a\x01\x04\x02\x01\x06\x00",
		"\x1c\x06\x01\x09\x01\x15\x02\x2a\x03\x3f\x06\x00\x04\x10\x07\xff",
		"\x02\x03\x06\x02\x01\x00\x01\x00\x02\x00\x03\x00\x02\x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := fuzzProblem(data)
		if p.Err() != nil || p.NumOptions() == 0 {
			return
		}
		want := sortSolutions(bruteForce(p))
		var seq [][]int
		st1, err := Solve(context.Background(), p, Options{Workers: 1}, func(s Solution) bool {
			seq = append(seq, s.Options)
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		var dlx strings.Builder
		p.WriteDLX(&dlx)
		if got := sortSolutions(sorted(seq)); len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
			t.Fatalf("one worker:\n%sgot %v, want %v", dlx.String(), got, want)
		}
		got, st := solveAll(t, p, Options{Workers: 3, pollEvery: 1})
		if got = sortSolutions(got); len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
			t.Fatalf("three workers:\n%sgot %v, want %v", dlx.String(), got, want)
		}
		if st.Nodes != st1.Nodes || st.Updates != st1.Updates || st.Solutions != st1.Solutions {
			t.Fatalf("three workers:\n%sfigures %+v, one worker %+v", dlx.String(), st, st1)
		}
		// the bitset engine, where it applies: the same solutions, and
		// without multiplicities DLX1's tree (nodes and updates)
		if ok, _ := BitsApplies(p); ok {
			got, bst := solveAll(t, p, Options{Workers: 2, Engine: EngineBits})
			if got = sortSolutions(got); bst.Engine != EngineBits || len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
				t.Fatalf("bitset engine (%v):\n%sgot %v, want %v", bst.Engine, dlx.String(), got, want)
			}
			if !p.hasMultiplicities() && (bst.Nodes != st1.Nodes || bst.Updates != st1.Updates) {
				t.Fatalf("bitset engine:\n%s%d nodes, %d updates; dancing links %d, %d", dlx.String(), bst.Nodes, bst.Updates, st1.Nodes, st1.Updates)
			}
		}
		var ord [][]int
		if _, err := Solve(context.Background(), p, Options{Workers: 2, Ordered: true, pollEvery: 1}, func(s Solution) bool {
			ord = append(ord, s.Options)
			return true
		}); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ord, seq) {
			t.Fatalf("ordered:\n%sgot %v, want %v", dlx.String(), ord, seq)
		}
	})
}

// sorted returns copies of the solutions with their options sorted.
func sorted(sols [][]int) [][]int {
	out := make([][]int, len(sols))
	for i, s := range sols {
		out[i] = append([]int(nil), s...)
		slices.Sort(out[i])
	}
	return out
}

// TestCheckedAccessors makes sure the polyvizcheck build really checks: an
// index outside the array panics there (and only there).
func TestCheckedAccessors(t *testing.T) {
	nd := make([]node, 4)
	defer func() {
		if r := recover(); (r != nil) != checkedBuild {
			t.Errorf("checked build %v, recovered %v", checkedBuild, r)
		}
	}()
	// node 3 lies in nd's memory but outside the slice given: the fast
	// build writes it, the checked build panics
	at(baseOf(nd[:2]), 3).itm = 1
}
