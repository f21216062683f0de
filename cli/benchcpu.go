package cli

import (
	"fmt"
	"os"
	"runtime"
	"strings"

	"polyviz/solver"
)

// benchCPU says what a bench ran on, since its figures depend on both: the
// CPU (its name, family and model from Linux's /proc/cpuinfo; elsewhere the
// architecture alone) and the bitset engine's kernels.
func benchCPU() string {
	name := runtime.GOARCH
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		name = cpuName(string(b), name)
	}
	return fmt.Sprintf("CPU %s, the bitset engine's %s kernels", name, solver.Kernels())
}

// cpuName is the first processor's name in the text of /proc/cpuinfo, with
// its x86 family and model where given; def where it names none.
func cpuName(info, def string) string {
	var model, family, number string
	for _, line := range strings.Split(info, "\n") {
		if strings.TrimSpace(line) == "" && model != "" {
			break // the first processor's block ends
		}
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		switch strings.TrimSpace(k) {
		case "model name":
			model = strings.TrimSpace(v)
		case "cpu family":
			family = strings.TrimSpace(v)
		case "model":
			number = strings.TrimSpace(v)
		}
	}
	switch {
	case model == "":
		return def
	case family != "" && number != "":
		return fmt.Sprintf("%s (family %s, model %s)", model, family, number)
	}
	return model
}
