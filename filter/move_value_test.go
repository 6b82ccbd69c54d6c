package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// readGame parses one PGN game given as text (with variations).
func readGame(t *testing.T, text string) *pgn.Game {
	t.Helper()
	games, err := pgn.ReadAll(strings.NewReader(text), "t.pgn", pgn.Options{Variations: true})
	if err != nil || len(games) != 1 {
		t.Fatalf("reading the test game: %v (%d games)", err, len(games))
	}
	return games[0]
}

// TestMoveCaptureValue: a move filter whose first parameter is capture is
// valued at the captured pieces' squares (CQL's MoveBase::returnSquare),
// the pawn's square for en passant. Each expectation is CQL 9.493's answer
// on the game (matching game or not); the positions are checked by hand.
func TestMoveCaptureValue(t *testing.T) {
	exd5 := readGame(t, "[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n")
	ep := readGame(t, "[Result \"*\"]\n\n1. e4 a6 2. e5 d5 3. exd6 *\n")
	for _, c := range []struct {
		g         *pgn.Game
		src, want string
	}{
		{exd5, "(move capture d5) & d5", "[e2e4 d7d5] [e2e4 d7d5 e4d5]"}, // CQL: 1 game; exd5, then Qxd5
		{exd5, "(move capture d5) & e4", ""},                             // CQL: 0 (ours gave the from square)
		{exd5, "(move capture a-h1-8) == d5", "[e2e4 d7d5] [e2e4 d7d5 e4d5]"},
		{ep, "(move capture a-h1-8) == d5", "[e2e4 a7a6 e4e5 d7d5]"},         // CQL: 1
		{ep, "(move capture a-h1-8) == d6", ""},                              // CQL: 0
		{ep, "(move capture [a-h1-8] to d6) == d5", "[e2e4 a7a6 e4e5 d7d5]"}, // CQL: 1
		{ep, "(move to d6 capture [a-h1-8]) == d6", "[e2e4 a7a6 e4e5 d7d5]"},
	} {
		if got := runQuery(t, c.src, c.g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestPathUnionDestination: in a path step the destination continues over
// | as a set union (CQL's match_dash_right reads match_attackarrow_x), with
// or without spaces, unless a move step is tied to the set after the |.
// Game 1.e4 d5 2.exd5 Qxd5; each expectation is CQL 9.493's count of
// matching games (1 or 0) with `initial` in front, and the positions by hand.
func TestPathUnionDestination(t *testing.T) {
	g := readGame(t, "[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n")
	for _, c := range []struct{ src, want string }{
		{"initial path --d5|e4", "[start]"},      // CQL: 1 (1.e4 goes to d5|e4)
		{"initial path ――d5|e4", "[start]"},      // CQL: 1
		{"initial path --d5 | e4", "[start]"},    // CQL: 1
		{"initial path --d5|e4 --d5", "[start]"}, // CQL: 1
		{"initial path --d5|e4 --e5", ""},        // CQL: 0
		{"path --d5|e4", "[start] [e2e4] [e2e4 d7d5] [e2e4 d7d5 e4d5]"},
	} {
		if got := runQuery(t, c.src, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}
