package filter

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cqlgo/cql/pgn"
)

// The tag-reading filters see a game's header as CQL 9.493 holds it (its Scid
// game record), not the tags as written: tidied player names, ratings from
// " (2850)" and from the first rating tag of any kind, dates rewritten from
// their numbers, re-coded ECO, the move text's result, the last copy of a
// repeated tag, FEN tags of two or three fields completed, values with the
// file's escapes (game 15: [Event "esc \"q\" and \\ back"] is 21
// characters). Each want is the list of games CQL 9.493 outputs for
// `cql() QUERY` on the hand-written games of testdata/cqlheader.pgn
// (/tmp/cqlbuild/src/cql -i cqlheader.pgn -o out.pgn q.cql).
func TestTagReadersSeeCQLHeader(t *testing.T) {
	text, err := os.ReadFile("testdata/cqlheader.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, err := pgn.ReadAll(strings.NewReader(string(text)), "cqlheader.pgn", pgn.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 15 {
		t.Fatalf("%d games read, want 15", len(games))
	}
	for i, g := range games {
		if len(g.Errors) > 0 {
			t.Errorf("game %d: %v", i+1, g.Errors)
		}
	}
	for _, c := range []struct {
		query string
		want  []int
	}{
		{`tag "White" == "Smith, John"`, []int{1}},
		{`player white "Smith, John"`, []int{1}},
		{`player white "Smith,John"`, []int{}},
		{`tag "White" == "?"`, []int{2, 5, 7, 8, 11, 14}},
		{`tag "White"`, []int{1, 2, 3, 4, 5, 7, 8, 10, 11, 12, 13, 14, 15}},
		{`tag "Black" == "Van der Berg"`, []int{1}},
		{`player black "De Gaulle, C"`, []int{12}},
		{`player white "Van Wely, Loek"`, []int{13}},
		{`player black "Smith (20)"`, []int{13}},
		{`player white == "X"`, []int{12}},
		{`player white "Carlsen ("`, []int{}},
		{`player "n\nVan"`, []int{1}},
		{`player "Bob"`, []int{}},
		{`"?" in player`, []int{2, 5, 7, 8, 10, 11, 14, 15}},
		{`tag "Date" == "2020.??.??"`, []int{1}},
		{`date == "2020.01.02"`, []int{12}},
		{`date == "????.??.??"`, []int{2, 4, 5, 6, 9, 10, 11, 14, 15}},
		{`date == "????.12.31"`, []int{}},
		{`tag "EventDate" == "????.??.??"`, []int{2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15}},
		{`eventdate == "2020.??.??"`, []int{1}},
		{`eventdate "1999"`, []int{8}},
		{`year == 2020`, []int{1, 12}},
		{`year`, []int{1, 3, 8, 12, 13}},
		{`year < 1970`, []int{3, 13}},
		{`elo white == 2850`, []int{3}},
		{`elo white == 2700`, []int{1}},
		{`elo black == 2500`, []int{1}},
		{`elo black == 1900`, []int{8}},
		{`elo black == 4000`, []int{12}},
		{`elo white == 4000`, []int{7}},
		{`elo white == 2600`, []int{12}},
		{`elo white == 2400`, []int{13}},
		{`elo black == 2000`, []int{13}},
		{`elo white == 2100`, []int{8}},
		{`elo`, []int{1, 3, 7, 8, 12, 13}},
		{`elo > 2650`, []int{1, 3, 7, 12}},
		{`elo white`, []int{1, 3, 7, 8, 12, 13}},
		{`elo black`, []int{1, 8, 12, 13}},
		{`result 1-0`, []int{1, 11}},
		{`result 0-1`, []int{3}},
		{`result 1/2-1/2`, []int{6, 10}},
		{`eco "C20"`, []int{1, 8}},
		{`eco == "B00"`, []int{3}},
		{`eco == "E99x"`, []int{12}},
		{`eco == "A00"`, []int{13}},
		{`eco`, []int{1, 3, 8, 12, 13}},
		{`tag "ECO"`, []int{1, 3, 8, 12, 13}},
		{`tag "Foo" == "c"`, []int{1}},
		{`tag "Foo" == "a"`, []int{}},
		{`tag "Foo" == ""`, []int{6, 12}},
		{`tag "Foo"`, []int{1, 2, 6, 12, 15}},
		{`tag "Event" == "B"`, []int{12}},
		{`event == "?"`, []int{2, 3, 9, 10, 11, 13}},
		{`event`, []int{1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
		{`site == "?"`, []int{2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
		{`site`, []int{1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
		{`tag "ScidFlags"`, []int{}},
		{`tag "FEN"`, []int{4, 5, 14}},
		{`tag "FEN" == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"`, []int{4}},
		{`tag "FEN" == "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1"`, []int{14}},
		{`tag "SetUp"`, []int{4, 5, 14}},
		{`settag("Foo" "x") tag "Foo" == "x"`, []int{2}},
		{`settag("Bar" "x") tag "Bar"`, []int{}},
		{`#(event) == 21`, []int{15}},
		{`#(tag "Foo") == 4`, []int{15}},
		{`#(player white) == 10`, []int{15}},
	} {
		e := compileText(t, c.query).NewEvaluator()
		got := []int{}
		for i, g := range games {
			if len(e.Game(g.Clone())) > 0 {
				got = append(got, i+1)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: games %v, want %v (CQL 9.493)", c.query, got, c.want)
		}
	}
}
