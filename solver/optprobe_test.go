package solver

import (
	"math/rand/v2"
	"testing"
)

// TestProberReplaysOnce: the prober, which replays a prefix once and takes
// its probes back between probes of the same prefix, gives exactly the
// probes of a search that replays the prefix before every probe, on
// prefixes at several depths, each probed a few times in a row and
// revisited after others (as Split probes its pieces).
func TestProberReplaysOnce(t *testing.T) {
	for _, name := range []string{"pentomino-6x10.dlx", "soma-3x3x3.dlx", "bedlam-4x4x4.dlx"} {
		t.Run(name, func(t *testing.T) {
			p := bitsRef(t, name)
			pr := optFactory(p)().(proberMaker).newProber()
			ref := optFactory(p)()
			// prefixes: the root, its children, and some grandchildren
			prefixes := [][]int32{nil}
			var kids [][]int32
			ref.children(nil, &kids, false)
			for i, k := range kids {
				prefixes = append(prefixes, k)
				if i%3 == 0 {
					var g [][]int32
					ref.children(k, &g, false)
					for j := 0; j < len(g); j += 4 {
						prefixes = append(prefixes, g[j])
					}
				}
			}
			pick := rand.New(rand.NewPCG(7, 7))
			r1 := rand.New(rand.NewPCG(1, 2))
			r2 := rand.New(rand.NewPCG(1, 2))
			repeated := 0
			for range 600 {
				prefix := prefixes[pick.IntN(len(prefixes))]
				for range 1 + pick.IntN(4) {
					got, gotOK := pr.probe(prefix, r1)
					want, wantOK := replayProbe(ref, prefix, r2)
					if got != want || gotOK != wantOK {
						t.Fatalf("prefix %v: probe %v %v, replayed %v %v", prefix, got, gotOK, want, wantOK)
					}
					repeated++
				}
			}
			if repeated < 1000 {
				t.Fatalf("only %d probes", repeated)
			}
		})
	}
}

// replayProbe is a probe as Split made it before the prober: the prefix
// replayed, then one random option a level down to a dead end or a leaf.
func replayProbe(ts taskSearch, prefix []int32, rng *rand.Rand) (float64, bool) {
	switch s := ts.(type) {
	case *optSearch[[16]uint64]:
		return replayProbeOn(s, prefix, rng)
	case *optSearch[[32]uint64]:
		return replayProbeOn(s, prefix, rng)
	case *optSearch[[64]uint64]:
		return replayProbeOn(s, prefix, rng)
	case *optSearch[[128]uint64]:
		return replayProbeOn(s, prefix, rng)
	}
	panic("not an option search")
}

func replayProbeOn[O optSet](s *optSearch[O], prefix []int32, rng *rand.Rand) (float64, bool) {
	s.replay(prefix)
	l := len(prefix)
	est, w := 0.0, 1.0
	for {
		v, n := s.choose(l)
		if v < 0 || n == 0 {
			if l == len(prefix) {
				return 1, false
			}
			return est + w, true
		}
		est += w
		w *= float64(n)
		s.start(l, v, n)
		o := s.opts[int(s.base[l])+rng.IntN(n)]
		s.opt[l] = o
		s.place(l, o)
		l++
	}
}
