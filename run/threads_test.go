package run

import (
	"context"
	"io"
	"strings"
	"testing"
)

// More than MaxThreads workers is refused before anything is read or allocated.
func TestRunRefusesTooManyThreads(t *testing.T) {
	_, err := Run(context.Background(), compile(t, "mate"), memFiles(map[string]string{"g.pgn": threeGames}, "g.pgn"), io.Discard, Options{Format: "pgn", Threads: MaxThreads + 1})
	if err == nil || !strings.Contains(err.Error(), "at most 1024") {
		t.Errorf("error %v, want --threads refused", err)
	}
	for _, n := range []int{0, 1, MaxThreads} {
		if _, err := Run(context.Background(), compile(t, "mate"), memFiles(map[string]string{"g.pgn": threeGames}, "g.pgn"), io.Discard, Options{Format: "pgn", Threads: n}); err != nil {
			t.Errorf("%d threads: %v", n, err)
		}
	}
}
