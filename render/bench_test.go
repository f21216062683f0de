package render

import (
	"testing"
	"time"

	"polyviz/geometry"
)

// reportCPU adds a cpu-ms/op metric to b: process CPU time per iteration,
// since start. Run with GOMAXPROCS=1 (-cpu 1) for one core's figure.
func reportCPU(b *testing.B, start time.Duration) {
	if d := cpuTime() - start; d > 0 && b.N > 0 {
		b.ReportMetric(float64(d)/float64(b.N)/1e6, "cpu-ms/op")
	}
}

// BenchmarkRenderBedlam draws the 4×4×4 Bedlam packing (64 cubes, 13
// pieces) at 1024×768, reusing one Renderer as a window does.
func BenchmarkRenderBedlam(b *testing.B) {
	s := packingScene(bedlamPacking, 4, 4, 4)
	cam := FitCameraSize(s, false, 1024, 768)
	var r Renderer
	r.Render(s, cam, 1024, 768) // allocate the framebuffers
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		r.Render(s, cam, 1024, 768)
	}
	reportCPU(b, start)
}

// BenchmarkOrientationSheet draws the 24-thumbnail sheet of a Bedlam
// pentacube at the default thumbnail size (150 pixels).
func BenchmarkOrientationSheet(b *testing.B) {
	shape := geometry.NewShape(bedlamPacking[1].cells...).Normalize()
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		SheetFromShape(shape, false, SheetOptions{Name: "J4"})
	}
	reportCPU(b, start)
}

// BenchmarkRenderSoma draws the Soma cube at 1024×768.
func BenchmarkRenderSoma(b *testing.B) {
	s := packingScene(somaPacking, 3, 3, 3)
	cam := FitCameraSize(s, false, 1024, 768)
	var r Renderer
	r.Render(s, cam, 1024, 768)
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		r.Render(s, cam, 1024, 768)
	}
	reportCPU(b, start)
}

// BenchmarkPick is one click on the Bedlam cube in an 800x600 view: what
// the window pays to find the piece under the pointer.
func BenchmarkPick(b *testing.B) {
	s := packingScene(bedlamPacking, 4, 4, 4)
	cam := FitCameraSize(s, false, 800, 600)
	var r Renderer
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := r.Pick(s, cam, 800, 600, 400, 300); !ok {
			b.Fatal("no piece at the centre")
		}
	}
}
