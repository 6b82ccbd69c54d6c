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
