package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"polyviz/assets"
	"polyviz/geometry"
	"polyviz/polyform"
	"polyviz/solver"
)

// runPieces is `polyviz pieces --lattice L --size N [--one-sided|--fixed]
// [--spec [--box AxB[xC]]|--draw|--count|--json]`: every polyform of N
// cells on lattice L, listed as a table or as pictures, counted, or
// written as the piece lines of a spec in the lattice's format (with a box
// line when --box is given), so that `polyviz solve` reads it.
// `polyviz pieces SET` prints a piece set of the library, as
// `polyviz list --pieces SET` does.
func runPieces(ctx context.Context, std IO, args []string) int {
	req, code, ok := parsePiecesArgs(std, args)
	if !ok {
		return code
	}
	if req.set != nil {
		return listPieceSet(std, "pieces", *req.set, req.output == "json")
	}
	if req.sticks {
		return writeStickPieces(ctx, std, req)
	}
	// enumerate, then name after the library
	pieces, err := polyform.Enumerate(ctx, req.lattice, req.size, polyform.Options{Equivalence: req.eq, MaxPieces: req.maxPieces})
	if tm := (*polyform.TooManyError)(nil); errors.As(err, &tm) {
		why := fmt.Sprintf("each needs about %s", solver.FormatBytes(pieceBytes(req.size)))
		if req.fromMemory {
			why += fmt.Sprintf("; %d fit in the memory limit of %s", req.maxPieces, solver.FormatBytes(defaultMaxMemory()))
		}
		if tm.Expected > 0 {
			fmt.Fprintf(std.Stderr, "polyviz pieces: about %.2g pieces of %s, by the growth of the smaller sizes: far more than --max-pieces %d allows (%s)\n", tm.Expected, count(tm.Size, "cell", "cells"), tm.Limit, why)
			return 1
		}
		fmt.Fprintf(std.Stderr, "polyviz pieces: more than %s of %s on the way: raise --max-pieces to go on (%s)\n", count(tm.Limit, "piece", "pieces"), count(tm.Size, "cell", "cells"), why)
		return 1
	}
	if err != nil {
		return commandFailed(ctx, std, "pieces", err)
	}
	set := pieceList{lattice: req.lattice, size: req.size, eq: req.eq, pieces: pieces}
	set.source = nameAfterLibrary(req.lattice, req.size, req.eq, pieces)
	// write
	switch req.output {
	case "count":
		_, err = fmt.Fprintln(std.Stdout, len(pieces))
	case "json":
		err = set.writeJSON(std.Stdout)
	case "draw":
		err = set.writeDrawings(std.Stdout)
	case "spec":
		set.noteSpec(std.Stderr, req.boxLine)
		err = set.writeSpec(std.Stdout, req.boxLine)
	default:
		err = set.writeTable(std.Stdout)
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz pieces: write: %v\n", err)
		return 1
	}
	return 0
}

// piecesRequest is what the arguments of `polyviz pieces` ask for.
type piecesRequest struct {
	set       *assets.PieceSet // a library set by name, or nil
	lattice   *geometry.Lattice
	sticks    bool // polysticks (--lattice sticks): lattice is nil
	size      int
	eq        polyform.Equivalence
	output    string // "" (a table), "spec", "draw", "count" or "json"
	boxLine   string // with --spec and --box
	maxPieces int
	// fromMemory: maxPieces is the default cut down to the memory limit
	fromMemory bool
}

// pieceBytes is about what one piece of n cells costs while the pieces are
// enumerated, collector's room included: some 1 KB a 13-cell polyomino
// (233 MB for the 238,591 of them, measured).
func pieceBytes(n int) int64 { return 72 * int64(max(n, 1)) }

// parsePiecesArgs reads the flags; when ok is false the command ends with
// code (0 after --help, 2 for bad usage, with the reason said).
func parsePiecesArgs(std IO, args []string) (req piecesRequest, code int, ok bool) {
	var latticeName, box string
	var oneSided, fixed bool
	outputs := map[string]*bool{"spec": new(bool), "draw": new(bool), "count": new(bool), "json": new(bool)}
	fs := pflag.NewFlagSet("pieces", pflag.ContinueOnError)
	fs.StringVarP(&latticeName, "lattice", "L", "", "the lattice: squares (polyominoes), cubes (polycubes), triangles (polyiamonds), hexagons (polyhexes) or sticks (polysticks, whose cells are the squares' edges)")
	fs.IntVarP(&req.size, "size", "n", 0, "the number of cells of each piece")
	fs.BoolVar(&oneSided, "one-sided", false, "pieces up to rotation only: a piece and its mirror image are two pieces")
	fs.BoolVar(&fixed, "fixed", false, "pieces up to translation only: every orientation is a piece")
	fs.BoolVar(outputs["spec"], "spec", false, "write the pieces as a spec in the lattice's format (POLYOMINO-DLX, POLYCUBE-DLX, POLYIAMOND-DLX, polyhex)")
	fs.StringVar(&box, "box", "", "with --spec, the box line: `AxB` cells along x and y (a parallelogram on triangles and hexagons), AxBxC for cubes")
	fs.BoolVar(outputs["draw"], "draw", false, "draw each piece as a text picture")
	fs.BoolVar(outputs["count"], "count", false, "print only the number of pieces")
	fs.BoolVar(outputs["json"], "json", false, "print the pieces as JSON")
	fs.IntVar(&req.maxPieces, "max-pieces", polyform.DefaultMaxPieces, "refuse to hold more than this many pieces of any size on the way (memory)")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz pieces --lattice L --size N [--one-sided|--fixed] [--spec [--box AxB]|--draw|--count|--json]")
		fmt.Fprintln(std.Stderr, "       polyviz pieces SET             print a piece set of the library ("+pieceSetNames()+")")
		fmt.Fprintln(std.Stderr, "Lists every polyform of N cells: free (up to rotation and reflection) unless --one-sided or --fixed.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return req, code, false
	}
	bad := func(msg string) (piecesRequest, int, bool) { return req, piecesUsage(std, fs, msg), false }
	if req.maxPieces < 1 {
		// polyform.Options reads 0 as its default: refused, not silently raised
		return bad(fmt.Sprintf("--max-pieces %d: must be at least 1 (default %d)", req.maxPieces, polyform.DefaultMaxPieces))
	}
	if m := defaultMaxMemory(); !fs.Changed("max-pieces") && m > 0 {
		// under a low limit (ulimit -v, a container) the default million
		// pieces would outgrow the memory and the runtime die of it
		if fit := int(min(m/pieceBytes(req.size), int64(req.maxPieces))); fit < req.maxPieces {
			req.maxPieces, req.fromMemory = max(fit, 1), true
		}
	}
	for _, name := range []string{"spec", "draw", "count", "json"} {
		if *outputs[name] {
			if req.output != "" {
				return bad("--" + req.output + " and --" + name + " exclude each other")
			}
			req.output = name
		}
	}
	if fs.NArg() > 0 {
		if latticeName != "" || req.size != 0 || fs.NArg() > 1 || (req.output != "" && req.output != "json") {
			return bad("give either a piece set's name (and at most --json) or --lattice and --size")
		}
		set, found := assets.LookupPieceSet(fs.Arg(0))
		if !found {
			return bad(fmt.Sprintf("no piece set named %q (the library has %s)", fs.Arg(0), pieceSetNames()))
		}
		req.set = &set
		return req, 0, true
	}
	var err error
	if req.sticks = isSticks(latticeName); !req.sticks {
		if req.lattice, err = latticeNamed(latticeName, "squares, cubes, triangles, hexagons or sticks"); err != nil {
			return bad(err.Error())
		}
	} else if req.output == "draw" || req.output == "json" {
		return bad("--" + req.output + " is for polyforms of cells; polysticks are listed as a table, a count or a spec")
	}
	if req.size < 1 || req.size > polyform.MaxSize {
		return bad(fmt.Sprintf("--size must be 1 to %d", polyform.MaxSize))
	}
	switch {
	case oneSided && fixed:
		return bad("--one-sided and --fixed exclude each other")
	case oneSided:
		req.eq = polyform.OneSided
	case fixed:
		req.eq = polyform.Fixed
	}
	if req.output != "spec" {
		if box != "" {
			return bad("--box goes with --spec")
		}
		return req, 0, true
	}
	if req.size > geometry.Radix {
		return bad(fmt.Sprintf("a spec's coordinates are radix-62 digits: --spec takes pieces of at most %d cells", geometry.Radix))
	}
	if box != "" && req.sticks {
		if req.boxLine, err = stickBox(box); err != nil {
			return bad(err.Error())
		}
	} else if box != "" {
		if req.boxLine, err = boxCells(req.lattice, box); err != nil {
			return bad(err.Error())
		}
	}
	return req, 0, true
}

// piecesUsage says what is wrong with the arguments and returns 2.
func piecesUsage(std IO, fs *pflag.FlagSet, msg string) int {
	fmt.Fprintf(std.Stderr, "polyviz pieces: %s\n", msg)
	fs.Usage()
	return 2
}

// latticeNamed returns the lattice a --lattice value names: the lattice
// ("squares"), its polyforms ("polyominoes") or its spec format ("polyomino").
// Sticks are no lattice of cells: a command that takes them tests isSticks
// first, and want lists the names it accepts, for the errors.
func latticeNamed(name, want string) (*geometry.Lattice, error) {
	switch strings.ToLower(name) {
	case "squares", "square", "polyomino", "polyominoes":
		return geometry.Squares(), nil
	case "cubes", "cube", "polycube", "polycubes":
		return geometry.Cubes(), nil
	case "triangles", "triangle", "polyiamond", "polyiamonds":
		return geometry.Triangles(), nil
	case "hexagons", "hexagon", "polyhex", "polyhexes":
		return geometry.Hexagons(), nil
	case "":
		return nil, errors.New("say --lattice " + want)
	}
	return nil, fmt.Errorf("unknown lattice %q (want %s)", name, want)
}

// cellLattices are the names latticeNamed accepts.
const cellLattices = "squares, cubes, triangles or hexagons"

// pieceList is an enumeration and what the output says about it.
type pieceList struct {
	lattice *geometry.Lattice
	size    int
	eq      polyform.Equivalence
	pieces  []polyform.Piece
	source  string // the library file the names come from, "" for numbered names
}

// chiral counts the chiral pieces.
func (s pieceList) chiral() int {
	n := 0
	for _, p := range s.pieces {
		if p.Chiral {
			n++
		}
	}
	return n
}

// polyformWords names the polyforms of a lattice: "polyomino", "polyominoes".
func polyformWords(l *geometry.Lattice) (one, many string) {
	switch l {
	case geometry.Cubes():
		return "polycube", "polycubes"
	case geometry.Triangles():
		return "polyiamond", "polyiamonds"
	case geometry.Hexagons():
		return "polyhex", "polyhexes"
	}
	return "polyomino", "polyominoes"
}

// motionWords says what e counts as the same piece.
func motionWords(e polyform.Equivalence) string {
	switch e {
	case polyform.OneSided:
		return "up to rotation"
	case polyform.Fixed:
		return "up to translation"
	}
	return "up to rotation and reflection"
}

// title is the one-line summary: "12 free polyominoes of 5 cells (up to
// rotation and reflection)".
func (s pieceList) title() string {
	one, many := polyformWords(s.lattice)
	if len(s.pieces) == 1 {
		many = one
	}
	return fmt.Sprintf("%d %s %s of %s (%s)", len(s.pieces), s.eq, many, count(s.size, "cell", "cells"), motionWords(s.eq))
}

// writeTable writes the title and one row a piece: its name, its
// orientations, whether it is chiral, and its cells in spec notation.
func (s pieceList) writeTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, s.title())
	if s.source != "" {
		fmt.Fprintf(tw, "names as in the library's %s\n", s.source)
	}
	fmt.Fprintln(tw, "NAME\tORIENTATIONS\tCHIRAL\tCELLS")
	for _, p := range s.pieces {
		chiral := "-"
		if p.Chiral {
			chiral = "yes"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", p.Name, p.Orientations, chiral, cellsText(s.lattice, p.Cells))
	}
	return tw.Flush()
}

// writeJSON writes the enumeration for scripts.
func (s pieceList) writeJSON(w io.Writer) error {
	type piece struct {
		Name         string `json:"name"`
		Cells        string `json:"cells"`
		Orientations int    `json:"orientations"`
		Chiral       bool   `json:"chiral"`
	}
	out := struct {
		Lattice     string  `json:"lattice"`
		Size        int     `json:"size"`
		Equivalence string  `json:"equivalence"`
		Count       int     `json:"count"`
		NamesFrom   string  `json:"names_from,omitempty"`
		Pieces      []piece `json:"pieces"`
	}{s.lattice.Name(), s.size, s.eq.String(), len(s.pieces), s.source, []piece{}}
	for _, p := range s.pieces {
		out.Pieces = append(out.Pieces, piece{p.Name, cellsText(s.lattice, p.Cells), p.Orientations, p.Chiral})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeSpec writes the pieces as a spec: comment lines naming the lattice
// (the polyiamond and polyhex readers know their format by it), the box
// line if there is one, a piece line each, and the "| one-sided" or
// "| fixed" line that keeps the pieces to their motions.
func (s pieceList) writeSpec(w io.Writer, boxLine string) error {
	one, _ := polyformWords(s.lattice)
	var b strings.Builder
	fmt.Fprintf(&b, "| %s: %s\n", one, s.title())
	if s.source != "" {
		fmt.Fprintf(&b, "| names as in the library's %s\n", s.source)
	}
	fmt.Fprintf(&b, "| written by polyviz pieces --lattice %s --size %d%s --spec\n", s.lattice, s.size, equivalenceFlag(s.eq))
	if boxLine == "" {
		b.WriteString("| no box yet: put a line of the box's cells before the first piece (or use --box)\n")
	} else {
		b.WriteString(boxLine + "\n")
	}
	for _, p := range s.pieces {
		b.WriteString(p.Name + " " + cellsText(s.lattice, p.Cells) + "\n")
	}
	// the motion lines: planar pieces are turned over unless one-sided,
	// and every piece is turned unless fixed (POLYCUBE-DLX turns but
	// never mirrors, so one-sided polycubes need no line)
	switch {
	case s.eq == polyform.Fixed:
		b.WriteString("| every piece as written, moved by translation only (Knuth's programs turn them):\n| fixed\n")
	case s.eq == polyform.OneSided && s.lattice.Reflects():
		b.WriteString("| every piece turned but never over (Knuth's programs turn them over too):\n| one-sided\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func equivalenceFlag(e polyform.Equivalence) string {
	if e == polyform.Free {
		return ""
	}
	return " --" + e.String()
}

// cellsText writes cells in the spec notation of lattice l: xyz for cubes,
// xy for squares and hexagons, xy or xy' (the ∇ triangle) for triangles,
// each coordinate a radix-62 digit.
func cellsText(l *geometry.Lattice, s geometry.Shape) string {
	parts := make([]string, len(s))
	for i, c := range s {
		parts[i] = cellText(l, c)
	}
	return strings.Join(parts, " ")
}

func cellText(l *geometry.Lattice, c geometry.Cell) string {
	xy := string([]byte{geometry.EncodeDigit(c.X), geometry.EncodeDigit(c.Y)})
	switch {
	case !l.Planar():
		return xy + string(geometry.EncodeDigit(c.Z))
	case l.Kind(c) == 1:
		return xy + "'"
	}
	return xy
}

// boxCells returns the box line for --box: "AxB" is A cells along x and B
// along y (a rectangle of squares, a parallelogram of hexagons, a
// parallelogram of A·B rhombi, two triangles each); "AxBxC" a box of cubes.
// Each extent is 1 to 62, one radix-62 digit.
func boxCells(l *geometry.Lattice, spec string) (string, error) {
	parts := strings.Split(strings.ToLower(spec), "x")
	if len(parts) != l.Axes() {
		return "", fmt.Errorf("--box %q: want %s extents, as %s", spec, strconv.Itoa(l.Axes()), map[bool]string{true: "10x6", false: "2x5x6"}[l.Planar()])
	}
	var line strings.Builder
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > geometry.Radix {
			return "", fmt.Errorf("--box %q: each extent must be a number from 1 to %d", spec, geometry.Radix)
		}
		line.WriteString("[0-" + string(geometry.EncodeDigit(n-1)) + "]")
	}
	if l.Kinds() == 2 {
		return line.String() + " " + line.String() + "'", nil
	}
	return line.String(), nil
}

// noteSpec warns, on w, when the spec's pieces cannot fill its box
// exactly, and when a free set of polycubes holds chiral pieces, which
// POLYCUBE-DLX never mirrors.
func (s pieceList) noteSpec(w io.Writer, boxLine string) {
	if boxLine != "" {
		cells := 1
		for _, r := range strings.Split(strings.Fields(boxLine)[0], "]") {
			if r != "" {
				cells *= geometry.DecodeDigit(r[len(r)-1]) + 1
			}
		}
		cells *= max(1, s.lattice.Kinds())
		if pieces := len(s.pieces) * s.size; pieces != cells {
			fmt.Fprintf(w, "polyviz pieces: note: the pieces have %s, the box %d: no packing fills it exactly\n", count(pieces, "cell", "cells"), cells)
		}
	}
	if n := s.chiral(); s.lattice == geometry.Cubes() && s.eq == polyform.Free && n > 0 {
		what := "pieces are"
		if n == 1 {
			what = "piece is"
		}
		fmt.Fprintf(w, "polyviz pieces: note: POLYCUBE-DLX turns pieces but never mirrors them: %d chiral %s used only in the hand written; --one-sided writes both hands\n", n, what)
	}
}
