//go:build linux && (amd64 || arm64)

package hugeheap

// haveBigFrame says whether this architecture has bigFrame.
const haveBigFrame = true

// stackFrame is bigFrame's frame, FRAME in its assembly: Reserve less 16
// KiB, room for the frames below it and the runtime's guard, so the stack
// it grows to is Reserve bytes.
const stackFrame = Reserve - 16<<10

// bigFrame returns its stack pointer, the low end of a frame of
// stackFrame bytes that it leaves untouched (bigframe_*.s).
func bigFrame() uintptr
