//go:build !linux

package backend

// lowerThreadPriority does nothing outside Linux: the window shares the CPU
// with the solver as the operating system sees fit.
func lowerThreadPriority() {}

// workerPriority does nothing outside Linux.
func workerPriority(worker, workers int) {}

// lowestThreadPriority does nothing outside Linux either.
func lowestThreadPriority() {}
