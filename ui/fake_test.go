package ui

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"polyviz/geometry"
)

// The fake backend reads a toy format: the first line is the box as a
// number of cells in a row ("4"), every further line a piece as "NAME LEN":
// a straight piece LEN cells long, placed lying along the row at every
// offset. "bad" on line 2 is a parse error at column 1.
func fakeLoad(name string, data []byte) (*Puzzle, error) {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	var n int
	if _, err := fmt.Sscan(lines[0], &n); err != nil || n < 1 {
		return nil, &LoadError{File: name, Line: 1, Col: 1, Err: errors.New("want the box length")}
	}
	// a ".dlx" file stands for one whose items are not cells: no
	// distinct counts
	p := &Puzzle{Name: name, Distinct: !strings.HasSuffix(name, ".dlx")}
	for x := range n {
		p.Box = append(p.Box, geometry.Cell{X: x})
	}
	for i, line := range lines[1:] {
		var pname string
		var k int
		if _, err := fmt.Sscan(line, &pname, &k); err != nil || k < 1 {
			return nil, &LoadError{File: name, Line: i + 2, Col: 1, Err: errors.New("decreasing range")}
		}
		var shape geometry.Shape
		for x := range k {
			shape = append(shape, geometry.Cell{X: x})
		}
		pc := Piece{Name: pname, Min: 1, Max: 1, Cells: k, Orientations: []geometry.Shape{shape}}
		for off := 0; off+k <= n; off++ {
			p.Placements = append(p.Placements, Placement{Piece: i, Cells: shape.Translate(geometry.Cell{X: off})})
			pc.Placements++
		}
		p.Pieces = append(p.Pieces, pc)
	}
	p.Options = len(p.Placements)
	p.Option = func(i int) string {
		pl := p.Placements[i]
		return fmt.Sprintf("%s %v", p.Pieces[pl.Piece].Name, pl.Cells)
	}
	return p, nil
}

// fakeSolve enumerates the exact covers by brute force (every piece once,
// every cell once). With slow set it sleeps between solutions and starts
// over at the end, until cancelled: a search that never ends by itself.
// In a distinct mode a solution and its mirror image (the row turned end
// over end) count as one; the sorted option list that is the lesser of the
// two stands for both.
func fakeSolve(slow bool) func(ctx context.Context, p *Puzzle, opt SolveOptions, visit func(Solution) bool) (SolveStats, error) {
	return func(ctx context.Context, p *Puzzle, opt SolveOptions, visit func(Solution) bool) (SolveStats, error) {
		var st SolveStats
		emit := func(s Solution) bool {
			st.Solutions++
			return visit(s)
		}
		if opt.Distinct != DistinctRaw {
			st.Note = "A row has 2 symmetries."
			count := emit
			emit = func(s Solution) bool {
				s = slices.Sorted(slices.Values(s))
				m := fakeMirror(p, s)
				if slices.Compare(m, s) < 0 {
					return true // its mirror image stands for it
				}
				st.Raw += 2
				if slices.Equal(m, s) {
					st.Raw--
				}
				return count(s)
			}
		}
		used := map[geometry.Cell]bool{}
		var chosen Solution
		var rec func(piece int) bool // false: stop
		rec = func(piece int) bool {
			st.Nodes++
			if ctx.Err() != nil {
				return false
			}
			if piece == len(p.Pieces) {
				if len(used) != len(p.Box) {
					return true
				}
				if opt.Progress != nil {
					opt.Progress(Progress{Solutions: st.Solutions, Nodes: st.Nodes, Fraction: 0.5})
				}
				if !emit(append(Solution(nil), chosen...)) || (opt.Max > 0 && st.Solutions >= opt.Max) {
					return false
				}
				if slow {
					time.Sleep(2 * time.Millisecond)
				}
				return true
			}
		next:
			for o, pl := range p.Placements {
				if pl.Piece != piece {
					continue
				}
				for _, c := range pl.Cells {
					if used[c] {
						continue next
					}
				}
				for _, c := range pl.Cells {
					used[c] = true
				}
				chosen = append(chosen, o)
				ok := rec(piece + 1)
				chosen = chosen[:len(chosen)-1]
				for _, c := range pl.Cells {
					delete(used, c)
				}
				if !ok {
					return false
				}
			}
			return true
		}
		for rec(0) && slow {
		}
		return st, ctx.Err()
	}
}

// fakeMirror is the image of solution s (sorted options) with the row
// turned end over end, sorted.
func fakeMirror(p *Puzzle, s Solution) Solution {
	n := len(p.Box)
	out := make(Solution, 0, len(s))
	for _, o := range s {
		pl := p.Placements[o]
		lo, hi := geometry.Shape(pl.Cells).Bounds()
		off := n - 1 - hi.X - lo.X // the mirror of [lo, hi] starts at n-1-hi
		for k, q := range p.Placements {
			if q.Piece == pl.Piece && q.Cells[0].X == pl.Cells[0].X+off {
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// fakeDraw paints the scene's piece count into a flat colour, so tests can
// see what the view was asked to show.
type fakeDraw struct{ calls atomic.Int64 }

func (f *fakeDraw) draw(s *Scene, cam Camera, w, h int) image.Image {
	f.calls.Add(1)
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	c := color.NRGBA{uint8(40 * len(s.Pieces)), 0x80, 0x40, 0xff}
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

func fakeBackend(slow bool) (*Backend, *fakeDraw) {
	fd := &fakeDraw{}
	return &Backend{
		Load:  fakeLoad,
		Pick:  fakePick,
		Facts: fakeFacts,
		Solve: fakeSolve(slow),
		Draw:  fd.draw,
		SymmetryNote: func(p *Puzzle) string {
			return "A row has 2 symmetries."
		},
		WriteDLX: func(p *Puzzle, w io.Writer) error {
			for i := range p.Options {
				fmt.Fprintln(w, p.Option(i))
			}
			return nil
		},
		Catalog: func() []CatalogEntry {
			return []CatalogEntry{{Name: DefaultPuzzle, Title: "Three in a row", Data: func() ([]byte, error) { return []byte(threeInARow), nil }}}
		},
	}, fd
}

// threeInARow packs a domino and a monomino into a row of 3: 2 solutions.
const threeInARow = "3\nD 2\nM 1\n"

// fourInARow packs a domino and two monominoes into a row of 4: the domino
// goes at 0, 1 or 2 and the monominoes take the two cells left either way
// round, 3·2 = 6 solutions.
const fourInARow = "4\nD 2\nE 1\nF 1\n"

// uiQueue stands in for the UI goroutine: background jobs post functions to
// it and the test runs them, so that every widget change happens on the
// test's goroutine as it would on the UI goroutine.
type uiQueue struct {
	mu    sync.Mutex
	queue []func()
}

func (q *uiQueue) do(f func()) {
	q.mu.Lock()
	q.queue = append(q.queue, f)
	q.mu.Unlock()
}

// pending is the number of functions posted and not yet run.
func (q *uiQueue) pending() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.queue)
}

// drainUntil runs posted functions until cond holds, or fails after a
// minute (a guard against a hang, not a timing test).
func (q *uiQueue) drainUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		q.mu.Lock()
		fs := q.queue
		q.queue = nil
		q.mu.Unlock()
		for _, f := range fs {
			f()
		}
		if len(fs) == 0 {
			time.Sleep(time.Millisecond)
		}
	}
}

// newTestWindow builds the window on a test app with a fake backend.
func newTestWindow(t *testing.T, slow bool) (*window, *uiQueue, *fakeDraw) {
	t.Helper()
	a := test.NewTempApp(t)
	b, fd := fakeBackend(slow)
	w := newWindow(a, b)
	q := &uiQueue{}
	w.do = q.do
	w.win.Resize(fyne.NewSize(1200, 760))
	t.Cleanup(func() {
		w.solver.Stop()
		q.drainUntil(t, "the last run to end", func() bool { return !w.solver.Running() })
		w.close()
	})
	return w, q, fd
}

// fakePick sees the scene's box as a row of cells across the image: pixel
// x is over cell x·len(Box)/w, and the piece is the first one shown there.
func fakePick(s *Scene, cam Camera, w, h, x, y int) (int, bool) {
	if s == nil || len(s.Box) == 0 || w <= 0 {
		return 0, false
	}
	cx := x * len(s.Box) / w
	for k, sp := range s.Pieces {
		for _, c := range sp.Cells {
			if c.X+int(sp.Offset[0]) == cx {
				return k, true
			}
		}
	}
	return 0, false
}

// fakeFacts gives a solution the level 1 + the domino's first cell, except
// that a domino at cell 1 is locked; in a distinct mode every class has 2
// solutions. It checks the context as a long search would.
func fakeFacts(p *Puzzle, d Distinct) func(ctx context.Context, s Solution) (SolutionFacts, error) {
	return func(ctx context.Context, s Solution) (SolutionFacts, error) {
		if err := ctx.Err(); err != nil {
			return SolutionFacts{}, err
		}
		f := SolutionFacts{Level: LevelUnknown}
		if d != DistinctRaw {
			f.Class = 2
		}
		for _, o := range s {
			if pl := p.Placements[o]; p.Pieces[pl.Piece].Name == "D" {
				f.Level = pl.Cells[0].X + 1
				if pl.Cells[0].X == 1 {
					f.Level = LevelLocked
				}
			}
		}
		return f, nil
	}
}
