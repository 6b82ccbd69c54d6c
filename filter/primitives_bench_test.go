package filter

import (
	"os"
	"strings"
	"testing"
)

// primitiveQueries are the first steps the built-in themes (package themes) take at
// every position: what a tag pass of many themes pays per query and position.
// CQL_BENCH_QUERIES replaces them (one query a line).
var primitiveQueries = []string{
	"true",
	"flipcolor {btm}",
	"x = move to . previous",
	"move previous capture .",
	"[kqrbn] attackedby A",
	"#([kqrbn] attackedby (move to . previous)) >= 2",
	"square t in [kqrbn] {t attackedby A}",
	"pin through [qrbn] from [QRB] to k",
	"ray orthogonal ([QR] e4 [kqrbn])",
	"xray ([qrb] e4 [qrbn])",
	"a attacks A",
}

// BenchmarkPrimitives measures evaluation alone, per position, of each primitive.
func BenchmarkPrimitives(b *testing.B) {
	queries := primitiveQueries
	if s := os.Getenv("CQL_BENCH_QUERIES"); s != "" {
		queries = strings.Split(strings.TrimSpace(s), "\n")
	}
	benchQueries(b, queries)
}

// benchQueries runs each query as a sub-benchmark over 50 master games in memory and
// reports ns per position (and the number of positions, for instruction counts).
func benchQueries(b *testing.B, queries []string) {
	games := loadGames(b, "masters-10k.pgn", 50, false)
	positions := 0
	for _, g := range games {
		positions += len(g.Nodes)
	}
	for _, src := range queries {
		b.Run(src, func(b *testing.B) {
			e := compileSrc(b, src).NewEvaluator()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, g := range games {
					e.Game(g)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(positions), "ns/position")
			b.ReportMetric(float64(positions), "positions")
		})
	}
}
