package parse

import "bytes"

// BOM is the UTF-8 encoding of U+FEFF, the byte-order mark some editors
// (Windows Notepad among them) write at the start of a text file.
const BOM = "\xef\xbb\xbf"

// TrimBOM returns data without one leading byte-order mark. Left in, the
// readers see U+FEFF as the input's first character (an illegal digit in
// a spec, an unknown item in a DLX file) and detection misses the format;
// taken off before anything reads the input, positions stay what an
// editor shows, which does not count the mark. Only one is taken off: a
// second is text.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, []byte(BOM)) }
