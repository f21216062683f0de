package solver

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"polyviz/parse"
)

// maxNameLen is the longest item name Knuth's solvers accept.
const maxNameLen = 8

// maxLineLen bounds one input line (Knuth's buffer is about 9 bytes per item).
const maxLineLen = 64 << 20

// ParseDLX reads an exact cover problem in the DLX format of Knuth's DLX1,
// DLX2 and DLX3; name is used in error messages.
//
//   - A line whose first non-blank character is '|' is a comment; blank
//     lines are ignored.
//   - The first other line names the items, separated by blanks: primary
//     items, then a lone '|', then secondary items (the '|' may be omitted
//     when all items are primary). A name is 1 to 8 non-blank characters
//     other than ':' and '|'.
//   - A primary item may carry DLX3 bounds: "u:v|name" (covered at least u and
//     at most v times, 0 <= u <= v, v >= 1) or "v|name" (exactly v times).
//     As an extension, polyviz also reads "k*name" (exactly k times, k one
//     radix-62 digit 1-9, a-z = 10-35, A-Z = 36-61), which is
//     what Knuth's POLYCUBE-DLX writes for a piece used k times; DLX3 itself
//     does not read that form.
//   - Every further line is an option: the names of its items. A secondary
//     item may be given a DLX2 colour, "name:c" (any non-blank text without
//     ':' or '|'); primary items cannot be coloured.
//
// Errors, each a *ParseError with line and column: no item line
// (ErrNoItems), a name too long (ErrNameTooLong) or with a bad character
// (ErrBadName), the same name twice (ErrDuplicateItem), '|' twice
// (ErrTwoBars), bad bounds (ErrBadMultiplicity), no primary items
// (ErrNoPrimary); in options an unknown name (ErrUnknownItem), an item twice
// (ErrDuplicateItem), a coloured primary item (ErrColorOnPrimary), an empty or
// bad colour (ErrBadColor).
//
// An option with no primary item is dropped, as DLX1 and DLX2 drop it
// ("Option ignored (no primary items)"): it could only ever be chosen to
// cover nothing. Each such line is told in the problem's Warnings, with
// its position, and the options after it are numbered without it.
//
// ParseDLX reads without limits and cannot be interrupted: for files from
// outside, use ParseDLXContext.
func ParseDLX(r io.Reader, name string) (*Problem, error) {
	return ParseDLXContext(context.Background(), r, name, ReadLimits{})
}

// ParseDLXContext is ParseDLX that stops when ctx is cancelled (it looks
// every few thousand lines and tokens, so a cancel is seen within
// milliseconds; the error is ctx.Err()) and that refuses a problem passing
// lim: a *ParseError at the line where the limit was passed, whose Err is a
// *LimitError (errors.Is(err, ErrTooLarge)).
func ParseDLXContext(ctx context.Context, r io.Reader, name string, lim ReadLimits) (*Problem, error) {
	ps := &dlxParser{ctx: ctx, lim: lim, file: name, sc: bufio.NewScanner(r)}
	ps.sc.Buffer(make([]byte, 0, 64*1024), maxLineLen)
	return ps.parse()
}

type dlxParser struct {
	ctx  context.Context
	lim  ReadLimits
	file string
	sc   *bufio.Scanner
	line int
	text string
	tick int   // lines and tokens since ctx was last looked at
	seen []int // per item: the last line whose option has it
	warn warnings
}

// pollEvery is how many lines and tokens the reader handles between looks
// at its context.
const readPollEvery = 4096

// poll reports ctx.Err() every readPollEvery calls.
func (ps *dlxParser) poll() error {
	ps.tick++
	if ps.tick < readPollEvery {
		return nil
	}
	ps.tick = 0
	return ps.ctx.Err()
}

// checkLimits returns a *ParseError if p passes the reader's limits, at
// column col of the current line.
func (ps *dlxParser) checkLimits(p *Problem, col int) error {
	entries := int64(len(p.entries))
	if m := ps.lim.MaxEntries; m > 0 && entries > m {
		return ps.errorf(col, &LimitError{Limit: "MaxEntries", Max: m, Reached: entries})
	}
	if m := ps.lim.MaxBytes; m > 0 {
		if est := EstimateMemory(int64(len(p.items)), int64(p.NumOptions())+1, entries, 1); est > m {
			return ps.errorf(col, &LimitError{Limit: "MaxBytes", Max: m, Reached: est})
		}
	}
	return nil
}

// A token is one blank-separated word of a line, with its 1-based rune column.
type token struct {
	s   string
	col int
}

func (ps *dlxParser) errorf(col int, err error) *ParseError {
	return &ParseError{File: ps.file, Line: ps.line, Col: col, Err: err}
}

// nextLine advances to the next line that is neither blank nor a comment.
func (ps *dlxParser) nextLine() (bool, error) {
	for ps.sc.Scan() {
		if err := ps.poll(); err != nil {
			return false, err
		}
		ps.line++
		ps.text = ps.sc.Text()
		t := strings.TrimLeft(ps.text, " \t\r\v\f")
		if t == "" || t[0] == '|' {
			continue
		}
		return true, nil
	}
	if err := ps.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			ps.line++ // the long line is the next one, which Scan could not return
			return false, ps.errorf(1, ErrLineTooLong)
		}
		return false, fmt.Errorf("%s: %w", ps.file, err)
	}
	return false, nil
}

// tokens yields the blank-separated words of the current line, one by one
// (a line may hold millions: they are not gathered in a slice).
func (ps *dlxParser) tokens() iter.Seq[token] {
	return func(yield func(token) bool) {
		col, start, startCol := 0, -1, 0
		for i, r := range ps.text {
			col++
			blank := r == ' ' || r == '\t' || r == '\r' || r == '\v' || r == '\f'
			if blank {
				if start >= 0 {
					if !yield(token{ps.text[start:i], startCol}) {
						return
					}
					start = -1
				}
			} else if start < 0 {
				start, startCol = i, col
			}
		}
		if start >= 0 {
			yield(token{ps.text[start:], startCol})
		}
	}
}

func (ps *dlxParser) parse() (*Problem, error) {
	ok, err := ps.nextLine()
	if err != nil {
		return nil, err
	}
	if !ok {
		ps.line = max(ps.line, 1)
		return nil, ps.errorf(1, ErrNoItems)
	}
	p, err := ps.parseItems()
	if err != nil {
		return nil, err
	}
	for {
		ok, err := ps.nextLine()
		if err != nil {
			return nil, err
		}
		if !ok {
			p.warnings = ps.warn.list(ps.file)
			return p, nil
		}
		if err := ps.parseOption(p); err != nil {
			return nil, err
		}
	}
}

// parseItems reads the item-name line.
func (ps *dlxParser) parseItems() (*Problem, error) {
	p := NewProblem(nil, nil)
	p.err = nil
	secondary := false
	for tok := range ps.tokens() {
		if err := ps.poll(); err != nil {
			return nil, err
		}
		if tok.s == "|" {
			if secondary {
				return nil, ps.errorf(tok.col, ErrTwoBars)
			}
			secondary = true
			continue
		}
		name, min, max, nameCol, err := ps.splitBounds(tok, secondary)
		if err != nil {
			return nil, err
		}
		if err := ps.checkItemName(name, nameCol); err != nil {
			return nil, err
		}
		if _, dup := p.lookup(name); dup {
			return nil, ps.errorf(nameCol, fmt.Errorf("%w %s", ErrDuplicateItem, parse.Quote(name)))
		}
		p.addItem(name, secondary)
		p.items[len(p.items)-1].min, p.items[len(p.items)-1].max = min, max
		if len(p.items)%1024 == 0 {
			if err := ps.checkLimits(p, tok.col); err != nil {
				return nil, err
			}
		}
	}
	if err := ps.checkLimits(p, 1); err != nil {
		return nil, err
	}
	if p.nPrimary == 0 {
		return nil, ps.errorf(1, fmt.Errorf("%w on the item-name line", ErrNoPrimary))
	}
	return p, nil
}

// splitBounds separates DLX3 bounds "u:v|name", "v|name" or the POLYCUBE-DLX
// form "k*name" from an item name. Bounds on a secondary item are refused.
func (ps *dlxParser) splitBounds(tok token, secondary bool) (name string, min, max, col int, err error) {
	s, col := tok.s, tok.col
	bar := strings.IndexByte(s, '|')
	star := -1
	if bar < 0 && !secondary && looksStarred(s) {
		star = strings.IndexByte(s, '*')
	}
	if bar < 0 && star < 0 {
		return s, 1, 1, col, nil
	}
	if secondary {
		return "", 0, 0, 0, ps.errorf(col, fmt.Errorf("%w: secondary item %s cannot have bounds", ErrBadMultiplicity, parse.Quote(s)))
	}
	if star > 0 {
		k := radix62(s[0])
		if k < 1 {
			return "", 0, 0, 0, ps.errorf(col, fmt.Errorf("%w %s", ErrBadMultiplicity, parse.Quote(s[:star])))
		}
		return s[star+1:], k, k, col + 2, nil
	}
	bounds := s[:bar]
	lo, hi, two := strings.Cut(bounds, ":")
	if !two {
		lo, hi = "", lo
	}
	decimal := func(d string) (int, bool) {
		if d == "" || len(d) > 9 || !allDigits(d) {
			return 0, false
		}
		v, _ := strconv.Atoi(d)
		return v, true
	}
	v, ok := decimal(hi)
	if !ok || v < 1 {
		return "", 0, 0, 0, ps.errorf(col, fmt.Errorf("%w %s", ErrBadMultiplicity, parse.Quote(bounds)))
	}
	u := v
	if two {
		if u, ok = decimal(lo); !ok || u > v {
			return "", 0, 0, 0, ps.errorf(col, fmt.Errorf("%w %s", ErrBadMultiplicity, parse.Quote(bounds)))
		}
	}
	return s[bar+1:], u, v, col + utf8.RuneCountInString(s[:bar+1]), nil
}

// looksStarred reports whether a plain name would read as "k*name"; such a
// primary item is written "1|name" to keep its name.
func looksStarred(name string) bool {
	return len(name) > 2 && name[1] == '*' && radix62(name[0]) >= 0
}

// radix62 is the value of one of Knuth's extended hexadecimal digits 0-9,
// a-z, A-Z, or -1.
func radix62(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 36
	}
	return -1
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// checkItemName enforces Knuth's rules for a name on the item line.
func (ps *dlxParser) checkItemName(name string, col int) error {
	if name == "" {
		return ps.errorf(col, ErrEmptyName)
	}
	if i := strings.IndexAny(name, ":|"); i >= 0 {
		return ps.errorf(col+utf8.RuneCountInString(name[:i]), fmt.Errorf("%w: %s", ErrBadName, parse.Quote(name)))
	}
	if len(name) > maxNameLen {
		return ps.errorf(col, fmt.Errorf("%w: %s", ErrNameTooLong, parse.Quote(name)))
	}
	return nil
}

// parseOption reads one option line and appends it to p.
func (ps *dlxParser) parseOption(p *Problem) error {
	start := len(p.entries)
	hasPrimary := false
	// seen[i] == stamp when item i is already in this option (a linear
	// check, where comparing with every earlier entry would be quadratic)
	if len(ps.seen) != len(p.items) {
		ps.seen = make([]int, len(p.items))
	}
	stamp := ps.line
	for tok := range ps.tokens() {
		if err := ps.poll(); err != nil {
			p.cutEntries(start)
			return err
		}
		name, col, colored := cutColor(tok.s)
		i, ok := p.lookup(name)
		if !ok {
			p.cutEntries(start)
			if len(name) > maxNameLen {
				return ps.errorf(tok.col, fmt.Errorf("%w: %s", ErrNameTooLong, parse.Quote(name)))
			}
			return ps.errorf(tok.col, fmt.Errorf("%w %s", ErrUnknownItem, parse.Quote(name)))
		}
		if ps.seen[i] == stamp {
			p.cutEntries(start)
			return ps.errorf(tok.col, fmt.Errorf("%w %s in one option", ErrDuplicateItem, parse.Quote(name)))
		}
		ps.seen[i] = stamp
		var c int32
		if colored {
			ccol := tok.col + utf8.RuneCountInString(name) + 1
			if !p.items[i].secondary {
				p.cutEntries(start)
				return ps.errorf(tok.col, fmt.Errorf("%w %s", ErrColorOnPrimary, parse.Quote(name)))
			}
			if col == "" || strings.ContainsAny(col, ":|") {
				p.cutEntries(start)
				return ps.errorf(ccol, fmt.Errorf("%w %s", ErrBadColor, parse.Quote(tok.s)))
			}
			c = p.colorID(col)
		}
		if !p.items[i].secondary {
			hasPrimary = true
		}
		p.addEntry(int32(i), c)
		if len(p.entries)%1024 == 0 || (ps.lim.MaxEntries > 0 && int64(len(p.entries)) > ps.lim.MaxEntries) {
			if err := ps.checkLimits(p, tok.col); err != nil {
				p.cutEntries(start)
				return err
			}
		}
	}
	if !hasPrimary {
		p.cutEntries(start)
		ps.warn.add(ps.errorf(1, ErrOptionIgnored))
		return nil
	}
	if err := ps.checkLimits(p, 1); err != nil {
		p.cutEntries(start)
		return err
	}
	p.optStart = append(p.optStart, len(p.entries))
	return nil
}

// WriteDLX writes p in the DLX format that ParseDLX reads: the item-name line
// (primary items with their bounds as "v|name" or "u:v|name" when they are
// not exactly 1, then " |" and the secondary items) and one line per option.
// It fails if a name cannot be written (see NewProblem) or is longer than 8
// characters, so that whatever it writes, ParseDLX and Knuth's programs read.
func (p *Problem) WriteDLX(w io.Writer) error {
	return p.WriteDLXContext(context.Background(), w)
}

// WriteDLXContext is WriteDLX that stops with ctx, at its next flush: a big
// board's file takes a second or more.
func (p *Problem) WriteDLXContext(ctx context.Context, w io.Writer) error {
	if p.err != nil {
		return p.err
	}
	for _, it := range p.items {
		if len(it.name) > maxNameLen {
			return fmt.Errorf("solver: cannot write item %q: %w", it.name, ErrNameTooLong)
		}
	}
	return p.writeDLX(ctxWriter{ctx, w})
}

// writeDLX is WriteDLX without its checks: the bytes ProblemHash hashes,
// which no reader parses, so a cut's marks past 8 characters ("#sym223888"
// on a board of 200,000 placements) are hashed rather than refused.
func (p *Problem) writeDLX(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for i, it := range p.items {
		if i == p.nPrimary {
			bw.WriteString(" |")
		}
		if i > 0 {
			bw.WriteByte(' ')
		}
		switch {
		case it.secondary:
		case it.min == 1 && it.max == 1 && !looksStarred(it.name):
		case it.min == it.max:
			fmt.Fprintf(bw, "%d|", it.max)
		default:
			fmt.Fprintf(bw, "%d:%d|", it.min, it.max)
		}
		bw.WriteString(it.name)
	}
	bw.WriteByte('\n')
	for i := 0; i < p.NumOptions(); i++ {
		if i&(1<<12-1) == 0 {
			// a writer that fails (ProblemHash's, cancelled) ends it
			if err := bw.Flush(); err != nil {
				return err
			}
		}
		for k := p.optStart[i]; k < p.optStart[i+1]; k++ {
			if k > p.optStart[i] {
				bw.WriteByte(' ')
			}
			bw.WriteString(p.token(k))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
