package pgn

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestNotPGNRefusedOnce: input that is not PGN (issue 30: a README, an .xz file read as
// text) is one *NotPGNError before any game, not thousands of problems; a known format
// is named. PGN in its many shapes (tags, a bare game, leading comments and escape lines,
// a note before the first tag) is not refused.
func TestNotPGNRefusedOnce(t *testing.T) {
	readme, err := os.ReadFile("../README.md") // prose about chess, with 1. e4 in it
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{
		"README.md":  string(readme),
		"notes.txt":  strings.Repeat("Some notes about the games we played.\n", 3000),
		"status":     "Name:\tcql\nUmask:\t0022\nState:\tR (running)\n",
		"games.zip":  "PK\x03\x04rest of the archive",
		"random.bin": string(bytes.Repeat([]byte{0xf0, 0x52, 0x35, 0x01, 0x7b}, 20000)),
	} {
		_, err := NewReader(io.NopCloser(strings.NewReader(data)), name)
		var np *NotPGNError
		if !errors.As(err, &np) || !strings.HasPrefix(err.Error(), name+": ") {
			t.Errorf("%s: %v, want a NotPGNError", name, err)
		}
		if name == "games.zip" && !strings.Contains(err.Error(), "zip archive") {
			t.Errorf("%s: %v does not name the format", name, err)
		}
	}
	for name, data := range map[string]string{
		"tags":           "[Event \"a\"]\n\n1. e4 e5 1-0\n",
		"bom":            "\xef\xbb\xbf[Event \"a\"]\n\n1. e4 e5 1-0\n",
		"bare":           "1. e4 e5 2. Nf3 *\n",
		"unnumbered":     "e4 e5 Nf3 Nc6 *\n",
		"comment first":  "{ annotated by X } 1. d4 d5 *\n",
		"escape first":   "% written by a program\n; a note\n[Event \"a\"]\n*\n",
		"note then tags": "Games of the club, 1999\n\n[Event \"a\"]\n\n1. e4 *\n",
		"figurine":       "1. \xe2\x99\x98f3 d5 *\n",
		"castling":       "O-O O-O *\n",
		"result only":    "1-0\n",
		"empty":          "",
		"blank":          "\n\n  \n",
	} {
		if _, err := NewReader(io.NopCloser(strings.NewReader(data)), name+".pgn"); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestReadXZ: .xz files are decompressed (github.com/ulikunitz/xz) like the other formats,
// and one cut short is truncation after the games before the cut.
func TestReadXZ(t *testing.T) {
	if _, err := exec.LookPath("xz"); err != nil {
		t.Skip("no xz binary to compress the test data")
	}
	plain := numberedGames(0, 3000)
	cmd := exec.Command("xz", "-c")
	cmd.Stdin = bytes.NewReader(plain)
	z, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"g.pgn.xz", "g.pgn"} { // by name, and by magic bytes
		events, err := scanEvents(t, z, name)
		if err != nil || len(events) != 3000 || events[2999] != "3000" {
			t.Errorf("%s: %d games, %v", name, len(events), err)
		}
	}
	events, err := scanEvents(t, z[:len(z)/2], "g.pgn.xz")
	if !errors.Is(err, ErrTruncated) || len(events) >= 3000 {
		t.Errorf("cut in half: %d games, %v, want fewer and %v", len(events), err, ErrTruncated)
	}
}
