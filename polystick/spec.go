package polystick

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"polyviz/parse"
	"polyviz/polyform"
)

// Marker is the comment line that names a polysticks spec.
const Marker = "| polysticks"

// Errors of Parse, each wrapped in a *parse.Error with its position.
var (
	ErrNoBoard       = errors.New("no board line")
	ErrNoPieces      = errors.New("no pieces")
	ErrBadStick      = errors.New("not a stick (want H or V and two digits 0-9 or a-z, as H01)")
	ErrBadRectangle  = errors.New("bad rectangle (want AxB, 1 to 35 each)")
	ErrRepeated      = errors.New("stick given twice")
	ErrBadName       = errors.New("bad piece name")
	ErrDuplicateName = errors.New("piece named twice")
	ErrBadCount      = errors.New("bad multiplicity (want m| or a-b| with 0 <= a <= b, 1 <= b <= 1000)")
	ErrNoSticks      = errors.New("piece without sticks")
	ErrDisconnected  = errors.New("piece not connected (its sticks must join end to end)")
	ErrNameClash     = errors.New("piece name is an item of the board")
)

// maxCoordinate is the largest coordinate a digit writes (z).
const maxCoordinate = 35

// Piece is one piece of a spec.
type Piece struct {
	// Name names the piece's item.
	Name string
	// Sticks are its sticks as the spec gives them, normalized.
	Sticks []polyform.Stick
	// Min and Max bound how many times it is placed (1 and 1 unless the
	// spec says m| or a-b|).
	Min, Max int
	// Line is the spec line that defines it.
	Line int
}

// Puzzle is a polysticks spec as read.
type Puzzle struct {
	Name string
	// Board is the board's sticks, sorted (polyform.Stick.Compare).
	Board []polyform.Stick
	// Pieces in the order of the spec.
	Pieces []Piece
	// Cross lets pieces cross; OneSided keeps them from being flipped.
	Cross, OneSided bool
	// Comments are the spec's comment lines after the marker, without "| ".
	Comments []string
}

// Marked reports whether data starts with the marker line.
func Marked(data []byte) bool {
	line, _, _ := bytes.Cut(data, []byte("\n"))
	return strings.EqualFold(strings.TrimSpace(string(line)), Marker)
}

// Parse reads a polysticks spec named name.
func Parse(name string, data []byte) (*Puzzle, error) {
	p := &Puzzle{Name: name}
	board := map[polyform.Stick]bool{}
	boardLine := 0
	for i, line := range strings.Split(string(data), "\n") {
		ln := i + 1
		line = strings.TrimRight(line, "\r")
		at := func(col int, err error) error { return parse.At(name, ln, col, err) }
		if !utf8.ValidString(line) {
			return nil, at(1, errors.New("not UTF-8"))
		}
		if strings.HasPrefix(line, "|") {
			if c := strings.TrimSpace(line[1:]); !strings.EqualFold("| "+c, Marker) || i > 0 {
				p.Comments = append(p.Comments, c)
			}
			continue
		}
		words := fields(line)
		if len(words) == 0 {
			continue
		}
		switch words[0].text {
		case "board":
			if len(words) == 1 {
				return nil, at(words[0].col, errors.New("board line without sticks"))
			}
			boardLine = ln
			for _, w := range words[1:] {
				sticks, err := boardWord(w.text)
				if err != nil {
					return nil, at(w.col, err)
				}
				for _, s := range sticks {
					if board[s] {
						return nil, at(w.col, fmt.Errorf("%w: %s", ErrRepeated, s))
					}
					board[s] = true
				}
			}
		case "cross", "one-sided":
			if len(words) > 1 {
				return nil, at(words[1].col, fmt.Errorf("%s takes no words after it", words[0].text))
			}
			if words[0].text == "cross" {
				p.Cross = true
			} else {
				p.OneSided = true
			}
		default:
			pc, err := pieceLine(name, ln, words)
			if err != nil {
				return nil, err
			}
			if slices.ContainsFunc(p.Pieces, func(q Piece) bool { return q.Name == pc.Name }) {
				return nil, at(words[0].col, fmt.Errorf("%w: %s", ErrDuplicateName, parse.Quote(pc.Name)))
			}
			p.Pieces = append(p.Pieces, pc)
		}
	}
	// What is missing is said where the input ends, as the spec reader says it.
	end := strings.Count(string(data), "\n") + 1
	if len(data) > 0 && data[len(data)-1] != '\n' {
		end++
	}
	if boardLine == 0 {
		return nil, parse.At(name, end, 1, ErrNoBoard)
	}
	if len(p.Pieces) == 0 {
		return nil, parse.At(name, end, 1, ErrNoPieces)
	}
	for s := range board {
		p.Board = append(p.Board, s)
	}
	slices.SortFunc(p.Board, polyform.Stick.Compare)
	items := map[string]bool{}
	for _, s := range p.Board {
		items[s.String()] = true
	}
	for _, pt := range p.innerPoints() {
		items[pt.String()] = true
	}
	for _, pc := range p.Pieces {
		if items[pc.Name] {
			return nil, parse.At(name, pc.Line, 1, fmt.Errorf("%w: %s", ErrNameClash, pc.Name))
		}
	}
	return p, nil
}

// word is a word of a line and its 1-based column in runes.
type word struct {
	text string
	col  int
}

// fields splits a line at blanks, keeping each word's column.
func fields(line string) []word {
	var out []word
	col, start := 0, -1
	startCol := 0
	for i, r := range line + " " {
		col++
		if r == ' ' || r == '\t' {
			if start >= 0 {
				out = append(out, word{line[start:i], startCol})
				start = -1
			}
			continue
		}
		if start < 0 {
			start, startCol = i, col
		}
	}
	return out
}

// boardWord reads a board word: a rectangle AxB or one stick.
func boardWord(w string) ([]polyform.Stick, error) {
	if a, b, ok := strings.Cut(w, "x"); ok && !strings.ContainsAny(w[:1], "HV") {
		na, err1 := strconv.Atoi(a)
		nb, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || na < 1 || nb < 1 || na > maxCoordinate || nb > maxCoordinate {
			return nil, fmt.Errorf("%w: %s", ErrBadRectangle, parse.Quote(w))
		}
		return Rectangle(na, nb), nil
	}
	s, err := ParseStick(w)
	if err != nil {
		return nil, err
	}
	return []polyform.Stick{s}, nil
}

// Rectangle returns the sticks of the a×b rectangle of unit squares with
// its lower left corner at 0,0.
func Rectangle(a, b int) []polyform.Stick {
	var out []polyform.Stick
	for y := 0; y <= b; y++ {
		for x := 0; x <= a; x++ {
			if x < a {
				out = append(out, polyform.Stick{X: x, Y: y})
			}
			if y < b {
				out = append(out, polyform.Stick{X: x, Y: y, Vertical: true})
			}
		}
	}
	return out
}

// ParseStick reads a stick as Knuth writes it: "H01", "Va3".
func ParseStick(w string) (polyform.Stick, error) {
	if len(w) != 3 || (w[0] != 'H' && w[0] != 'V') {
		return polyform.Stick{}, fmt.Errorf("%w: %s", ErrBadStick, parse.Quote(w))
	}
	x, y := digit(w[1]), digit(w[2])
	if x < 0 || y < 0 {
		return polyform.Stick{}, fmt.Errorf("%w: %s", ErrBadStick, parse.Quote(w))
	}
	return polyform.Stick{X: x, Y: y, Vertical: w[0] == 'V'}, nil
}

// digit is Knuth's decode: 0-9 and a-z for 0 to 35, else -1.
func digit(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'z':
		return int(c-'a') + 10
	}
	return -1
}

// pieceLine reads a piece: [m|]NAME or [a-b|]NAME, then its sticks.
func pieceLine(file string, ln int, words []word) (Piece, error) {
	at := func(col int, err error) error { return parse.At(file, ln, col, err) }
	pc := Piece{Name: words[0].text, Min: 1, Max: 1, Line: ln}
	if count, name, ok := strings.Cut(pc.Name, "|"); ok {
		lo, hi, err := multiplicity(count)
		if err != nil {
			return pc, at(words[0].col, fmt.Errorf("%w: %s", ErrBadCount, parse.Quote(count)))
		}
		pc.Name, pc.Min, pc.Max = name, lo, hi
	}
	if !goodName(pc.Name) {
		return pc, at(words[0].col, fmt.Errorf("%w: %s", ErrBadName, parse.Quote(pc.Name)))
	}
	if len(words) == 1 {
		return pc, at(words[0].col, fmt.Errorf("%w: %s", ErrNoSticks, pc.Name))
	}
	var sticks []polyform.Stick
	for _, w := range words[1:] {
		s, err := ParseStick(w.text)
		if err != nil {
			return pc, at(w.col, err)
		}
		if slices.Contains(sticks, s) {
			return pc, at(w.col, fmt.Errorf("%w: %s", ErrRepeated, s))
		}
		sticks = append(sticks, s)
	}
	if !connected(sticks) {
		return pc, at(words[1].col, fmt.Errorf("%w: %s", ErrDisconnected, pc.Name))
	}
	pc.Sticks = polyform.NormalizeSticks(sticks)
	return pc, nil
}

// multiplicity reads "m" or "a-b".
func multiplicity(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(a); err != nil {
		return 0, 0, err
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(b); err != nil {
			return 0, 0, err
		}
	}
	if lo < 0 || hi < 1 || lo > hi || hi > 1000 {
		return 0, 0, ErrBadCount
	}
	return lo, hi, nil
}

// goodName: letters, digits, '-', '_' and '.', not a keyword.
func goodName(s string) bool {
	if s == "" || s == "board" || s == "cross" || s == "one-sided" || utf8.RuneCountInString(s) > 32 {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r == '.' || '0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}

// connected reports whether sticks join end to end into one piece.
func connected(sticks []polyform.Stick) bool {
	type pt struct{ x, y int }
	ends := func(s polyform.Stick) [2]pt {
		ex, ey := s.End()
		return [2]pt{{s.X, s.Y}, {ex, ey}}
	}
	seen := make([]bool, len(sticks))
	stack := []int{0}
	seen[0] = true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for j := range sticks {
			if seen[j] {
				continue
			}
			a, b := ends(sticks[i]), ends(sticks[j])
			if a[0] == b[0] || a[0] == b[1] || a[1] == b[0] || a[1] == b[1] {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return !slices.Contains(seen, false)
}

// String writes the puzzle back as a spec that Parse reads to the same
// puzzle: the marker, the comments, the board as its sticks, the options,
// and the pieces with their multiplicities.
func (p *Puzzle) String() string {
	var b strings.Builder
	b.WriteString(Marker + "\n")
	for _, c := range p.Comments {
		b.WriteString("| " + c + "\n")
	}
	b.WriteString("board")
	for _, s := range p.Board {
		b.WriteString(" " + s.String())
	}
	b.WriteString("\n")
	if p.Cross {
		b.WriteString("cross\n")
	}
	if p.OneSided {
		b.WriteString("one-sided\n")
	}
	for _, pc := range p.Pieces {
		switch {
		case pc.Min == 1 && pc.Max == 1:
		case pc.Min == pc.Max:
			fmt.Fprintf(&b, "%d|", pc.Min)
		default:
			fmt.Fprintf(&b, "%d-%d|", pc.Min, pc.Max)
		}
		b.WriteString(pc.Name)
		for _, s := range pc.Sticks {
			b.WriteString(" " + s.String())
		}
		b.WriteString("\n")
	}
	return b.String()
}
