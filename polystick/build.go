package polystick

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"polyviz/polyform"
	"polyviz/solver"
)

// Point is a point of the grid, a corner of the unit squares.
type Point struct{ X, Y int }

// String names the point as Knuth's POLYSTICKS does: "I" and its two
// radix-36 digits ("I11").
func (p Point) String() string {
	if p.X < 0 || p.Y < 0 || p.X > maxCoordinate || p.Y > maxCoordinate {
		return fmt.Sprintf("I%d,%d", p.X, p.Y)
	}
	return "I" + strconv.FormatInt(int64(p.X), 36) + strconv.FormatInt(int64(p.Y), 36)
}

// innerPoints returns the board's points that have all four sticks on the
// board, the only points where two pieces can cross; none when pieces may
// cross.
func (p *Puzzle) innerPoints() []Point {
	if p.Cross {
		return nil
	}
	on := map[polyform.Stick]bool{}
	for _, s := range p.Board {
		on[s] = true
	}
	var out []Point
	for _, s := range p.Board {
		if s.Vertical {
			continue
		}
		// the point at the stick's right end
		x, y := s.X+1, s.Y
		if on[polyform.Stick{X: x, Y: y}] && on[polyform.Stick{X: x, Y: y, Vertical: true}] && on[polyform.Stick{X: x, Y: y - 1, Vertical: true}] {
			out = append(out, Point{x, y})
		}
	}
	slices.SortFunc(out, func(a, b Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return out
}

// straightThrough returns the points where sticks pass straight on:
// both sticks on either side of the point, across or up and down.
func straightThrough(sticks []polyform.Stick) []Point {
	var out []Point
	for _, s := range sticks {
		ex, ey := s.End()
		next := polyform.Stick{X: ex, Y: ey, Vertical: s.Vertical}
		if slices.Contains(sticks, next) {
			pt := Point{ex, ey}
			if !slices.Contains(out, pt) {
				out = append(out, pt)
			}
		}
	}
	return out
}

// Placement is one way to put a piece on the board.
type Placement struct {
	// Piece is the piece's index in Puzzle.Pieces.
	Piece int
	// Sticks are the board's sticks it covers, sorted.
	Sticks []polyform.Stick
	// Points are the inner points it passes straight through.
	Points []Point
}

// Build is a puzzle as exact cover: its placements and the problem whose
// option i is placement i.
type Build struct {
	*Puzzle
	Placements []Placement
	Problem    *solver.Problem
	// Inner are the board's inner points (the secondary items).
	Inner []Point
	// index finds a placement by its piece and sticks (symmetry images).
	index map[string]int
}

// MaxPlacements bounds the placements Build makes, counted before it makes
// them as pieces × 8 orientations × sticks of the board (an upper bound):
// a few hundred megabytes.
const MaxPlacements = 4_000_000

// key names a piece's placement by its sticks.
func placementKey(piece int, sticks []polyform.Stick) string {
	return fmt.Sprint(piece, sticks)
}

// Build lists every placement of every piece and makes the exact cover
// problem (see problem).
func (p *Puzzle) Build() (*Build, error) {
	return p.BuildContext(context.Background())
}

// BuildContext is Build that stops, returning ctx.Err(), when ctx is
// cancelled while the placements are listed or the options added: a large
// board has millions.
func (p *Puzzle) BuildContext(ctx context.Context) (*Build, error) {
	if err := p.checkSize(); err != nil {
		return nil, err
	}
	b := &Build{Puzzle: p, Inner: p.innerPoints(), index: map[string]int{}}
	on := map[polyform.Stick]bool{}
	lo, hi := p.Board[0], p.Board[0]
	for _, s := range p.Board {
		on[s] = true
		lo.X, lo.Y = min(lo.X, s.X), min(lo.Y, s.Y)
		hi.X, hi.Y = max(hi.X, s.X), max(hi.Y, s.Y)
	}
	inner := map[Point]bool{}
	for _, pt := range b.Inner {
		inner[pt] = true
	}
	eq := polyform.Free
	if p.OneSided {
		eq = polyform.OneSided
	}
	tried := 0 // positions tried, most of them off the board
	for i, pc := range p.Pieces {
		for _, o := range polyform.StickOrientations(pc.Sticks, eq) {
			for dy := lo.Y; dy <= hi.Y; dy++ {
				for dx := lo.X; dx <= hi.X; dx++ {
					if tried&(1<<12-1) == 0 && ctx.Err() != nil {
						return nil, ctx.Err()
					}
					tried++
					moved := make([]polyform.Stick, len(o))
					fits := true
					for k, s := range o {
						moved[k] = polyform.Stick{X: s.X + dx, Y: s.Y + dy, Vertical: s.Vertical}
						if !on[moved[k]] {
							fits = false
							break
						}
					}
					if !fits {
						continue
					}
					pl := Placement{Piece: i, Sticks: moved}
					for _, pt := range straightThrough(moved) {
						if inner[pt] {
							pl.Points = append(pl.Points, pt)
						}
					}
					b.index[placementKey(i, moved)] = len(b.Placements)
					b.Placements = append(b.Placements, pl)
				}
			}
		}
	}
	prob, err := b.items()
	if err != nil {
		return nil, err
	}
	for k, pl := range b.Placements {
		if k&(1<<12-1) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err := prob.AddOption(b.optionItems(pl)...); err != nil {
			return nil, err
		}
	}
	if err := prob.Err(); err != nil {
		return nil, err
	}
	b.Problem = prob
	return b, nil
}

// BuildProblem is BuildContext's problem alone, for a load that left it
// to be built when needed.
func (p *Puzzle) BuildProblem(ctx context.Context) (*solver.Problem, error) {
	b, err := p.BuildContext(ctx)
	if err != nil {
		return nil, err
	}
	return b.Problem, nil
}

// Check returns the error Build would return, but for the context's,
// without listing the placements: a load that wants no problem (the
// pieces alone) still says what is wrong with the spec.
func (p *Puzzle) Check() error {
	if err := p.checkSize(); err != nil {
		return err
	}
	b := &Build{Puzzle: p, Inner: p.innerPoints()}
	_, err := b.items()
	return err
}

// checkSize refuses a board whose placements would pass MaxPlacements.
func (p *Puzzle) checkSize() error {
	if n := len(p.Pieces) * polyform.StickMotions * len(p.Board); n > MaxPlacements {
		return fmt.Errorf("%s: %d pieces on %d sticks may make up to %d placements, more than polyviz builds (%d)", p.Name, len(p.Pieces), len(p.Board), n, MaxPlacements)
	}
	return nil
}

// problem makes the exact cover problem of the placements listed (option
// k is placement keep[k]): see items.
func (b *Build) problem(keep []int) (*solver.Problem, error) {
	prob, err := b.items()
	if err != nil {
		return nil, err
	}
	for _, k := range keep {
		if err := prob.AddOption(b.optionItems(b.Placements[k])...); err != nil {
			return nil, err
		}
	}
	return prob, prob.Err()
}

// items makes the problem without its options: primary items the pieces
// that must be placed (with their multiplicities) and the board's sticks,
// secondary items the pieces that may be left out (0-1|) and the inner
// points. Its error is the one the options would meet (prob.Err).
func (b *Build) items() (*solver.Problem, error) {
	var primary, secondary []string
	for _, pc := range b.Pieces {
		if pc.Min == 0 && pc.Max == 1 {
			secondary = append(secondary, pc.Name)
		} else {
			primary = append(primary, pc.Name)
		}
	}
	for _, s := range b.Board {
		primary = append(primary, s.String())
	}
	for _, pt := range b.Inner {
		secondary = append(secondary, pt.String())
	}
	prob := solver.NewProblem(primary, secondary)
	for _, pc := range b.Pieces {
		if (pc.Min != 1 || pc.Max != 1) && !(pc.Min == 0 && pc.Max == 1) {
			if err := prob.SetMultiplicity(pc.Name, pc.Min, pc.Max); err != nil {
				return nil, err
			}
		}
	}
	return prob, prob.Err()
}

// optionItems names a placement's items: its piece, sticks and points.
func (b *Build) optionItems(pl Placement) []string {
	items := []string{b.Pieces[pl.Piece].Name}
	for _, s := range pl.Sticks {
		items = append(items, s.String())
	}
	for _, pt := range pl.Points {
		items = append(items, pt.String())
	}
	return items
}

// Decode returns the placements of a solution's options.
func (b *Build) Decode(options []int) []Placement {
	out := make([]Placement, len(options))
	for i, o := range options {
		out[i] = b.Placements[o]
	}
	return out
}
