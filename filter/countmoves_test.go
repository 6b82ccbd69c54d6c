package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// CQL 6.2's countmoves (CQL 9.493 node-parse.cpp match_countmoves): after
// `countmoves` comes a -- or × filter, counting the moves played from the
// position that fit it (dashnode.cpp computeCount: the target must match
// after the move), or legal/pseudolegal and one, counting legal moves as
// movelegalnode.cpp does (destination squares per origin square, so four
// promotions to one square count once). It always matches.
// Hand-checked: the initial position has 20 legal moves, 4 of them by
// knights; in 8/4P3/8/8/8/8/k7/4K3 White has 5 king moves and e8 (one
// square, four promotions).
func TestCountMoves(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader("1. e4 (1. d4) (1. Nf3 d5) e5 2. Nf3 *\n"), "t.pgn", pgn.Options{Variations: true})
	if err != nil {
		t.Fatal(err)
	}
	tree := games[0]
	promo := readGames(t, "[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd2 *\n")[0]
	for _, c := range []struct {
		cql  string
		game string
		want string
	}{
		{"cql(variations) countmoves -- == 3", "tree", plies(tree, 0)},
		{"cql(variations) mainline countmoves -- == 1", "tree", plies(tree, 1, 2)},
		{"cql(variations) mainline countmoves N-- == 1", "tree", plies(tree, 0, 2)},
		{"cql(variations) countmoves --(btm) == 3", "tree", plies(tree, 0)},
		{"cql(variations) countmoves P--e4 == 1 and countmoves P--d4 == 1", "tree", plies(tree, 0)},
		{"countmoves -- == 1", "tree", plies(tree, 0, 1, 2)}, // variations not searched: their moves not counted
		{"countmoves × > 0", "tree", ""},
		{"initial countmoves legal -- == 20", "tree", plies(tree, 0)},
		{"initial countmoves legal N-- == 4", "tree", plies(tree, 0)},
		{"initial countmoves pseudolegal ―― == 20", "tree", plies(tree, 0)},
		{"countmoves legal P-- == 1", "promo", plies(promo, 0)},
		{"countmoves legal -- == 6", "promo", plies(promo, 0)},
		{"countmoves legal K-- == 5", "promo", plies(promo, 0)},
		{"countmoves legal --(o-o) == 0 and initial", "tree", plies(tree, 0)},
		{"countmoves --", "tree", plies(tree, 0, 1, 2, 3)},
	} {
		g := tree
		if c.game == "promo" {
			g = promo
		}
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
	for _, c := range []struct{ src, msg string }{
		{"countmoves 3", "1:12: 'countmoves' takes a move filter"},
		{"countmoves", "1:11:"},
	} {
		if got := runQueryOrErr(t, c.src, tree); !strings.Contains(got, c.msg) {
			t.Errorf("%s: got %q, want %q", c.src, got, c.msg)
		}
	}
}

// TestLineSecondary: CQL's line secondary (sequence-parse.cpp, futurenode.cpp)
// follows only moves that start a variation, skipping the first child at
// every step. In 1.e4 (1.d4) (1.Nf3 d5) e5 2.Nf3 the longest forward run
// from the start is 4 positions along the main line, 2 with secondary
// (1.d4 or 1.Nf3; 1...d5 is the first child of 1.Nf3). Parameters and the
// range may come in any order (chessql test_filter_line.py:372).
func TestLineSecondary(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader("1. e4 (1. d4) (1. Nf3 d5) e5 2. Nf3 *\n"), "t.pgn", pgn.Options{Variations: true})
	if err != nil {
		t.Fatal(err)
	}
	g := games[0]
	for _, c := range []struct{ cql, want string }{
		{"cql(variations) initial (line --> true+) == 4", plies(g, 0)},
		{"cql(variations) initial (line secondary --> true+) == 2", plies(g, 0)},
		{"cql(variations) line secondary --> true --> true", plies(g, 0)},
		{"line secondary --> true --> true", ""},
		{"cql(variations) line quiet 2 secondary --> true+", plies(g, 0)},
		{"cql(variations) line quiet 2 firstmatch secondary --> true --> true", plies(g, 0)},
		{"cql(variations) line 3 primary --> true+", plies(g, 1)},
	} {
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// TestLineRepeatedRepetition: CQL accepts k{3}+ and k{3}* in a line
// (chessql test_filter_line.py:1370, :1409): a repetition of the repeated
// constituent, so true{2}+ matches runs of an even length. 1.e4 e5 2.Nf3
// Nc6 has 5 positions from the start: the longest even run is 4, the
// longest run of threes 3.
func TestLineRepeatedRepetition(t *testing.T) {
	g := readGames(t, "1. e4 e5 2. Nf3 Nc6 *\n")[0]
	for _, c := range []struct{ cql, want string }{
		{"initial (line --> true{2}+) == 4", plies(g, 0)},
		{"initial (line --> true{3}+) == 3", plies(g, 0)},
		// A line matching no position fails (CQL 9.493: no match here).
		{"(line --> true{2}*) == 0", ""},
		{"initial (line --> true --> true{2}+?) == 5", plies(g, 0)},
	} {
		if got := runQuery(t, c.cql, g); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}
