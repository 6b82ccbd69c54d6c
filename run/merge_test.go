package run

import (
	"strings"
	"testing"
)

// Matches handed out one file at a time and merged with SortMatches give exactly what Run
// writes for the files together: the merge that cql-beam does over shards. Material counted
// by hand: Loyd's game ends 39 to 29 (10), the seed position 16 to 12 (4), the scholar's
// mate one pawn up (1); sort min reverses the order, sort matchcount orders by positions.
func TestSortMatchesMergesRuns(t *testing.T) {
	games := strings.SplitAfter(threeGames, "1-0\n")
	files := map[string]string{"a.pgn": games[0], "b.pgn": games[1]}
	for _, query := range []string{
		`sort "material" power A - power a`,
		`sort min "material" power A - power a`,
		`cql(sort matchcount) btm`,
		`cql(sort matchcount) sort "material" power A - power a btm`,
	} {
		q := compile(t, query)
		want, _ := runString(t, q, memFiles(files, "a.pgn", "b.pgn"), Options{Format: "pgn"})
		var ms []Match
		for _, f := range []string{"a.pgn", "b.pgn"} {
			out, _ := runString(t, q, memFiles(files, f), Options{Format: "pgn", Matches: func(m Match) { ms = append(ms, m) }})
			if out != "" {
				t.Fatalf("%s: output written although Matches is set: %q", query, out)
			}
		}
		SortMatches(q, ms)
		var got strings.Builder
		for _, m := range ms {
			got.Write(m.Out)
		}
		if got.String() != want {
			t.Errorf("%s: merged\n%s\nRun wrote\n%s", query, got.String(), want)
		}
		if !strings.Contains(want, " of b.pgn") {
			t.Errorf("%s: output lacks the second file's games:\n%s", query, want)
		}
	}
}
