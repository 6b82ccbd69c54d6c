package pgn

import (
	"os"
	"strings"
	"testing"

	"github.com/cqlgo/cql/internal/testdata"
)

// BenchmarkAppendGameTags compares writing the sample games with CQL's tag section
// and with the tags as read (the move text is the same for both).
func BenchmarkAppendGameTags(b *testing.B) {
	data, err := os.ReadFile(testdata.File(b, "cql-sample.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	games, err := ReadAll(strings.NewReader(string(data)), "sample", Options{Variations: true})
	if err != nil {
		b.Fatal(err)
	}
	for _, w := range []struct {
		name string
		f    func([]byte, *Game) []byte
	}{{"cql", AppendGameCQL}, {"asread", AppendGameAsRead}} {
		b.Run(w.name, func(b *testing.B) {
			var buf []byte
			for i := 0; i < b.N; i++ {
				for _, g := range games {
					buf = w.f(buf[:0], g)
				}
			}
		})
	}
}

// BenchmarkReadCQLHeader: reading masters-10k's headers as CQL does, and the values an
// index's tag summary takes (year, ratings, result), per game.
func BenchmarkReadCQLHeader(b *testing.B) {
	data, err := os.ReadFile(testdata.File(b, "masters-10k.pgn"))
	if err != nil {
		b.Fatal(err)
	}
	games, err := ReadAll(strings.NewReader(string(data)), "masters", Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for _, g := range games {
			h := ReadCQLHeader(g)
			n += h.Year() + h.Elo(0) + h.Elo(1) + len(h.Result())
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(games)), "ns/game")
	_ = n
}
