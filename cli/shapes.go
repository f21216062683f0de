package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"polyviz/shapeinfo"
)

// runShapes is `polyviz shapes [--json] FILE|PUZZLE`: the facts about every
// piece and the box of a puzzle (cells, symmetry group, identical and
// mirror shapes, connectivity, holes, and on cubes whether each is a burr
// piece, notchable and millable), as a table or as JSON.
func runShapes(ctx context.Context, std IO, args []string) int {
	fs := pflag.NewFlagSet("shapes", pflag.ContinueOnError)
	format := fs.String("format", "", "input format (default: detect)")
	problem := fs.Int("problem", 1, "the problem of a BurrTools file that holds several, from 1")
	asJSON := fs.Bool("json", false, "print a JSON object with one object per shape")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz shapes [--json] [--problem N] FILE|PUZZLE")
		fmt.Fprintln(std.Stderr, "Describes every piece and the box: cells, symmetry group, identical and mirror shapes, connectivity, holes; on cubes burr pieces, notchable and millable.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(std.Stderr, "polyviz shapes: give one file or library puzzle")
		fs.Usage()
		return 2
	}
	in, err := loadPiecesN(ctx, std, fs.Arg(0), *format, *problem)
	if err != nil {
		return commandFailed(ctx, std, "shapes", err)
	}
	space, shapes, err := shapeinfo.FromPuzzle(in.Puzzle)
	if err != nil {
		return commandFailed(ctx, std, "shapes", fmt.Errorf("%s: %w", in.Name, err))
	}
	infos, err := shapeinfo.Describe(ctx, space, shapes)
	if err != nil {
		return commandFailed(ctx, std, "shapes", err)
	}
	if *asJSON {
		err = json.NewEncoder(std.Stdout).Encode(struct {
			Input  string           `json:"input"`
			Space  string           `json:"space"`
			Group  int              `json:"group"`
			Shapes []shapeinfo.Info `json:"shapes"`
		}{in.Name, space.Name(), len(space.Elements()), infos})
	} else {
		err = writeShapesTable(std.Stdout, in.Name, space, infos)
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz shapes: write: %v\n", err)
		return 1
	}
	return 0
}

// writeShapesTable writes one row per shape, then each shape's symmetries
// other than the identity.
func writeShapesTable(w io.Writer, name string, space shapeinfo.Space, infos []shapeinfo.Info) error {
	cubes := len(infos) > 0 && infos[0].Notchable != nil
	if _, err := fmt.Fprintf(w, "%s: %d shapes on %s, whose group has %d symmetries (%d rotations).\n",
		name, len(infos), space.Name(), len(space.Elements()), rotationCount(space)); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	head := "SHAPE\tCELLS\tSYMMETRY\tCHIRAL\tIDENTICAL\tMIRRORS\tCONNECTED\tHOLES 2D\tHOLES 3D"
	if cubes {
		head += "\tBURR\tNOTCHABLE\tMILLABLE"
	}
	fmt.Fprintln(tw, head)
	for _, in := range infos {
		cells := strconv.Itoa(in.Cells)
		if in.Optional > 0 {
			cells += fmt.Sprintf(" (%d optional)", in.Optional)
		}
		name := in.Name
		if in.Copies != "" {
			name += " ×" + in.Copies
		}
		row := []string{name, cells, fmt.Sprintf("%d (%d rot.)", in.Order, in.Rotations), yesNo(in.Chiral),
			listOrDash(in.Identical), listOrDash(in.Mirrors), in.Connected, countOrDash(in.Holes2D), countOrDash(in.Holes3D)}
		if cubes {
			burr := "-"
			if in.Burr > 0 {
				burr = fmt.Sprintf("2x2x%d", in.Burr)
			}
			row = append(row, burr, yesNo(*in.Notchable), yesNo(*in.Millable))
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, in := range infos {
		if in.Order <= 1 {
			continue
		}
		names := make([]string, 0, len(in.Symmetry))
		for _, e := range in.Symmetry[1:] {
			names = append(names, e.Name)
		}
		if _, err := fmt.Fprintf(w, "%s: identity; %s\n", in.Name, strings.Join(names, "; ")); err != nil {
			return err
		}
	}
	return nil
}

func rotationCount(s shapeinfo.Space) int {
	n := 0
	for _, e := range s.Elements() {
		if e.Proper {
			n++
		}
	}
	return n
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func listOrDash(names []string) string {
	if len(names) == 0 {
		return "-"
	}
	return strings.Join(names, " ")
}

func countOrDash(n *int) string {
	if n == nil {
		return "-"
	}
	return strconv.Itoa(*n)
}
