//go:build !cgo

package hugeheap

const cgoBuild = false
