package filter

import (
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// Differences found by running chessql's snippets through CQL 9.493 and
// through us on the same games; each expectation is CQL 9.493's answer on
// the Greek gift game (greekGift), whose only checks are the positions after
// 7.Bxh7+ and 8.Ng5+, and where a white bishop stands on h7 only after
// 7.Bxh7+.
func TestSnippetDifferencesAgainstCQL(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader(greekGift), "gg.pgn", pgn.Options{})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	const (
		checks = "[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8 d3h7] " +
			"[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8 d3h7 g8h7 f3g5]"
		bishopH7 = "[e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5 f6d7 f1d3 f8e7 g1f3 e8g8 d3h7]"
	)
	all := runQuery(t, "true", games[0])
	allButBishopH7 := strings.Replace(all, bishopH7+" ", "", 1)
	if allButBishopH7 == all {
		t.Fatalf("the position after 7.Bxh7+ is not among %s", all)
	}
	for _, c := range []struct{ q, want string }{
		// A line matches only when some constituent filter matches a
		// position (CQL's sequencebase.cpp records success there): a line
		// whose every constituent is optional does not match "nothing".
		{"line --> check?", checks},
		{"line <-- check{,4}", checks},
		{"line --> (check --> mate)*", ""},
		{"{line --> 7>=9*}", ""},
		// x =? S fails on an empty S and leaves x as it was
		// (assignnode.cpp, AssignSquareNode).
		{"y=?(B&h7)", bishopH7},
		{"y=k not y=?(B&h7) y==k", allButBishopH7},
	} {
		if got := runQuery(t, c.q, games[0]); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.q, got, c.want)
		}
	}
}

// CQL reads Date and EventDate as SCID stores them and gives them back as
// "yyyy.mm.dd" with ?? for a missing or bad part. Each want is what CQL
// 9.493 prints for `message(date " " eventdate)` on a game with that tag.
func TestSCIDDate(t *testing.T) {
	for _, c := range []struct{ tag, want string }{
		{"1968", "1968.??.??"},
		{"?", "????.??.??"},
		{"1999.13.05", "1999.??.??"},
		{"1999.05.40", "1999.05.??"},
		{" 2001.1.2", "2001.01.02"},
		{"3000.01.01", "????.01.01"},
		{"-5.01.01", "????.01.01"},
		{"", "????.??.??"}, // no tag
		{"1999.??.07", "1999.??.07"},
		{"2047.12.31", "2047.12.31"},
		{"2048.1.1", "????.01.01"},
		{"0968.1.1", "0968.01.01"},
		{"12.3", "0012.03.??"},
		{"abc.05.06", "????.05.06"},
		{"1999.5x.06", "1999.05.06"},
	} {
		if got := scidDate(c.tag); got != c.want {
			t.Errorf("date of %q = %q, want %q", c.tag, got, c.want)
		}
	}
	for _, tag := range []string{"1999.05.06", "", "?"} {
		g := dateGame(tag)
		if n := testing.AllocsPerRun(100, func() { h := pgn.ReadCQLHeader(g); h.Date() }); n != 0 {
			t.Errorf("date of %q allocates %v times", tag, n)
		}
	}
}

// scidDate is the date a game with a Date tag tag ("": none) has for CQL.
func scidDate(tag string) string {
	h := pgn.ReadCQLHeader(dateGame(tag))
	return h.Date()
}

func dateGame(tag string) *pgn.Game {
	var g pgn.Game
	if tag != "" {
		g.Tags = []pgn.Tag{{Name: "Date", Value: tag}}
	}
	return &g
}

// A game without an EventDate tag still has an event date, "????.??.??"
// (CQL 9.493 matches `eventdate` and `eventdate == "????.??.??"` on it).
func TestEventDateMissingTag(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader("[Event \"e\"]\n[Date \"1968\"]\n\n1. e4 *\n"), "d.pgn", pgn.Options{})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	for _, q := range []string{`eventdate`, `eventdate == "????.??.??"`, `date == "1968.??.??"`, `year == 1968`} {
		if got := runQuery(t, q, games[0]); !sameMatches(got, "[start] [e2e4]") {
			t.Errorf("%s: got %s, want both positions", q, got)
		}
	}
}

// consecutivemoves fails when the two ways from the common ancestor share no
// move, and lowercase/uppercase never match as filters. On 1.e4 e5 (1...c5
// 2.Nf3 d6) 2.Nf3 d6, CQL numbers the positions 0-4 on the main line and
// 5-7 in the variation; CQL 9.493 matches every position (the query does
// not depend on it) for consecutivemoves(4 7) == 2 and (4 6) == 1, and none
// for consecutivemoves(2 5) (e5 against c5) or for `lowercase "K"`.
func TestSnippetValuelessFilters(t *testing.T) {
	games, err := pgn.ReadAll(strings.NewReader("1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 d6 *\n"), "v.pgn", pgn.Options{Variations: true})
	if err != nil || len(games) != 1 {
		t.Fatalf("%v (%d games)", err, len(games))
	}
	everywhere := runQuery(t, "cql(variations) true", games[0])
	for _, c := range []struct{ q, want string }{
		{"cql(variations) x=position 4 y=position 7 consecutivemoves(x y) == 2", everywhere},
		{"cql(variations) x=position 4 y=position 6 consecutivemoves(x y) == 1", everywhere},
		{"cql(variations) x=position 2 y=position 5 consecutivemoves(x y)", ""},
		{"cql(variations) x=position 2 y=position 5 not consecutivemoves(x y)", everywhere},
		{`lowercase "K"`, ""},
		{`uppercase "k"`, ""},
		{`lowercase "K" == "k"`, runQuery(t, "true", games[0])},
		// CQL changes ASCII letters only (CQL 9.493: true).
		{`uppercase "éa" == "éA"`, runQuery(t, "true", games[0])},
	} {
		if got := runQuery(t, c.q, games[0]); !sameMatches(got, c.want) {
			t.Errorf("%s:\n got %s\nwant %s", c.q, got, c.want)
		}
	}
}
