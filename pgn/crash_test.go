package pgn

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestWorkerPanic: a panic while processing a game in a worker goroutine ends the scan with
// an error naming the file, after the games before its block, instead of killing the process
// (which would skip the caller's cleanup, such as removing a temporary output file).
func TestWorkerPanic(t *testing.T) {
	data := numberedGames(0, 5000)
	emitted := 0
	err := ScanParallel(context.Background(), bytes.NewReader(data), "boom.pgn", Options{BlockSize: 16 << 10, Workers: 2},
		func(_ int, g *Game) string {
			if g.Number == 3000 {
				panic("test panic")
			}
			return g.Tag("Event")
		},
		func(string) error { emitted++; return nil })
	if err == nil || !strings.Contains(err.Error(), "boom.pgn: internal error") || !strings.Contains(err.Error(), "test panic") {
		t.Fatalf("error %v", err)
	}
	if emitted >= 3000 || emitted < 2000 {
		t.Errorf("%d games emitted before the failing block, want the blocks before game 3000", emitted)
	}
}
