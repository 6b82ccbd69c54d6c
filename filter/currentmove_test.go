package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// currentMoveGame has an en passant capture (3.exd6), castling by both
// sides (5...O-O, 6.O-O) and a null move (6...--), checked by hand.
const currentMoveGame = "1. e4 Nf6 2. e5 d5 3. exd6 e6 4. Nf3 Be7 5. Bd3 O-O 6. O-O -- 7. c4 *\n"

func currentMoveGames(t *testing.T) *pgn.Game {
	t.Helper()
	games, err := pgn.ReadAll(strings.NewReader(currentMoveGame), "cm.pgn", pgn.Options{Variations: true})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	return games[0]
}

// The standalone current-move filters ask about the move that led to the
// current position (gadycosteff.com/cql/currentmove.html).
func TestCurrentMoveFilters(t *testing.T) {
	g := currentMoveGames(t)
	const ep = "e2e4 g8f6 e4e5 d7d5 e5d6"
	const blackCastles = ep + " e7e6 g1f3 f8e7 f1d3 e8g8"
	const whiteCastles = blackCastles + " e1g1"
	cases := []struct{ cql, want string }{
		{"enpassant", "[" + ep + "]"},
		{"castle", "[" + blackCastles + "] [" + whiteCastles + "]"},
		{"o-o", "[" + blackCastles + "] [" + whiteCastles + "]"},
		{"o-o-o", ""},
		{"castle wtm", "[" + blackCastles + "]"},
		{"nullmove ply == 12", "[" + whiteCastles + " 0000]"},
		{"nullmove", "[" + whiteCastles + " 0000]"},
		// currentmove: the -- filter applied to the move that led here.
		// a capture's right side is the taken piece's square: the pawn on d5
		// for 3.exd6 (CQL 9.493 on this game: ×d5 matches, ×d6 does not)
		{"currentmove ×d5", "[" + ep + "]"},
		{"currentmove ×d6", ""},
		{"currentmove P×", "[" + ep + "]"},
		{"currentmove n--f6", "[e2e4 g8f6]"},
		{"currentmove N--", "[" + ep + " e7e6 g1f3]"},
		{"currentmove K--g1", "[" + whiteCastles + "]"},
		{"currentmove k--g8 nullmove", "[" + whiteCastles + " 0000]"},
		{"currentmove --", ""}, // every position but the start has a current move: see below
		{"initial currentmove --", ""},
		{"currentmove ――(check)", ""},
	}
	var all []string
	moves := strings.Fields("e2e4 g8f6 e4e5 d7d5 e5d6 e7e6 g1f3 f8e7 f1d3 e8g8 e1g1 0000 c2c4")
	for i := range moves {
		// The null move too: CQL 9.493 stores it as a move of the king to its
		// own square, and `nullmove currentmove --` and `nullmove currentmove
		// k--` match after 6...-- in this game while `K--` does not.
		all = append(all, "["+strings.Join(moves[:i+1], " ")+"]")
	}
	for i := range cases {
		if cases[i].cql == "currentmove --" {
			cases[i].want = strings.Join(all, " ")
		}
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// loop: the body runs until it fails; the manual's loop page counts the
// positions of a game with `position N`, which matches while N is below the
// number of positions.
func TestLoop(t *testing.T) {
	g := currentMoveGames(t)
	tree := treeGames(t)[0]
	cases := []struct {
		cql  string
		game *pgn.Game
		want string
	}{
		{"initial NumberPositions = 0 loop {position NumberPositions NumberPositions += 1} NumberPositions == 14", g, "[start]"}, // 13 plies + the start
		{"initial NumberPositions = 0 loop {position NumberPositions NumberPositions += 1} NumberPositions != 14", g, ""},
		// The CQLi game-tree figure has 13 positions (ids 0-12).
		{"cql(variations) initial NumberPositions = 0 loop {position NumberPositions NumberPositions += 1} NumberPositions == 13", tree, "[start]"},
		{"loop false", g, ""},
		{"x = 0 loop {x < 3 x += 1} x == 3", g, runQuery(t, "true", g)},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, c.game); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}
