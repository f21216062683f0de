// Package fileout writes the files polyviz exports (pictures, animations,
// DLX files, solutions) so that no work is ever half-written and nothing but
// the file named is ever replaced.
//
// What happens depends on what the path names:
//   - a new path or a regular file: the data goes to a temporary file beside
//     it, which is synced and renamed over it only when every byte, the last
//     flush and the sync succeeded; on any error the old file is left as it
//     was;
//   - a symbolic link: it is followed (link by link) and its target is
//     replaced as above, so the link stays a link;
//   - a device node, a FIFO or a socket: written in place, as a shell's '>'
//     does (a rename would replace /dev/null with a regular file);
//   - a directory: an error.
//
// A writer killed in the middle of a write (SIGKILL, a lost node) leaves its
// temporary file, "."+name+".tmp"+digits, beside the file; a later
// successful write of that file removes those older than ten minutes (see
// removeStale).
//
// Write also takes "-" for standard output. WriteFileContext and
// WriteContext stop when their context is cancelled, also while the open of
// a FIFO waits for a reader, which a plain open(2) would wait for forever.
//
//	err := fileout.Write("cube.png", os.Stdout, func(w io.Writer) error {
//		return png.Encode(w, img)
//	})
package fileout

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Stdout is the path that Write reads as standard output.
const Stdout = "-"

// ErrTooManyLinks is returned for a chain of symbolic links that does not end
// (a loop), as the kernel's ELOOP.
var ErrTooManyLinks = errors.New("too many levels of symbolic links")

// maxLinks bounds the symbolic links followed, as Linux's 40.
const maxLinks = 40

// Write writes path through write, or stdout (buffered, and flushed) when
// path is "-". See the package comment for what it does with each kind of
// file. Every error names the path.
func Write(path string, stdout io.Writer, write func(io.Writer) error) error {
	return WriteContext(context.Background(), path, stdout, write)
}

// WriteContext is Write that stops when ctx is cancelled (see
// WriteFileContext).
func WriteContext(ctx context.Context, path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == Stdout && stdout != nil {
		bw := bufio.NewWriterSize(stdout, 1<<16)
		if err := write(bw); err != nil {
			return fmt.Errorf("write standard output: %w", err)
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("write standard output: %w", err)
		}
		return nil
	}
	return WriteFileContext(ctx, path, write)
}

// WriteFile writes path through write, so that a regular file holds either
// its old content or the complete new one, never a part. See the package
// comment for links and special files. The new file keeps the mode of the
// file it replaces, or gets 0644 (CreateTemp's 0600 would hide exported
// images from other users).
func WriteFile(path string, write func(io.Writer) error) error {
	return WriteFileContext(context.Background(), path, write)
}

// WriteFileContext is WriteFile that gives up when ctx is cancelled: a
// FIFO whose open waits for a reader, or whose reader stopped reading, is
// then let go and ctx's error returned (a regular file keeps its old
// content, as on any error).
func WriteFileContext(ctx context.Context, path string, write func(io.Writer) error) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	target, fi, err := resolve(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	switch {
	case fi == nil || fi.Mode().IsRegular():
		err = replace(target, fi, write)
	case fi.IsDir():
		err = errors.New("is a directory")
	default:
		err = inPlace(ctx, target, fi, write)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && (pe.Path == target || pe.Path == path) {
		err = pe.Err // the path is said once: "write /dev/full: no space left on device"
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// resolve follows path's symbolic links to the file they name. It returns
// that path and its FileInfo, or a nil FileInfo when nothing exists there
// yet (a new file, or a dangling link's target, which is then created).
func resolve(path string) (string, fs.FileInfo, error) {
	for range maxLinks {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil, nil
		}
		if err != nil {
			return "", nil, err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, fi, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", nil, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		path = link
	}
	return "", nil, ErrTooManyLinks
}

// createBeside makes the temporary file that will replace path, in its
// folder; an error names the folder, not the temporary file the user never
// gave.
func createBeside(path string) (*os.File, error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("cannot create a file in %s: %w", filepath.Clean(dir), pe.Err)
		}
		return nil, err
	}
	return f, nil
}

// replace writes a regular file (or a new one) at path atomically: a
// temporary file in the same directory, synced, then renamed over path.
func replace(path string, old fs.FileInfo, write func(io.Writer) error) (err error) {
	f, err := createBeside(path)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	bw := bufio.NewWriterSize(f, 1<<16)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if old != nil {
		mode = old.Mode().Perm()
	}
	if err = f.Chmod(mode); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	removeStale(path, time.Now())
	return nil
}

// inPlace writes a device node, FIFO or socket where it is, without
// replacing it (and without truncating: a device has no length). The open
// of a FIFO blocks until a reader opens it, so it runs on a goroutine of
// its own, and a cancelled ctx lets it go; closing the file unblocks a
// write that waits for a reader that stopped reading.
func inPlace(ctx context.Context, path string, fi fs.FileInfo, write func(io.Writer) error) error {
	f, err := openContext(ctx, path, fi)
	if err != nil {
		return err
	}
	stop := context.AfterFunc(ctx, func() { f.Close() })
	bw := bufio.NewWriterSize(f, 1<<16)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if !stop() {
		// ctx closed the file, maybe in the middle of a write
		return ctx.Err()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// openContext opens path for writing, giving up when ctx is cancelled.
// The open that was let go is finished by opening a FIFO's read end
// without blocking (which completes a writer's open at once), and the file
// it returns is closed.
func openContext(ctx context.Context, path string, fi fs.FileInfo) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
	}
	if fi.Mode()&fs.ModeNamedPipe != 0 {
		if r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
			o := <-ch
			if o.f != nil {
				o.f.Close()
			}
			r.Close()
			return nil, ctx.Err()
		}
	}
	go func() {
		if o := <-ch; o.f != nil {
			o.f.Close()
		}
	}()
	return nil, ctx.Err()
}

// CheckWritable reports whether WriteFile could make the file at path now:
// a regular file (new or old) needs a temporary file beside it, which it
// makes and removes; a directory is refused; a device or FIFO is left to
// the write. A long run calls it first, so that a checkpoint or result
// that cannot be written is said at once rather than after the search.
func CheckWritable(path string) error {
	target, fi, err := resolve(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	switch {
	case fi != nil && fi.IsDir():
		return fmt.Errorf("write %s: is a directory", path)
	case fi != nil && !fi.Mode().IsRegular():
		return nil
	}
	f, err := createBeside(target)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// staleAge is how long ago a temporary file beside a file must have been
// last written for a write of that file to remove it. A writer that is
// still at work touches its temporary at least every 64 KiB (its buffer),
// and two writers of one file at once are not supported anyway (the last
// rename wins), so an older one was left by a writer killed before it
// could remove it. The margin also covers a shared filesystem whose
// server's clock is behind this machine's.
const staleAge = 10 * time.Minute

// temps holds, for each folder this process has replaced a file in, the
// temporary files that were there the first time, by the name of the file
// each was to replace. The folder is read once: a job writes its
// checkpoint every minute beside thousands of others on a shared
// filesystem, and split writes thousands of files into one folder.
// Temporaries left after that read are the next process's to remove.
var temps struct {
	sync.Mutex
	dirs map[string]map[string][]string
}

// removeStale removes the temporary files of earlier writers of path that
// were last written staleAge before now or earlier, and forgets those that
// are gone; younger ones are looked at again on the next write of path. It
// is the tidying after a write that succeeded: what it cannot do it leaves.
func removeStale(path string, now time.Time) {
	dir, base := filepath.Split(path)
	dir = filepath.Clean(dir) // "" is "."
	temps.Lock()
	defer temps.Unlock()
	byName, ok := temps.dirs[dir]
	if !ok {
		byName = listTemps(dir)
		if temps.dirs == nil {
			temps.dirs = make(map[string]map[string][]string)
		}
		temps.dirs[dir] = byName
	}
	var young []string
	for _, name := range byName[base] {
		p := filepath.Join(dir, name)
		fi, err := os.Lstat(p)
		switch {
		case err != nil || !fi.Mode().IsRegular():
			// gone (renamed into place, or removed), or not a temporary
		case now.Sub(fi.ModTime()) < staleAge:
			young = append(young, name)
		default:
			os.Remove(p)
		}
	}
	if len(young) > 0 {
		byName[base] = young
	} else {
		delete(byName, base)
	}
}

// listTemps returns the names in dir that createBeside makes, by the name
// of the file each is the temporary of.
func listTemps(dir string) map[string][]string {
	byName := make(map[string][]string)
	d, err := os.Open(dir)
	if err != nil {
		return byName
	}
	defer d.Close()
	names, _ := d.Readdirnames(-1) // unsorted, no stat: cheap on a big folder
	for _, n := range names {
		if base, ok := tempOf(n); ok {
			byName[base] = append(byName[base], n)
		}
	}
	return byName
}

// tempOf returns the name of the file that name is the temporary of, when
// name is exactly what os.CreateTemp makes of "."+base+".tmp*": a dot,
// base, ".tmp" and decimal digits only. base cannot be read otherwise: the
// digits hold no ".tmp", so the last one ends it.
func tempOf(name string) (base string, ok bool) {
	i := strings.LastIndex(name, ".tmp")
	if i < 2 || name[0] != '.' || i+len(".tmp") == len(name) {
		return "", false
	}
	for _, c := range name[i+len(".tmp"):] {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	return name[1:i], true
}
