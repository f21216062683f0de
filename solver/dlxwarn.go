package solver

import (
	"errors"
	"fmt"
)

// ErrOptionIgnored is the warning for an option line with no primary item,
// which ParseDLX drops as DLX1 and DLX2 do.
var ErrOptionIgnored = errors.New("option ignored: it has no primary item (DLX1 and DLX2 ignore it too)")

// maxWarnings is the most warnings a reader keeps one by one; the rest are
// counted, so a file of a million such lines gives a short message.
const maxWarnings = 20

// warnings gathers a reader's warnings.
type warnings struct {
	kept []string
	more int
}

func (w *warnings) add(err error) {
	if len(w.kept) < maxWarnings {
		w.kept = append(w.kept, err.Error())
		return
	}
	w.more++
}

// list returns the warnings kept and a line counting the others.
func (w *warnings) list(file string) []string {
	if w.more > 0 {
		return append(w.kept, fmt.Sprintf("%s: %d more options ignored", file, w.more))
	}
	return w.kept
}

// Warnings returns what the reader of p's DLX file let through but the
// user should know, one "file:line:col: reason" a line: the options it
// dropped (ErrOptionIgnored). It is nil for a problem built by NewProblem.
func (p *Problem) Warnings() []string { return p.warnings }
