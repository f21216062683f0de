package estimate

import (
	"errors"
	"fmt"
	"strings"

	"polyviz/solver"
)

// ErrUnsupported is returned for a problem the estimator cannot walk: one
// with an option that covers no item that must be covered exactly once.
var ErrUnsupported = errors.New("estimate: every option must cover an item that is covered exactly once")

// A matrix is the exact cover problem in the form the probes walk: the
// options as lists of items (with their colours), and each item's options
// in file order.
type matrix struct {
	nPrimary int
	exact    []bool  // primary item covered exactly once
	min, max []int32 // bounds of primary items
	opt      [][]int32
	color    [][]int32 // colour of each entry of opt (0 = none)
	list     [][]int32 // item -> options, in increasing order
}

// newMatrix reads p through solver's exported accessors.
func newMatrix(p *solver.Problem) (*matrix, error) {
	if err := p.Err(); err != nil {
		return nil, err
	}
	n := p.NumItems()
	m := &matrix{
		nPrimary: p.NumPrimary(),
		exact:    make([]bool, n),
		min:      make([]int32, n),
		max:      make([]int32, n),
		opt:      make([][]int32, p.NumOptions()),
		color:    make([][]int32, p.NumOptions()),
		list:     make([][]int32, n),
	}
	for i := 0; i < n; i++ {
		lo, hi := p.Multiplicity(i)
		m.min[i], m.max[i] = int32(lo), int32(hi)
		m.exact[i] = i < m.nPrimary && lo == 1 && hi == 1
	}
	colors := map[string]int32{}
	for o := range m.opt {
		idx := p.OptionItemIndexes(o)
		toks := p.OptionItems(o)
		items := make([]int32, len(idx))
		cols := make([]int32, len(idx))
		hasExact := false
		for k, it := range idx {
			items[k] = int32(it)
			if _, c, ok := strings.Cut(toks[k], ":"); ok {
				id, seen := colors[c]
				if !seen {
					id = int32(len(colors) + 1)
					colors[c] = id
				}
				cols[k] = id
			}
			m.list[it] = append(m.list[it], int32(o))
			hasExact = hasExact || m.exact[it]
		}
		if !hasExact {
			return nil, fmt.Errorf("%w (option %d does not)", ErrUnsupported, o)
		}
		m.opt[o], m.color[o] = items, cols
	}
	return m, nil
}
