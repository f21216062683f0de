package polyform

import (
	"context"
	"fmt"
	"testing"
)

// TestStickCounts checks the number of polysticks of each size against the
// published sequences: OEIS A019988 (free), A151537 (one-sided) and
// A096267 (fixed).
func TestStickCounts(t *testing.T) {
	tests := []struct {
		e      Equivalence
		counts []int
	}{
		{Free, []int{1, 2, 5, 16, 55, 222, 950}},
		{OneSided, []int{1, 2, 7, 25, 99, 416, 1854}},
		{Fixed, []int{2, 6, 22, 88, 372, 1628, 7312}},
	}
	for _, tc := range tests {
		for i, want := range tc.counts {
			n := i + 1
			t.Run(fmt.Sprintf("%s/%d", tc.e, n), func(t *testing.T) {
				if n >= 7 && testing.Short() {
					t.Skip("long enumeration: skipped with -short")
				}
				pieces, err := EnumerateSticks(context.Background(), n, Options{Equivalence: tc.e})
				if err != nil {
					t.Fatal(err)
				}
				if len(pieces) != want {
					t.Errorf("%d polysticks, want %d", len(pieces), want)
				}
			})
		}
	}
}

// TestStickOrbits ties the counts together: the fixed polysticks are the
// orientations of the free ones, the one-sided ones the free ones with
// each chiral piece twice.
func TestStickOrbits(t *testing.T) {
	ctx := context.Background()
	free, err := EnumerateSticks(ctx, 5, Options{})
	if err != nil {
		t.Fatal(err)
	}
	oneSided, _ := EnumerateSticks(ctx, 5, Options{Equivalence: OneSided})
	fixed, _ := EnumerateSticks(ctx, 5, Options{Equivalence: Fixed})
	orientations, hands := 0, 0
	for _, p := range free {
		orientations += p.Orientations
		hands++
		if p.Chiral {
			hands++
		}
	}
	if orientations != len(fixed) || hands != len(oneSided) {
		t.Errorf("orientations %d, fixed %d; hands %d, one-sided %d", orientations, len(fixed), hands, len(oneSided))
	}
}

// TestStickMotions checks that the eight motions form the square's group:
// all distinct on an asymmetric polystick, closed under composition.
func TestStickMotions(t *testing.T) {
	// the "J" tetrastick of Polyform Puzzler's figure is asymmetric
	j := []Stick{{0, 0, false}, {1, 0, true}, {1, 1, true}, {1, 2, true}}
	if got := len(StickOrientations(j, Free)); got != 8 {
		t.Fatalf("%d orientations, want 8", got)
	}
	for a := range StickMotions {
		for b := range StickMotions {
			ab := MoveSticks(b, MoveSticks(a, j))
			found := false
			for c := range StickMotions {
				if fmt.Sprint(MoveSticks(c, j)) == fmt.Sprint(ab) {
					found = true
				}
			}
			if !found {
				t.Errorf("motion %d then %d is not a motion", a, b)
			}
		}
	}
}
