package solver

import "testing"

// TestKernels: the name a bench prints follows the kernels in use, the
// widest first.
func TestKernels(t *testing.T) {
	defer func(a, b, c bool) { useAVX512, useAVX2, useBMI = a, b, c }(useAVX512, useAVX2, useBMI)
	for _, c := range []struct {
		avx512, avx2, bmi bool
		want              string
	}{
		{true, false, false, "AVX-512"},
		{false, true, true, "AVX2"},
		{false, false, true, "POPCNT and BMI2"},
		{false, false, false, "portable Go"},
	} {
		useAVX512, useAVX2, useBMI = c.avx512, c.avx2, c.bmi
		if got := Kernels(); got != c.want {
			t.Errorf("avx512 %v avx2 %v bmi %v: %q, want %q", c.avx512, c.avx2, c.bmi, got, c.want)
		}
	}
}
