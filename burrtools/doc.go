// Package burrtools reads and writes BurrTools' puzzle files (.xmpuzzle,
// gzip-compressed XML): grids of cubes, shapes with fixed and variable
// voxels and colours, and problems (a result shape and the pieces, each a
// count or a range). A problem becomes a packing puzzle of package puzzle
// (File.Puzzle), and a packing puzzle that BurrTools can describe becomes
// a file (FromPuzzle).
//
// Package formats lists the format under the name "xmpuzzle" (or
// "burrtools"; see Load and Detect).
package burrtools
