package index

import (
	"context"
	"os"
	"testing"

	"github.com/cqlgo/cql/chess"
)

// BenchmarkExplore explores the start position, 1. e4 c5 and a rare position of the index
// at $CQL_EXPLORE_INDEX (skipped without it).
func BenchmarkExplore(b *testing.B) {
	dir := os.Getenv("CQL_EXPLORE_INDEX")
	if dir == "" {
		b.Skip("set CQL_EXPLORE_INDEX to an index directory")
	}
	ix, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ix.Close()
	for _, c := range []struct{ name, moves string }{
		{"start", ""},
		{"e4c5", "1. e4 c5"},
		{"najdorf7", "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4 Qb6"},
	} {
		pos, err := PlayMoves(c.moves)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				if _, err := ix.ExplorePosition(context.Background(), &pos); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	_ = chess.StartFEN
}
