package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// A line inside a constituent of another line's repeated group runs its own
// matcher: before, it reset the shared continuation stack under the outer
// line (an index panic, or a wrong match). In the Greek gift game the checks
// are the positions after 7.Bxh7+ (ply 13) and 8.Ng5+ (ply 15); no other
// position is check, so "a check, then any position, twice" starts only at
// ply 13, however the check is spelled.
func TestLineNestedInLine(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader(greekGift), "gg.pgn", pgn.Options{})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	const atGift = "[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8 d3h7]"
	for _, q := range []string{
		"line --> (check --> true){2}",
		"line --> ({line --> check --> not check} --> true){2}",
		"line --> ({line --> (check)+ --> not check} --> true){2}",
		"line --> ({line --> (check | mate) --> not check} --> true){2}",
	} {
		if got := runQuery(t, q, games[0]); !sameMatches(got, atGift) {
			t.Errorf("%s:\n got %s\nwant %s", q, got, atGift)
		}
	}
	// A path inside a line group: "a move to check follows" holds at plies
	// 12 and 14, so twice in a row starts at ply 12.
	const beforeGift = "[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8]"
	q := "line --> ({path -- check} --> true){2}"
	if got := runQuery(t, q, games[0]); !sameMatches(got, beforeGift) {
		t.Errorf("%s:\n got %s\nwant %s", q, got, beforeGift)
	}
}
