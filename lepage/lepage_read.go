package lepage

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"polyviz/parse"
)

// The problems a Lepage problem file can have. Each comes wrapped in a
// *parse.Error that gives its file, line and column.
var (
	ErrSyntax               = errors.New("syntax error")
	ErrUnterminated         = errors.New("unterminated string or comment")
	ErrNumber               = errors.New("not a whole number")
	ErrUnknownField         = errors.New("unknown field")
	ErrRepeatedField        = errors.New("field given twice")
	ErrMissingField         = errors.New("missing field")
	ErrBox                  = errors.New("the box needs three sides, each from 1 to 62")
	ErrUnknownPiece         = errors.New("unknown piece (see polyviz list --pieces lepage)")
	ErrNotInList            = errors.New("piece is not in the pieces list")
	ErrLockCount            = errors.New("lockcount must be from 1 to 24")
	ErrNoPlacement          = errors.New("piece fits nowhere in the box")
	ErrTooLarge             = errors.New("problem too large")
	errLepageUnexpectedByte = errors.New("unexpected character")
)

// lepageMaxRows bounds the matrix a problem file may ask for.
const lepageMaxRows = 1 << 20

// A lepageToken is one token of a problem file.
type lepageToken struct {
	kind      byte // 'n' name, '#' number, 's' string, one of "{}=,;" or 0 at the end
	text      string
	line, col int
}

func (t lepageToken) describe() string {
	switch t.kind {
	case 0:
		return "the end of the file"
	case 'n':
		return "name " + parse.Quote(t.text)
	case '#':
		return "number " + t.text
	case 's':
		return "string " + parse.Quote(t.text)
	}
	return fmt.Sprintf("'%c'", t.kind)
}

// lepageLexer splits a problem file into tokens. It knows Lua's comments
// ("--" to the end of the line, and the long form "--[[ ... ]]" or
// "--[==[ ... ]==]"), strings in single or double quotes with the escapes
// \\ \" \' \n \t, names, whole numbers (with an optional minus sign) and the
// punctuation { } = , ;. Anything else is an error at its position.
type lepageLexer struct {
	file      string
	src       []byte
	pos       int
	line, col int // of src[pos]
}

func (lx *lepageLexer) errAt(line, col int, err error) error {
	return parse.At(lx.file, line, col, err)
}

// advance moves past n bytes, keeping line and column (in runes).
func (lx *lepageLexer) advance(n int) {
	for end := lx.pos + n; lx.pos < end && lx.pos < len(lx.src); {
		r, size := utf8.DecodeRune(lx.src[lx.pos:])
		lx.pos += size
		if r == '\n' {
			lx.line, lx.col = lx.line+1, 1
		} else {
			lx.col++
		}
	}
}

func (lx *lepageLexer) peek(i int) byte {
	if lx.pos+i < len(lx.src) {
		return lx.src[lx.pos+i]
	}
	return 0
}

// skipSpace skips blanks and comments.
func (lx *lepageLexer) skipSpace() error {
	for lx.pos < len(lx.src) {
		switch c := lx.peek(0); {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			lx.advance(1)
		case c == '-' && lx.peek(1) == '-':
			if err := lx.skipComment(); err != nil {
				return err
			}
		default:
			return nil
		}
	}
	return nil
}

// skipComment skips "--" to the end of the line, or a long comment.
func (lx *lepageLexer) skipComment() error {
	line, col := lx.line, lx.col
	lx.advance(2)
	if level, ok := lx.longBracket(); ok {
		close := "]" + strings.Repeat("=", level) + "]"
		for lx.pos < len(lx.src) {
			if string(lx.src[lx.pos:min(len(lx.src), lx.pos+len(close))]) == close {
				lx.advance(len(close))
				return nil
			}
			lx.advance(1)
		}
		return lx.errAt(line, col, fmt.Errorf("%w: long comment never closed", ErrUnterminated))
	}
	for lx.pos < len(lx.src) && lx.peek(0) != '\n' {
		lx.advance(1)
	}
	return nil
}

// longBracket reads "[[" or "[==[" at the current position, returning its
// level (the number of '=').
func (lx *lepageLexer) longBracket() (int, bool) {
	if lx.peek(0) != '[' {
		return 0, false
	}
	n := 1
	for lx.peek(n) == '=' {
		n++
	}
	if lx.peek(n) != '[' {
		return 0, false
	}
	lx.advance(n + 1)
	return n - 1, true
}

// next returns the next token.
func (lx *lepageLexer) next() (lepageToken, error) {
	if err := lx.skipSpace(); err != nil {
		return lepageToken{}, err
	}
	t := lepageToken{line: lx.line, col: lx.col}
	if lx.pos >= len(lx.src) {
		return t, nil
	}
	c := lx.peek(0)
	switch {
	case c == '{' || c == '}' || c == '=' || c == ',' || c == ';':
		t.kind = c
		lx.advance(1)
	case c == '"' || c == '\'':
		s, err := lx.readString(c)
		if err != nil {
			return t, err
		}
		t.kind, t.text = 's', s
	case isNameStart(c):
		start := lx.pos
		for isNameStart(lx.peek(0)) || isDigit(lx.peek(0)) {
			lx.advance(1)
		}
		t.kind, t.text = 'n', string(lx.src[start:lx.pos])
	case isDigit(c) || (c == '-' && isDigit(lx.peek(1))):
		start := lx.pos
		lx.advance(1)
		for isDigit(lx.peek(0)) {
			lx.advance(1)
		}
		if d := lx.peek(0); d == '.' || isNameStart(d) {
			for d = lx.peek(0); d == '.' || isNameStart(d) || isDigit(d); d = lx.peek(0) {
				lx.advance(1)
			}
			return t, lx.errAt(t.line, t.col, fmt.Errorf("%w: %s", ErrNumber, parse.Quote(string(lx.src[start:lx.pos]))))
		}
		t.kind, t.text = '#', string(lx.src[start:lx.pos])
	default:
		r, _ := utf8.DecodeRune(lx.src[lx.pos:])
		return t, lx.errAt(t.line, t.col, fmt.Errorf("%w: %w %q", ErrSyntax, errLepageUnexpectedByte, r))
	}
	return t, nil
}

// readString reads a quoted string; the escapes are \\ \" \' \n and \t.
func (lx *lepageLexer) readString(quote byte) (string, error) {
	line, col := lx.line, lx.col
	lx.advance(1)
	var b []byte
	for {
		c := lx.peek(0)
		switch {
		case lx.pos >= len(lx.src) || c == '\n':
			return "", lx.errAt(line, col, fmt.Errorf("%w: string never closed", ErrUnterminated))
		case c == quote:
			lx.advance(1)
			return string(b), nil
		case c == '\\':
			esc := map[byte]byte{'\\': '\\', '"': '"', '\'': '\'', 'n': '\n', 't': '\t'}[lx.peek(1)]
			if esc == 0 {
				return "", lx.errAt(lx.line, lx.col, fmt.Errorf("%w: unknown escape in a string", ErrSyntax))
			}
			b = append(b, esc)
			lx.advance(2)
		default:
			_, size := utf8.DecodeRune(lx.src[lx.pos:])
			b = append(b, lx.src[lx.pos:lx.pos+size]...)
			lx.advance(1)
		}
	}
}

func isNameStart(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool     { return '0' <= c && c <= '9' }

// lepageParser reads the one statement of a problem file:
//
//	problem = { box = { W, H, D }, pieces = { "name", ... }, lock = "name",
//	            lockcount = k, constrain = "name", constrain_x = "name",
//	            constrain_y = "name", constrain_z = "name" }
//
// Fields may come in any order, separated by ',' or ';' with an optional
// one after the last; box and pieces are required. A ';' may end the
// statement. This is the subset of Lua his problems use, not Lua: "box =
// {4, 4, 2+2}", a field written twice, a second statement or a field he does
// not read are errors.
type lepageParser struct {
	lx  *lepageLexer
	tok lepageToken
}

func (ps *lepageParser) advance() error {
	t, err := ps.lx.next()
	ps.tok = t
	return err
}

// expected returns the error for a token that is not what the grammar wants.
func (ps *lepageParser) expected(what string) error {
	return ps.lx.errAt(ps.tok.line, ps.tok.col, fmt.Errorf("%w: expected %s, found %s", ErrSyntax, what, ps.tok.describe()))
}

// expect consumes a token of the given kind.
func (ps *lepageParser) expect(kind byte, what string) (lepageToken, error) {
	t := ps.tok
	if t.kind != kind {
		return t, ps.expected(what)
	}
	return t, ps.advance()
}

// lepageField is one value read, with where it was written.
type lepageField struct {
	tok  lepageToken   // the value (the '{' of a list)
	list []lepageToken // the items of a list
}

// parseLepage reads the fields of a problem file.
func parseLepage(file string, data []byte) (map[string]lepageField, lepageToken, error) {
	ps := &lepageParser{lx: &lepageLexer{file: file, src: data, line: 1, col: 1}}
	if err := ps.advance(); err != nil {
		return nil, lepageToken{}, err
	}
	if ps.tok.kind != 'n' || ps.tok.text != "problem" {
		return nil, lepageToken{}, ps.expected("'problem'")
	}
	if err := ps.advance(); err != nil {
		return nil, lepageToken{}, err
	}
	if _, err := ps.expect('=', "'=' after problem"); err != nil {
		return nil, lepageToken{}, err
	}
	if _, err := ps.expect('{', "'{' to open the problem table"); err != nil {
		return nil, lepageToken{}, err
	}
	fields := map[string]lepageField{}
	for ps.tok.kind != '}' {
		key := ps.tok
		if key.kind != 'n' {
			return nil, key, ps.expected("a field name or '}'")
		}
		if !lepageKnownField(key.text) {
			return nil, key, ps.lx.errAt(key.line, key.col, fmt.Errorf("%w %s (want box, pieces, lock, lockcount, constrain, constrain_x, constrain_y or constrain_z)", ErrUnknownField, parse.Quote(key.text)))
		}
		if _, dup := fields[key.text]; dup {
			return nil, key, ps.lx.errAt(key.line, key.col, fmt.Errorf("%w: %s", ErrRepeatedField, key.text))
		}
		if err := ps.advance(); err != nil {
			return nil, key, err
		}
		if _, err := ps.expect('=', "'=' after "+key.text); err != nil {
			return nil, key, err
		}
		f, err := ps.value(key.text)
		if err != nil {
			return nil, key, err
		}
		fields[key.text] = f
		if ps.tok.kind == ',' || ps.tok.kind == ';' {
			if err := ps.advance(); err != nil {
				return nil, key, err
			}
		} else if ps.tok.kind != '}' {
			return nil, key, ps.expected("',', ';' or '}' after the " + key.text + " field")
		}
	}
	end := ps.tok
	if err := ps.advance(); err != nil {
		return nil, end, err
	}
	if ps.tok.kind == ';' {
		if err := ps.advance(); err != nil {
			return nil, end, err
		}
	}
	if ps.tok.kind != 0 {
		return nil, end, ps.expected("the end of the file after the problem table")
	}
	return fields, end, nil
}

func lepageKnownField(k string) bool {
	switch k {
	case "box", "pieces", "lock", "lockcount", "constrain", "constrain_x", "constrain_y", "constrain_z":
		return true
	}
	return false
}

// value reads the value of field key: a list of three numbers for box, a
// list of strings for pieces, a number for lockcount, a string otherwise.
func (ps *lepageParser) value(key string) (lepageField, error) {
	switch key {
	case "box":
		return ps.list('#', "a whole number")
	case "pieces":
		return ps.list('s', "a piece name in quotes")
	case "lockcount":
		t, err := ps.expect('#', "a whole number")
		return lepageField{tok: t}, err
	}
	t, err := ps.expect('s', "a piece name in quotes")
	return lepageField{tok: t}, err
}

// list reads "{ item, item, ... }" with items of one kind.
func (ps *lepageParser) list(kind byte, what string) (lepageField, error) {
	open, err := ps.expect('{', "'{'")
	if err != nil {
		return lepageField{}, err
	}
	f := lepageField{tok: open}
	for ps.tok.kind != '}' {
		t, err := ps.expect(kind, what+" or '}'")
		if err != nil {
			return f, err
		}
		f.list = append(f.list, t)
		if ps.tok.kind == ',' || ps.tok.kind == ';' {
			if err := ps.advance(); err != nil {
				return f, err
			}
		} else if ps.tok.kind != '}' {
			return f, ps.expected("',', ';' or '}'")
		}
	}
	return f, ps.advance()
}

// number returns the value of a number token, bounded to what an int holds.
func (t lepageToken) number() int {
	n, err := strconv.Atoi(t.text)
	if err != nil {
		if t.text[0] == '-' {
			return -1 << 31
		}
		return 1 << 31
	}
	return n
}

// Detect reports whether data's first token is the name "problem"
// followed by '=' (comments and blanks skipped).
func Detect(data []byte) bool {
	lx := &lepageLexer{src: data, line: 1, col: 1}
	t, err := lx.next()
	if err != nil || t.kind != 'n' || t.text != "problem" {
		return false
	}
	t, err = lx.next()
	return err == nil && t.kind == '='
}
