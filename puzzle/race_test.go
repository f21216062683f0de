//go:build race

package puzzle

func init() { heavy = false }
