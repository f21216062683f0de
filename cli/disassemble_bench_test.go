package cli

import (
	"context"
	"testing"

	"polyviz/disassembly"
	"polyviz/geometry"
	"polyviz/puzzle"
	"polyviz/solver"
)

// burrAssemblies returns the distinct assemblies of a BurrTools example
// file (problem 1) as cells in BurrTools' piece order, with their groups.
func burrAssemblies(tb testing.TB, file string) ([][]geometry.Shape, []int) {
	tb.Helper()
	ctx := context.Background()
	in, err := loadPuzzle(ctx, IO{}, "testdata/burrtools/"+file+".xmpuzzle", "")
	if err != nil {
		tb.Fatal(err)
	}
	var all [][]geometry.Shape
	var groups []int
	_, err = in.Puzzle.SolveDistinct(ctx, puzzle.DistinctAll, solverOptions(), func(s puzzle.DistinctSolution) bool {
		scene, err := packingScene(in.Puzzle, in.Problem, solutionOf(s.Options))
		if err != nil {
			tb.Fatal(err)
		}
		shapes, g := disassemblyPieces(in.Puzzle, scene)
		all, groups = append(all, shapes), g
		return true
	})
	if err != nil {
		tb.Fatal(err)
	}
	return all, groups
}

func benchBurr(b *testing.B, file string) { benchBurrCache(b, file, false) }

// benchBurrCache times the disassembly of every assembly of a file: with
// one movement cache over all the iterations (warm), or, with cold, a new
// one per pass over the assemblies, as `polyviz bench --disassembly` and
// `solve --disassemble` start.
func benchBurrCache(b *testing.B, file string, cold bool) {
	all, groups := burrAssemblies(b, file)
	b.ResetTimer()
	cache := disassembly.NewCache()
	for range b.N {
		if cold {
			cache = disassembly.NewCache()
		}
		for _, shapes := range all {
			if _, err := disassembly.Disassemble(context.Background(), shapes, disassembly.Options{Groups: groups, Cache: cache, LevelsOnly: true}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Seconds())/float64(b.N*len(all))*1e3, "ms/assembly")
}

func BenchmarkDisassemblePelikan(b *testing.B)        { benchBurr(b, "PelikanBurr") }
func BenchmarkDisassembleCubeInCage(b *testing.B)     { benchBurr(b, "CubeInCage") }
func BenchmarkDisassembleCubeInCageCold(b *testing.B) { benchBurrCache(b, "CubeInCage", true) }
func BenchmarkDisassembleAlPackino(b *testing.B)      { benchBurr(b, "AlPackino") }

func solverOptions() solver.Options { return solver.Options{Workers: 1} }

func solutionOf(options []int) solver.Solution { return solver.Solution{Options: options} }
