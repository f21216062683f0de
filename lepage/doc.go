// Package lepage reads the problem files of Marc Lepage's polycube solver
// (github.com/mlepage/polycube-solver, 2009), builds the exact-cover matrix
// his program builds, and prints what his program prints: the header, the
// matrix and the solutions in his Z-slice layout, byte for byte. His 41
// named pieces are in Pieces.
//
// A File becomes a packing puzzle of package puzzle (File.Puzzle) for the
// window and the commands that draw; package formats lists the format
// under the name "lepage" (see Load and Detect).
package lepage
