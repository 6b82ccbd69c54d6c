package pgn

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestCloneKeepsText checks that a clone's Text stays the game's own text after the scan
// has read thousands of games more through the buffer the text came from.
func TestCloneKeepsText(t *testing.T) {
	var in strings.Builder
	const games = 30000
	for i := 1; i <= games; i++ {
		fmt.Fprintf(&in, "[Event \"game %d\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {a comment %d} Nc6 *\n\n", i, i)
	}
	clones, err := ReadAll(strings.NewReader(in.String()), "clone.pgn", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(clones) != games {
		t.Fatalf("%d games read, want %d", len(clones), games)
	}
	for i, g := range clones {
		want := fmt.Sprintf("[Event \"game %d\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {a comment %d} Nc6 *", i+1, i+1)
		if got := string(bytes.TrimSpace(g.Text)); got != want {
			t.Fatalf("game %d: clone's Text is %q, want %q", i+1, got, want)
		}
		if g.Comment(2) != "" || g.Comment(3) != fmt.Sprintf("a comment %d", i+1) {
			t.Fatalf("game %d: comment after Nf3 is %q", i+1, g.Comment(3))
		}
	}
}
