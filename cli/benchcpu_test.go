package cli

import "testing"

// TestCPUName reads the first processor's name, family and model from
// /proc/cpuinfo's text, and keeps the default where there is no name.
func TestCPUName(t *testing.T) {
	x86 := "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 17\nmodel name\t: AMD EPYC\nflags\t\t: fpu avx2\n\nprocessor\t: 1\ncpu family\t: 6\nmodel\t\t: 167\nmodel name\t: Other\n"
	arm := "processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n"
	named := "processor\t: 0\nmodel name\t: Some CPU\n"
	for _, c := range []struct{ info, want string }{
		{x86, "AMD EPYC (family 25, model 17)"},
		{arm, "arm64"},
		{named, "Some CPU"},
		{"", "arm64"},
	} {
		if got := cpuName(c.info, "arm64"); got != c.want {
			t.Errorf("cpuName(%q) = %q, want %q", c.info, got, c.want)
		}
	}
}
