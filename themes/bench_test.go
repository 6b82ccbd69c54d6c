package themes

import (
	"context"
	"os"
	"sort"
	"testing"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// BenchmarkThemes evaluates the 60 themes of issue 33's budget (the first 60 by name, as
// bench/tags.sh takes them) over the first 50 games of masters-10k, games parsed
// beforehand: the evaluation a tag pass pays per position, for profiles and instruction
// counts (CQL_SHARED may point at a copy holding fewer games, for callgrind).
func BenchmarkThemes(b *testing.B) {
	file := testdata.File(b, "masters-10k.pgn")
	f, err := os.Open(file)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var games []*pgn.Game
	positions := 0
	err = pgn.Scan(context.Background(), f, file, pgn.Options{}, func(g *pgn.Game) error {
		if len(games) == 50 {
			return pgn.ErrStop
		}
		c := *g
		c.Nodes = append([]pgn.Node(nil), g.Nodes...)
		c.Tags = append([]pgn.Tag(nil), g.Tags...)
		games = append(games, &c)
		positions += len(g.Nodes)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	all := All()
	sort.Slice(all, func(i, j int) bool { return all[i].Name < all[j].Name })
	all = all[:60]
	evs := make([]*filter.Evaluator, len(all))
	var checks filter.Checks // shared as the tag pass shares them (run/tag.go)
	for i, th := range all {
		evs[i] = compileSource(b, th.Name, th.Source).NewEvaluator()
		evs[i].ShareChecks(&checks)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			checks.Reset()
			for _, e := range evs {
				e.Game(g)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(positions), "ns/position")
	b.ReportMetric(float64(positions), "positions")
}
