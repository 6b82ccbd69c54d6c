package pgn

import (
	"bytes"
	"os"
	"testing"

	nc "github.com/notnil/chess"

	"github.com/cqlgo/cql/internal/testdata"
)

// TestPositionsAgainstNotnil reads whole files with this package and with the
// independent github.com/notnil/chess PGN reader, and compares the FEN of
// every main-line position of every game.
func TestPositionsAgainstNotnil(t *testing.T) {
	size := 512 << 10
	if testing.Short() {
		size = 256 << 10
	}
	for _, name := range []string{"lichess-10k.pgn", "masters-10k.pgn"} {
		data, err := os.ReadFile(testdata.File(t, name))
		if err != nil {
			t.Fatal(err)
		}
		data = headGames(data, size)
		ours := readBytes(t, data, name, Options{})
		gi, plies, short, skipped := 0, 0, 0, 0
		for _, g := range ours {
			gi++
			if len(g.Errors) > 0 {
				t.Fatalf("%s game %d: %v", name, gi, g.Errors)
			}
			// notnil decodes the same bytes on its own.
			opt, err := nc.PGN(bytes.NewReader(data[g.Offset : g.Offset+int64(g.Length)]))
			if err != nil {
				// notnil insists on its own check and mate signs.
				skipped++
				continue
			}
			pos := nc.NewGame(opt).Positions()
			if len(pos) != len(g.Nodes) {
				short++
				t.Logf("%s game %d: %d positions, notnil %d", name, gi, len(g.Nodes), len(pos))
			}
			for i := range pos[:min(len(pos), len(g.Nodes))] {
				if got, want := g.Nodes[i].Pos.FEN(), pos[i].XFENString(); got != want {
					t.Fatalf("%s game %d ply %d: FEN\nours:   %s\nnotnil: %s", name, gi, i, got, want)
				}
				plies++
			}
		}
		if gi < 100 {
			t.Fatalf("%s: only %d games", name, gi)
		}
		if skipped > gi/10 {
			t.Errorf("%s: notnil could not read %d of %d games", name, skipped, gi)
		}
		if short > gi/100 {
			t.Errorf("%s: %d of %d games differ in length", name, short, gi)
		}
		t.Logf("%s: %d games (%d unread by notnil), %d positions agree", name, gi, skipped, plies)
	}
}
