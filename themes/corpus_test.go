package themes

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/pgn"
)

// TestThemesOnMasters runs every theme over ../shared/data/masters-10k.pgn in one pass and
// logs how many games and positions each matches (go test -v shows them; they are recorded
// in docs/themes.md, not asserted). It asserts that no theme stops with an error.
// CQL_THEME_SAMPLES=NAME logs the first matches of that theme (game number and FEN).
func TestThemesOnMasters(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not reading masters-10k")
	}
	file := filepath.Join("..", "..", "shared", "data", "masters-10k.pgn")
	f, err := os.Open(file)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI has ../shared/data: %v", err)
		}
		t.Skipf("no corpus: %v", err)
	}
	defer f.Close()
	all := All()
	evs := make([]*filter.Evaluator, len(all))
	for i, th := range all {
		evs[i] = compileTheme(t, th.Name).NewEvaluator()
	}
	sample := os.Getenv("CQL_THEME_SAMPLES")
	gamesN, positions := make([]int, len(all)), make([]int, len(all))
	read, logged := 0, 0
	err = pgn.Scan(context.Background(), f, file, pgn.Options{}, func(g *pgn.Game) error {
		read++
		for i, ev := range evs {
			m := ev.Game(g)
			if err := ev.Err(); err != nil {
				t.Errorf("%s on game %d: %v", all[i].Name, g.Number, err)
			}
			if len(m) > 0 {
				gamesN[i]++
				positions[i] += len(m)
				if all[i].Name == sample && logged < 20 {
					logged++
					t.Logf("%s: game %d ply %d %s", sample, g.Number, g.Nodes[m[0]].Ply, g.Nodes[m[0]].Pos.FEN())
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if read < 10000 {
		t.Fatalf("read %d games of masters-10k", read)
	}
	for i, th := range all {
		t.Logf("%-32s %6d games %7d positions", th.Name, gamesN[i], positions[i])
	}
}
