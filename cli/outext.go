package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"polyviz/fileout"
)

// pictureExts are the names a picture command's -o may end in; the format
// follows the name, so any other ending (out.jpg) would get bytes of
// another format.
var pictureExts = map[string][]string{
	"render":       {".png", ".svg"},
	"orientations": {".png", ".svg"},
	"animate":      {".gif"},
}

// checkPictureName refuses an output name whose ending is not one that cmd
// writes. Standard output, a name without an ending and a file that is not
// a regular one (a device, a FIFO) are written as the command's first
// format.
func checkPictureName(cmd, path string) error {
	ext := strings.ToLower(filepath.Ext(path))
	if path == "-" || ext == "" || slices.Contains(pictureExts[cmd], ext) {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("-o %s: %s writes %s, not %s", path, cmd, strings.Join(pictureExts[cmd], " or "), ext)
}

// oneStream reports whether path takes one file's bytes as they come:
// standard output ("-"), or a device, FIFO or socket (written in place by
// package fileout), so that a command writing many files cannot use it.
func oneStream(path string) bool {
	if path == fileout.Stdout {
		return true
	}
	fi, err := os.Stat(path)
	return err == nil && !fi.Mode().IsRegular() && !fi.IsDir()
}
