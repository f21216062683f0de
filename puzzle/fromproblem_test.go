package puzzle

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"polyviz/geometry"
	"polyviz/solver"
)

// TestFromProblemGenerated: the DLX file polyviz writes for a spec (as
// POLYOMINO-DLX, POLYCUBE-DLX, POLYIAMOND-DLX or polyhex-dlx would) reads
// back as the spec's puzzle, with its lattice, box, pieces and distinct
// count, whatever the order of its item line or options and with or
// without the comment naming the program: pieces named like cells ("P1",
// "Top"), hexagons, triangles ("00'") and suffixed cells included.
func TestFromProblemGenerated(t *testing.T) {
	for _, tc := range []struct {
		file          string
		format        Format
		distinct, raw int64
	}{
		{"fromproblem/tetrahex-4x7.txt", FormatAuto, 9, 18},
		{"fromproblem/n1.txt", FormatAuto, 1, 2},
		{"polyiamond/classic/hexiamond-6x6.txt", FormatPolyiamond, 156, 624},
		{"fromproblem/soma-cellnames.txt", FormatAuto, 240, 11520},
		{"fromproblem/pentomino-3x20-cellnames.txt", FormatAuto, 2, 8},
		{"fromproblem/triamond-cellnames.txt", FormatAuto, 68, 136},
		{"fromproblem/suffixed-dominoes.txt", FormatAuto, 612, 2448},
		{"knuth/specs/soma-3x3x3.txt", FormatAuto, 240, 11520},
		{"knuth/specs/pentomino-3x20.txt", FormatAuto, 2, 8},
	} {
		t.Run(filepath.Base(tc.file), func(t *testing.T) {
			spec, err := Load(tc.file, mustRead(t, filepath.Join("testdata", tc.file)), tc.format)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := spec.Puzzle.WriteDLX(&out); err != nil {
				t.Fatal(err)
			}
			// -short (the race pass, where a count takes ten times longer):
			// the packings are compared, the counts only of the small ones
			// and of the file as written
			count := !testing.Short() || tc.raw <= 200
			want := fmt.Sprint([2]int64{tc.distinct, tc.raw})
			if count {
				if got := fmt.Sprint(distinctCounts(t, spec.Puzzle)); want != got {
					t.Fatalf("the spec counts %s, want %s", got, want)
				}
			}
			for _, v := range dlxVariants(out.String()) {
				d, err := Load(v.name+".dlx", []byte(v.text), FormatDLX)
				if err != nil {
					t.Fatalf("%s: %v", v.name, err)
				}
				if d.Puzzle == nil {
					t.Fatalf("%s: not read as a packing", v.name)
				}
				if diff := samePacking(spec.Puzzle, d.Puzzle); diff != "" {
					t.Fatalf("%s: %s", v.name, diff)
				}
				if !count || testing.Short() && v.name != "as written" {
					continue
				}
				if got := fmt.Sprint(distinctCounts(t, d.Puzzle)); got != want {
					t.Errorf("%s: the DLX file counts %s, the spec %s", v.name, got, want)
				}
			}
		})
	}
}

// dlxVariant is a DLX file, named for how it was changed.
type dlxVariant struct{ name, text string }

// dlxVariants returns a DLX file as written; with its item line reversed
// (pieces before cells, secondary items reversed too); without its
// comments (so that nothing names the program); and without comments,
// with options in reverse order and the item line reversed.
func dlxVariants(text string) []dlxVariant {
	var items string
	var options []string
	for line := range strings.Lines(text) {
		switch {
		case strings.HasPrefix(line, "|"):
		case items == "":
			items = line
		default:
			options = append(options, line)
		}
	}
	var comments string
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, "|") {
			comments += line
		}
	}
	prim, sec, _ := strings.Cut(strings.TrimSpace(items), " | ")
	reverse := func(s string) string {
		f := strings.Fields(s)
		slices.Reverse(f)
		return strings.Join(f, " ")
	}
	reversed := reverse(prim)
	if sec != "" {
		reversed += " | " + reverse(sec)
	}
	reversed += "\n"
	backwards := slices.Clone(options)
	slices.Reverse(backwards)
	return []dlxVariant{
		{"as written", text},
		{"pieces first", comments + reversed + strings.Join(options, "")},
		{"no comments", items + strings.Join(options, "")},
		{"no comments, backwards", reversed + strings.Join(backwards, "")},
	}
}

// samePacking says how a puzzle read from a DLX file differs from the
// spec's ("" when it does not): lattice, box, cells with suffixes,
// pieces (by name, in any order) and their sizes and multiplicities.
func samePacking(spec, d *Puzzle) string {
	switch {
	case d.lattice() != spec.lattice():
		return fmt.Sprintf("lattice %v, want %v", d.lattice(), spec.lattice())
	case !d.Box.Equal(spec.Box):
		return fmt.Sprintf("box %v, want %v", d.Box, spec.Box)
	case len(d.fullCells()) != len(spec.fullCells()):
		return fmt.Sprintf("%d cells with the suffixed ones, want %d", len(d.fullCells()), len(spec.fullCells()))
	case len(d.Pieces) != len(spec.Pieces):
		return fmt.Sprintf("%d pieces, want %d", len(d.Pieces), len(spec.Pieces))
	case len(d.Placements()) != len(spec.Placements()):
		return fmt.Sprintf("%d placements, want %d", len(d.Placements()), len(spec.Placements()))
	}
	for _, pc := range spec.Pieces {
		k := d.PieceIndex(pc.Name)
		if k < 0 {
			return fmt.Sprintf("no piece %s", pc.Name)
		}
		if got := d.Pieces[k]; got.Cells != pc.Cells || got.Min != pc.Min || got.Max != pc.Max {
			return fmt.Sprintf("piece %s: %d cells, %d:%d; want %d, %d:%d", pc.Name, got.Cells, got.Min, got.Max, pc.Cells, pc.Min, pc.Max)
		}
	}
	return ""
}

// distinctCounts returns the solutions distinct under rotations and
// reflections, and the raw count.
func distinctCounts(t *testing.T, pz *Puzzle) [2]int64 {
	t.Helper()
	st, err := pz.SolveDistinct(context.Background(), DistinctAll, solver.Options{Workers: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return [2]int64{st.Distinct, st.Raw}
}

// TestFromProblemRefuses: exact-cover problems that are no packings stay
// problems without a puzzle, even when their options begin with one item
// each and every name is two radix-62 digits, as in the n queens.
func TestFromProblemRefuses(t *testing.T) {
	queens := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "r%d c%d ", i, i)
		}
		b.WriteString("|")
		for d := range 2*n - 1 {
			fmt.Fprintf(&b, " a%d b%d", d, d)
		}
		b.WriteString("\n")
		for i := range n {
			for j := range n {
				fmt.Fprintf(&b, "r%d c%d a%d b%d\n", i, j, i+j, n-1-i+j)
			}
		}
		return b.String()
	}
	for _, tc := range []struct{ name, dlx string }{
		{"queens 4", queens(4)},
		{"queens 8", queens(8)},
		{"Knuth's DLX1 example", "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n"},
		// one item begins each option, but the others are no cells
		{"words", "x y z p q\nx p q\ny p\nz q\n"},
		// cells of two kinds
		{"mixed cells", "00 000 A\nA 00 000\n"},
		// pieces named like cells, not connected
		{"scattered", "00 01 02 03 A1 B1\nA1 00 02\nB1 01 03\nA1 01 03\nB1 00 02\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Load(tc.name+".dlx", []byte(tc.dlx), FormatDLX)
			if err != nil {
				t.Fatal(err)
			}
			if l.Puzzle != nil {
				t.Errorf("read as a packing of %d pieces on %d cells", len(l.Puzzle.Pieces), len(l.Puzzle.Box))
			}
		})
	}
}

// TestFromProblemKnuthFiles: the DLX files Knuth's programs wrote read
// as packings on their lattices, triangles included.
func TestFromProblemKnuthFiles(t *testing.T) {
	for _, tc := range []struct {
		file    string
		lattice *geometry.Lattice
		pieces  int
	}{
		{"polyiamond/classic/hexiamond-6x6.dlx", geometry.Triangles(), 12},
		{"knuth/dlx/soma-3x3x3.dlx", geometry.Cubes(), 7},
		{"knuth/dlx/pentomino-3x20.dlx", geometry.Squares(), 12},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		l, err := Load(tc.file, data, FormatAuto)
		if err != nil {
			t.Fatal(err)
		}
		if l.Puzzle == nil || l.Puzzle.lattice() != tc.lattice || len(l.Puzzle.Pieces) != tc.pieces {
			t.Errorf("%s: %+v", tc.file, l.Puzzle)
		}
	}
}
