// Package doccheck holds no code of its own, only tests that keep the
// repository's documents true to the code: docs/ARCHITECTURE.md must name
// every package of the module and every file of the window (package ui),
// and name nothing that is gone; and its rooms stay of a readable size (no
// non-test Go file over 600 lines, none of the window's over 450).
//
//	go test ./internal/doccheck
package doccheck
