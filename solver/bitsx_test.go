package solver

import (
	"os"
	"strings"
	"testing"
	"time"
)

func runOpt[O optSet](p *Problem) (int64, int64) {
	x := newOptPlan[O](p)
	s := newOptSearch(x)
	s.reset()
	s.search(0)
	return s.count, s.nodes
}

func TestOptProto(t *testing.T) {
	names := os.Getenv("XPROTO")
	if names == "" {
		t.Skip("XPROTO not set")
	}
	for _, name := range strings.Split(names, ",") {
		f, err := os.Open(dlxPath(name))
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParseDLX(f, name)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		var c, n int64
		switch optWords(p.NumOptions()) {
		case 16:
			c, n = runOpt[[16]uint64](p)
		case 32:
			c, n = runOpt[[32]uint64](p)
		case 64:
			c, n = runOpt[[64]uint64](p)
		default:
			c, n = runOpt[[128]uint64](p)
		}
		t.Logf("%s: opts %d: %d solutions, %d nodes, %v", name, p.NumOptions(), c, n, time.Since(start))
	}
}

func dlxPath(name string) string {
	if strings.HasPrefix(name, "/") {
		return name
	}
	return "/work/shared/reference/dlx/" + name + ".dlx"
}
