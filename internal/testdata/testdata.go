// Package testdata finds the shared corpora for tests: ../shared/data beside the repository,
// or $CQL_SHARED/data when CQL_SHARED names the shared directory elsewhere. A test that needs
// them skips when they are missing, and fails under CI (CI=true), where they must be present.
package testdata

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Dir returns the corpus directory.
func Dir(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(shared(), "data")
	require(tb, dir)
	return dir
}

// shared is the shared directory: $CQL_SHARED when set (a git worktree placed elsewhere than
// beside ../shared), else ../shared beside the repository.
func shared() string {
	if d := os.Getenv("CQL_SHARED"); d != "" {
		return d
	}
	_, file, _, _ := runtime.Caller(0) // .../internal/testdata/testdata.go
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
}

// File returns the path of a file of the corpus.
func File(tb testing.TB, name string) string {
	tb.Helper()
	p := filepath.Join(Dir(tb), name)
	require(tb, p)
	return p
}

func require(tb testing.TB, path string) {
	tb.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("shared test data missing under CI: %v", err)
		}
		tb.Skipf("shared test data missing: %v", err)
	}
}
