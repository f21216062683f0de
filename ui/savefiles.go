package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage/repository"
)

// The window writes every file itself, atomically (fileout), to the path a
// save dialog returns. Fyne's dialog opens that path for writing before it
// returns it, which empties a file that is there: a refused export or a
// failed save then left the chosen file empty, and an existing one wiped.
// keepFilesUntilWritten wraps the "file" repository so that a writer opens
// nothing until something is written to it; the dialogs' writers are closed
// unwritten.
func keepFilesUntilWritten() {
	inner, err := repository.ForScheme("file")
	if err != nil {
		return
	}
	if _, ok := inner.(lazyFiles); ok {
		return
	}
	repository.Register("file", lazyFiles{inner})
}

// lazyFiles is the file repository with lazy writers; every other
// operation is the wrapped repository's.
type lazyFiles struct{ inner repository.Repository }

// lazyWriter opens its file at its first write.
type lazyWriter struct {
	repo repository.WritableRepository
	uri  fyne.URI
	w    fyne.URIWriteCloser
}

func (l *lazyWriter) URI() fyne.URI { return l.uri }

func (l *lazyWriter) Write(p []byte) (int, error) {
	if l.w == nil {
		w, err := l.repo.Writer(l.uri)
		if err != nil {
			return 0, err
		}
		l.w = w
	}
	return l.w.Write(p)
}

func (l *lazyWriter) Close() error {
	if l.w == nil {
		return nil
	}
	return l.w.Close()
}

func (r lazyFiles) Writer(u fyne.URI) (fyne.URIWriteCloser, error) {
	w, ok := r.inner.(repository.WritableRepository)
	if !ok {
		return nil, repository.ErrOperationNotSupported
	}
	return &lazyWriter{repo: w, uri: u}, nil
}

func (r lazyFiles) Exists(u fyne.URI) (bool, error) { return r.inner.Exists(u) }

func (r lazyFiles) Reader(u fyne.URI) (fyne.URIReadCloser, error) { return r.inner.Reader(u) }

func (r lazyFiles) CanRead(u fyne.URI) (bool, error) { return r.inner.CanRead(u) }

func (r lazyFiles) Destroy(scheme string) { r.inner.Destroy(scheme) }

func (r lazyFiles) CanWrite(u fyne.URI) (bool, error) {
	if w, ok := r.inner.(repository.WritableRepository); ok {
		return w.CanWrite(u)
	}
	return false, repository.ErrOperationNotSupported
}

func (r lazyFiles) Delete(u fyne.URI) error {
	if w, ok := r.inner.(repository.WritableRepository); ok {
		return w.Delete(u)
	}
	return repository.ErrOperationNotSupported
}

func (r lazyFiles) Appender(u fyne.URI) (fyne.URIWriteCloser, error) {
	if a, ok := r.inner.(repository.AppendableRepository); ok {
		return a.Appender(u)
	}
	return nil, repository.ErrOperationNotSupported
}

func (r lazyFiles) DeleteAll(u fyne.URI) error {
	if d, ok := r.inner.(repository.DeleteAllRepository); ok {
		return d.DeleteAll(u)
	}
	return repository.ErrOperationNotSupported
}

func (r lazyFiles) Parent(u fyne.URI) (fyne.URI, error) {
	if h, ok := r.inner.(repository.HierarchicalRepository); ok {
		return h.Parent(u)
	}
	return repository.GenericParent(u)
}

func (r lazyFiles) Child(u fyne.URI, component string) (fyne.URI, error) {
	if h, ok := r.inner.(repository.HierarchicalRepository); ok {
		return h.Child(u, component)
	}
	return repository.GenericChild(u, component)
}

func (r lazyFiles) List(u fyne.URI) ([]fyne.URI, error) {
	if l, ok := r.inner.(repository.ListableRepository); ok {
		return l.List(u)
	}
	return nil, repository.ErrOperationNotSupported
}

func (r lazyFiles) CanList(u fyne.URI) (bool, error) {
	if l, ok := r.inner.(repository.ListableRepository); ok {
		return l.CanList(u)
	}
	return false, repository.ErrOperationNotSupported
}

func (r lazyFiles) CreateListable(u fyne.URI) error {
	if l, ok := r.inner.(repository.ListableRepository); ok {
		return l.CreateListable(u)
	}
	return repository.ErrOperationNotSupported
}

func (r lazyFiles) Copy(src, dst fyne.URI) error {
	if c, ok := r.inner.(repository.CopyableRepository); ok {
		return c.Copy(src, dst)
	}
	return repository.GenericCopy(src, dst)
}

func (r lazyFiles) Move(src, dst fyne.URI) error {
	if m, ok := r.inner.(repository.MovableRepository); ok {
		return m.Move(src, dst)
	}
	return repository.GenericMove(src, dst)
}

var (
	_ repository.AppendableRepository   = lazyFiles{}
	_ repository.DeleteAllRepository    = lazyFiles{}
	_ repository.HierarchicalRepository = lazyFiles{}
	_ repository.ListableRepository     = lazyFiles{}
	_ repository.CopyableRepository     = lazyFiles{}
	_ repository.MovableRepository      = lazyFiles{}
)
