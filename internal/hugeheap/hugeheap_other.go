//go:build !linux

package hugeheap

import "errors"

var (
	advised    int
	advisedErr = errors.New("transparent huge pages are a Linux feature")
)

func init() { ballast = makeBallast() }
