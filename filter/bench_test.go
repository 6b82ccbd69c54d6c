package filter

import (
	"context"
	"os"
	"testing"

	"github.com/cqlgo/cql/pgn"
	"github.com/cqlgo/cql/query"
)

// loadGames reads up to n games of a shared data file with our reader and
// keeps copies of them (the reader reuses its Game).
func loadGames(tb testing.TB, name string, n int, variations bool) []*pgn.Game {
	tb.Helper()
	t, ok := tb.(*testing.T)
	var path string
	if ok {
		path = dataFile(t, name)
	} else {
		path = dataDir + "/" + name
		if _, err := os.Stat(path); err != nil {
			tb.Skipf("test data missing: %v", err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []*pgn.Game
	err = pgn.Scan(context.Background(), f, name, pgn.Options{Variations: variations}, func(g *pgn.Game) error {
		if len(out) >= n {
			return pgn.ErrStop
		}
		c := *g
		c.Nodes = append([]pgn.Node(nil), g.Nodes...)
		c.Tags = append([]pgn.Tag(nil), g.Tags...)
		out = append(out, &c)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// typicalQueries are the queries whose speed matters (the list),
// plus a few that exercise the other runtime paths.
var typicalQueries = []string{
	"mate",
	"Q attacks k",
	"power A >= power a + 5",
	"square x in h1-8 R attacks x x attacks K",
	"check",
	"move capture Q",
	"move legal count > 40",
	"piece x in [Pp] {x attacks k}",
	"flipcolor {A attacks k}",
	`player white "Carlsen" or elo white > 2500 or year >= 2020`,
	"x = #P  x += 1  x > 5 sort \"pawns\" x",
	"line --> check+ --> mate",
	"line --> (move capture . --> move capture .){2,} --> not move capture .",
	"move previous from k to _ find check",
}

func compileSrc(tb testing.TB, src string) *Query {
	tb.Helper()
	p, err := query.Parse("", []byte(src))
	if err != nil {
		tb.Fatalf("%s: %v", src, err)
	}
	q, err := Compile(p)
	if err != nil {
		tb.Fatalf("%s: %v", src, err)
	}
	return q
}

// TestNoAllocations checks that evaluating a game allocates nothing once the
// evaluator's buffers have grown, for every typical query.
func TestNoAllocations(t *testing.T) {
	games := loadGames(t, "lichess-10k.pgn", 20, true)
	for _, src := range typicalQueries {
		q := compileSrc(t, src)
		e := q.NewEvaluator()
		for _, g := range games { // grow the buffers
			e.Game(g)
		}
		allocs := testing.AllocsPerRun(20, func() {
			for _, g := range games {
				e.Game(g)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per run of %d games", src, allocs, len(games))
		}
	}
}

// BenchmarkEval measures evaluation alone (games parsed beforehand), per
// position; run with -benchmem.
func BenchmarkEval(b *testing.B) {
	games := loadGames(b, "masters-10k.pgn", 50, false) // ~4,000 positions: fits in cache, as a just-parsed game does
	positions := 0
	for _, g := range games {
		positions += len(g.Nodes)
	}
	for _, src := range typicalQueries[:4] {
		b.Run(src, func(b *testing.B) {
			q := compileSrc(b, src)
			e := q.NewEvaluator()
			matched := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, g := range games {
					matched += len(e.Game(g))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(positions), "ns/position")
			b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
			_ = matched
		})
	}
}
