package filter

import (
	"slices"
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

// line singlecolor matches every other position, those with the side to
// move of the first (CQL 5's next2/previous2). In the Greek gift game the
// checks at plies 13 and 15 are two plies apart: consecutive for
// singlecolor, not for a plain line; the 18 positions split into 9 with
// White to move (even plies) and 9 with Black to move.
func TestLineSingleColor(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader(greekGift), "gg.pgn", pgn.Options{})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	g := games[0]
	tree := treeGames(t)[0]
	for _, c := range []struct {
		cql  string
		game *pgn.Game
		want string
	}{
		{"line singlecolor --> check --> check", g, plies(g, 13)},
		{"line --> check --> check", g, ""},
		{"line singlecolor <-- check <-- check", g, plies(g, 15)},
		{"line singlecolor --> check{2}", g, plies(g, 13)},
		{"(line singlecolor --> true+) == 9", g, plies(g, 0, 1)},
		{"(line singlecolor <-- true+) == 9", g, plies(g, 16, 17)},
		// The run ends at the last ply of the start's parity: the terminal
		// position (ply 17) only from odd plies.
		{"(line singlecolor lastposition --> true+) : terminal", g, plies(g, 1, 3, 5, 7, 9, 11, 13, 15, 17)},
		// Variations: from the start, White-to-move positions two plies on
		// are 1.e4 c5, 1.e4 e5, 1.e4 e6 and 1.d4 Nf6, 1.d4 d5.
		{"cql(variations) initial (line singlecolor --> true --> true) == 2", tree, "[start]"},
		{"cql(variations) line singlecolor --> initial --> (move to d4)", tree, "[start]"},
		{"cql(variations) line singlecolor primary --> initial --> (move to d4)", tree, ""},
	} {
		if got := runQuery(t, c.cql, c.game); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.cql, got, c.want)
		}
	}
	for _, c := range []struct{ src, msg string }{
		{"line primary secondary --> check", "1:14: line takes one of primary and secondary, once"},
		{"line secondary <-- check", "1:16: 'secondary' cannot be used with 'line <--'"},
	} {
		if got := runQueryOrErr(t, c.src, g); !strings.Contains(got, c.msg) {
			t.Errorf("%s: got %q, want %q", c.src, got, c.msg)
		}
	}
}

// firstmatch stops at the first success, and an empty match is none: the
// line first tries `btm?` zero times, where `false*` matches nothing, and
// must go on to try btm. Expected: CQL 9.493's output on this game (both
// match at each btm position, with length 1; with `wtm*` firstmatch keeps
// the length-1 match, not btm then wtm). Found by the random queries with
// variations: `cql(variations) line singlecolor firstmatch lastposition
// secondary --> btm? --> {(piece x1 in a-g2 {power p > 2})}*` matched no
// game of sample.pgn, CQL all 253.
func TestLineFirstMatchEmptyIsNoMatch(t *testing.T) {
	g := readOne(t, "1. e4 e5 2. Nf3 Nc6 *")
	cases := []struct {
		src  string
		want []string
	}{
		{`cql() line firstmatch --> btm? --> false*`, []string{
			"1: End line of length 1 that starts at move 1(btm)", "1: Start line that ends at move 1(btm)",
			"3: End line of length 1 that starts at move 2(btm)", "3: Start line that ends at move 2(btm)"}},
		{`cql() line firstmatch --> wtm? --> btm? --> false`, nil},
	}
	for _, c := range cases {
		got := notesOf(t, c.src, g)
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
