package parse

import (
	"errors"
	"strings"
	"testing"
)

var errSentinel = errors.New("decreasing range")

func TestErrorPrintsPosition(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{At("soma.txt", 3, 7, errSentinel), "soma.txt:3:7: decreasing range"},
		{At("", 1, 1, errSentinel), "<input>:1:1: decreasing range"},
		{At("empty.txt", 0, 0, errSentinel), "empty.txt: decreasing range"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
		if !errors.Is(tt.err, errSentinel) {
			t.Errorf("%v does not unwrap to its sentinel", tt.err)
		}
	}
}

func TestQuoteCutsLongTokens(t *testing.T) {
	if got := Quote("abc"); got != `"abc"` {
		t.Errorf("Quote(abc) = %s", got)
	}
	long := strings.Repeat("é", 1<<20)
	got := Quote(long)
	if want := `"` + strings.Repeat("é", MaxQuote) + `"...`; got != want {
		t.Errorf("Quote(1M runes) = %d bytes, want %d", len(got), len(want))
	}
}
