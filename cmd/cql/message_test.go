package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// With -o the games go to the file and standard output is free: messages are written
// there, as CQL writes them, and the file holds only PGN.
func TestMessagesWithOutputFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.pgn")
	var so, se bytes.Buffer
	if st := run([]string{`check not initial message ("check from " from)`, games, "-o", out}, nil, &so, &se); st != exitMatch {
		t.Fatalf("status %d: %s", st, se.String())
	}
	want := "Game: 1 move 4(btm): check from h5\nGame: 3 move 6(btm): check from c7\n"
	if so.String() != want {
		t.Errorf("stdout %q, want %q", so.String(), want)
	}
	if strings.Contains(se.String(), "check from") {
		t.Errorf("stderr has the messages too: %q", se.String())
	}
	pgnOut, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(pgnOut), "check from") || !strings.Contains(string(pgnOut), "4. Qxf7# {CQL} 1-0") {
		t.Errorf("output file:\n%s", pgnOut)
	}
}
