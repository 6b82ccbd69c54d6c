package index

import (
	"context"
	"testing"
	"time"

	"github.com/cqlgo/cql/internal/testdata"
	"github.com/cqlgo/cql/pgn"
)

// A replay ended early by its consumer (a --limit reached, a find listing cut) returns:
// the reader used to hand the consumer a chunk and then, cancelled, never give it to a
// worker, and the consumer waited for it forever (`cql --index IDX --limit 1 mate` hung
// about one run in six on masters-463k).
func TestScanStopsEarly(t *testing.T) {
	ix := buildIndex(t, firstGames(t, testdata.File(t, "masters-10k.pgn"), 3000))
	for round := 0; round < 300; round++ {
		stopAt := round % 40
		done := make(chan error, 1)
		go func() {
			seen := 0
			done <- scanGames(context.Background(), ix, nil, pgn.Options{Workers: 2},
				func(_ int, g *pgn.Game) int { return g.Number },
				func(int) error {
					if seen++; seen > stopAt {
						return pgn.ErrStop
					}
					return nil
				})
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("round %d: the scan stopped after %d games did not return", round, stopAt)
		}
	}
}
