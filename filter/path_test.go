package filter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// greekGift is a hand-checked game with the Greek gift of the 6.2 manual's
// path page: 7.Bxh7+ Kxh7 8.Ng5+.
const greekGift = "1. e4 e6 2. d4 d5 3. Nc3 Nf6 4. e5 Nfd7 5. Bd3 Be7 6. Nf3 O-O 7. Bxh7+ Kxh7 8. Ng5+ Kg8 9. Qh5 *\n"

func TestPathSubset(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader(greekGift), "gg.pgn", pgn.Options{Variations: true})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	g := games[0]
	tree := treeGames(t)[0]
	const beforeGift = "[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8]"
	cases := []struct {
		cql  string
		game *pgn.Game
		want string
	}{
		// The manual's example matches where White is about to sacrifice.
		{"⊢ ♗×♟h7 check ♚×h7 ♘――g5 check", g, beforeGift},
		{"path B×ph7 check k×h7 N--g5 check", g, beforeGift},
		{"path B×ph7 check k×h7 N--g6", g, ""},
		{"path B×ph7 mate", g, ""},
		{"path N--g5 check", g, "[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8 d3h7 g8h7]"},
		// Two moves follow every position but the last two of the 17 plies.
		{"{path -- --} ply == 15", g, "[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8 d3h7 g8h7 f3g5]"},
		{"{path -- --} ply == 16", g, ""},
		{"path -- -- ply == 17", g, "[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8 d3h7 g8h7 f3g5]"},
		// A filter before the first move is evaluated at the start position.
		{"path btm k×h7", g, "[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8 d3h7]"},
		// Variations (the CQLi game-tree figure): 1.d4 Nf6 is a variation,
		// 2.d4 (after 1.e4 e6) has replies c5 and d5.
		{"cql(variations) path --d4 --f6", tree, "[start]"},
		{"cql(variations) path --d4 --", tree, "[start] [e2e4 e7e6]"},
		{"path --d4", tree, ""},
	}
	for _, c := range cases {
		if got := runQuery(t, c.cql, c.game); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
}

// Parameters not implemented, and constructs CQL rejects, are parse errors
// at their place.
func TestPathErrors(t *testing.T) {
	for _, c := range []struct {
		src, msg string
		col      int
	}{
		// CQL's own parser (path-parse.cpp) has no titlecase, wants a
		// non-empty title, piecepath only with a focus, and refuses
		// primary with focus and repeated parameters.
		{"path titlecase --", "'titlecase' is not a path parameter", 6},
		{`path title "" --`, "non-empty quoted string", 12},
		{`path title check --`, "non-empty quoted string", 12},
		{"path piecepath --", "'piecepath' in a path needs 'focus'", 1},
		{"path focus P primary --", "'primary' with 'focus'", 1},
		{"path singlecolor primary --", "'primary' with 'focus'", 1},
		{"path singlecolor focus P --", "'singlecolor' and 'focus'", 18},
		{"path verbose verbose --", "'verbose' given twice", 14},
		{"path max 3 max 4 --", "'max' given twice", 12},
		{"path max check --", "the argument of the path parameter max must be a number", 10},
		{"path secondary --", "'secondary' is not a path parameter", 6},
		{"path * --", "must follow a path constituent", 6},
		// CQL 9.493 refuses these: "Extra text following the filters", and in
		// a group "malformed expression inside path filter: expected ')'".
		{"path -- | ", "'|' cannot separate path constituents", 9},
		{"path (-- | ) check", "'|' cannot separate path constituents", 10},
		{"path B[x]h7 check | N--g5 check", "'|' cannot separate path constituents", 19},
		{"path (-- check | -- mate)", "'|' cannot separate path constituents", 16},
		{"path (-- check", "')' to close the group", 15},
		{"path focus check --", "set filter", 12},
		{"path", "at least one constituent", 1},
		{"path quiet", "at least one constituent", 1},
	} {
		_, err := query.Parse("", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.msg) || !strings.Contains(err.Error(), fmt.Sprintf("1:%d: ", c.col)) {
			t.Errorf("%s: got %v, want %q at column %d", c.src, err, c.msg, c.col)
		}
	}
}
