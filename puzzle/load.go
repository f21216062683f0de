package puzzle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"polyviz/geometry"
	"polyviz/parse"
	"polyviz/solver"
)

// Format names an input format as the --format flag spells it. This
// package reads Knuth's (the constants below); the other formats live in
// packages of their own (lepage, burrtools, fillomino, antislide), each
// naming itself, and package formats lists them all and recognises an
// input among them.
type Format string

const (
	// FormatAuto recognises the format by name and content (see Detect).
	FormatAuto Format = ""
	// FormatPolycube is Knuth's POLYCUBE-DLX spec (3D).
	FormatPolycube Format = "polycube"
	// FormatPolyomino is Knuth's POLYOMINO-DLX spec (2D).
	FormatPolyomino Format = "polyomino"
	// FormatDLX is Knuth's DLX exact-cover file.
	FormatDLX Format = "dlx"
	// FormatPolyiamond is Knuth's POLYIAMOND-DLX spec (triangles).
	FormatPolyiamond Format = "polyiamond"
	// FormatPolyhex is polyviz's polyhex spec: POLYOMINO-DLX's syntax on
	// hexagons in axial coordinates (see geometry.Hexagons).
	FormatPolyhex Format = "polyhex"
)

// lattice returns the lattice of a spec format's cells (cubes for any
// format that is not a 2D spec).
func (f Format) lattice() *geometry.Lattice {
	switch f {
	case FormatPolyomino:
		return geometry.Squares()
	case FormatPolyiamond:
		return geometry.Triangles()
	case FormatPolyhex:
		return geometry.Hexagons()
	}
	return geometry.Cubes()
}

func (f Format) String() string {
	if f == FormatAuto {
		return "auto"
	}
	return string(f)
}

// Detect tells Knuth's formats apart: a name ending in ".dlx" is a DLX
// file, and so is an input whose first line that is not a comment (for a
// spec, the box line) has a word that cannot be a cell: fewer than two
// coordinates (a piece name such as "V" on a DLX item line) or a lone "|".
// Otherwise it is a spec, 3D when every cell on its box line has exactly
// three coordinates, 2D when not. A coordinate is one character or a
// bracketed set, so "[0-2]1[34]" has three and "12x" (a 2D cell with
// suffix x) counts as three as well: write such a 2D spec with --format
// polyomino. A spec with a comment line before its box line whose first
// word is "polyiamond" or "polyhex" is that format (see LatticeComment).
// It never answers FormatAuto.
//
// Triangles and hexagons are never guessed from the cells: a POLYIAMOND-DLX
// spec is also a valid POLYOMINO-DLX spec ("'" is a legal suffix there),
// and a polyhex spec is one letter for letter. Load refuses, with
// ErrWhichLattice and the position (see CheckLatticeGuess), a spec that
// Detect calls 2D whose box line has a cell with a suffix starting with
// "'" and no such comment: read as squares it would quietly have no
// solutions.
func Detect(name string, data []byte) Format {
	if IsDLXName(name) {
		return FormatDLX
	}
	return DetectContent(data)
}

// IsDLXName reports whether a file name says DLX (it ends in ".dlx").
func IsDLXName(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), ".dlx")
}

// DetectContent is Detect's rule on the content alone (see Detect).
func DetectContent(data []byte) Format {
	for _, line := range splitLines(data) {
		if len(line) > 0 && line[0] == '|' {
			if f, ok := latticeComment(line); ok {
				return f
			}
			continue
		}
		words := strings.Fields(string(line))
		for _, w := range words {
			if w == "|" || coordinates(w) < 2 {
				return FormatDLX
			}
		}
		for _, w := range words {
			if coordinates(w) != 3 {
				return FormatPolyomino
			}
		}
		return FormatPolycube
	}
	return FormatPolycube
}

// LatticeComment returns the format a spec's comment lines before its box
// line name, FormatPolyiamond or FormatPolyhex, or FormatAuto when none
// does: a comment whose first word is "polyiamond" or "polyhex" (any case,
// a trailing ':', ',' or '.' allowed): "| polyiamond: the 12 hexiamonds".
func LatticeComment(data []byte) Format {
	for _, line := range splitLines(data) {
		if len(line) == 0 || line[0] != '|' {
			break
		}
		if f, ok := latticeComment(line); ok {
			return f
		}
	}
	return FormatAuto
}

func latticeComment(line []byte) (Format, bool) {
	// the first word, found without allocating: detection walks every
	// comment line of an input that may have millions
	word := bytes.TrimLeftFunc(line[1:], unicode.IsSpace)
	if i := bytes.IndexFunc(word, unicode.IsSpace); i >= 0 {
		word = word[:i]
	}
	word = bytes.TrimRight(word, ":,.")
	switch {
	case bytes.EqualFold(word, []byte("polyiamond")):
		return FormatPolyiamond, true
	case bytes.EqualFold(word, []byte("polyhex")):
		return FormatPolyhex, true
	}
	return FormatAuto, false
}

// ErrWhichLattice: a spec read without a format whose box has cells such as
// "00'", which POLYIAMOND-DLX reads as ∇ triangles and POLYOMINO-DLX as
// squares with a secondary suffix.
var ErrWhichLattice = errors.New(`cell with a "'" suffix: is this a POLYIAMOND-DLX spec (triangles) or a POLYOMINO-DLX one? ` +
	`say --format polyiamond or --format polyomino, or begin the file with the comment line "| polyiamond"`)

// CheckLatticeGuess returns ErrWhichLattice, at the cell's position, when
// data, recognised as a POLYOMINO-DLX spec without being named one, has a
// box cell whose suffix starts with "'" and no comment naming its lattice;
// nil otherwise.
func CheckLatticeGuess(name string, data []byte) error {
	if LatticeComment(data) != FormatAuto {
		return nil
	}
	for i, line := range splitLines(data) {
		if len(line) > 0 && line[0] == '|' {
			continue
		}
		col := 1
		for _, w := range strings.Split(string(line), " ") {
			if j := strings.IndexByte(w, '\''); j >= 0 && coordinates(w[:j]) == 2 {
				return parse.At(name, i+1, col, ErrWhichLattice)
			}
			col += len([]rune(w)) + 1
		}
		return nil
	}
	return nil
}

// coordinates counts the coordinates of a cell token: single characters and
// bracketed sets.
func coordinates(tok string) int {
	n := 0
	for i := 0; i < len(tok); i++ {
		if tok[i] == '[' {
			j := strings.IndexByte(tok[i:], ']')
			if j < 0 {
				return n + 1
			}
			i += j
		}
		n++
	}
	return n
}

// Loaded is an input read by Load: always an exact-cover problem, and a
// puzzle too when the input is a spec, or a DLX file whose items are cells.
type Loaded struct {
	Name    string
	Format  Format
	Puzzle  *Puzzle
	Problem *solver.Problem
	// Warnings are lines the input's reader ignored (a spec's empty
	// pieces, a DLX file's options without a primary item), for the user
	// to see.
	Warnings []string
	// Problems names the file's problems when it holds several (a
	// BurrTools file), in order; LoadOptions.Problem chose one.
	Problems []string
	// Restrictions are the file's own cuts of symmetric solutions (Lepage's
	// lock and constraints), in words; counting classes again on top of
	// them would be wrong.
	Restrictions []string
	// Source is the format's own reading of the input, for what only that
	// format knows (*burrtools.File, *lepage.File); nil for Knuth's.
	Source any
	// Chosen is the 0-based problem read, of a file that holds several
	// (LoadOptions.Problem).
	Chosen int
	// BuildProblem, when not nil, builds the problem of an input loaded
	// with NoProblem whose problem is not its Puzzle's (Lepage's matrix, a
	// polysticks spec's): the load sized it and found its errors already.
	BuildProblem func(ctx context.Context) (*solver.Problem, error)
	// Placed is when reading the input, its orientations and its
	// placements were done, before the exact-cover problem was built
	// (--json's placed_seconds); zero where the load does not time them
	// apart (only BurrTools files do).
	Placed time.Time
}

// LoadOptions are the choices an input may need beyond its format.
type LoadOptions struct {
	// Problem is the 0-based problem of a file that holds several (a
	// BurrTools file); other formats ignore it.
	Problem int
	// MaxBytes, if positive, is the memory the problem may need: a DLX
	// file estimated (BytesPerDLXByte) to need more, or a spec whose
	// problem would (Puzzle.ProblemBytes), is refused with a *TooBigError
	// before anything is built.
	MaxBytes int64
	// Context, if not nil, stops the reading of a DLX file, the estimate
	// of a spec's size and the building of its problem when it is
	// cancelled.
	Context context.Context
	// NoProblem says the caller wants the puzzle alone (its pieces, their
	// orientations, the box) and not the exact-cover problem: a loader
	// that builds the problem from a puzzle leaves Loaded.Problem nil, and
	// neither lists the placements nor sizes them (a board can have
	// millions). The input's errors are found as ever. A DLX file is its
	// problem, and is read whole. A format whose problem is not its
	// puzzle's leaves it to Loaded.BuildProblem.
	NoProblem bool
}

// Load reads data named name in one of Knuth's formats f (FormatAuto: see
// Detect).
func Load(name string, data []byte, f Format) (*Loaded, error) {
	return LoadWith(name, data, f, LoadOptions{})
}

// LoadLimited is Load that refuses, with a *TooBigError, to build a problem
// that would need more than maxBytes of memory (0: no limit); see
// LoadOptions.
func LoadLimited(ctx context.Context, name string, data []byte, f Format, maxBytes int64) (*Loaded, error) {
	return LoadWith(name, data, f, LoadOptions{Context: ctx, MaxBytes: maxBytes})
}

// LoadWith is Load with options.
func LoadWith(name string, data []byte, f Format, opt LoadOptions) (*Loaded, error) {
	ctx, maxBytes := opt.Context, opt.MaxBytes
	if ctx == nil {
		ctx = context.Background()
	}
	if f == FormatAuto {
		f = Detect(name, data)
		if f == FormatPolyomino {
			if err := CheckLatticeGuess(name, data); err != nil {
				return nil, err
			}
		}
	}
	if f != FormatPolycube && f != FormatPolyomino && f != FormatDLX && f != FormatPolyiamond && f != FormatPolyhex {
		return nil, fmt.Errorf("%s: format %s is not one of Knuth's (read it with package formats)", name, f)
	}
	l := &Loaded{Name: name, Format: f}
	if f == FormatDLX {
		if need := int64(len(data)) * BytesPerDLXByte; maxBytes > 0 && need > maxBytes {
			return nil, &TooBigError{Name: name, What: "reading this DLX file", Need: need, Limit: maxBytes}
		}
		// the reader stops when ctx is cancelled, and at the line where
		// the problem passes the limit
		prob, err := solver.ParseDLXContext(ctx, bytes.NewReader(data), name, solver.ReadLimits{MaxBytes: maxBytes})
		if err != nil {
			return nil, err
		}
		l.Problem = prob
		l.Puzzle = fromProblem(name, prob, DLXLattice(data))
		l.Warnings = prob.Warnings()
		return l, nil
	}
	// a line of a few bytes can name a quarter of a million cells
	if err := checkSpecSize(name, data); err != nil {
		return nil, err // before the sizing walks every line
	}
	if err := checkSpecRead(name, data, f.lattice(), maxBytes); err != nil {
		return nil, err
	}
	pz, err := ParseSpecOn(name, data, f.lattice())
	if err != nil {
		return nil, err
	}
	if pz.Planar && len(pz.Box) == 0 && len(pz.cells) > 0 {
		// every board cell has a suffix: "000 001" read as 2D is cell 00
		// with suffixes 0 and 1, and no piece can cover anything
		return nil, parse.At(name, pz.boxAt.line, pz.boxAt.col, ErrNoBoardCell)
	}
	pz.maxBytes = maxBytes // the symmetry cut checks it too (distinctCut)
	l.Puzzle, l.Warnings = pz, pz.Warnings
	if opt.NoProblem {
		if _, err := pz.problemItems(); err != nil {
			return nil, err
		}
		return l, nil
	}
	if l.Problem, err = pz.SizedProblem(ctx, maxBytes); err != nil {
		return nil, err
	}
	return l, nil
}

// buildProblem builds the problem Problem returns (see problemmemo.go)
// from the placements pls, looking at ctx every few thousand options.
func (p *Puzzle) buildProblem(ctx context.Context, pls []Placement) (*solver.Problem, error) {
	prob, err := p.problemItems()
	if err != nil {
		return nil, err
	}
	n := 0
	for _, pl := range pls {
		n += 1 + pl.NumItems()
	}
	if err := aside(ctx, func() { prob.Grow(len(pls), n) }); err != nil {
		return nil, err
	}
	// a grid's placements number their items: each name is looked up once
	// here, not once an option
	gridItem := make([]int32, len(p.gridNames))
	unique := prob.Err() == nil // no name twice: item i is the one named ItemName(i)
	for i, name := range p.gridNames {
		if unique && i < prob.NumItems() && prob.ItemName(i) == name {
			gridItem[i] = int32(i) // the box's cells are the first items, most often in the names' order
			continue
		}
		k, ok := prob.ItemIndex(name)
		if !ok {
			return nil, fmt.Errorf("%s: %w %q", p.Name, solver.ErrUnknownItem, name)
		}
		gridItem[i] = int32(k)
	}
	var items []string
	var numbers []int32
	for o, pl := range pls {
		if o&(1<<14-1) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var err error
		if pl.Items == nil && pl.Numbers != nil {
			k, _ := prob.ItemIndex(p.Pieces[pl.Piece].Name)
			numbers = append(numbers[:0], int32(k))
			for _, m := range pl.Numbers {
				numbers = append(numbers, gridItem[m])
			}
			err = prob.AddOptionIndexes(numbers)
		} else {
			items = append(append(items[:0], p.Pieces[pl.Piece].Name), pl.Items...)
			err = prob.AddOption(items...)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.Name, err)
		}
	}
	if err := prob.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", p.Name, err)
	}
	return prob, nil
}

// SizedProblem is ProblemContext that first estimates the memory the problem
// needs (ProblemBytes) and refuses, with a *TooBigError, one that would
// need more than maxBytes (0: no limit), before anything is built.
func (p *Puzzle) SizedProblem(ctx context.Context, maxBytes int64) (*solver.Problem, error) {
	if maxBytes > 0 {
		need, err := p.ProblemBytes(ctx, maxBytes)
		if err != nil {
			return nil, err
		}
		if need > maxBytes {
			return nil, ProblemTooBig(p.Name, need, maxBytes)
		}
	}
	return p.ProblemContext(ctx)
}

// problemItems returns the problem's items, primary and secondary, with the
// pieces' multiplicities, and no options yet; its errors are the input's
// (names a problem cannot hold, nothing to cover, a bad multiplicity), so
// a load that wants no problem still makes it to check them.
func (p *Puzzle) problemItems() (*solver.Problem, error) {
	// the cells' names are written into one buffer and cut from one
	// string: a string each was most of this on a grid of 2,256 cells
	buf := make([]byte, 0, 4*len(p.cells))
	ends := make([]int, len(p.cells))
	for i, c := range p.cells {
		buf = p.appendCellName(buf, c)
		ends[i] = len(buf)
	}
	all := string(buf)
	primary := make([]string, 0, len(p.cells)+len(p.Pieces))
	var secondary []string
	start := 0
	for i, c := range p.cells {
		name := all[start:ends[i]]
		start = ends[i]
		if !p.primary(c) || p.Optional.Contains(c) {
			secondary = append(secondary, name)
		} else {
			primary = append(primary, name)
		}
	}
	for _, pc := range p.Pieces {
		primary = append(primary, pc.Name)
	}
	if err := p.checkNames(primary, secondary); err != nil {
		return nil, err
	}
	if len(primary) == 0 && p.boxAt.line > 0 {
		return nil, parse.At(p.Name, p.boxAt.line, p.boxAt.col, ErrNothingToCover)
	}
	prob := solver.NewProblem(primary, secondary)
	for _, pc := range p.Pieces {
		if pc.Min < 0 {
			return nil, parse.At(p.Name, pc.multAt.line, pc.multAt.col,
				fmt.Errorf("%w: piece %s has %s", ErrBadMultiplicity, pc.Name, parse.Quote(pc.Mult)))
		}
		if pc.Min != 1 || pc.Max != 1 {
			if err := prob.SetMultiplicity(pc.Name, pc.Min, pc.Max); err != nil {
				return nil, fmt.Errorf("%s: piece %s: %w", p.Name, pc.Name, err)
			}
		}
	}
	return prob, nil
}

// checkNames finds, before the solver does, the item names that a spec
// allows but an exact-cover problem cannot hold, and says where they come
// from: a suffix or piece name with a character a DLX file cannot hold, a
// piece named as a cell. primary and secondary are the problem's items, as
// buildProblem makes them: the pieces' names last in primary.
func (p *Puzzle) checkNames(primary, secondary []string) error {
	const bad = ":| \t\r\n\v\f"
	for i, sfx := range p.Suffixes {
		if strings.ContainsAny(sfx, bad) && i < len(p.suffixAt) {
			return parse.At(p.Name, p.suffixAt[i].line, p.suffixAt[i].col, fmt.Errorf("%w: suffix %s", ErrBadItemName, parse.Quote(sfx)))
		}
	}
	// the pieces' names in a set, and every cell's name looked up in it
	// (not the cells' names in one: there are far more cells than pieces)
	// (and only a name that begins as some piece's is looked up: a grid
	// has thousands of cells and a dozen pieces)
	pieces := make(map[string]bool, len(p.Pieces))
	var first [256]bool // the first bytes of the pieces' names
	for _, pc := range p.Pieces {
		pieces[pc.Name] = false
		if pc.Name != "" {
			first[pc.Name[0]] = true
		}
	}
	for _, names := range [][]string{primary[:len(primary)-len(p.Pieces)], secondary} {
		for _, n := range names {
			if n != "" && !first[n[0]] {
				continue // no piece's name
			}
			if _, ok := pieces[n]; ok {
				pieces[n] = true // a cell's name
			}
		}
	}
	for _, pc := range p.Pieces {
		switch {
		case strings.ContainsAny(pc.Name, bad):
			return parse.At(p.Name, pc.at.line, pc.at.col, fmt.Errorf("%w: piece name %s", ErrBadItemName, parse.Quote(pc.Name)))
		case pieces[pc.Name]:
			return parse.At(p.Name, pc.at.line, pc.at.col, fmt.Errorf("%w: %s", ErrNameClash, parse.Quote(pc.Name)))
		}
	}
	return nil
}
