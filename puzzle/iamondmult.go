package puzzle

import "bytes"

// multMemory replays how POLYIAMOND-DLX keeps multiplicities, bytes and
// all, because his outputs depend on it. He copies every character of a
// piece line before its first '|' into multip, a buffer of 8 bytes, even
// when the line has no '|' at all (then multip becomes "1" afterwards).
// A longer line runs past the buffer: his outputs show that byte 32 onwards
// lands in mult[0][0], mult[1][0] at byte 40, and so on (bytes 8 to 31 are
// scratch words that are rewritten before use). So a piece line of 33
// characters or more without '|' overwrites the multiplicities already
// recorded: reference spec random/023 prints its first piece as "[2]|Q0",
// the last characters of its second piece line, and random/056 is rejected
// for "Inconsistent multiplicities for piece piece0, a 32' vs 1" by its own
// first line. Bytes beyond mult[99] (a line of 832 characters or more) are
// not modelled; Knuth's table holds 100 pieces, and pieces beyond those use
// the ordinary rule.
type multMemory struct {
	mem [multBase + 8*multSlots]byte
}

const (
	multBase  = 32  // offset of mult[0] from multip
	multSlots = 100 // Knuth's maxpieces
)

// scribble copies a piece line's characters before its first '|' into the
// memory, as Knuth's loop does, with the '\0' he stores at the '|'.
func (m *multMemory) scribble(line []byte) {
	p := 0
	for ; p < len(line) && line[p] != '|'; p++ {
		if p < len(m.mem) {
			m.mem[p] = line[p]
		}
	}
	if p < len(line) && p < len(m.mem) {
		m.mem[p] = 0
	}
}

// has reports whether piece k's multiplicity lives in the modelled memory.
func (m *multMemory) has(k int) bool { return k < multSlots }

// get returns mult[k] as the C string it is: up to the first '\0', which
// may lie in a later piece's slot.
func (m *multMemory) get(k int) string {
	b := m.mem[multBase+8*k:]
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// set stores s and its '\0' in mult[k] (strcpy: it may run into the next slots).
func (m *multMemory) set(k int, s string) {
	n := copy(m.mem[multBase+8*k:], s)
	if i := multBase + 8*k + n; i < len(m.mem) {
		m.mem[i] = 0
	}
}
