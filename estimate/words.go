package estimate

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Round writes x rounded to two significant digits with thousands
// separators, as a person would say it: 9356 is "9,400", 0.4 is "0".
func Round(x float64) string {
	if x < 0.5 {
		return "0"
	}
	if x >= 1e15 {
		return strconv.FormatFloat(x, 'g', 2, 64)
	}
	e := math.Pow(10, math.Max(0, math.Floor(math.Log10(x))-1))
	n := int64(math.Round(x/e) * e)
	s := strconv.FormatInt(n, 10)
	out := []byte{}
	for i, c := range []byte(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, c)
	}
	return string(out)
}

// Duration writes a number of seconds the way Sentence says it: "0.2 s",
// "14 s", "3 min", "5 h", "2 days", "4 years".
func Duration(sec float64) string {
	switch {
	case sec < 0.095:
		return fmt.Sprintf("%.2f s", max(sec, 0.01)) // not "0.0 s" for a short search
	case sec < 1:
		return fmt.Sprintf("%.1f s", sec)
	case sec < 90:
		return fmt.Sprintf("%.0f s", sec)
	case sec < 90*60:
		return fmt.Sprintf("%.0f min", sec/60)
	case sec < 48*3600:
		return fmt.Sprintf("%.0f h", sec/3600)
	case sec < 730*86400:
		return fmt.Sprintf("%.0f days", sec/86400)
	}
	return Round(sec/(365.25*86400)) + " years"
}

// Sentence says a solution estimate and a time in a line: "about 9,400
// solutions (6,000-14,000), about 1 s". noun names what is counted
// ("solutions", "distinct solutions"). When no probe has reached a
// solution yet the mean is 0 although the interval is not: the line then
// says so rather than "about 0" (Bedlam's 19,186 classes at 2000 probes);
// when the figures are exact (no spread), it says "exactly". A time of 0
// (not known) is left out.
func Sentence(s Figure, noun string, seconds float64) string {
	var line string
	switch {
	case s.Low == s.High && s.Mean == s.Low:
		// no spread: the whole tree was walked ("exactly 1 solution")
		if math.Round(s.Mean) == 1 {
			noun = strings.TrimSuffix(noun, "s")
		}
		line = fmt.Sprintf("exactly %s %s", Exactly(s.Mean), noun)
	case s.Mean == 0 && s.High > 0:
		line = fmt.Sprintf("no probe has reached a solution yet (0-%s %s)", Round(s.High), noun)
	default:
		line = fmt.Sprintf("about %s %s (%s-%s)", Round(s.Mean), noun, Round(s.Low), Round(s.High))
	}
	if seconds > 0 {
		line += ", about " + Duration(seconds)
	}
	return line
}

// Exactly writes x rounded to a whole number with thousands separators:
// 9356 is "9,356".
func Exactly(x float64) string {
	s := strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	out := []byte{}
	for i, c := range []byte(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, c)
	}
	return string(out)
}
