package pgn

import (
	"context"
	"os"
	"testing"
)

func scanFile(t testing.TB, path string, opt Options) (games, nodes int, errs []error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	err = Scan(context.Background(), f, path, opt, func(g *Game) error {
		games++
		nodes += len(g.Nodes)
		errs = append(errs, g.Errors...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return
}

func TestScanCorpora(t *testing.T) {
	for _, c := range []struct {
		name  string
		games int
	}{
		{"lichess-10k.pgn", 10000},
		{"masters-10k.pgn", 10819},
		{"cql-sample.pgn", 0},
	} {
		for _, v := range []bool{false, true} {
			games, nodes, errs := scanFile(t, dataFile(t, c.name), Options{Variations: v})
			t.Logf("%s variations=%v: %d games, %d nodes, %d errors", c.name, v, games, nodes, len(errs))
			for i, e := range errs {
				if i < 10 {
					t.Error(e)
				}
			}
			if c.games > 0 && games != c.games {
				t.Errorf("%s: %d games, want %d", c.name, games, c.games)
			}
		}
	}
}
