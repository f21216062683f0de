package parse

import "testing"

// TestTrimBOM: one leading mark comes off, and nothing else.
func TestTrimBOM(t *testing.T) {
	for in, want := range map[string]string{
		"":                   "",
		BOM:                  "",
		BOM + "A B\n":        "A B\n",
		BOM + BOM + "A":      BOM + "A",
		"A" + BOM:            "A" + BOM,
		"\xef\xbb":           "\xef\xbb",
		"\ufeff[0-3][0-4]\n": "[0-3][0-4]\n",
	} {
		if got := string(TrimBOM([]byte(in))); got != want {
			t.Errorf("TrimBOM(%q) = %q, want %q", in, got, want)
		}
	}
}
