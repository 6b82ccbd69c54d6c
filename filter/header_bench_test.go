package filter

import "testing"

// BenchmarkTagReaders: the cost of reading the header as CQL does, per game, on
// masters-10k (parsed beforehand). `initial` alone reads no tag: it must cost what it
// did before the header was read as CQL reads it; with `initial` the position work is
// one position a game, so the tag queries show the header's cost at its largest.
func BenchmarkTagReaders(b *testing.B) {
	games := loadGames(b, "masters-10k.pgn", 10000, false)
	for _, src := range []string{
		`initial`,
		`initial player white "Carlsen"`,
		`initial elo > 2700 or year > 2000 or result 1-0`,
		`initial tag "Event" == "Vienna"`,
		`mate`,
		`mate player "Carlsen"`,
	} {
		b.Run(src, func(b *testing.B) {
			e := compileSrc(b, src).NewEvaluator()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				for _, g := range games {
					e.Game(g)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(games)), "ns/game")
		})
	}
}
