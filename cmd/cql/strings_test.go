package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A runtime failure (assert) stops the run with exit status 2, names the game, ply and
// move, and leaves an existing output file as it was and no temporary file behind.
func TestRuntimeFailureLeavesNoOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pgn")
	if err := os.WriteFile(out, []byte("earlier result\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, _, stderr := runIn(t, "-o", out, `gamenumber == 3 ply == 11 assert false`, "../../testdata/query/games.pgn")
	if st != 2 {
		t.Errorf("exit status %d, want 2; stderr %s", st, stderr)
	}
	if !strings.Contains(stderr, "game 3, ply 11") || !strings.Contains(stderr, "assertion failed") {
		t.Errorf("stderr %q does not name the game and position", stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "earlier result\n" {
		t.Errorf("output file changed: %q", b)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("left behind: %v", names)
	}
}

// A persistent tally is printed after the last game: on standard output when the games
// go to a file, and the same for every --threads.
func TestPersistentPrinted(t *testing.T) {
	dir := t.TempDir()
	var first string
	for _, threads := range []string{"1", "2", "8"} {
		st, stdout, stderr := runIn(t, "--threads", threads, "-o", filepath.Join(dir, "o.pgn"),
			`persistent Btm += 0 if btm persistent Btm += 1 persistent quiet Hidden += 1 false`, "../../testdata/query/games.pgn")
		if st != 1 { // no game matches
			t.Errorf("threads %s: exit %d, stderr %s", threads, st, stderr)
		}
		// 4 Black-to-move positions in the Scholar's mate, none in the bare position, 10 in Loyd's game.
		if stdout != "Btm: 14\n" {
			t.Errorf("threads %s: stdout %q", threads, stdout)
		}
		if first == "" {
			first = stdout
		} else if stdout != first {
			t.Errorf("threads %s: %q, want %q", threads, stdout, first)
		}
	}
}

// An integer overflow is a runtime failure like a failed assert: exit 2, the
// game and ply named, the -o file untouched and no temporary file left.
func TestOverflowLeavesNoOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.pgn")
	if err := os.WriteFile(out, []byte("earlier result\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	st, _, stderr := runIn(t, "-o", out, `gamenumber == 3 ply == 11 X = 9223372036854775807 X + ply > 0`, "../../testdata/query/games.pgn")
	if st != 2 {
		t.Errorf("exit status %d, want 2; stderr %s", st, stderr)
	}
	if !strings.Contains(stderr, "game 3, ply 11") || !strings.Contains(stderr, "integer overflow in 9223372036854775807 + 11") {
		t.Errorf("stderr %q does not name the game, position and overflow", stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "earlier result\n" {
		t.Errorf("output file changed: %q", b)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("left behind: %v", names)
	}
}
