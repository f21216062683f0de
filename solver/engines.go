package solver

import (
	"context"
	"fmt"
)

// The engines and how Solve picks one. Each is a maker of task searches
// for the driver (driver.go): dancing links (dlxsearch.go), and the bitset
// engine's two searches: problems without multiplicities go to the
// option-bitset search (bitsopt.go), the others to the first-empty search
// (bitssearch.go).

// engineBitsName names the bitset engine in checkpoints (Checkpoint.Engine),
// engineCellName the cell search.
const (
	engineBitsName = "bits"
	engineCellName = "cell"
)

// cellEngine is the cell search on p; ok is false when it does not apply
// to p.
func cellEngine(p *Problem) (e searchEngine, ok bool) {
	c, why := newCellPlan(p)
	if why != "" {
		return searchEngine{}, false
	}
	return searchEngine{kind: EngineCell, name: engineCellName,
		newSearch: func() (taskSearch, error) { return newCellSearch(c), nil }, shuffle: true, ownTree: true}, true
}

// dlxEngine is dancing links on p; its first search builds the structure,
// under ctx.
func dlxEngine(ctx context.Context, p *Problem, opt Options) searchEngine {
	poll := int64(pollInterval)
	if opt.pollEvery > 0 {
		poll = opt.pollEvery
	}
	e := searchEngine{kind: EngineDLX, newSearch: dlxFactory(ctx, p, poll)}
	if p.hasMultiplicities() {
		e.noCk = "the problem has items with multiplicities (Algorithm M)"
	}
	return e
}

// bitsEngine is the bitset engine on p; ok is false when it does not
// apply to p. Its plan is built under ctx (the option walk's, of at most
// optMaxOptions options, takes milliseconds).
func bitsEngine(ctx context.Context, p *Problem) (e searchEngine, ok bool, err error) {
	w, why := bitsWords(p)
	if why != "" {
		return mergedBits(ctx, p) // past 512 items, it may fit with like items merged
	}
	// one plan: the first-empty walk's took a fifth of Bedlam's setup when
	// it was built and then dropped for the option walk's
	var factory func() taskSearch
	own := !optApplies(p)
	if own {
		if factory, err = firstEmptyFactory(ctx, p, w); err != nil {
			return searchEngine{}, false, err
		}
	} else {
		factory = optFactory(p)
	}
	return searchEngine{kind: EngineBits, name: engineBitsName, newSearch: infallible(factory), shuffle: true, ownTree: own}, true, nil
}

// infallible is a maker of searches on a plan built already: making one
// builds nothing big, and cannot fail.
func infallible(f func() taskSearch) func() (taskSearch, error) {
	return func() (taskSearch, error) { return f(), nil }
}

// pickEngine returns the engine a Solve runs: a checkpoint's goes on with
// the engine that took it, whatever opt.Engine says; an ordered listing
// with EngineAuto keeps DLX1's order; the cell search and the bitset
// engine run when asked for and they apply (the cell search falls back on
// the bitset engine, then on dancing links). It returns ctx's error when
// ctx ends while a plan is built; dancing links builds its structure, and
// looks at ctx, in its first search.
func pickEngine(ctx context.Context, p *Problem, opt Options) (searchEngine, error) {
	want := opt.Engine
	if c := opt.Resume; c != nil {
		switch c.Engine {
		case engineBitsName:
			e, ok, err := bitsEngine(ctx, p)
			if err != nil {
				return searchEngine{}, err
			}
			if !ok {
				return searchEngine{}, fmt.Errorf("solver: %w: it was taken by the bitset engine, which does not apply to this problem", ErrCheckpointBad)
			}
			return e, nil
		case engineCellName:
			e, ok := cellEngine(p)
			if !ok {
				return searchEngine{}, fmt.Errorf("solver: %w: it was taken by the cell search, which does not apply to this problem", ErrCheckpointBad)
			}
			return e, nil
		case "":
			want = EngineDLX
		default:
			return searchEngine{}, fmt.Errorf("solver: %w: taken by engine %q", ErrCheckpointBad, c.Engine)
		}
	}
	if want == EngineAuto && opt.Ordered {
		want = EngineDLX
	}
	if want == EngineCell {
		if e, ok := cellEngine(p); ok {
			return e, nil
		}
	}
	if want != EngineDLX {
		if e, ok, err := bitsEngine(ctx, p); ok || err != nil {
			return e, err
		}
	}
	return dlxEngine(ctx, p, opt), nil
}

// optFactory returns the maker of option-bitset searches on p's plan.
func optFactory(p *Problem) func() taskSearch {
	switch optWords(p.NumOptions()) {
	case 16:
		return optMaker(newOptPlan[[16]uint64](p))
	case 32:
		return optMaker(newOptPlan[[32]uint64](p))
	case 64:
		return optMaker(newOptPlan[[64]uint64](p))
	default:
		return optMaker(newOptPlan[[128]uint64](p))
	}
}

func optMaker[O optSet](x *optPlan[O]) func() taskSearch {
	return func() taskSearch { return newOptSearch(x) }
}

// firstEmptyFactory returns the maker of first-empty searches on p's plan
// with masks of w words, built under ctx.
func firstEmptyFactory(ctx context.Context, p *Problem, w int) (func() taskSearch, error) {
	// bitsOrder's order, on the options of the items made once for it
	// and the plan
	cols := newItemOptions(p)
	order, _ := orderItems(p, false, cols)
	switch w {
	case 1:
		return bitsMaker(newBitsPlan[[1]uint64](ctx, p, order, &cols))
	case 2:
		return bitsMaker(newBitsPlan[[2]uint64](ctx, p, order, &cols))
	case 4:
		return bitsMaker(newBitsPlan[[4]uint64](ctx, p, order, &cols))
	default:
		return bitsMaker(newBitsPlan[[8]uint64](ctx, p, order, &cols))
	}
}

func bitsMaker[M mask](b *bitsPlan[M], err error) (func() taskSearch, error) {
	if err != nil {
		return nil, err
	}
	return func() taskSearch { return newBitsSearch(b) }, nil
}
