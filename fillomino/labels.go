package fillomino

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Labels is a set of region sizes allowed in a solution, bit d for label d
// (1 <= d <= MaxLabel). The zero value means Knuth's rule: every label from
// 1 to the largest clue.
type Labels uint16

// ErrBadLabels: a label set that cannot be read or does not allow a clue.
var ErrBadLabels = errors.New("bad labels")

// LabelsUpTo is {1, ..., n}.
func LabelsUpTo(n int) Labels {
	n = min(max(n, 0), MaxLabel)
	return Labels((1<<(n+1) - 1) &^ 1)
}

// ParseLabels reads a label set as --labels spells it: labels 1-15 (or
// hex digits a-f) and ranges, separated by commas, as "1-5,7" or "1-9,a-c".
func ParseLabels(s string) (Labels, error) {
	var set Labels
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err1 := parseLabel(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = parseLabel(hi)
		}
		if err := errors.Join(err1, err2); err != nil || a > b {
			return 0, fmt.Errorf("%w %q: want labels 1-%d and ranges such as 1-5,7", ErrBadLabels, s, MaxLabel)
		}
		for d := a; d <= b; d++ {
			set |= 1 << d
		}
	}
	return set, nil
}

// parseLabel reads one label: a decimal 1-15 or a hex digit a-f.
func parseLabel(s string) (int, error) {
	if len(s) == 1 && s[0] >= 'a' && s[0] <= 'f' {
		return int(s[0]-'a') + 10, nil
	}
	d, err := strconv.Atoi(s)
	if err != nil || d < 1 || d > MaxLabel {
		return 0, ErrBadLabels
	}
	return d, nil
}

// Has reports whether d is allowed.
func (l Labels) Has(d int) bool { return d >= 1 && d <= MaxLabel && l&(1<<d) != 0 }

// Max is the largest label in the set (0 if empty).
func (l Labels) Max() int {
	for d := MaxLabel; d >= 1; d-- {
		if l.Has(d) {
			return d
		}
	}
	return 0
}

// List is the labels in increasing order.
func (l Labels) List() []int {
	var ds []int
	for d := 1; d <= MaxLabel; d++ {
		if l.Has(d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// String writes the set as ParseLabels reads it, ranges joined: "1-5,7".
func (l Labels) String() string {
	var parts []string
	ds := l.List()
	for k := 0; k < len(ds); {
		e := k
		for e+1 < len(ds) && ds[e+1] == ds[e]+1 {
			e++
		}
		if e == k {
			parts = append(parts, strconv.Itoa(ds[k]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", ds[k], ds[e]))
		}
		k = e + 1
	}
	return strings.Join(parts, ",")
}

// For resolves the rule for grid g: the zero set becomes {1..g.MaxClue()}.
// Every clue must be an allowed label.
func (l Labels) For(g *Grid) (Labels, error) {
	if l == 0 {
		return LabelsUpTo(g.MaxClue()), nil
	}
	for k, d := range g.Clue {
		if d > 0 && !l.Has(d) {
			return 0, fmt.Errorf("%w: the clue %x at row %d, column %d is not among the allowed labels %s", ErrBadLabels, d, k/g.Cols+1, k%g.Cols+1, l)
		}
	}
	return l, nil
}
