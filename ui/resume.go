package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// lookForSavedRun shows Resume, with what is saved, when the puzzle has a
// saved run in the sameness the next run counts, and hides it otherwise.
// The file is read on a goroutine of its own; the answer is dropped when
// the puzzle, the sameness or the run changed meanwhile. Runs on the UI
// goroutine.
func (s *solver) lookForSavedRun() {
	s.look++
	s.showResume("")
	p := s.puzzle
	if p == nil || s.b.SavedRun == nil || s.b.Solve == nil || s.Running() {
		return
	}
	d := s.nextCounts(p)
	look, ended := s.look, s.ended
	go func() {
		if ended != nil {
			<-ended // the last run's state is saved
		}
		run, ok := s.b.SavedRun(p, d)
		s.do(func() {
			if look != s.look || s.Running() {
				return
			}
			if !ok {
				s.showResume("")
				return
			}
			s.showResume(resumeText(run, d))
		})
	}()
}

// showResume shows the Resume button with what is saved, or hides it when
// note is "".
func (s *solver) showResume(note string) {
	if note == s.resumeNote.Text && (note != "") == s.resumeRow.Visible() {
		return
	}
	s.resumeNote.SetText(note)
	if note == "" {
		s.resumeRow.Hide()
	} else {
		s.resumeRow.Show()
	}
	if s.relayout != nil {
		s.relayout()
	}
}

// resumeText says what the saved run found, how far it went and when it
// was saved, beside the Resume button.
func resumeText(run SavedRun, d Distinct) string {
	found := "solutions"
	if d != DistinctRaw {
		found = "distinct"
	}
	if run.Solutions == 1 && d == DistinctRaw {
		found = "solution"
	}
	// whole percents, as the progress bar shows them
	return fmt.Sprintf("%s %s, %d%% done, saved %s", GroupDigits(run.Solutions), found,
		int(100*run.Fraction), run.Saved.Local().Format(time.DateOnly+" 15:04"))
}

// GroupDigits writes n with commas between groups of three digits.
func GroupDigits(n int64) string {
	t := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(t, "-")
	t = strings.TrimPrefix(t, "-")
	var b strings.Builder
	for i, c := range t {
		if i > 0 && (len(t)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
