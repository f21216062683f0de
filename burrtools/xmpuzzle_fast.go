package burrtools

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

// A fast reader of the plain XML that BurrTools writes: elements,
// quoted attributes, text without entities, comments and the XML
// declaration. encoding/xml decodes byte by byte through an interface,
// and a grid puzzle's voxel strings are tens of thousands of bytes. Whatever
// else the file holds (entities, CDATA, a DOCTYPE, other processing
// instructions, carriage returns, namespaces, any error) makes it give up,
// and the file is read by encoding/xml, whose tree and errors it must
// match: it builds the same tree, with the same positions, as readXMTree
// does from encoding/xml's tokens.

// fastXMTree returns the element tree of text, or false when text is not
// of the plain kind (then readXMTree's encoding/xml path decides).
func fastXMTree(text []byte, pos *lineIndex) (*xmNode, bool) {
	if bytes.IndexByte(text, '\r') >= 0 {
		return nil, false // encoding/xml turns CR LF into LF
	}
	var stack []*xmNode
	var root *xmNode
	var attrs []xmAttr // the room for the next elements' attributes
	p := 0
	for p < len(text) {
		if text[p] != '<' {
			end := p + bytes.IndexByte(text[p:], '<')
			if end < p {
				end = len(text)
			}
			if !plainText(text[p:end], -1) {
				return nil, false
			}
			if len(stack) > 0 {
				stack[len(stack)-1].addText(text[p:end])
			}
			p = end
			continue
		}
		if p+1 >= len(text) {
			return nil, false
		}
		switch text[p+1] {
		case '/':
			name, q := xmName(text, p+2)
			q = skipSpace(text, q)
			if name == "" || q >= len(text) || text[q] != '>' || len(stack) == 0 || stack[len(stack)-1].name != name {
				return nil, false
			}
			stack = stack[:len(stack)-1]
			p = q + 1
		case '?':
			q, ok := xmDecl(text, p)
			if !ok {
				return nil, false
			}
			p = q
		case '!':
			if !bytes.HasPrefix(text[p:], []byte("<!--")) {
				return nil, false
			}
			end := bytes.Index(text[p+4:], []byte("--"))
			if end < 0 || p+4+end+2 >= len(text) || text[p+4+end+2] != '>' {
				return nil, false
			}
			p += 4 + end + 3
		default:
			n, q, closed, ok := xmStart(text, p, &attrs)
			if !ok {
				return nil, false
			}
			n.line, n.col = pos.at(int64(p))
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				parent.children = append(parent.children, n)
			} else if root == nil {
				root = n
			}
			if !closed {
				stack = append(stack, n)
			}
			p = q
		}
	}
	if len(stack) > 0 {
		return nil, false // unexpected EOF
	}
	return root, true
}

// xmStart reads the start tag at text[p] ('<'): the element, the offset
// after the tag, and whether it closed itself ("/>"). The element's
// attributes are appended to *room, and are its last ones: they share its
// array, which room grows in blocks.
func xmStart(text []byte, p int, room *[]xmAttr) (n *xmNode, q int, closed, ok bool) {
	name, q := xmName(text, p+1)
	if name == "" {
		return nil, 0, false, false
	}
	n = &xmNode{name: name}
	first := len(*room)
	done := func() { n.attrs = (*room)[first:len(*room):len(*room)] }
	for {
		q = skipSpace(text, q)
		if q >= len(text) {
			return nil, 0, false, false
		}
		switch text[q] {
		case '>':
			done()
			return n, q + 1, false, true
		case '/':
			if q+1 < len(text) && text[q+1] == '>' {
				done()
				return n, q + 2, true, true
			}
			return nil, 0, false, false
		}
		attr, r := xmName(text, q)
		if attr == "" || r >= len(text) || text[r] != '=' || r+1 >= len(text) {
			return nil, 0, false, false
		}
		quote := text[r+1]
		if quote != '"' && quote != '\'' {
			return nil, 0, false, false
		}
		end := bytes.IndexByte(text[r+2:], quote)
		if end < 0 || !plainText(text[r+2:r+2+end], int(quote)) {
			return nil, 0, false, false
		}
		if len(*room) == cap(*room) {
			// a new block; the element's attributes so far move with it
			grown := make([]xmAttr, len(*room)-first, max(64, 2*(len(*room)-first)))
			copy(grown, (*room)[first:])
			*room, first = grown, 0
		}
		*room = append(*room, xmAttr{attr, string(text[r+2 : r+2+end])})
		q = r + 2 + end + 1
	}
}

// xmName reads a name of ASCII letters, digits, '_', '.' and '-' (not
// starting with a digit, '.' or '-') at text[p]: the name and the offset
// after it, "" when there is none.
func xmName(text []byte, p int) (string, int) {
	q := p
	for q < len(text) {
		c := text[q]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		if !letter && (q == p || !(c >= '0' && c <= '9' || c == '.' || c == '-')) {
			break
		}
		q++
	}
	return string(text[p:q]), q
}

func skipSpace(text []byte, p int) int {
	for p < len(text) && (text[p] == ' ' || text[p] == '\t' || text[p] == '\n') {
		p++
	}
	return p
}

// xmDecl reads the XML declaration at text[p] ("<?"), when it is one that
// encoding/xml takes as UTF-8 version 1.0 with no more ado: the offset
// after it.
func xmDecl(text []byte, p int) (int, bool) {
	if !bytes.HasPrefix(text[p:], []byte("<?xml")) || p+5 >= len(text) {
		return 0, false
	}
	if c := text[p+5]; c != ' ' && c != '\t' && c != '\n' {
		return 0, false
	}
	end := bytes.Index(text[p+5:], []byte("?>"))
	if end < 0 {
		return 0, false
	}
	content := text[p+5 : p+5+end]
	if bytes.Contains(content, []byte("encoding")) || bytes.Count(content, []byte("version")) > 1 ||
		bytes.Contains(content, []byte("version")) && !bytes.Equal(bytes.TrimSpace(content), []byte(`version="1.0"`)) {
		return 0, false
	}
	return p + 5 + end + 2, true
}

// plainText reports whether s is text that encoding/xml returns as it is:
// no entity, no "]]>" outside quotes, no '<' inside them, and only
// characters XML allows.
func plainText(s []byte, quote int) bool {
	for i := 0; i < len(s); i++ {
		// eight '_' first: most of a grid puzzle's voxel strings; in such
		// a run, 32 at a time
		if i+8 <= len(s) {
			if w := binary.LittleEndian.Uint64(s[i:]); w == 0x5f5f5f5f5f5f5f5f {
				i += 8 + empty32s(s[i+8:])
				i--
				continue
			} else if plain8(w) {
				i += 7
				continue
			}
		}
		c := s[i]
		switch {
		case c == '&', c == '<':
			return false
		case c == '>' && quote < 0 && i >= 2 && s[i-1] == ']' && s[i-2] == ']':
			return false
		case c < 0x20 && c != '\t' && c != '\n':
			return false
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 || !xmlChar(r) {
				return false
			}
			i += size - 1
		}
	}
	return true
}

// plain8 reports whether eight bytes are printable ASCII other than
// '&', '<', '>' and ']' (each byte tested at once, as in Hacker's
// Delight's tests for a zero byte), which plainText passes as they are.
func plain8(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(v uint64) uint64 { return (v - ones) & ^v & highs }
	return x&highs == 0 && (x-0x20*ones)&^x&highs == 0 &&
		zero(x^'&'*ones)|zero(x^'<'*ones)|zero(x^'>'*ones)|zero(x^']'*ones) == 0
}

// xmlChar is encoding/xml's test of a character's code point.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// addText appends a run of the element's text; the first run is kept as
// a slice of the file, a second one copies.
func (n *xmNode) addText(b []byte) {
	if n.text == nil {
		n.text = b[:len(b):len(b)]
		return
	}
	n.text = append(n.text, b...)
}
