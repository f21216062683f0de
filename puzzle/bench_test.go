package puzzle

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"polyviz/solver"
)

// bigBoard is the 12 pentominoes on a 62x62 board, the largest Knuth's
// coordinates allow.
func bigBoard(b *testing.B) []byte {
	spec, err := os.ReadFile(referenceDir(b) + "/specs/pentomino-6x10.txt")
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.SplitAfter(string(spec), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "|") {
			lines[i] = "[0-Z][0-Z]\n"
			break
		}
	}
	return []byte(strings.Join(lines, ""))
}

// bigBox is the 29 pentacubes in a 10x10x10 box.
func bigBox(b *testing.B) []byte {
	spec, err := os.ReadFile(referenceDir(b) + "/specs/pentacube-3x4x5.txt")
	if err != nil {
		b.Fatal(err)
	}
	var sb strings.Builder
	sb.WriteString("[0-9][0-9][0-9]\n")
	for _, l := range strings.SplitAfter(string(spec), "\n") {
		if l != "" && !strings.HasPrefix(l, "|") && !strings.HasPrefix(l, "[") {
			sb.WriteString(l)
		}
	}
	fmt.Fprint(&sb, twentyNinePentacubesExtra)
	return []byte(sb.String())
}

// The 17 non-planar pentacubes (the reference 3x4x5 spec has the 12 planar
// ones), so that bigBox packs all 29.
const twentyNinePentacubesExtra = `a 000 100 010 110 001
b 000 100 200 010 001
c 000 100 200 110 001
d 000 100 200 210 001
e 000 100 200 110 111
f 000 100 010 001 011
g 000 100 010 001 111
h 000 100 110 111 211
i 000 100 110 111 112
j 000 100 110 210 001
k 000 100 200 010 011
l 000 100 110 210 211
m 000 100 010 011 111
n 000 100 110 111 010
o 000 100 110 011 010
p 000 100 200 110 101
q 000 100 200 101 011
`

func benchmarkGenerate(b *testing.B, spec []byte, planar bool) {
	b.ReportAllocs()
	var n int
	for b.Loop() {
		pz, err := ParseSpec("bench", spec, planar)
		if err != nil {
			b.Fatal(err)
		}
		var out bytes.Buffer
		if err := pz.WriteDLX(io.Writer(&out)); err != nil {
			b.Fatal(err)
		}
		n = out.Len()
	}
	b.ReportMetric(float64(n), "bytes/op")
}

func BenchmarkDLX62x62Pentominoes(b *testing.B)   { benchmarkGenerate(b, bigBoard(b), true) }
func BenchmarkDLX10x10x10Pentacubes(b *testing.B) { benchmarkGenerate(b, bigBox(b), false) }

func BenchmarkProblem10x10x10Pentacubes(b *testing.B) {
	spec := bigBox(b)
	b.ReportAllocs()
	for b.Loop() {
		l, err := Load("bench.txt", spec, FormatPolycube)
		if err != nil {
			b.Fatal(err)
		}
		_ = l.Problem
	}
}

// benchmarkDistinct solves a reference puzzle raw or distinct, one worker,
// so that the two times compare the work each mode does.
func benchmarkDistinct(b *testing.B, spec string, d Distinct) {
	data, err := os.ReadFile(referenceDir(b) + "/specs/" + spec + ".txt")
	if err != nil {
		b.Fatal(err)
	}
	l, err := Load(spec+".txt", data, FormatAuto)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var st DistinctStats
	for b.Loop() {
		if st, err = l.Puzzle.SolveDistinct(context.Background(), d, solver.Options{Workers: 1}, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(st.Distinct), "solutions")
	b.ReportMetric(float64(st.Nodes), "nodes")
}

func BenchmarkSomaRaw(b *testing.B)           { benchmarkDistinct(b, "soma-3x3x3", DistinctNone) }
func BenchmarkSomaDistinct(b *testing.B)      { benchmarkDistinct(b, "soma-3x3x3", DistinctAll) }
func BenchmarkPento6x10Raw(b *testing.B)      { benchmarkDistinct(b, "pentomino-6x10", DistinctNone) }
func BenchmarkPento6x10Distinct(b *testing.B) { benchmarkDistinct(b, "pentomino-6x10", DistinctAll) }
