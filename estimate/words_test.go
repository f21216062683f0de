package estimate

import (
	"fmt"
	"testing"
)

func TestRound(t *testing.T) {
	for _, tt := range []struct {
		x    float64
		want string
	}{{0, "0"}, {7, "7"}, {12, "12"}, {9356, "9,400"}, {123456, "120,000"}, {2339, "2,300"}, {999.6, "1,000"}} {
		if got := Round(tt.x); got != tt.want {
			t.Errorf("Round(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

func ExampleSentence() {
	fmt.Println(Sentence(Figure{Mean: 9356, Low: 6012, High: 14400}, "solutions", 1.2))
	// Output: about 9,400 solutions (6,000-14,000), about 1 s
}

func ExampleSentence_noneReached() {
	fmt.Println(Sentence(Figure{Mean: 0, Low: 0, High: 84e6}, "distinct solutions", 11))
	// Output: no probe has reached a solution yet (0-84,000,000 distinct solutions), about 11 s
}

func TestDuration(t *testing.T) {
	for _, tt := range []struct {
		sec  float64
		want string
	}{{0.031, "0.03 s"}, {0.004, "0.01 s"}, {0.12, "0.1 s"}, {0.3, "0.3 s"}, {12, "12 s"}, {600, "10 min"}} {
		if got := Duration(tt.sec); got != tt.want {
			t.Errorf("Duration(%v) = %q, want %q", tt.sec, got, tt.want)
		}
	}
}

func ExampleSentence_exact() {
	fmt.Println(Sentence(Figure{Mean: 11520, Low: 11520, High: 11520}, "solutions", 0.2))
	// Output: exactly 11,520 solutions, about 0.2 s
}

func ExampleSentence_one() {
	fmt.Println(Sentence(Figure{Mean: 1, Low: 1, High: 1}, "distinct solutions", 0))
	// Output: exactly 1 distinct solution
}

func ExampleSentence_timeUnknown() {
	fmt.Println(Sentence(Figure{Mean: 9356, Low: 4200, High: 29000}, "solutions", 0))
	// Output: about 9,400 solutions (4,200-29,000)
}
