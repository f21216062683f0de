package solver

import (
	"context"
	"testing"
)

// TestSearchTime: Stats.Search, the time after the engine's tables were
// built, is part of Elapsed and not nothing, for every engine and with
// one or two workers.
func TestSearchTime(t *testing.T) {
	p := loadTestdata(t, "dlx/pentomino-3x20.dlx")
	for _, eng := range []Engine{EngineDLX, EngineBits, EngineCell} {
		for _, w := range []int{1, 2} {
			st, err := Solve(context.Background(), p, Options{Workers: w, Engine: eng}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != 8 || st.Search <= 0 || st.Search > st.Elapsed {
				t.Errorf("%v, %d workers: %d solutions, search %v of %v", eng, w, st.Solutions, st.Search, st.Elapsed)
			}
		}
	}
}
