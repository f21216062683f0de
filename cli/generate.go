package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"polyviz/fileout"
	"polyviz/generate"
	"polyviz/geometry"
	"polyviz/shapeinfo"
)

// runGenerate is `polyviz generate TEMPLATE [filters] [--out FILE]`: every
// piece that fits a template shape (its fixed cells and any subset of its
// optional ones), kept when it passes the filters, once up to rotation
// (or as --unique says); BurrTools' piece generation in one step. The
// template is a puzzle's box (file or library name; its optional cells are
// the optional ones, all of them when it has none; on BurrTools' other
// grids an .xmpuzzle problem's result shape, its variable voxels optional,
// the pieces written as an .xmpuzzle on that grid), a box size "2x2x2" or
// "3x3" (every cell optional), or "burr" (the six-piece burr's bar).
func runGenerate(ctx context.Context, std IO, args []string) int {
	fs := pflag.NewFlagSet("generate", pflag.ContinueOnError)
	format := fs.String("format", "", "input format of a template file (default: detect)")
	problem := fs.Int("problem", 1, "the problem of a BurrTools file that holds several, from 1")
	latticeName := fs.String("lattice", "", "the lattice of a box size template: cubes (AxBxC) or squares, triangles, hexagons (AxB)")
	connected := fs.String("connected", "face", "keep pieces whose cells hang together via: face, edge, corner, or any (no test)")
	noHoles := fs.Bool("no-holes", false, "drop pieces that enclose empty cells (a cavity in space, a hole in the plane)")
	chiral := fs.Bool("chiral", false, "drop pieces that equal their mirror image (BurrTools: drop shapes with mirror symmetry)")
	asym := fs.Bool("asymmetric", false, "drop pieces with any symmetry (BurrTools: drop all shapes with a symmetry)")
	millable := fs.Bool("millable", false, "keep only millable pieces (cubes: no inside corners)")
	notchable := fs.Bool("notchable", false, "keep only notchable pieces (cubes: made by saw cuts alone)")
	unique := fs.String("unique", "rotation", "keep one piece of those the same up to: rotation, mirror (rotation and reflection), translation, or none (every subset)")
	minCells := fs.Int("min", 0, "drop pieces of fewer cells")
	maxCells := fs.Int("max", 0, "drop pieces of more cells (0: no limit); past --max-subsets, the pieces joined through faces of at most this many cells are grown instead")
	maxSubsets := fs.Uint64("max-subsets", generate.DefaultMaxSubsets, "refuse a template with more subsets of its optional cells (2^k for k cells), or with more joined subsets to grow")
	out := fs.String("out", "", "write the pieces as a piece set: a BurrTools file (.xmpuzzle) or a spec in the lattice's format (any other name, - for standard output)")
	asJSON := fs.Bool("json", false, "print the pieces as JSON")
	count := fs.Bool("count", false, "print only the number of pieces")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz generate [filters] [--out FILE|--json|--count] FILE|PUZZLE|AxBxC|AxB|burr")
		fmt.Fprintln(std.Stderr, "Every piece that fits the template: its fixed cells and any subset of its optional ones (a box's")
		fmt.Fprintln(std.Stderr, "optional cells; every cell of a box without them or of a size AxBxC), kept when it passes the filters.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	bad := func(msg string) int {
		fmt.Fprintf(std.Stderr, "polyviz generate: %s\n", msg)
		fs.Usage()
		return 2
	}
	if fs.NArg() != 1 {
		return bad("give one template: a file, a library puzzle, a box size (2x2x2) or burr")
	}
	if *asJSON && *count {
		return bad("--json and --count exclude each other")
	}
	var f generate.Filter
	var err error
	if f.Connected, err = generate.ParseJoined(*connected); err != nil {
		return bad(err.Error())
	}
	if f.Unique, err = generate.ParseUnique(*unique); err != nil {
		return bad(err.Error())
	}
	f.NoHoles, f.Chiral, f.Asymmetric, f.Millable, f.Notchable = *noHoles, *chiral, *asym, *millable, *notchable
	if *minCells < 0 || *maxCells < 0 || (*maxCells > 0 && *minCells > *maxCells) {
		return bad(fmt.Sprintf("--min %d --max %d: no piece can have that many cells", *minCells, *maxCells))
	}
	f.Min, f.Max = *minCells, *maxCells
	if *maxSubsets == 0 {
		// generate.Options reads 0 as its default: a 0 given is refused, not silently raised
		return bad(fmt.Sprintf("--max-subsets 0: a template has at least one subset; give 1 or more (default %d)", uint64(generate.DefaultMaxSubsets)))
	}
	name, tp, note, err := generateTemplate(ctx, std, fs.Arg(0), *format, *problem, *latticeName)
	if err != nil {
		return commandFailed(ctx, std, "generate", err)
	}
	if (f.Millable || f.Notchable) && tp.Lattice != geometry.Cubes() {
		return bad("--millable and --notchable test pieces made of cubes; the template is on " + tp.Space())
	}
	if tp.Grid != nil && f.Connected > generate.Faces {
		return bad("--connected " + f.Connected.String() + ": pieces on BurrTools' " + tp.Space() + " grid are joined through faces (face) or not tested (any)")
	}
	if *out != "" {
		// before the generation, which can take minutes
		if msg := outRefusal(tp, f.Unique, *out); msg != "" {
			fmt.Fprintf(std.Stderr, "polyviz generate: --out %s: %s\n", *out, msg)
			return 2
		}
	}
	res, err := generate.Generate(ctx, tp, generate.Options{Filter: f, MaxSubsets: *maxSubsets})
	if tm := (*generate.TooManyError)(nil); errors.As(err, &tm) {
		hint := "raise --max-subsets to go on (a microsecond or a few each), or make some cells fixed or leave them out"
		switch {
		case tm.Joined:
			hint = "lower --max, or raise --max-subsets to go on (a microsecond or a few each)"
		case tp.Grid == nil && f.Connected == generate.Faces && tm.Limit == 0:
			hint = "give --max: the pieces of at most that many cells joined through faces are grown instead"
		case tp.Grid == nil && f.Connected == generate.Faces:
			hint += "; or give --max: the pieces of at most that many cells joined through faces are grown instead"
		case tm.Limit == 0 && tp.Grid == nil:
			hint = "make some cells fixed or leave them out, or ask for pieces joined through faces (--connected face) with --max, which are grown instead"
		case tm.Limit == 0:
			hint = "make some cells fixed or leave them out"
		}
		fmt.Fprintf(std.Stderr, "polyviz generate: %v: %s\n", err, hint)
		return 1
	}
	if err != nil {
		return commandFailed(ctx, std, "generate", err)
	}
	for i, p := range res.Pieces {
		if p.Holes < 0 && !*count && (*out == "" || *asJSON) { // the table and JSON show holes
			if tp.Grid != nil {
				res.Pieces[i].Holes = generate.GridHoles(tp.Grid, p.Cells)
			} else {
				res.Pieces[i].Holes = shapeinfo.Holes(shapeinfo.Space{Lattice: tp.Lattice}, p.Cells)
			}
		}
	}
	g := generated{name: name, note: note, res: res}
	switch {
	case *count:
		_, err = fmt.Fprintln(std.Stdout, len(res.Pieces))
	case *asJSON:
		err = g.writeJSON(std.Stdout)
	case *out == "":
		err = g.writeTable(std.Stdout)
	default:
		fmt.Fprintln(std.Stderr, g.title())
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz generate: write: %v\n", err)
		return 1
	}
	if *out != "" {
		write := g.writeSpec
		if isXMPuzzle(*out) {
			write = g.writeXMPuzzle
		}
		if err := fileout.WriteContext(ctx, *out, std.Stdout, write); err != nil {
			return commandFailed(ctx, std, "generate", err)
		}
	}
	return 0
}

// isXMPuzzle reports whether --out names a BurrTools file.
func isXMPuzzle(out string) bool { return strings.HasSuffix(strings.ToLower(out), ".xmpuzzle") }

// outRefusal says why the pieces of template t, the same up to u, cannot
// be written to out ("" when they can): a file that would hold another
// set than the one listed is refused. BurrTools turns every piece every
// way it can, so a set of one-sided (squares: mirror images two pieces)
// or fixed pieces would be read back as free ones; a spec carries those
// (| one-sided, | fixed), but not pieces of BurrTools' other grids.
func outRefusal(t generate.Template, u generate.Unique, out string) string {
	if !isXMPuzzle(out) {
		if t.Grid != nil {
			return "pieces on BurrTools' " + t.Space() + " grid are written as a BurrTools file: give --out NAME.xmpuzzle"
		}
		return ""
	}
	switch {
	case t.Grid == nil && t.Lattice != geometry.Cubes() && t.Lattice != geometry.Squares():
		return "a BurrTools file holds pieces of cubes or squares (polyviz xmpuzzle turns a spec of triangles into prisms); write a spec instead"
	case u == generate.Translation || u == generate.Every:
		return "BurrTools turns every piece, so pieces kept up to translation alone (--unique " + u.String() + ") would be read back as turning; write a spec (it says | fixed)"
	case u == generate.Rotation && t.Grid == nil && t.Lattice.Planar():
		return "BurrTools turns flat pieces over, so one-sided pieces (--unique rotation, the default) would be read back as free; give --unique mirror, or write a spec (it says | one-sided)"
	}
	return ""
}

// sizeTemplate matches a box size: 2x2x2, 3x3.
var sizeTemplate = regexp.MustCompile(`^[0-9]+x[0-9]+(x[0-9]+)?$`)

// generateTemplate reads the template an argument names, with a note on
// where its optional cells come from.
func generateTemplate(ctx context.Context, std IO, arg, format string, problem int, latticeName string) (name string, t generate.Template, note string, err error) {
	if strings.EqualFold(arg, "burr") {
		if latticeName != "" {
			return "", t, "", usageError{errors.New("--lattice goes with a box size template (2x2x2); burr is made of cubes")}
		}
		t, err = generate.BurrTemplate()
		return "burr", t, "the six-piece burr's 2x2x6 bar: its ends and the cubes beside them fixed", err
	}
	if _, statErr := os.Stat(arg); statErr != nil && sizeTemplate.MatchString(strings.ToLower(arg)) {
		var dims []int
		for _, p := range strings.Split(strings.ToLower(arg), "x") {
			n, err := strconv.Atoi(p)
			if err != nil || n < 1 || n > geometry.Radix {
				return "", t, "", usageError{fmt.Errorf("box size %q: each side is 1 to %d cells", arg, geometry.Radix)}
			}
			dims = append(dims, n)
		}
		l := geometry.Cubes()
		if len(dims) == 2 {
			l = geometry.Squares()
		}
		if isSticks(latticeName) {
			return "", t, "", usageError{errors.New("--lattice sticks: polysticks are not generated (polyviz pieces -L sticks lists them); generate takes " + cellLattices)}
		}
		if latticeName != "" {
			if l, err = latticeNamed(latticeName, cellLattices); err != nil {
				return "", t, "", usageError{err}
			}
			if l.Planar() != (len(dims) == 2) {
				return "", t, "", usageError{fmt.Errorf("box size %q: %s take %d sides", arg, l.Name(), l.Axes())}
			}
		}
		t, err = generate.NewTemplate(l, nil, generate.Box(l, dims...))
		return arg, t, "every cell optional", err
	}
	if latticeName != "" {
		return "", t, "", usageError{errors.New("--lattice goes with a box size template (2x2x2); a file says its own")}
	}
	in, err := loadProblemN(ctx, std, arg, format, problem)
	if err != nil {
		return "", t, "", err
	}
	p := in.Puzzle
	if p == nil {
		return "", t, "", fmt.Errorf("%s: an exact cover problem has no box to be a template", in.Name)
	}
	l := p.Lattice
	if gr := p.Grid(); gr != nil {
		var fixed, optional geometry.Shape
		for _, c := range p.Box {
			if len(p.Optional) == 0 || p.Optional.Contains(c) {
				optional = append(optional, c)
			} else {
				fixed = append(fixed, c)
			}
		}
		note = "its result shape: filled cells fixed, variable ones optional"
		if len(p.Optional) == 0 {
			note = "its result shape, every cell optional (it has no variable cells)"
		}
		t, err = generate.NewGridTemplate(gr, fixed, optional)
		return in.Name, t, note, err
	}
	switch {
	case l == nil && p.Planar:
		l = geometry.Squares()
	case l == nil:
		l = geometry.Cubes()
	}
	if len(p.Optional) == 0 {
		t, err = generate.NewTemplate(l, nil, p.Box)
		return in.Name, t, "its box, every cell optional (it has no optional cells)", err
	}
	var fixed geometry.Shape
	for _, c := range p.Box {
		if !p.Optional.Contains(c) {
			fixed = append(fixed, c)
		}
	}
	t, err = generate.NewTemplate(l, fixed, p.Optional)
	return in.Name, t, "its box: filled cells fixed, optional cells optional", err
}

// generated is a generation and how the output names it.
type generated struct {
	name, note string
	res        generate.Result
}

// title is the summary line.
func (g generated) title() string {
	t := g.res.Template
	tried := count(g.res.Tried, "subset", "subsets") + " tried"
	if g.res.Joined {
		tried = fmt.Sprintf("%s of %s grown", count(g.res.Tried, "joined subset", "joined subsets"), g.res.Filter.Sizes())
	}
	return fmt.Sprintf("%s: template of %s on %s (%d fixed, %d optional; %s): %s, %s kept (%s)",
		g.name, count(len(t.Fixed)+len(t.Optional), "cell", "cells"), t.Space(), len(t.Fixed), len(t.Optional), g.note,
		tried, count(len(g.res.Pieces), "piece", "pieces"), g.res.Filter)
}

// pieceNames are the pieces' names, each: its cells and its place among the pieces
// of that size, as `polyviz pieces` names polyforms ("5-3").
func (g generated) pieceNames() []string {
	names := make([]string, len(g.res.Pieces))
	k := 0
	for i, p := range g.res.Pieces {
		if i > 0 && len(p.Cells) != len(g.res.Pieces[i-1].Cells) {
			k = 0
		}
		k++
		names[i] = fmt.Sprintf("%d-%d", len(p.Cells), k)
	}
	return names
}

func (g generated) writeTable(w io.Writer) error {
	cubes := g.res.Template.Lattice == geometry.Cubes()
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, g.title())
	head := "NAME\tCELLS\tSUBSETS\tSYMMETRY\tCHIRAL\tCONNECTED\tHOLES"
	if cubes {
		head += "\tNOTCHABLE\tMILLABLE"
	}
	fmt.Fprintln(tw, head+"\tSHAPE")
	yes := map[bool]string{true: "yes", false: "-"}
	names := g.pieceNames()
	for i, p := range g.res.Pieces {
		row := fmt.Sprintf("%s\t%d\t%d\t%d\t%s\t%s\t%d", names[i], len(p.Cells), p.Subsets, p.Order, yes[p.Chiral], p.Connected, p.Holes)
		if cubes {
			row += "\t" + yes[p.Notchable] + "\t" + yes[p.Millable]
		}
		fmt.Fprintln(tw, row+"\t"+g.cellsText(p.Cells))
	}
	return tw.Flush()
}

// cellsText writes cells in the template's lattice's notation; a grid's
// index triples as cubes' are.
func (g generated) cellsText(s geometry.Shape) string {
	if l := g.res.Template.Lattice; l != nil {
		return cellsText(l, s)
	}
	return cellsText(geometry.Cubes(), s)
}
