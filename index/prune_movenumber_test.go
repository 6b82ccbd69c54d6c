package index

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// moveNumberGames are checked by hand: the move numbers CQL 9.493 gives their
// positions (1 at the start whatever the FEN tag says; one more every two plies,
// and one more for a white-to-move position of a game whose first move is black's).
var moveNumberGames = []string{
	// 0: from the start, five plies: positions of moves 1, 1, 2, 2, 3, 3.
	`[Event "0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 *`,
	// 1: set up at move 40, black to move. Main line: 1, 2 (after Kd5), 2, 3 (after
	// Kd4). The variation goes on to 4 (after 42... Ke4). CQL 9.493 agrees: movenumber
	// == 3 matches, == 4 only with variations, == 40 never.
	`[Event "1"]
[SetUp "1"]
[FEN "8/8/8/4k3/8/8/2R5/4K3 b - - 0 40"]

40... Kd5 (40... Ke4 41. Rc4+ Kd3 42. Rc3+ Ke4) 41. Rc3 Kd4 *`,
	// 2: set up at move 7, no moves: one position, of move 1.
	`[Event "2"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 7"]

*`,
}

// TestPruneMoveNumber: movenumber is judged against 1 and the game's largest ply
// (variations included, so the range is sound for a main-line query too): at most
// plies/2 + 2, here 4, 4 and 2.
func TestPruneMoveNumber(t *testing.T) {
	file := filepath.Join(t.TempDir(), "movenumber.pgn")
	if err := os.WriteFile(file, []byte(strings.Join(moveNumberGames, "\n\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ix := buildIndex(t, file)
	var queries []string
	defer func() { checkEquivalent(t, ix, []string{file}, queries, []string{"pgn", "fen"}) }()
	for _, c := range []struct {
		query string
		want  []uint32
	}{
		{"movenumber == 1", []uint32{0, 1, 2}},
		{"movenumber > 3", []uint32{0, 1}}, // game 2 reaches 2 at most
		{"movenumber < 7", []uint32{0, 1, 2}},
		{"movenumber == 7", nil},
		{"movenumber == 40", nil}, // the FEN's number plays no part
		{"movenumber >= 3 and movenumber <= 7", []uint32{0, 1}},
		{"movenumber == 4", []uint32{0, 1}}, // only in game 1's variation: kept, soundly
		{"cql(variations) movenumber == 4", []uint32{0, 1}},
		{"movenumber > 4", nil},
		{"not movenumber > 3", []uint32{0, 1, 2}},
		{"movenumber >= 1", []uint32{0, 1, 2}},          // every game has a position
		{"flipcolor {movenumber == 4}", []uint32{0, 1}}, // numbers are not flipped
	} {
		queries = append(queries, c.query)
		got, ok := candidateGames(t, ix, c.query)
		if !ok {
			t.Errorf("%q not supported", c.query)
			continue
		}
		if !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%q: candidates %v, want %v", c.query, got, c.want)
		}
	}
}
