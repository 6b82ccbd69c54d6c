package themes

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cqlgo/cql/filter"
	"github.com/cqlgo/cql/internal/testdata"
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
	file := testdata.File(t, "masters-10k.pgn")
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	all := All()
	// Reference queries, timed in the same pass: the cost of evaluating anything at all
	// (true), and of the gates the themes start with. CQL_THEME_QUERIES adds more, one a line.
	extra := []string{"true", "check", "mate", "flipcolor {btm}"}
	if q := os.Getenv("CQL_THEME_QUERIES"); q != "" {
		extra = append(extra, strings.Split(q, "\n")...)
	}
	for _, src := range extra {
		all = append(all, Theme{Name: "(query) " + src, Source: src})
	}
	evs := make([]*filter.Evaluator, len(all))
	for i, th := range all {
		evs[i] = compileSource(t, th.Name, th.Source).NewEvaluator()
	}
	sample := os.Getenv("CQL_THEME_SAMPLES")
	gamesN, positions := make([]int, len(all)), make([]int, len(all))
	spent := make([]time.Duration, len(all))
	read, logged, plies := 0, 0, 0
	start := time.Now()
	var clock threadClock
	err = pgn.Scan(context.Background(), f, file, pgn.Options{}, func(g *pgn.Game) error {
		clock.lock()
		defer clock.unlock()
		read++
		plies += len(g.Nodes)
		for i, ev := range evs {
			t0 := clock.now()
			m := ev.Game(g)
			spent[i] += clock.now() - t0
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
	var total time.Duration
	for i, th := range all {
		total += spent[i]
		t.Logf("%-32s %6d games %7d positions %6.1f ns/position", th.Name, gamesN[i], positions[i],
			float64(spent[i].Nanoseconds())/float64(plies))
	}
	t.Logf("%d games, %d positions; all themes %v (%s) in a run of %v, %.0f ns/position", read, plies, total, clockName, time.Since(start),
		float64(total.Nanoseconds())/float64(plies))
}
