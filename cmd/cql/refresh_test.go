package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cql index refresh: a query refused for a grown source says to refresh; refresh says
// what it did, and the query then answers as a scan of the file as it is.
func TestIndexRefreshCLI(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "g.pgn")
	one, err := os.ReadFile(games)
	if err != nil {
		t.Fatal(err)
	}
	two, err := os.ReadFile(elo)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, one, 0o644); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(tmp, "ix")
	if st, _, errs := runCLI(t, "index", "build", "-x", dir, file); st != 0 {
		t.Fatalf("build: %d %s", st, errs)
	}
	if st, out, _ := runCLI(t, "index", "refresh", "-x", dir); st != 0 || out != "index "+dir+": 1 file unchanged: nothing to do\n" {
		t.Fatalf("refresh: %d %q", st, out)
	}
	if err := os.WriteFile(file, append(append(one, '\n'), two...), 0o644); err != nil {
		t.Fatal(err)
	}
	if st, _, errs := runCLI(t, "--count", "true", "--index", dir); st != 2 || !strings.Contains(errs, "cql index refresh -x "+dir) {
		t.Fatalf("stale query: %d %s", st, errs)
	}
	st, out, errs := runCLI(t, "index", "refresh", "-x", dir)
	if st != 0 || !strings.Contains(out, file+" grew by ") || !strings.Contains(out, "index rebuilt from its 1 source") {
		t.Fatalf("refresh: %d %q %s", st, out, errs)
	}
	_, scan, _ := runCLI(t, "check", file)
	if st, got, errs := runCLI(t, "check", "--index", dir); st != 0 || got != scan {
		t.Fatalf("after refresh: %d %s\n%q\n%q", st, errs, got, scan)
	}
	os.Remove(file)
	if st, _, errs := runCLI(t, "index", "refresh", "-x", dir); st != 2 || !strings.Contains(errs, "1 source missing: "+file) {
		t.Fatalf("missing: %d %s", st, errs)
	}
}
