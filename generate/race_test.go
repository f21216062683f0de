//go:build race

package generate

// raceEnabled is true under the race detector, which makes the
// generation about ten times slower: the tests then try fewer cases.
const raceEnabled = true
