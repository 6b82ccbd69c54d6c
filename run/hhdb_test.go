package run

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// hhdb sort orders the games by award as CQL's hhdbaward_sort does (three
// quiet `sort min` keys: the category 1 prize, 2 special prize, 3 hm, 4
// special hm, 5 commendation, 6 special commendation; then the first rank;
// then the last, 10000 when the award states no ranks); ties keep game
// order; the keys are not printed. The orders below are worked out by hand
// from the Event tags, whose award syntax is HhdbAwardNode's.
func TestRunHHdbSort(t *testing.T) {
	var b strings.Builder
	for _, ev := range []string{"2.hm A", "1/2.p B", ".c C", "sp.p D", "1.p E", "Plain F", "1/3.p G", "1.sp.hm H", "1.p I"} {
		fmt.Fprintf(&b, "[Event %q]\n\n1. e4 e5 *\n\n", ev)
	}
	src := memFiles(map[string]string{"a.pgn": b.String()}, "a.pgn")
	for _, c := range []struct{ query, want string }{
		{`initial hhdb sort award`, "1.p E,1.p I,1/2.p B,1/3.p G,sp.p D,2.hm A,1.sp.hm H,.c C"},
		{`initial hhdb sort prize`, "1.p E,1.p I,1/2.p B,1/3.p G,sp.p D"},
		{`initial hhdb sort special`, "sp.p D,1.sp.hm H"},
		{`initial hhdb sort hm`, "2.hm A,1.sp.hm H"},
		{`initial hhdb special sort hm`, "1.sp.hm H"},
		{`initial hhdb commendation sort special`, ""}, // no special commendation
		{`initial hhdb sort commendation`, ".c C"},
	} {
		for _, threads := range []int{1, 3} {
			out, _ := runString(t, compile(t, c.query), src, Options{Format: "pgn", Threads: threads})
			if got := events(out); got != c.want {
				t.Errorf("%s (threads %d): %s, want %s", c.query, threads, got, c.want)
			}
			if strings.Contains(out, "cql_") {
				t.Errorf("%s: the quiet sort keys are printed:\n%s", c.query, out)
			}
		}
	}
}

// hhdb cooked finds cooks marked in variations (CQL searches the game's
// text) also when the query searches the main line and the run only counts:
// the games are read with their variations. 8 games of cql-sample.pgn have
// "<cook" in their text (grep; TestHHdbSampleCounts in filter).
func TestRunHHdbCookedReadsVariations(t *testing.T) {
	src := Files{Names: []string{testdata.File(t, "cql-sample.pgn")}}
	for _, opt := range []Options{{Format: "pgn", Count: true}, {Format: "fen"}, {Format: "pgn", Threads: 2}} {
		_, st := runString(t, compile(t, `hhdb cooked`), src, opt)
		if st.GamesMatched != 8 {
			t.Errorf("%+v: %d games, want 8", opt, st.GamesMatched)
		}
	}
}
