package burrtools

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// ReplaceProblem returns the .xmpuzzle file data with problem k (0-based)
// redefined, and everything else kept: the other problems with their
// solutions, the comment, the colours, every shape. The new shapes are
// appended after the file's own (shapes that other problems use stay where
// they are); problem k's parts and result are made to name them (the
// Shape of each part, and result, are indices into shapes), its stale
// solutions are dropped and its state is set to "not solved". The other
// attributes of the problem (its name, maxHoles, ...) are kept. The result
// is gzip-compressed, as BurrTools writes its files.
//
// It works on the XML token by token, so that content polyviz does not
// model (solutions, disassemblies, groups, comments) passes through.
// Read of the result gives problem k exactly as asked.
func ReplaceProblem(file string, data []byte, k int, shapes []Shape, parts []Part, result int) ([]byte, error) {
	text, err := gunzipXM(file, data)
	if err != nil {
		return nil, err
	}
	old, err := Read(file, text)
	if err != nil {
		return nil, err
	}
	if k < 0 || k >= len(old.Problems) {
		return nil, fmt.Errorf("%s: %w: problem %d of %d", file, ErrNoProblem, k+1, len(old.Problems))
	}
	base := len(old.Shapes)
	for _, p := range parts {
		if p.Shape < 0 || p.Shape >= len(shapes) {
			return nil, fmt.Errorf("%s: a part names shape %d of %d", file, p.Shape, len(shapes))
		}
	}
	if result < 0 || result >= len(shapes) {
		return nil, fmt.Errorf("%s: the result names shape %d of %d", file, result, len(shapes))
	}

	r := &replacer{dec: newXMDecoder(text), k: k}
	r.enc = xml.NewEncoder(&r.out)
	r.newShapes = func() error {
		for _, s := range shapes {
			if err := r.voxel(s); err != nil {
				return err
			}
		}
		return nil
	}
	r.newParts = func() error {
		for _, p := range parts {
			attrs := []xml.Attr{attr("id", base+p.Shape)}
			if p.Min == p.Max {
				attrs = append(attrs, attr("count", p.Min))
			} else {
				attrs = append(attrs, attr("min", p.Min), attr("max", p.Max))
			}
			if err := r.empty("shape", attrs...); err != nil {
				return err
			}
		}
		return nil
	}
	r.resultID = base + result
	if err := r.run(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	if _, err := zw.Write(r.out.Bytes()); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	// what was written reads back as asked
	back, err := Read(file, z.Bytes())
	if err != nil {
		return nil, fmt.Errorf("the edited file does not read back: %w", err)
	}
	if len(back.Problems) != len(old.Problems) || len(back.Shapes) != base+len(shapes) || len(back.Problems[k].Parts) != len(parts) {
		return nil, errors.New("the edited file does not read back as written")
	}
	return z.Bytes(), nil
}

// replacer copies the XML through, rewriting problem k.
type replacer struct {
	dec       *xml.Decoder
	enc       *xml.Encoder
	out       bytes.Buffer
	k         int
	newShapes func() error
	newParts  func() error
	resultID  int

	path    []string // the open elements
	problem int      // index of the <problem> being copied, -1 outside
	seen    int      // problems met so far
	skip    int      // depth of an element being dropped, 0 when none
}

func (r *replacer) run() error {
	r.problem = -1
	for {
		tok, err := r.dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if err := r.token(xml.CopyToken(tok)); err != nil {
			return err
		}
	}
	return r.enc.Flush()
}

// token copies one token, or drops or rewrites it.
func (r *replacer) token(tok xml.Token) error {
	if r.skip > 0 { // inside a dropped element
		switch tok.(type) {
		case xml.StartElement:
			r.skip++
		case xml.EndElement:
			r.skip--
		}
		return nil
	}
	inK := r.problem == r.k
	switch t := tok.(type) {
	case xml.StartElement:
		name := t.Name.Local
		parent := r.parent()
		switch {
		case name == "problem" && parent == "problems":
			r.problem = r.seen
			r.seen++
			if r.problem == r.k {
				t.Attr = problemAttrs(t.Attr)
			}
		case inK && parent == "problem" && (name == "solutions" || name == "solution"):
			r.skip = 1 // stale: the pieces changed
			return nil
		case inK && parent == "problem" && name == "result":
			t.Attr = []xml.Attr{attr("id", r.resultID)}
		case inK && parent == "shapes" && name == "shape" && r.grandparent() == "problem":
			r.skip = 1 // the old parts, replaced when <shapes> ends
			return nil
		}
		r.path = append(r.path, name)
		return r.enc.EncodeToken(t)
	case xml.EndElement:
		name := t.Name.Local
		switch {
		case name == "shapes" && r.parent() == "shapes" && r.grandparent() == "puzzle":
			if err := r.newShapes(); err != nil {
				return err
			}
		case inK && name == "shapes" && r.grandparent() == "problem":
			if err := r.newParts(); err != nil {
				return err
			}
		case name == "problem" && r.grandparent() == "problems":
			r.problem = -1
		}
		r.path = r.path[:len(r.path)-1]
		return r.enc.EncodeToken(t)
	case xml.ProcInst:
		if t.Target == "xml" && latin1Declared([]byte("<?xml "+string(t.Inst)+"?>")) {
			// the text was read as Latin-1 and is written as UTF-8
			t.Inst = []byte(`version="1.0"`)
		}
		return r.enc.EncodeToken(t)
	}
	return r.enc.EncodeToken(tok)
}

// parent is the innermost open element; grandparent the one around it
// (the element itself while its end is being copied: path still holds it).
func (r *replacer) parent() string { return r.at(1) }

func (r *replacer) grandparent() string { return r.at(2) }

func (r *replacer) at(k int) string {
	if len(r.path) < k {
		return ""
	}
	return r.path[len(r.path)-k]
}

// problemAttrs keeps a problem's attributes but its figures, and marks it
// not solved.
func problemAttrs(in []xml.Attr) []xml.Attr {
	out := []xml.Attr{}
	for _, a := range in {
		switch a.Name.Local {
		case "state", "assemblies", "solutions", "time", "numAssemblies", "numSolutions", "usedTime":
			continue
		}
		out = append(out, a)
	}
	return append(out, xml.Attr{Name: xml.Name{Local: "state"}, Value: "0"})
}

// voxel writes a <voxel> element for s.
func (r *replacer) voxel(s Shape) error {
	attrs := []xml.Attr{attr("x", s.Size.X), attr("y", s.Size.Y), attr("z", s.Size.Z), attr("type", 0)}
	if s.Name != "" {
		attrs = append(attrs, xml.Attr{Name: xml.Name{Local: "name"}, Value: s.Name})
	}
	start := xml.StartElement{Name: xml.Name{Local: "voxel"}, Attr: attrs}
	if err := r.enc.EncodeToken(start); err != nil {
		return err
	}
	if err := r.enc.EncodeToken(xml.CharData(s.voxelString())); err != nil {
		return err
	}
	return r.enc.EncodeToken(start.End())
}

// empty writes <name attrs/>.
func (r *replacer) empty(name string, attrs ...xml.Attr) error {
	start := xml.StartElement{Name: xml.Name{Local: name}, Attr: attrs}
	if err := r.enc.EncodeToken(start); err != nil {
		return err
	}
	return r.enc.EncodeToken(start.End())
}

func attr(name string, v int) xml.Attr {
	return xml.Attr{Name: xml.Name{Local: name}, Value: strconv.Itoa(v)}
}
