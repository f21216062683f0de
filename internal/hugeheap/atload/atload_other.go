//go:build !(linux && cgo)

package atload

// Mapped is false without cgo (or off Linux): nothing ran at load.
func Mapped() bool { return false }
