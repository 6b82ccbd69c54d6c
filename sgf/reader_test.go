package sgf

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// failAfter gives its text, then fails: a reader that read past what it was asked
// for would see the failure.
type failAfter struct{ text string }

var errReadPast = errors.New("read past the first game tree")

func (f *failAfter) Read(b []byte) (int, error) {
	if f.text == "" {
		return 0, errReadPast
	}
	n := copy(b, f.text)
	f.text = f.text[n:]
	return n, nil
}

// A Reader returns each game tree once its text is read, before the next is
// read: cql go read a file of 100,000 one-move games whole, into 2.3 GB.
func TestReaderStreams(t *testing.T) {
	r := NewReader(&failAfter{"junk (;GM[1]SZ[9]C[a \\] ) (]\n;B[aa](;W[bb])(;W[cc]))\n"}, "s.sgf")
	g, err := r.NextGame()
	if err != nil {
		t.Fatalf("first game: %v", err)
	}
	if len(g.Moves) != 2 || g.Tree.Nodes[0].Line != 1 || g.Tree.Nodes[1].Line != 2 {
		t.Errorf("first game: %d moves, nodes at lines %d and %d", len(g.Moves), g.Tree.Nodes[0].Line, g.Tree.Nodes[1].Line)
	}
	if c, _ := g.Tree.Nodes[0].Get("C"); c != "a ] ) (" {
		t.Errorf("comment %q", c)
	}
	if _, err := r.Next(); !errors.Is(err, errReadPast) {
		t.Errorf("second Next: %v, want the reader's error", err)
	}
}

// Places in errors are the file's, for every tree of a collection; the end is io.EOF.
func TestReaderPlaces(t *testing.T) {
	r := NewReader(strings.NewReader("(;B[aa])\n\n  (;SZ[9];B[zz])"), "p.sgf")
	if _, err := r.NextGame(); err != nil {
		t.Fatal(err)
	}
	_, err := r.NextGame()
	if err == nil || err.Error() != "p.sgf:3:11: B[zz]: point is off the 9x9 board" {
		t.Fatalf("error %v, want it at 3:11", err)
	}
	r = NewReader(strings.NewReader("(;B[aa]) x"), "e.sgf")
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last tree: %v, want io.EOF", err)
	}
	if _, err := NewReader(strings.NewReader("no tree"), "n.sgf").Next(); err == nil || !strings.Contains(err.Error(), "n.sgf:1:8: no game tree") {
		t.Errorf("no tree: %v", err)
	}
}
