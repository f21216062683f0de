package cli

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestSetupLine: a setup of a second or more is said after the closing
// line, with the whole time; a quick one, or an untimed command, is not.
func TestSetupLine(t *testing.T) {
	var b strings.Builder
	start := time.Now().Add(-5 * time.Second)
	if err := setupLine(&b, commandTimes{start: start}, 2*time.Second); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	if !regexp.MustCompile(`^Setup: 3\.\d s before the solver began .*; 5\.\d s in all\.\n$`).MatchString(got) {
		t.Errorf("setup line %q", got)
	}
	b.Reset()
	setupLine(&b, commandTimes{start: time.Now()}, 0)
	setupLine(&b, commandTimes{}, time.Second)
	if b.Len() != 0 {
		t.Errorf("quick or untimed: %q", b.String())
	}
}
