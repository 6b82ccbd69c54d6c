package run

import (
	"context"
	"io"
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

// Pages around merged matches give what Run writes in csv and html, sorted or not, and the
// sums of an additive query's tallies (Stats.Totals) over the files are Run's over both.
func TestPagesMergeRuns(t *testing.T) {
	games := strings.SplitAfter(threeGames, "1-0\n")
	files := map[string]string{"a.pgn": games[0], "b.pgn": games[1]}
	for _, format := range []string{"csv", "html"} {
		for _, query := range []string{`check`, `sort "material" power A - power a`} {
			q := compile(t, query)
			opt := Options{Format: format}
			want, _ := runString(t, q, memFiles(files, "a.pgn", "b.pgn"), opt)
			var ms []Match
			positions := 0
			for _, f := range []string{"a.pgn", "b.pgn"} {
				o := opt
				o.Matches = func(m Match) { ms = append(ms, m); positions += m.Positions }
				if out, _ := runString(t, q, memFiles(files, f), o); out != "" {
					t.Fatalf("%s %s: output written although Matches is set: %q", format, query, out)
				}
			}
			SortMatches(q, ms)
			p := NewPages(opt)
			got := p.Head(nil)
			for _, m := range ms {
				got = p.Game(got, m.Positions, m.Out)
			}
			got = p.End(got, positions)
			if string(got) != want {
				t.Errorf("%s %s: merged\n%s\nRun wrote\n%s", format, query, got, want)
			}
			if len(ms) < 2 {
				t.Errorf("%s %s: %d matches: the test merges nothing", format, query, len(ms))
			}
		}
	}
	q := compile(t, "persistent quiet Checks += 1 check persistent Mates += 1 mate")
	if !q.Additive() {
		t.Fatal("not additive")
	}
	var whole []int
	if _, err := Run(context.Background(), q, memFiles(files, "a.pgn", "b.pgn"), io.Discard, Options{Format: "pgn", Persistent: io.Discard, Totals: &whole}); err != nil {
		t.Fatal(err)
	}
	sum := make([]int, len(whole))
	for _, f := range []string{"a.pgn", "b.pgn"} {
		var part []int
		if _, err := Run(context.Background(), q, memFiles(files, f), io.Discard, Options{Format: "pgn", Persistent: io.Discard, Totals: &part}); err != nil {
			t.Fatal(err)
		}
		for i, v := range part {
			sum[i] += v
		}
	}
	if len(sum) != 2 || sum[0] != whole[0] || sum[1] != whole[1] || sum[0] == 0 {
		t.Errorf("tallies per file add up to %v, Run over both %v", sum, whole)
	}
}
