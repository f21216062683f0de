package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"polyviz/assets"
)

func runListArgs(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = runList(context.Background(), IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, args)
	return out.String(), errb.String(), code
}

func TestList(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		contains []string // in stdout (or stderr for failures)
	}{
		{"table", nil, 0, []string{"NAME", "DIMENSIONS", "PIECES", "DISTINCT", "TITLE", "pentomino-6x10", "2339", "soma ", "3x3x3", "Soma cube"}},
		{"named", []string{"soma", "bedlam"}, 0, []string{"soma ", "bedlam", "19186"}},
		{"long", []string{"--long", "soma"}, 0, []string{"soma: Soma cube", "raw: 11520", "up to rotation: 480", "up to rotation and reflection: 240", "source:"}},
		{"flag after name", []string{"pentomino-3x20", "-l"}, 0, []string{"raw: 8", "up to rotation and reflection: 2"}},
		{"unknown", []string{"no-such-puzzle"}, 1, []string{`no puzzle named "no-such-puzzle"`}},
		{"bad flag", []string{"--bogus"}, 2, []string{"usage: polyviz list"}},
		{"help", []string{"--help"}, 0, []string{"usage: polyviz list"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errs, code := runListArgs(tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tt.code, errs)
			}
			for _, s := range tt.contains {
				if !strings.Contains(out+errs, s) {
					t.Errorf("output lacks %q:\n%s%s", s, out, errs)
				}
			}
		})
	}
}

func TestListTableHasEveryEntry(t *testing.T) {
	out, _, _ := runListArgs()
	lines := strings.Split(out, "\n")
	for _, e := range assets.Catalog() {
		found := false
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 0 && f[0] == e.Name {
				found = true
			}
		}
		if !found {
			t.Errorf("no line for %s", e.Name)
		}
	}
}

func TestListJSON(t *testing.T) {
	out, errs, code := runListArgs("--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got []assets.Entry
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	want := assets.Catalog()
	if len(got) != len(want) {
		t.Fatalf("%d entries, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Name != want[i].Name || got[i].Counts != want[i].Counts || got[i].File != want[i].File {
			t.Errorf("entry %d: %+v\nwant %+v", i, got[i], want[i])
		}
	}
	// Unknown counts are left out rather than written as zero.
	var raw []map[string]any
	json.Unmarshal([]byte(out), &raw)
	for _, r := range raw {
		if r["name"] == "pentacube-frame" {
			if c := r["counts"].(map[string]any); len(c) != 0 {
				t.Errorf("pentacube-frame counts %v, want none", c)
			}
		}
	}
}
