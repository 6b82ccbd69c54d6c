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

func BenchmarkScanMasters463k(b *testing.B) {
	path := dataFile(b, "masters-463k.pgn.zst")
	for _, mode := range []string{"parallel", "scan"} {
		b.Run(mode, func(b *testing.B) {
			for b.Loop() {
				r, err := Open(path)
				if err != nil {
					b.Fatal(err)
				}
				games, plies := 0, 0
				if mode == "parallel" {
					err = ScanParallel(context.Background(), r, path, Options{},
						func(_ int, g *Game) int { return len(g.Nodes) },
						func(n int) error { games++; plies += n - 1; return nil })
				} else {
					err = Scan(context.Background(), r, path, Options{}, func(g *Game) error {
						games++
						plies += len(g.Nodes) - 1
						return nil
					})
				}
				r.Close()
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(games)/b.Elapsed().Seconds()*float64(b.N), "games/s")
				_ = plies
			}
		})
	}
}
