//go:build !unix

package cli

import "os"

// readFile is os.ReadFile (readfile_unix.go reads in fewer system calls).
func readFile(name string) ([]byte, error) { return os.ReadFile(name) }
