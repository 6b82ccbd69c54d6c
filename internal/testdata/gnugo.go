package testdata

import (
	"os"
	"path/filepath"
	"testing"
)

// shared is the shared directory: $CQL_SHARED when set (a git worktree placed elsewhere than
// beside ../shared), else the parent of Dir.
func shared(tb testing.TB) string {
	tb.Helper()
	if d := os.Getenv("CQL_SHARED"); d != "" {
		return d
	}
	return filepath.Join(Dir(tb), "..")
}

// Go returns the directory of the Go (board game) SGF corpus, data/go.
func Go(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(shared(tb), "data", "go")
	require(tb, dir)
	return dir
}

// GnuGo returns the directory of GNU Go's pattern databases and documentation
// (reference/gnugo, GPL-3.0: read there, never copied into the project).
func GnuGo(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(shared(tb), "reference", "gnugo")
	require(tb, dir)
	return dir
}
