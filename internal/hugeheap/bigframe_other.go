//go:build linux && !(amd64 || arm64)

package hugeheap

// haveBigFrame: no bigFrame here, so the heap is not advised.
const haveBigFrame = false

const stackFrame = 0

func bigFrame() uintptr { return 0 }
