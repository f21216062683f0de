package fillomino

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"polyviz/solver"
)

// ErrTooManyOptions: the exact-cover problem would be larger than asked.
var ErrTooManyOptions = errors.New("too many options")

// DefaultMaxOptions bounds the options Build makes unless told otherwise:
// far above FILLOMINO-DLX's outputs on the reference puzzles (tens of
// thousands), and about 1.3 GB of memory built and written (a blank 10x10
// board has 188,607 options with labels 1-8, 2.0 million with 1-10).
const DefaultMaxOptions = 1_000_000

// BuildOptions are the settings of Build; the zero value is Knuth's.
type BuildOptions struct {
	// Labels allowed in solutions; zero means 1 to the largest clue.
	Labels Labels
	// MaxOptions stops with ErrTooManyOptions past this many options
	// (0: DefaultMaxOptions).
	MaxOptions int
}

// Option is one feasible d-omino: its label, its cells (r*Cols+c, in the
// order Algorithm R chose them) and the names of its boundary items.
type Option struct {
	Label int
	Cells []int
	Edges []string
}

// Build is a grid's exact-cover problem: primary items (the cells, in
// row-major order), secondary items (the boundary edges) and options, as
// FILLOMINO-DLX writes them.
type Build struct {
	Grid      *Grid
	Labels    Labels
	Primary   []string
	Secondary []string
	Options   []Option
}

// cellName is FILLOMINO-DLX's name of cell (i, j): "%x%x".
func cellName(i, j int) string { return fmt.Sprintf("%x%x", i, j) }

// Build makes g's exact-cover problem. For each allowed label d, in
// increasing order, and each cell in row-major order, it lists the feasible
// d-ominoes starting there (see board.polyominoes). A blank cell of a
// d-omino gets the secondary item of each of its sides that faces a blank
// cell outside it: "hijd" north or south, "vijd" west or east, named by the
// cell below or to the right of the edge. Those items exist for every edge
// between two blank cells and every allowed d.
func (g *Grid) Build(ctx context.Context, opt BuildOptions) (*Build, error) {
	labels, err := opt.Labels.For(g)
	if err != nil {
		return nil, err
	}
	limit := opt.MaxOptions
	if limit <= 0 {
		limit = DefaultMaxOptions
	}
	b := &Build{Grid: g, Labels: labels}
	blank := func(i, j int) bool { return g.Clue[i*g.Cols+j] == 0 }
	for i := range g.Rows {
		for j := range g.Cols {
			b.Primary = append(b.Primary, cellName(i, j))
		}
	}
	ds := labels.List()
	for i := range g.Rows {
		for j := 1; j < g.Cols; j++ {
			if blank(i, j) && blank(i, j-1) {
				for _, d := range ds {
					b.Secondary = append(b.Secondary, fmt.Sprintf("v%x%x%x", i, j, d))
				}
			}
		}
	}
	for i := 1; i < g.Rows; i++ {
		for j := range g.Cols {
			if blank(i, j) && blank(i-1, j) {
				for _, d := range ds {
					b.Secondary = append(b.Secondary, fmt.Sprintf("h%x%x%x", i, j, d))
				}
			}
		}
	}
	bd := newBoard(g)
	for _, d := range ds {
		for di := range g.Rows {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for dj := range g.Cols {
				ok := bd.polyominoes(d, di, dj, func(vv []int) bool {
					b.Options = append(b.Options, b.option(d, vv))
					return len(b.Options) <= limit
				})
				if !ok {
					return nil, fmt.Errorf("%s: %w: more than %d (allow fewer labels, or give more clues)", g.Name, ErrTooManyOptions, limit)
				}
			}
		}
	}
	return b, nil
}

// option turns the cells vv of a d-omino into an Option.
func (b *Build) option(d int, vv []int) Option {
	g := b.Grid
	o := Option{Label: d, Cells: make([]int, len(vv))}
	in := func(t int) bool {
		for _, c := range vv {
			if c == t {
				return true
			}
		}
		return false
	}
	for p, c := range vv {
		i, j := unpack(c)
		o.Cells[p] = i*g.Cols + j
	}
	for _, c := range vv {
		i, j := unpack(c)
		if g.Clue[i*g.Cols+j] != 0 {
			continue
		}
		blank := func(i, j int) bool { return g.Clue[i*g.Cols+j] == 0 }
		for q := 1; q <= 4; q++ {
			if in(c + dir[q]) {
				continue
			}
			switch q {
			case 1:
				if i > 0 && blank(i-1, j) {
					o.Edges = append(o.Edges, fmt.Sprintf("h%x%x%x", i, j, d))
				}
			case 2:
				if j > 0 && blank(i, j-1) {
					o.Edges = append(o.Edges, fmt.Sprintf("v%x%x%x", i, j, d))
				}
			case 3:
				if j < g.Cols-1 && blank(i, j+1) {
					o.Edges = append(o.Edges, fmt.Sprintf("v%x%x%x", i, j+1, d))
				}
			case 4:
				if i < g.Rows-1 && blank(i+1, j) {
					o.Edges = append(o.Edges, fmt.Sprintf("h%x%x%x", i+1, j, d))
				}
			}
		}
	}
	return o
}

// WriteDLX writes the problem as FILLOMINO-DLX does: the header comment,
// the grid's lines echoed as comments, the item line (cells, '|', edges)
// and one line per option.
func (b *Build) WriteDLX(w io.Writer) error {
	bw := bufio.NewWriter(w)
	g := b.Grid
	bw.WriteString("| fillomino-dlx:\n")
	lines := g.Lines
	if lines == nil && g.Rows > 0 {
		lines = splitRows(g.String())
	}
	for _, line := range lines {
		bw.WriteString("| " + line + "\n")
	}
	for _, name := range b.Primary {
		bw.WriteString(name + " ")
	}
	bw.WriteString("|")
	for _, name := range b.Secondary {
		bw.WriteString(" " + name)
	}
	bw.WriteString("\n")
	for _, o := range b.Options {
		for _, c := range o.Cells {
			bw.WriteString(" " + cellName(c/g.Cols, c%g.Cols))
		}
		for _, e := range o.Edges {
			bw.WriteString(" " + e)
		}
		bw.WriteString("\n")
	}
	return bw.Flush()
}

// splitRows splits text into its lines, without the '\n's.
func splitRows(s string) []string {
	var rows []string
	for len(s) > 0 {
		k := 0
		for k < len(s) && s[k] != '\n' {
			k++
		}
		rows = append(rows, s[:k])
		s = s[min(k+1, len(s)):]
	}
	return rows
}

// Problem is the exact-cover problem for the solver; option k is
// b.Options[k].
func (b *Build) Problem() (*solver.Problem, error) {
	if len(b.Primary) == 0 {
		return nil, noCellsError{b.Grid.Name}
	}
	p := solver.NewProblem(b.Primary, b.Secondary)
	items := make([]string, 0, 2*MaxLabel)
	for _, o := range b.Options {
		items = items[:0]
		for _, c := range o.Cells {
			items = append(items, b.Primary[c])
		}
		items = append(items, o.Edges...)
		if err := p.AddOption(items...); err != nil {
			return nil, err
		}
	}
	if err := p.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", b.Grid.Name, err)
	}
	return p, nil
}

// noCellsError is ErrNoCells for a named grid; it is also the solver's
// ErrNoPrimary, which DLX1 reports for the same input ("No items!").
type noCellsError struct{ name string }

func (e noCellsError) Error() string { return e.name + ": " + ErrNoCells.Error() }

func (e noCellsError) Is(target error) bool {
	return target == ErrNoCells || target == solver.ErrNoPrimary
}
