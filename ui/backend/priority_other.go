//go:build !linux

package backend

// lowerThreadPriority does nothing outside Linux: the window shares the CPU
// with the solver as the operating system sees fit.
func lowerThreadPriority() {}

// lowestThreadPriority does nothing outside Linux either.
func lowestThreadPriority() {}
