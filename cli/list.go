package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"polyviz/assets"
	"polyviz/lepage"
)

// runList is `polyviz list [--json] [--long] [NAME...]`: it prints the
// built-in puzzle library as a table (name, dimensions, pieces, distinct
// solutions, title), every detail of each entry with --long, or the
// catalogue as JSON for scripts. Names restrict the listing to those entries.
func runList(ctx context.Context, std IO, args []string) int {
	var asJSON, long bool
	var pieces, family string
	fs := pflag.NewFlagSet("list", pflag.ContinueOnError)
	fs.SetOutput(std.Stderr)
	fs.BoolVar(&asJSON, "json", false, "print the catalogue as JSON")
	fs.BoolVarP(&long, "long", "l", false, "print every detail: description, source, all three counts")
	fs.StringVar(&family, "family", "", "list one family only (a word of its name is enough: pentominoes, soma, polyiamonds, ...); --family help lists them")
	fs.StringVar(&pieces, "pieces", "", "list a predefined piece `set` instead of the puzzles: lepage (Marc Lepage's 41 pieces), or print a polyiamond or polyhex set's spec lines (hexiamonds, tetrahexes, ...)")
	fs.Usage = func() {
		fmt.Fprintln(std.Stderr, "usage: polyviz list [flags] [PUZZLE...]")
		fmt.Fprintln(std.Stderr, "Lists the built-in puzzles; any command that takes a SPEC also takes one of their names.")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(std, fs, args); !ok {
		return code
	}
	if pieces != "" {
		return listPieces(std, pieces, asJSON)
	}
	if strings.EqualFold(family, "help") {
		if _, err := fmt.Fprintln(std.Stdout, strings.Join(assets.Families(), "\n")); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz list: write: %v\n", err)
			return 1
		}
		return 0
	}
	entries, err := selectEntries(fs.Args())
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz list: %v\n", err)
		return 1
	}
	if family != "" {
		if entries, err = selectFamily(entries, family); err != nil {
			fmt.Fprintf(std.Stderr, "polyviz list: %v\n", err)
			return 2 // a bad flag value, as --pieces
		}
	}
	switch {
	case asJSON:
		err = writeCatalogJSON(std.Stdout, entries)
	case long:
		err = writeCatalogLong(std.Stdout, entries)
	default:
		err = writeCatalogTable(std.Stdout, entries)
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz list: %v\n", err)
		return 1
	}
	return 0
}

// selectEntries returns the named entries in the order given, or the whole
// catalogue when no name is given.
func selectEntries(names []string) ([]assets.Entry, error) {
	if len(names) == 0 {
		return assets.Catalog(), nil
	}
	var out []assets.Entry
	for _, n := range names {
		e, ok := assets.Lookup(n)
		if !ok {
			return nil, fmt.Errorf("no puzzle named %q (see polyviz list)", n)
		}
		out = append(out, e)
	}
	return out, nil
}

// selectFamily keeps the entries of the family whose name contains word
// (case aside), or fails naming the families.
func selectFamily(entries []assets.Entry, word string) ([]assets.Entry, error) {
	var fam string
	for _, f := range assets.Families() {
		if strings.Contains(strings.ToLower(f), strings.ToLower(word)) {
			fam = f
			break
		}
	}
	if fam == "" {
		return nil, fmt.Errorf("--family %s: no such family; the families: %s", word, strings.Join(assets.Families(), ", "))
	}
	var out []assets.Entry
	for _, e := range entries {
		if e.Family == fam {
			out = append(out, e)
		}
	}
	return out, nil
}

// publishedCell is the PUBLISHED column: the figure a source gives and the
// mode it counts in (all, rot or raw), or "-".
func publishedCell(e assets.Entry) string {
	c, mode, ok := e.Counts.Published()
	if !ok {
		return "-"
	}
	return fmt.Sprintf("%d %s", c.N, map[string]string{"all": "all", "rotations": "rot", "raw": "raw"}[mode])
}

// writeCatalogTable writes one line per entry. DISTINCT is the count up to
// rotation and reflection (see the assets package), marked "?" while polyviz
// has not confirmed it; PUBLISHED is the figure of the entry's source in
// the mode it counts in, which may be another mode than DISTINCT's.
func writeCatalogTable(w io.Writer, entries []assets.Entry) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tDIMENSIONS\tPIECES\tDISTINCT\tPUBLISHED\tTITLE")
	unconfirmed := false
	for _, e := range entries {
		distinct := "-"
		if c, ok := e.Counts.Distinct(); ok {
			distinct = fmt.Sprint(c.N)
			if !c.Verified() {
				distinct += "?"
				unconfirmed = true
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\n", e.Name, e.Dimensions, e.Pieces, distinct, publishedCell(e), e.Title)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	note := "\nDISTINCT: solutions up to rotation and reflection; PUBLISHED: the source's figure, counted up to rotation and reflection (all), up to rotation (rot) or raw."
	if unconfirmed {
		note += "\n? = published, not yet confirmed by polyviz."
	}
	_, err := fmt.Fprintln(w, note)
	return err
}

// writeCatalogLong writes a paragraph per entry. The buffer keeps the first
// write error and Flush returns it (list -l > /dev/full fails, as list does).
func writeCatalogLong(out io.Writer, entries []assets.Entry) error {
	w := bufio.NewWriter(out)
	for i, e := range entries {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s: %s\n", e.Name, e.Title)
		fmt.Fprintf(w, "  family: %s\n", e.Family)
		fmt.Fprintf(w, "  %s\n", e.Description)
		fmt.Fprintf(w, "  format %s, %s, %d cells, %d pieces\n", e.Format, e.Dimensions, e.Cells, e.Pieces)
		fmt.Fprintf(w, "  source: %s\n", e.Source)
		for _, k := range []struct {
			label string
			c     assets.Count
		}{
			{"raw", e.Counts.Raw},
			{"up to rotation", e.Counts.Rotations},
			{"up to rotation and reflection", e.Counts.All},
		} {
			if !k.c.Known() {
				continue
			}
			check := "unverified"
			if k.c.Verified() {
				check = k.c.Checked
			}
			fmt.Fprintf(w, "  %s: %d (%s; %s)\n", k.label, k.c.N, k.c.Source, check)
		}
	}
	return w.Flush()
}

// writeCatalogJSON writes the entries as a JSON array.
func writeCatalogJSON(w io.Writer, entries []assets.Entry) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(entries)
}

// listPieces prints a predefined piece set: one line per piece (name, size,
// his group, cubes as x,y,z with z from the bottom up), or JSON.
func listPieces(std IO, set string, asJSON bool) int {
	if ps, ok := assets.LookupPieceSet(set); ok {
		return listPieceSet(std, "list", ps, asJSON)
	}
	if set != "lepage" {
		fmt.Fprintf(std.Stderr, "polyviz list: no piece set %q (want lepage, %s)\n", set, pieceSetNames())
		return 2
	}
	pieces := lepage.Pieces()
	var err error
	if asJSON {
		type jsonPiece struct {
			Name  string   `json:"name"`
			Group string   `json:"group"`
			Cubes [][3]int `json:"cubes"`
		}
		out := make([]jsonPiece, 0, len(pieces))
		for _, p := range pieces {
			jp := jsonPiece{Name: p.Name, Group: p.Group, Cubes: [][3]int{}}
			for _, c := range p.Cubes {
				jp.Cubes = append(jp.Cubes, [3]int{c.X, c.Y, c.Z})
			}
			out = append(out, jp)
		}
		enc := json.NewEncoder(std.Stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(out)
	} else {
		tw := tabwriter.NewWriter(std.Stdout, 0, 8, 2, ' ', 0)
		fmt.Fprintln(tw, "NAME\tCUBES\tGROUP\tCOORDINATES (x y z; x right, y up, z from the bottom)")
		for _, p := range pieces {
			fmt.Fprintf(tw, "%s\t%d\t%s\t", p.Name, len(p.Cubes), p.Group)
			for i, c := range p.Cubes {
				if i > 0 {
					fmt.Fprint(tw, " ")
				}
				fmt.Fprintf(tw, "%d%d%d", c.X, c.Y, c.Z)
			}
			fmt.Fprintln(tw)
		}
		err = tw.Flush()
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz list: %v\n", err)
		return 1
	}
	return 0
}
