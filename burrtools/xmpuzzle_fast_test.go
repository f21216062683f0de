package burrtools

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// treeText writes a tree with every name, attribute, text and position,
// to compare the fast reader's trees with encoding/xml's.
func treeText(n *xmNode) string {
	if n == nil {
		return "<nil>"
	}
	var b strings.Builder
	var walk func(n *xmNode, depth int)
	walk = func(n *xmNode, depth int) {
		keys := make([]string, 0, len(n.attrs))
		for _, a := range n.attrs {
			keys = append(keys, a.name)
		}
		slices.Sort(keys)
		keys = slices.Compact(keys)
		fmt.Fprintf(&b, "%*s%s@%d:%d", depth, "", n.name, n.line, n.col)
		for _, k := range keys {
			fmt.Fprintf(&b, " %s=%q", k, n.attrValue(k))
		}
		fmt.Fprintf(&b, " text=%q\n", n.text)
		for _, c := range n.children {
			walk(c, depth+1)
		}
	}
	walk(n, 0)
	return b.String()
}

// checkFastTree: readXMTree, which tries the fast reader first, gives
// encoding/xml's tree or error; fast reports whether the fast reader
// took the text.
func checkFastTree(t *testing.T, name string, text []byte) (fast bool) {
	t.Helper()
	_, fast = fastXMTree(text, newLineIndex(text))
	got, gerr := readXMTree(name, text, newLineIndex(text))
	want, werr := decodeXMTree(name, text, newLineIndex(text))
	if fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Fatalf("%s (fast %v): error %v, encoding/xml's %v\n%q", name, fast, gerr, werr, text)
	}
	if gerr == nil && treeText(got) != treeText(want) {
		t.Fatalf("%s: trees differ\nfast:\n%s\nencoding/xml:\n%s", name, treeText(got), treeText(want))
	}
	return fast
}

// TestFastXMTree: on every test file, and on small texts of the kinds
// the fast reader takes or must leave, it builds encoding/xml's tree or
// gives up.
func TestFastXMTree(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.xmpuzzle")
	more, _ := filepath.Glob("testdata/grids/generated/*.xmpuzzle")
	fastOnes := 0
	for _, f := range append(files, more...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text, err := gunzipXM(f, data)
		if err != nil {
			continue
		}
		if checkFastTree(t, f, text) {
			fastOnes++
		}
	}
	if fastOnes < len(files) {
		t.Errorf("the fast reader took %d of %d files", fastOnes, len(files)+len(more))
	}
	base := `<?xml version="1.0"?>
<puzzle version="2"><!-- c --><gridType type="3"/>
  <shapes><voxel x="2" y="1" z="1" type="0" name='a "b"'>#+</voxel><voxel x="1"y="1" z="1">#<!--x-->1</voxel></shapes>
  <comment>Götz > ]] ></comment><problems/></puzzle>
`
	variants := []string{
		base,
		strings.Replace(base, "> ]]", "&gt; ]]", 1),
		strings.Replace(base, "<?xml version=\"1.0\"?>", "<?xml version=\"1.1\"?>", 1),
		strings.Replace(base, "<?xml version=\"1.0\"?>", "<?xml encoding=\"latin1\"?>", 1),
		strings.Replace(base, "<?xml version=\"1.0\"?>", "<?xml standalone=\"yes\"?>", 1),
		strings.Replace(base, "]] >", "]]>", 1),
		strings.Replace(base, "</puzzle>", "</puzzle><x/>", 1),
		strings.Replace(base, "<!-- c -->", "<!-- c -- d -->", 1),
		strings.Replace(base, "<!-- c -->", "<!-- c --->", 1),
		strings.Replace(base, "<!-- c -->", "<!DOCTYPE puzzle>", 1),
		strings.Replace(base, "<!-- c -->", "<![CDATA[#]]>", 1),
		strings.Replace(base, "</voxel>", "</voxel >", 1),
		strings.Replace(base, "</voxel>", "</voxe>", 1),
		strings.Replace(base, "type=\"3\"", "type = \"3\"", 1),
		strings.Replace(base, "type=\"3\"", "type=3", 1),
		strings.Replace(base, "type=\"3\"", "type=\"3\" type=\"4\"", 1),
		strings.Replace(base, "type=\"3\"", "type=\"<3\"", 1),
		strings.Replace(base, "type=\"3\"", "type=\"\t3\n\"", 1),
		strings.Replace(base, "type=\"3\"", "a:type=\"3\"", 1),
		strings.Replace(base, "type=\"3\"", "xmlns=\"u\"", 1),
		strings.Replace(base, "<gridType", "<1gridType", 1),
		strings.Replace(base, "<gridType", "<grid.Type-2", 1),
		strings.Replace(base, "Götz", "G\x01tz", 1),
		strings.Replace(base, "Götz", "G\x7ftz", 1),
		strings.Replace(base, "Götz", "G\uFFFEtz", 1),
		strings.Replace(base, "\n", "\r\n", -1),
		strings.Replace(base, "</puzzle>", "", 1),
		strings.Replace(base, "<puzzle", "<puzzles", 1) + "</puzzles>",
		"",
		"   ",
		"<a/>",
		"<puzzle/>",
		"<puzzle><a/></puzzle><puzzle/>",
		"text<puzzle>in</puzzle>after",
	}
	for i, v := range variants {
		if f := checkFastTree(t, fmt.Sprintf("variant %d", i), []byte(v)); testing.Verbose() {
			t.Logf("variant %d: fast %v", i, f)
		}
		// every prefix: truncated files give up or agree
		for n := 0; n < len(v); n += 7 {
			checkFastTree(t, fmt.Sprintf("variant %d cut at %d", i, n), []byte(v[:n]))
		}
	}
}

// TestXMAttrs: an element's attributes are its own and in order, however
// the shared arrays they are kept in grow (an element of many, elements
// of a few across a block's end), and a repeated one reads as its last.
func TestXMAttrs(t *testing.T) {
	var b strings.Builder
	b.WriteString("<puzzle")
	for i := range 150 {
		fmt.Fprintf(&b, " a%d=\"%d\"", i, i)
	}
	b.WriteString(">")
	for i := range 100 {
		fmt.Fprintf(&b, "<e n=\"%d\" m=\"x%d\" n=\"%d\"/>", i, i, i+1000)
	}
	b.WriteString("</puzzle>")
	text := []byte(b.String())
	if !checkFastTree(t, "attributes", text) {
		t.Fatal("the fast reader did not take it")
	}
	root, _ := fastXMTree(text, newLineIndex(text))
	for i, a := range root.attrs {
		if a.name != fmt.Sprintf("a%d", i) || a.value != fmt.Sprint(i) {
			t.Fatalf("attribute %d of the root: %v", i, a)
		}
	}
	if len(root.attrs) != 150 || len(root.children) != 100 {
		t.Fatalf("%d attributes, %d children", len(root.attrs), len(root.children))
	}
	for i, c := range root.children {
		n, _ := c.attr("n")
		if m, _ := c.attr("m"); len(c.attrs) != 3 || n != fmt.Sprint(i+1000) || m != fmt.Sprintf("x%d", i) {
			t.Fatalf("child %d: %v", i, c.attrs)
		}
		if _, ok := c.attr("a0"); ok {
			t.Fatalf("child %d has its parent's attribute", i)
		}
	}
}

// TestPlainVoxels: a voxel string read by plainVoxels gives the cells the
// general reader gives the same string with a blank in it (which
// plainVoxels leaves).
func TestPlainVoxels(t *testing.T) {
	rnd := uint64(7)
	r := &xmReader{file: "v"}
	for _, size := range [][3]int{{1, 1, 1}, {3, 2, 4}, {5, 7, 2}, {0, 3, 3}, {9, 8, 7}, {25, 25, 25}, {62, 3, 62}, {2, 62, 9}} {
		for k := range 20 {
			text := make([]byte, size[0]*size[1]*size[2])
			for i := range text {
				rnd = rnd*6364136223846793005 + 1442695040888963407
				text[i] = "__#+"[rnd>>62]
				if k%2 == 1 && rnd>>58 != 0 {
					text[i] = '_' // sparse: long runs of empty voxels
				}
			}
			attrs := []xmAttr{{"x", fmt.Sprint(size[0])}, {"y", fmt.Sprint(size[1])}, {"z", fmt.Sprint(size[2])}}
			fast, err := r.voxel(&xmNode{name: "voxel", attrs: attrs, text: text})
			if err != nil {
				t.Fatal(err)
			}
			slow, err := r.voxel(&xmNode{name: "voxel", attrs: attrs, text: append(slices.Clone(text), '\n')})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(fast.Filled, slow.Filled) || !slices.Equal(fast.Variable, slow.Variable) ||
				(fast.Filled == nil) != (slow.Filled == nil) || (fast.Variable == nil) != (slow.Variable == nil) {
				t.Fatalf("%v %q: plain %v %v, general %v %v", size, text, fast.Filled, fast.Variable, slow.Filled, slow.Variable)
			}
		}
	}
}

// TestPlain8: the eight-byte test agrees with a byte-by-byte one on words
// of every byte value in each place.
func TestPlain8(t *testing.T) {
	byteOK := func(c byte) bool {
		return c >= 0x20 && c < 0x80 && c != '&' && c != '<' && c != '>' && c != ']'
	}
	for pos := range 8 {
		for v := range 256 {
			for _, fill := range []byte{'_', '#', ' ', 0x7f, ']'} {
				var w [8]byte
				for i := range w {
					w[i] = fill
				}
				w[pos] = byte(v)
				want := true
				for _, c := range w {
					want = want && byteOK(c)
				}
				x := uint64(0)
				for i := 7; i >= 0; i-- {
					x = x<<8 | uint64(w[i])
				}
				if got := plain8(x); got != want {
					t.Fatalf("%q: plain8 %v, want %v", w, got, want)
				}
			}
		}
	}
}

// FuzzFastXMTree: on any text, readXMTree (the fast reader first) gives
// encoding/xml's tree or error.
func FuzzFastXMTree(f *testing.F) {
	f.Add([]byte(`<?xml version="1.0"?>` + "\n" + `<puzzle version="2"><!-- c --><gridType type="3"/><shapes><voxel x="2" y="1" z="1" name='a'>#+</voxel></shapes><comment>x</comment></puzzle>`))
	f.Add([]byte("<puzzle><a b='1'c=\"2\"/>t]]<b></b></puzzle>"))
	f.Fuzz(func(t *testing.T, text []byte) {
		if !utf8.Valid(text) {
			return // gunzipXM hands the reader UTF-8 only
		}
		checkFastTree(t, "fuzz", text)
	})
}

// TestEmpty32s: the run found is the longest whole number of 32-byte
// blocks of '_' at the start, whatever byte breaks it and wherever.
func TestEmpty32s(t *testing.T) {
	for n := range 140 {
		for brk := -1; brk < n; brk++ {
			for _, c := range []byte{'#', '+', '^', 0x5e, 0x7f, 0xdf} {
				text := []byte(strings.Repeat("_", n))
				if brk >= 0 {
					text[brk] = c
				}
				run := n
				if brk >= 0 {
					run = brk
				}
				if got, want := empty32s(text), run/32*32; got != want {
					t.Fatalf("%d bytes, %q at %d: %d, want %d", n, c, brk, got, want)
				}
			}
		}
	}
}
