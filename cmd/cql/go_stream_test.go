package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// cql go reads an SGF file one game at a time: each game's answer is written
// before the next game is read, so a bad later game stops the run after the
// earlier games' answers (it used to read and keep every game first: a 2 MB
// file of 100,000 one-move games took 2.3 GB).
func TestGoStreamsGames(t *testing.T) {
	db := testdata.GnuGo(t)
	file := filepath.Join(t.TempDir(), "two.sgf")
	if err := os.WriteFile(file, []byte("(;GM[1]SZ[9];B[ee])\n(;GM[1]SZ[9];B[ee];W[zz])\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"eyes", "status", "patterns"} {
		out, errs, st := runGo(t, "go", sub, "--db", db, file)
		if st == 0 || !strings.Contains(errs, "two.sgf:2:20: W[zz]") {
			t.Errorf("%s: status %d, stderr %q: want the second game's bad point", sub, st, errs)
		}
		if !strings.Contains(out, "two.sgf game 1 after move 1") || strings.Contains(out, "game 2") {
			t.Errorf("%s: output %q, want the first game's answer only", sub, out)
		}
	}
}
