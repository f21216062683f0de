package fillomino

import (
	"context"
	"io"
	"strings"
	"testing"
)

// BenchmarkBuildBlank8 builds the options of a blank 10x10 board with
// labels 1-8 (188,607 options) and writes them as a DLX file.
func BenchmarkBuildBlank8(b *testing.B) {
	g, err := Parse("blank", []byte(strings.Repeat("..........\n", 10)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		bd, err := g.Build(context.Background(), BuildOptions{Labels: LabelsUpTo(8)})
		if err != nil {
			b.Fatal(err)
		}
		if err := bd.WriteDLX(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
