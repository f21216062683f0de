package solver

import (
	"errors"

	"polyviz/parse"
)

// Errors reported by ParseDLX (inside a *ParseError) and by the Problem
// builders. Test for them with errors.Is.
var (
	ErrNoItems         = errors.New("no item-name line")
	ErrNoPrimary       = errors.New("no primary item")
	ErrUnknownItem     = errors.New("unknown item")
	ErrDuplicateItem   = errors.New("duplicate item")
	ErrNameTooLong     = errors.New("item name longer than 8 characters")
	ErrEmptyName       = errors.New("empty item name")
	ErrBadName         = errors.New("item name contains ':', '|' or a blank")
	ErrTwoBars         = errors.New("item-name line contains '|' twice")
	ErrBadMultiplicity = errors.New("bad multiplicity")
	ErrColorOnPrimary  = errors.New("primary item cannot be coloured")
	ErrBadColor        = errors.New("bad colour")
	ErrLineTooLong     = errors.New("line too long")
)

// A ParseError is an error in a DLX file, with its position: 1-based line,
// and column in runes. It prints as "file:line:col: reason" and unwraps to
// one of the Err* values above. It is parse.Error, the one position error
// every reader of polyviz shares.
type ParseError = parse.Error

// Error prints the error as "file:line:col: reason".
