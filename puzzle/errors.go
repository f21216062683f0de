package puzzle

import (
	"errors"
	"fmt"

	"polyviz/parse"
)

// ParseError is a problem in a spec, at a position: the file, the 1-based
// line, and the 1-based column counted in runes. It prints as
// "soma.txt:3:7: decreasing range" and unwraps to one of the sentinel errors
// below, so callers can test it with errors.Is. It is parse.Error, the one
// position error every reader of polyviz shares.
type ParseError = parse.Error

// The problems a spec can have. Each is what Knuth's POLYCUBE-DLX or
// POLYOMINO-DLX rejects (his message in parentheses).
var (
	ErrNoBox                    = errors.New("input ended before the box specification")                                  // Input file ended before the box specification!
	ErrIncompleteCell           = errors.New("line ends in the middle of a cell")                                         // Incomplete input line
	ErrIllegalDigit             = errors.New("illegal digit (want 0-9, a-z, A-Z or '[')")                                 // Illegal digit
	ErrNoClosingBracket         = errors.New("no closing bracket")                                                        // No closing bracket
	ErrIllegalBracketedDigit    = errors.New("illegal digit inside brackets")                                             // Illegal bracketed digit
	ErrIllegalRange             = errors.New("illegal range: '-' needs a digit on each side")                             // Illegal range
	ErrDecreasingRange          = errors.New("decreasing range")                                                          // Decreasing range
	ErrMissingSpace             = errors.New("missing space after a cell of three coordinates")                           // Missing space
	ErrSuffixTooLong            = errors.New("cell suffix longer than 6 characters")                                      // Suffix too long
	ErrImpliedSuffixTooLong     = errors.New("triangle cell suffix of 6 characters: its partner with \"'\" would have 7") // POLYIAMOND-DLX: Implied suffix is too long!
	ErrUnknownMultiplicity      = errors.New("unknown multiplicity (want a radix-62 digit before '*')")                   // Unknown multiplicity
	ErrIllegalNameChar          = errors.New("illegal character in piece name")                                           // Illegal character in piece name
	ErrBadName                  = errors.New("piece name is empty or longer than 8 characters")                           // Piece name is nonexistent or too long
	ErrNameIsCell               = errors.New("piece name is also a cell of the box")                                      // Piece name conflicts with board position
	ErrInconsistentMultiplicity = errors.New("inconsistent multiplicities")                                               // Inconsistent multiplicities

	// Problems Knuth's generators let through (their DLX file is then
	// rejected by his solvers), which polyviz finds when it turns a spec
	// into an exact-cover problem to solve or draw.
	ErrBadMultiplicity = errors.New("multiplicity is not a number v or a range u:v with 1 <= v (9 digits at most)")
	ErrBadItemName     = errors.New("item name a DLX file cannot hold (':', '|' or a blank)")
	ErrNameClash       = errors.New("piece name is also the name of a cell")
	ErrNothingToCover  = errors.New("no cell of the box to cover and no piece: an exact-cover problem needs a primary item")
	ErrNoBoardCell     = errors.New("every cell of the 2D board has a suffix, so no piece can cover one: is this a 3D (POLYCUBE-DLX) spec?")
)

// detail wraps a sentinel with more words while keeping errors.Is working.
func detail(err error, format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{err}, args...)...)
}
