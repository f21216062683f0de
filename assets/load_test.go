package assets_test

// These tests read the library with the real loader and solver (packages
// puzzle and solver); the other tests of this package use their own reader
// and counter, so each side checks the other.

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"polyviz/assets"
	"polyviz/burrtools"
	"polyviz/formats"
	"polyviz/lepage"
	"polyviz/puzzle"
	"polyviz/solver"
)

func loadEntry(t *testing.T, e assets.Entry) *puzzle.Loaded {
	t.Helper()
	f := puzzle.FormatPolycube
	switch e.Format {
	case assets.Polyomino:
		f = puzzle.FormatPolyomino
	case assets.Lepage:
		f = lepage.Format
	case assets.Polyiamond:
		f = puzzle.FormatPolyiamond
	case assets.Polyhex:
		f = puzzle.FormatPolyhex
	case assets.BurrTools:
		f = burrtools.Format
	}
	l, err := formats.Load(e.File, e.Data(), string(f), puzzle.LoadOptions{})
	if err != nil {
		t.Fatalf("%s: %v", e.Name, err)
	}
	if auto, err := formats.Load(e.File, e.Data(), "", puzzle.LoadOptions{}); err != nil || auto.Format != f {
		t.Errorf("%s: format detection gives %v (%v), want %v", e.Name, auto.Format, err, f)
	}
	return l
}

// TestLoadEveryEntry: every file parses without warnings, and the loader
// sees the cells, pieces and piece volume the catalogue states.
func TestLoadEveryEntry(t *testing.T) {
	for i, e := range assets.Catalog() {
		t.Run(e.Name, func(t *testing.T) {
			skipSomeInShort(t, i, e)
			if !e.Format.Packing() {
				t.Skip("not a packing: see TestFillominoAndAntislideEntries")
			}
			l := loadEntry(t, e)
			p := l.Puzzle
			if p == nil {
				t.Fatal("no puzzle")
			}
			if len(l.Warnings) > 0 || len(p.Warnings) > 0 {
				t.Errorf("warnings: %v %v", l.Warnings, p.Warnings)
			}
			flat := e.Format == assets.Polyomino || e.Format == assets.Polyiamond || e.Format == assets.Polyhex || (e.Format == assets.Lepage && !strings.Contains(e.Dimensions[strings.Index(e.Dimensions, "x")+1:], "x"))
			if p.Planar != flat {
				t.Errorf("planar = %v for format %s", p.Planar, e.Format)
			}
			if len(p.Box) != e.Cells {
				t.Errorf("box has %d cells, catalogue says %d", len(p.Box), e.Cells)
			}
			pieces, volume := 0, 0
			for _, pc := range p.Pieces {
				if pc.Min != pc.Max || pc.Min < 1 {
					t.Errorf("piece %s has multiplicity %d..%d; the library uses fixed counts", pc.Name, pc.Min, pc.Max)
				}
				pieces += pc.Max
				volume += pc.Max * pc.Cells
			}
			if pieces != e.Pieces {
				t.Errorf("%d pieces, catalogue says %d", pieces, e.Pieces)
			}
			if volume != e.Cells {
				t.Errorf("the pieces cover %d cells, the box has %d", volume, e.Cells)
			}
		})
	}
}

// TestRawCounts solves the small puzzles with package solver and compares
// the number of solutions of the DLX problem with the catalogue's raw count.
func TestRawCounts(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	names := []string{
		"pentomino-3x20", "soma", "tetromino-5x8", "tetromino-4x10", "tetracube-2x2x8",
		"soma-bathtub", "soma-steps", "soma-pyramid", "soma-crystal", "soma-sofa", "soma-tunnel", "soma-wall",
		"tetromino-onesided-5x6",
	}
	if testing.Short() {
		names = names[:2]
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			e, ok := assets.Lookup(name)
			if !ok || !e.Counts.Raw.Known() {
				t.Fatalf("no entry with a raw count")
			}
			l := loadEntry(t, e)
			st, err := solver.Solve(context.Background(), l.Problem, solver.Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != e.Counts.Raw.N {
				t.Errorf("solver finds %d solutions, catalogue says %d raw", st.Solutions, e.Counts.Raw.N)
			}
		})
	}
}

var long = flag.Bool("long", false, "also recount the large puzzles with package solver (minutes)")

// TestLongCounts recounts, with -long, the figures marked CheckedLong (all
// solutions enumerated by package solver, orbits counted by this package's
// own code) and CheckedLock (a cube puzzle with one asymmetric piece locked
// to its first orientation: one solution per rotation class).
func TestLongCounts(t *testing.T) {
	if !*long {
		t.Skip("use -long")
	}
	for _, e := range assets.Catalog() {
		c := e.Counts
		if c.Raw.Checked != assets.CheckedLong && c.Rotations.Checked != assets.CheckedLock {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			l := loadEntry(t, e)
			start := time.Now()
			if c.Rotations.Checked == assets.CheckedLock {
				lock := assets.LockPiece(e)
				prob, err := lockedProblem(l.Puzzle, lock)
				if err != nil {
					t.Fatal(err)
				}
				st, err := solver.Solve(context.Background(), prob, solver.Options{}, nil)
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s locked: %d solutions in %v", lock, st.Solutions, time.Since(start))
				if st.Solutions != c.Rotations.N || 24*st.Solutions != c.Raw.N {
					t.Errorf("%d solutions with %s locked; catalogue: %d up to rotation, %d raw", st.Solutions, lock, c.Rotations.N, c.Raw.N)
				}
				if c.All.Known() && c.All.N != c.Rotations.N {
					t.Errorf("all %d != rotations %d for a set not closed under reflection", c.All.N, c.Rotations.N)
				}
				return
			}
			placements := l.Puzzle.Placements()
			var sols [][]assets.Placed
			st, err := solver.Solve(context.Background(), l.Problem, solver.Options{}, func(s solver.Solution) bool {
				var sol []assets.Placed
				for _, o := range s.Options {
					pl := placements[o]
					p := assets.Placed{Piece: pl.Piece}
					for _, c := range pl.Cells {
						p.Cells = append(p.Cells, [3]int{c.X, c.Y, c.Z})
					}
					sol = append(sol, p)
				}
				sols = append(sols, sol)
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			rot, all, _, err := assets.CountOrbits(e, sols)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("raw %d, rotations %d, all %d in %v", st.Solutions, rot, all, time.Since(start))
			if st.Solutions != c.Raw.N || int64(rot) != c.Rotations.N || (c.All.Known() && int64(all) != c.All.N) {
				t.Errorf("counted raw %d, rotations %d, all %d; catalogue %d, %d, %d",
					st.Solutions, rot, all, c.Raw.N, c.Rotations.N, c.All.N)
			}
		})
	}
}

// lockedProblem builds the exact cover problem of p with the named piece
// restricted to the placements of its first orientation.
func lockedProblem(p *puzzle.Puzzle, lock string) (*solver.Problem, error) {
	if lock == "" {
		return nil, fmt.Errorf("no piece with 24 orientations to lock")
	}
	var items []string
	for _, c := range p.Box {
		items = append(items, c.String())
	}
	for _, pc := range p.Pieces {
		items = append(items, pc.Name)
	}
	prob := solver.NewProblem(items, nil)
	for _, pl := range p.Placements() {
		name := p.Pieces[pl.Piece].Name
		if name == lock && pl.Orientation != 0 {
			continue
		}
		opt := []string{name}
		for _, c := range pl.Cells {
			opt = append(opt, c.String())
		}
		if err := prob.AddOption(opt...); err != nil {
			return nil, err
		}
	}
	return prob, nil
}

// TestLepageCounts solves the library's Lepage files with his lock and
// constraints, as polyviz lepage does, and compares with the number of
// solutions his README gives (the larger ones with -long; cli's
// TestLepageReference checks the smaller ones byte for byte too).
func TestLepageCounts(t *testing.T) {
	if raceEnabled {
		t.Skip("a pure computation: the plain pass runs it")
	}
	for _, e := range assets.Catalog() {
		if e.Format != assets.Lepage {
			continue
		}
		t.Run(e.Name, func(t *testing.T) {
			c := e.Counts.Raw
			switch {
			case c.Checked == assets.CheckedLepageLong && !*long:
				t.Skip("use -long")
			case c.Checked != assets.CheckedLepage && c.Checked != assets.CheckedLepageLong:
				t.Fatalf("check %q", c.Checked)
			case testing.Short() && e.Cells > 27 && e.Dimensions != "3x20":
				t.Skip("short: slow under the race detector")
			}
			l := loadEntry(t, e)
			start := time.Now()
			st, err := solver.Solve(context.Background(), l.Problem, solver.Options{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d solutions in %v", st.Solutions, time.Since(start))
			if st.Solutions != c.N {
				t.Errorf("%d solutions, his README says %d", st.Solutions, c.N)
			}
		})
	}
}
