package testdata

import (
	"path/filepath"
	"testing"
)

// Go returns the directory of the Go (board game) SGF corpus, data/go.
func Go(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(shared(), "data", "go")
	require(tb, dir)
	return dir
}

// GnuGo returns the directory of GNU Go's pattern databases and documentation
// (reference/gnugo, GPL-3.0: read there, never copied into the project).
func GnuGo(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(shared(), "reference", "gnugo")
	require(tb, dir)
	return dir
}
