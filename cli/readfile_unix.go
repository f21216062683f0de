//go:build unix

package cli

import (
	"io"
	"io/fs"
	"os"
	"syscall"
)

// readFile is os.ReadFile in four system calls (open, fstat, read, and
// the read that finds the end) where an *os.File takes ten: it first
// offers the descriptor to the runtime's poller, which refuses a regular
// file, and sets it back. On a virtual machine a system call costs
// microseconds, and reading a puzzle of a few kilobytes took 30 µs. A pipe
// or a device is read through an *os.File made from the descriptor,
// never opened twice (a FIFO's writer would see it closed).
func readFile(name string) ([]byte, error) {
	var fd int
	var err error
	for {
		if fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0); err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		f := os.NewFile(uintptr(fd), name)
		defer f.Close()
		return io.ReadAll(f)
	}
	defer syscall.Close(fd)
	// its size and one byte more, to read the end without growing
	data := make([]byte, 0, max(st.Size, 0)+1)
	for {
		n, err := syscall.Read(fd, data[len(data):cap(data)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if n == 0 {
			return data, nil
		}
		data = data[:len(data)+n]
		if len(data) == cap(data) { // the file grew
			data = append(data, 0)[:len(data)]
		}
	}
}
