package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// Several indexes answer as a scan of their files in the order the indexes are given:
// the games, counts, records, a limit across them, and a sorting query's order over all.
func TestSeveralIndexes(t *testing.T) {
	tmp := t.TempDir()
	sample := testdata.File(t, "cql-sample.pgn")
	a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
	for _, c := range [][]string{{a, games, elo}, {b, sample}} {
		if st, _, errs := runCLI(t, append([]string{"index", "build", "-x"}, c...)...); st != 0 {
			t.Fatalf("build %s: %d %s", c[0], st, errs)
		}
	}
	for _, args := range [][]string{
		{"check"},
		{"--count", "btm"},
		{"mate", "--format", "jsonl", "--tags", "White,Black"},
		{"--limit", "7", "check"},
		{"elo > 2600"},
		{"--format", "fen", "stalemate or mate"},
		{"sort \"material\" power A"},
	} {
		for _, order := range [][2]string{{a, b}, {b, a}} {
			files := []string{games, elo, sample}
			if order[0] == b {
				files = []string{sample, games, elo}
			}
			st1, out1, _ := runCLI(t, append(args, files...)...)
			st2, out2, err2 := runCLI(t, append(args, "--index", order[0], "--index", order[1])...)
			if st1 != 0 || out1 == "" {
				t.Fatalf("%q: scan: status %d, %d bytes", args, st1, len(out1))
			}
			if st1 != st2 || out1 != out2 {
				t.Errorf("%q %v: scan (%d) and indexes (%d) differ:\n%.600s\n---\n%.600s\n%s", args, order, st1, st2, out1, out2, err2)
			}
			if !strings.Contains(err2, "in 2 indexes") {
				t.Errorf("%q: summary %q", args, err2)
			}
		}
	}
	if st, _, errs := runCLI(t, "check", "--index", a, "--index", filepath.Join(tmp, "none")); st != 2 || !strings.Contains(errs, "none") {
		t.Errorf("missing index: %d %s", st, errs)
	}
}
