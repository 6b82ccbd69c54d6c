package index

import (
	"slices"
	"testing"
)

// The tag summaries hold what the query evaluator reads, CQL's view of the header
// (pgn.CQLHeader): tidied names, ratings from " (2850)" and from any rating tag, the
// move text's result, the year as CQL reads the date. On the hand-written games of
// filter/testdata/cqlheader.pgn the candidates of these queries are the games CQL 9.493
// outputs for them (see filter/header_test.go; game numbers from 0 here), and the
// index's answers equal the scan's, those of the queries that are not pruned too.
func TestPruneSummaryCQLHeader(t *testing.T) {
	file := "../filter/testdata/cqlheader.pgn"
	ix := buildIndex(t, file)
	var queries []string
	defer func() { checkEquivalent(t, ix, []string{file}, queries, []string{"pgn"}) }()
	for _, c := range []struct {
		query string
		want  []uint32 // CQL 9.493's games, from 0
	}{
		{`player white "Smith, John"`, []uint32{0}},
		{`player white "Smith,John"`, nil},
		{`player black "De Gaulle, C"`, []uint32{11}},
		{`player white "Van Wely, Loek"`, []uint32{12}},
		{`player white "Carlsen ("`, nil},
		{`player "n\nVan"`, []uint32{0}},
		{`player "Bob"`, nil}, // White's tag is empty: plain player has no value
		{`"?" in player`, []uint32{1, 4, 6, 7, 9, 10, 13, 14}},
		{`year == 2020`, []uint32{0, 11}},
		{`year < 1970`, []uint32{2, 12}},
		{`year`, []uint32{0, 2, 7, 11, 12}},
		{`elo white == 2850`, []uint32{2}},
		{`elo black == 4000`, []uint32{11}},
		{`elo white == 2400`, []uint32{12}},
		{`elo black == 2000`, []uint32{12}},
		{`elo > 2650`, []uint32{0, 2, 6, 11}},
		{`elo black`, []uint32{0, 7, 11, 12}},
		{`result 1-0`, []uint32{0, 10}},
		{`result 0-1`, []uint32{2}},
		{`result 1/2-1/2`, []uint32{5, 9}},
		{`eco "C20"`, []uint32{0, 7}},
		{`eco "E99x"`, []uint32{11}},
		{`eco "A00"`, []uint32{12}},
	} {
		queries = append(queries, c.query)
		got, ok := candidateGames(t, ix, c.query)
		if !ok {
			t.Errorf("%q not supported", c.query)
			continue
		}
		if !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%q: candidates %v, want %v (CQL 9.493's games)", c.query, got, c.want)
		}
	}
	// not pruned by the summaries: the index must still agree with the scan
	queries = append(queries, `tag "White" == "Smith, John"`, `date == "2020.01.02"`, `tag "Foo" == ""`,
		`eventdate == "2020.??.??"`, `tag "FEN" == "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1"`, `event == "?"`,
		`#(player white) == 10`, `#(event) == 21`)
}
