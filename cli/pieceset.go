package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"polyviz/assets"
)

// pieceSetNames lists the library's polyiamond and polyhex piece sets.
func pieceSetNames() string {
	var names []string
	for _, s := range assets.PieceSets() {
		names = append(names, s.Name)
	}
	return strings.Join(names, ", ")
}

// listPieceSet prints a polyiamond or polyhex piece set: its spec lines,
// ready to follow a box line (`polyviz list --pieces hexiamonds`), or, with
// --json, the set and its lines. cmd is the command that ran (list or
// pieces), for the error.
func listPieceSet(std IO, cmd string, s assets.PieceSet, asJSON bool) int {
	var err error
	if asJSON {
		enc := json.NewEncoder(std.Stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(struct {
			assets.PieceSet
			Lines []string `json:"lines"`
		}{s, s.Lines()})
	} else {
		_, err = fmt.Fprintln(std.Stdout, strings.Join(s.Lines(), "\n"))
	}
	if err != nil {
		fmt.Fprintf(std.Stderr, "polyviz %s: write: %v\n", cmd, err)
		return 1
	}
	return 0
}
